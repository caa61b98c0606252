import type { ModelName } from '@rf/domain/entity';
import type { FieldDef } from '@rf/domain/fields';
import type { Role } from '@rf/domain/roles';
import { useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { toError } from '../shared/errors.ts';
import { inputFor, serverIssues, type Values } from './form-sections.tsx';
import { humanise } from './form-values.ts';
import { GraphQLError, type ApiRecord } from './graphql-client.ts';
import { useSave } from './hooks.ts';
import { isMachineField } from './model-meta.ts';
import { entity } from './queries.ts';

/**
 * Saving the form: a new record with what is typed, an update with the changed fields only (never
 * a status that moves through its lifecycle); the server's refusal placed next to the fields it
 * names, the rest kept as text; a version conflict kept for the conflict dialog.
 */
export function useEntitySubmit({
  model,
  record,
  fixed,
  role,
  fields,
  dirtyFields,
  setError,
  onSaved,
}: {
  model: ModelName;
  record: ApiRecord | null | undefined;
  fixed: Readonly<Record<string, unknown>> | undefined;
  role: Role | null;
  fields: readonly FieldDef[];
  /** Read while rendering (react-hook-form tracks only what a render subscribed to). */
  dirtyFields: Record<string, unknown>;
  setError: UseFormSetError<Values>;
  onSaved: (record: ApiRecord) => void;
}) {
  const e = entity(model);
  const save = useSave(model);
  const [serverError, setServerError] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  const [conflict, setConflict] = useState<{ current: ApiRecord; input: Values } | null>(null);

  const submit = async (input: Values, version?: number) => {
    setServerError(null);
    setRefused(false);
    try {
      const dirty = dirtyFields;
      const changed = record
        ? Object.fromEntries(Object.entries(input).filter(([k]) => k in dirty || (fixed && k in fixed)))
        : input;
      // An update never writes a status that has a machine: those move through changeStatus only.
      const statusFree = record
        ? Object.fromEntries(Object.entries(changed).filter(([k]) => !isMachineField(model, k, record)))
        : changed;
      const payload = inputFor(
        role,
        model,
        record ? { ...statusFree, _version: version ?? record._version } : statusFree,
        !record,
      );
      const saved = await save.mutateAsync({ input: payload, ...(record ? { id: record.id } : {}) });
      onSaved(saved);
    } catch (err) {
      if (
        err instanceof GraphQLError &&
        err.errorType === 'ConflictUnhandled' &&
        err.data &&
        typeof err.data === 'object'
      ) {
        setConflict({ current: err.data as ApiRecord, input });
        return;
      }
      const raw = toError(err).message;
      let unplaced = humanise(raw, e.allFields);
      if (err instanceof GraphQLError && err.errorType === 'ValidationError') {
        // The server names the field of each problem ("ubo_id_expiry_date must be after …"), several
        // joined with "; ": each goes next to its field and into the summary's list; only what names
        // no field of this form stays as text.
        const rest: string[] = [];
        for (const part of serverIssues(raw, fields)) {
          if (part.field)
            setError(part.field.name, { type: 'server', message: humanise(part.text, e.allFields) });
          else rest.push(humanise(part.text, e.allFields));
        }
        unplaced = rest.join('; ');
      }
      setRefused(true);
      setServerError(unplaced || null);
    }
  };

  /** A refusal that did not come from saving (a delete). */
  const refuse = (message: string) => {
    setRefused(true);
    setServerError(message);
  };

  return { submit, serverError, refused, refuse, conflict, setConflict };
}
