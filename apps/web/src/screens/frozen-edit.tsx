import type { ModelName } from '@rf/domain/entity';
import type { FieldDef } from '@rf/domain/fields';
import { frozenFor } from '@rf/domain/lifecycle/frozen';
import type { Role } from '@rf/domain/roles';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { notify } from '../shared/errors.ts';
import { useUser } from '../auth/user-context.tsx';
import { FieldGrid } from '../entity/entity-detail.tsx';
import { EntityForm, formFieldsOf } from '../entity/entity-form.tsx';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { modelLabel } from '../entity/model-meta.ts';
import { entity } from '../entity/queries.ts';

type Row = Readonly<Record<string, unknown>>;

/**
 * What a record's state freezes for a role (docs/business-rules.md, “Frozen fields per state”,
 * the lifecycle declarations): `all` when nothing of it changes through an edit any more, else the
 * frozen fields with the state that freezes them.
 */
export function frozenOf(
  model: ModelName,
  record: Row,
  role: Role | null,
): { all: string | null; fields: ReadonlyMap<string, string> } {
  if (!role) return { all: null, fields: new Map() };
  const f = frozenFor(model, record, role);
  return { all: f.all?.state ?? null, fields: f.fields };
}

/**
 * The fields an edit form offers a role on a record: those it may write (the field policy), in
 * the given sections, without the fields the record's state freezes; and the frozen ones that
 * would otherwise be there, to show read-only.
 */
export function editableFieldsOf(
  model: ModelName,
  record: Row,
  role: Role | null,
  options: { sections?: readonly string[]; hide?: (f: FieldDef) => boolean } = {},
): { editable: FieldDef[]; frozen: FieldDef[]; all: string | null } {
  const { all, fields } = frozenOf(model, record, role);
  if (all) return { editable: [], frozen: [], all };
  const hidden = (f: FieldDef) =>
    Boolean(options.hide?.(f)) ||
    (role !== 'Admin' && f.type === 'ref') ||
    (options.sections !== undefined && !options.sections.includes(f.section));
  const shown = formFieldsOf(model, {
    role,
    owner: record,
    hideRefs: role !== 'Admin',
    hideServerFields: role !== 'Admin',
  }).filter((f) => !hidden(f));
  const frozen = entity(model).fields.filter((f) => fields.has(f.name) && !hidden(f));
  return { editable: shown.filter((f) => !fields.has(f.name)), frozen, all: null };
}

/**
 * "Edit details" of a record whose state freezes some fields: the form offers only what the role
 * may still change, with the frozen fields shown read-only above it and the state that fixes them.
 * Nothing is shown when nothing can be edited.
 */
export function FrozenAwareEdit({
  model,
  record,
  sections,
  hide,
  label = 'Edit details',
  intro,
}: {
  model: ModelName;
  record: ApiRecord;
  /** Only these sections (screen names). */
  sections?: readonly string[];
  /** Fields this viewer is not offered or shown (e.g. the analyst's risk bands for a supplier). */
  hide?: (f: FieldDef) => boolean;
  label?: string;
  /** What editing is for, shown above the form. */
  intro?: string;
}) {
  const { role } = useUser();
  const [editing, setEditing] = useState(false);
  const { editable, frozen } = editableFieldsOf(model, record, role, {
    ...(sections ? { sections } : {}),
    ...(hide ? { hide } : {}),
  });
  if (!editable.length) return null;
  const states = [...new Set(frozen.map((f) => frozenOf(model, record, role).fields.get(f.name)))];
  if (!editing)
    return (
      <Button variant="outlined" onClick={() => setEditing(true)} sx={{ whiteSpace: 'nowrap' }}>
        {label}
      </Button>
    );
  return (
    <Paper
      sx={{ p: { xs: 1.5, sm: 2 }, mb: 2, width: '100%' }}
      component="section"
      aria-label={label}
      data-testid="frozen-aware-edit"
    >
      <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      {intro && <Typography sx={{ mb: 1.5 }}>{intro}</Typography>}
      {frozen.length > 0 && (
        <Box sx={{ mb: 2 }}>
          <Alert severity="info" sx={{ mb: 1.5 }}>
            These stay as they are while the {modelLabel(model)} is {states.join(' or ')}; they are not part
            of the form.
          </Alert>
          <FieldGrid model={model} record={record} fields={frozen} />
        </Box>
      )}
      <Stack>
        <EntityForm
          model={model}
          record={record}
          {...(sections ? { sections } : {})}
          omit={entity(model)
            .fields.filter((f) => !editable.some((e) => e.name === f.name))
            .map((f) => f.name)}
          hideRefs={role !== 'Admin'}
          hideServerFields={role !== 'Admin'}
          onSaved={() => {
            notify(`${modelLabel(model).replace(/^./, (c) => c.toUpperCase())} saved.`);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      </Stack>
    </Paper>
  );
}
