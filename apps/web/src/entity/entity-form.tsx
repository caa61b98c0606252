import type { FieldDef } from '@rf/domain/fields';
import { keptBy } from '@rf/domain/lifecycle/frozen';
import { useUser } from '../auth/user-context.tsx';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, type FieldErrors } from 'react-hook-form';
import { toError } from '../shared/errors.ts';
import { FORM_LAYOUTS } from './form-layouts.ts';
import { toFormValues } from './form-values.ts';
import { useRemove } from './hooks.ts';
import { modelLabel } from './model-meta.ts';
import { entity } from './queries.ts';
import { formFieldsOf, groupBySection, type EntityFormProps, type Values } from './form-sections.tsx';
import { ConflictDialog, DeleteDialog } from './form-dialogs.tsx';
import { FormErrorSummary } from './form-error-summary.tsx';
import { formResolver } from './form-resolver.ts';
import { FormStepper } from './form-stepper.tsx';
import { frozenFieldsOf, withFrozen } from './frozen-fields.ts';
import { SectionInputs } from './section-inputs.tsx';
import { useEntitySubmit } from './use-entity-submit.ts';

/** Helpers that other modules import from here. */
export { formFieldsOf, groupBySection, inputFor, mayWrite, serverIssues } from './form-sections.tsx';
export type { EntityFormProps } from './form-sections.tsx';

/**
 * A record's form from the registry (a new record, or an update of `record`): its sections, as
 * steps when there are many, the domain's validation, the server's refusal next to the fields it
 * names, delete and version-conflict dialogs.
 */
export function EntityForm(props: EntityFormProps) {
  const { model, record, fixed, onSaved, onCancel } = props;
  const e = entity(model);
  const { sections, omit, hideRefs, hideServerFields, only } = props;
  const { role } = useUser();
  const ownerBuyer = (record ?? fixed)?.buyerId ?? null;
  const { require } = props;
  // What the record's state freezes for this role stays in the form, read-only, with why.
  const frozen = useMemo(() => frozenFieldsOf(model, record, role), [model, record, role]);
  const {
    fields,
    readOnly,
    editable: editableCount,
  } = useMemo(
    () =>
      withFrozen(
        formFieldsOf(model, {
          fixed,
          sections,
          omit,
          hideRefs,
          hideServerFields,
          only,
          role,
          owner: { buyerId: ownerBuyer },
        }).map((f) => (require?.includes(f.name) ? { ...f, required: true } : f)),
        frozen,
      ),
    [model, fixed, sections, omit, hideRefs, hideServerFields, only, role, ownerBuyer, require, frozen],
  );
  // Nothing this form shows may change: no saving, only the way back.
  const locked = Boolean(record) && fields.length > 0 && editableCount === 0;
  const layout = FORM_LAYOUTS[model];
  const computedFields = useMemo(
    () =>
      (layout?.computed ?? [])
        .map((n) => e.fieldsByName.get(n))
        .filter((f): f is FieldDef => Boolean(f) && !omit?.includes((f as FieldDef).name) && !only),
    [layout, e, omit, only],
  );
  const groups = useMemo(
    () => groupBySection(fields, layout, computedFields),
    [fields, layout, computedFields],
  );
  const stepped = groups.length > 4;
  const [step, setStep] = useState(0);
  const client = useQueryClient();
  const remove = useRemove(model);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const resolver = useMemo(
    () => formResolver({ model, fields, fixed, record }),
    [fields, fixed, model, record],
  );

  const form = useForm<Values>({
    defaultValues: toFormValues(fields, record, props.defaults),
    resolver,
    mode: 'onTouched',
  });
  const { control, handleSubmit, formState, reset, setError } = form;
  // Read while rendering: react-hook-form only tracks the formState parts a render subscribed to,
  // so a dirtyFields first read in the submit handler would be empty and an update would send nothing.
  const dirtyFields = formState.dirtyFields as Record<string, unknown>;
  const { submit, serverError, refused, refuse, conflict, setConflict } = useEntitySubmit({
    model,
    record,
    fixed,
    role,
    fields,
    dirtyFields,
    setError,
    onSaved,
  });

  const errors = formState.errors as FieldErrors<Values>;
  const errorList = fields.filter((f) => errors[f.name]);
  const stepOf = (name: string) => groups.findIndex((g) => g.fields.some((f) => f.name === name));

  const focusField = (name: string) => {
    if (stepped) setStep(Math.max(0, stepOf(name)));
    setTimeout(() => document.getElementById(name)?.focus(), 50);
  };

  const shown = stepped ? groups.slice(step, step + 1) : groups;
  return (
    <Box component="form" noValidate onSubmit={handleSubmit((input) => submit(input))}>
      <FormErrorSummary
        submitted={formState.isSubmitted}
        refused={refused}
        serverError={serverError}
        errorList={errorList}
        errors={errors}
        onFocus={focusField}
      />
      {frozen.all ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {frozen.all.note}
        </Alert>
      ) : locked ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Nothing here can change while the {modelLabel(model)} is in its current state; each field says why.
        </Alert>
      ) : null}
      {stepped && <FormStepper groups={groups} step={step} errors={errors} onStep={setStep} />}
      <SectionInputs
        model={model}
        groups={shown}
        layout={layout}
        fields={fields}
        control={control}
        record={record}
        only={Boolean(only)}
        disabled={formState.isSubmitting}
        readOnly={readOnly}
      />
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mt: 2, flexWrap: 'wrap' }}>
        {stepped && step > 0 && (
          <Button variant="outlined" onClick={() => setStep(step - 1)}>
            Back
          </Button>
        )}
        {stepped && step < groups.length - 1 && (
          <Button variant="outlined" onClick={() => setStep(step + 1)}>
            Next: {groups[step + 1]?.section}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        {record && props.onDeleted && !keptBy(model, record) && (
          <Button color="error" onClick={() => setConfirmDelete(true)} disabled={formState.isSubmitting}>
            Delete
          </Button>
        )}
        <Button onClick={onCancel} disabled={formState.isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting || locked}>
          {formState.isSubmitting ? 'Saving…' : (props.submitLabel ?? 'Save')}
        </Button>
      </Stack>

      <DeleteDialog
        model={model}
        open={confirmDelete}
        busy={remove.isPending}
        onKeep={() => setConfirmDelete(false)}
        onDelete={async () => {
          if (!record) return;
          try {
            await remove.mutateAsync({ id: record.id, version: record._version });
            setConfirmDelete(false);
            props.onDeleted?.();
          } catch (err) {
            setConfirmDelete(false);
            refuse(toError(err).message);
          }
        }}
      />

      <ConflictDialog
        model={model}
        fields={fields}
        conflict={conflict}
        onCancel={() => setConflict(null)}
        onReload={() => {
          if (!conflict) return;
          reset(toFormValues(fields, conflict.current));
          client.setQueryData([model, 'get', conflict.current.id], conflict.current);
          setConflict(null);
        }}
        onOverwrite={() => {
          if (!conflict) return;
          const { input, current } = conflict;
          setConflict(null);
          void submit(input, current._version);
        }}
      />
    </Box>
  );
}
