import type { ModelName } from '../entity.ts';
import type { Role } from '../roles.ts';
import { LIFECYCLES } from './lifecycles.ts';
import type { LifecycleDecl } from './types.ts';

type Row = Readonly<Record<string, unknown>>;

const stateOf = (lifecycle: LifecycleDecl, row: Row): string => {
  const value = row[lifecycle.field];
  return typeof value === 'string' && value ? value : lifecycle.initial;
};

/**
 * What the record's states freeze for `role` (docs/business-rules.md, “Frozen fields per state”):
 * each frozen field with the status field and state that freeze it; `all` when a state freezes
 * every field.
 */
export function frozenFor(
  model: ModelName,
  row: Row,
  role: Role,
): { readonly all: { field: string; state: string } | null; readonly fields: ReadonlyMap<string, string> } {
  const fields = new Map<string, string>();
  let all: { field: string; state: string } | null = null;
  for (const lifecycle of LIFECYCLES as readonly LifecycleDecl[]) {
    if (lifecycle.model !== model) continue;
    const state = stateOf(lifecycle, row);
    for (const rule of lifecycle.states[state]?.frozen ?? []) {
      if (rule.for && !rule.for.includes(role)) continue;
      if (rule.fields === 'all') all ??= { field: lifecycle.field, state };
      else for (const f of rule.fields) if (!fields.has(f)) fields.set(f, state);
    }
  }
  return { all, fields };
}

/** How a refusal names a record whose model name alone would mislead (a Buyer is a buyer line). */
const NOUNS: Partial<Record<ModelName, string>> = { Buyer: 'buyer line', UBO: 'UBO', SOFR: 'SOFR fixing' };
export const recordNoun = (model: ModelName): string => NOUNS[model] ?? model.toLowerCase();

/**
 * Why `role` may not change `changed` fields of the record in its current state, naming the fields
 * and the state; null when the change is allowed.
 */
export function frozenRefusal(
  model: ModelName,
  row: Row,
  role: Role,
  changed: readonly string[],
): string | null {
  if (!changed.length) return null;
  const { all, fields } = frozenFor(model, row, role);
  if (all)
    return `${changed.join(', ')} cannot be changed: the ${recordNoun(model)} is ${all.state}, and nothing of it changes through an update${role === 'Admin' ? ' (use a named correction with a reason)' : ''}`;
  const frozen = changed.filter((f) => fields.has(f));
  if (!frozen.length) return null;
  const states = [...new Set(frozen.map((f) => fields.get(f)))].join(', ');
  return `${frozen.join(', ')} cannot be changed: the ${recordNoun(model)} is ${states}`;
}

/** The state that keeps the record from being deleted, or null. */
export function keptBy(model: ModelName, row: Row): string | null {
  for (const lifecycle of LIFECYCLES as readonly LifecycleDecl[]) {
    if (lifecycle.model !== model) continue;
    const state = stateOf(lifecycle, row);
    if (lifecycle.states[state]?.keep) return state;
  }
  return null;
}
