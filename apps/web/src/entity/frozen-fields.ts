import type { ModelName } from '@rf/domain/entity';
import type { FieldDef } from '@rf/domain/fields';
import { frozenFor } from '@rf/domain/lifecycle/frozen';
import { LIFECYCLES, operationsFor, type DeclaredOperation } from '@rf/domain/lifecycle/lifecycles';
import type { LifecycleDecl } from '@rf/domain/lifecycle/types';
import type { Role } from '@rf/domain/roles';
import { modelLabel } from './model-meta.ts';
import { entity } from './queries.ts';

type Row = Readonly<Record<string, unknown>>;

/** What a record's state freezes for the signed-in role, as an edit form shows it. */
export interface FrozenFields {
  /** A state freezes every field: what the form says above its (all read-only) inputs. */
  readonly all: { readonly state: string; readonly note: string } | null;
  /** Each frozen field with its helper text: "Frozen while Approved — use “Change limit”". */
  readonly notes: ReadonlyMap<string, string>;
}

export const NOTHING_FROZEN: FrozenFields = { all: null, notes: new Map() };

const stateOf = (lifecycle: LifecycleDecl, row: Row): string => {
  const v = row[lifecycle.field];
  return typeof v === 'string' && v ? v : lifecycle.initial;
};

/** Whether the declaration of `lifecycle` freezes `field` in `state` (for any role). */
const declares = (lifecycle: LifecycleDecl, state: string, field: string): boolean =>
  (lifecycle.states[state]?.frozen ?? []).some((r) => r.fields === 'all' || r.fields.includes(field));

/**
 * The named operation `role` changes a frozen field with, from the record's state: one that asks
 * for the field (change limit, correct), else a move to a state that no longer freezes it (reopen).
 */
function operationFor(
  model: ModelName,
  lifecycle: LifecycleDecl,
  record: Row,
  role: Role,
  field: string,
): DeclaredOperation | undefined {
  const ops = operationsFor(lifecycle, stateOf(lifecycle, record), role);
  return (
    ops.find((op) => op.input?.some((i) => i.field.name === field)) ??
    ops.find((op) => {
      if (op.to === undefined) return false;
      const after = frozenFor(model, { ...record, [lifecycle.field]: op.to }, role);
      return !after.all && !after.fields.has(field);
    })
  );
}

const noteOf = (state: string, op: DeclaredOperation | undefined): string =>
  `Frozen while ${state}${op ? ` — use “${op.label}”` : ''}`;

/**
 * What the record's current state freezes for `role` (the lifecycle declarations through
 * `frozenFor`, the rule the server refuses updates with;
 * docs/business-rules.md, “Frozen fields per state”), with the helper text each frozen field shows
 * and, when a state freezes everything, the note above the form naming what to use instead.
 */
export function frozenFieldsOf(
  model: ModelName,
  record: Row | null | undefined,
  role: Role | null,
): FrozenFields {
  if (!record || !role) return NOTHING_FROZEN;
  const { all, fields } = frozenFor(model, record, role);
  if (!all && !fields.size) return NOTHING_FROZEN;
  const lifecycles = (LIFECYCLES as readonly LifecycleDecl[]).filter((l) => l.model === model);
  const notes = new Map<string, string>();
  if (all) {
    const lifecycle = lifecycles.find((l) => l.field === all.field);
    const ops = new Set<string>();
    for (const f of entity(model).fields) {
      const op = lifecycle && operationFor(model, lifecycle, record, role, f.name);
      if (op) ops.add(`“${op.label}”`);
      notes.set(f.name, noteOf(all.state, op));
    }
    const instead = ops.size ? `; use ${[...ops].join(' or ')} for what may still change` : '';
    return {
      all: {
        state: all.state,
        note: `Nothing of this ${modelLabel(model)} changes through an edit while it is ${all.state}${instead}.`,
      },
      notes,
    };
  }
  for (const [field, state] of fields) {
    const lifecycle = lifecycles.find((l) => stateOf(l, record) === state && declares(l, state, field));
    notes.set(field, noteOf(state, lifecycle && operationFor(model, lifecycle, record, role, field)));
  }
  return { all: null, notes };
}

/**
 * A form's fields with the frozen ones read-only: their helper text says why and what to use, and
 * they are never required (nothing typed into them is sent); `editable` counts what may change.
 */
export function withFrozen(
  fields: readonly FieldDef[],
  frozen: FrozenFields,
): { fields: FieldDef[]; readOnly: ReadonlySet<string>; editable: number } {
  const readOnly = new Set(fields.filter((f) => frozen.notes.has(f.name)).map((f) => f.name));
  return {
    fields: fields.map((f) =>
      readOnly.has(f.name) ? { ...f, required: false, help: frozen.notes.get(f.name) } : f,
    ),
    readOnly,
    editable: fields.length - readOnly.size,
  };
}
