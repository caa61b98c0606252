import type { ModelName } from '@rf/domain/entity';
import type { FieldDef } from '@rf/domain/fields';
import { REGISTRY } from '@rf/domain/registry';

export interface ValueOption {
  readonly value: string;
  readonly label: string;
}

/**
 * How a stored value of a field is shown: its `valueLabels` name ("direct-resale" → "Direct
 * resale", "'000" → "Thousands"), else the value itself. The stored value never changes.
 */
export function valueLabel(f: Pick<FieldDef, 'valueLabels'>, value: unknown): string {
  if (value === null || value === undefined) return '';
  const v = String(value);
  return f.valueLabels?.[v] ?? v;
}

/** The values a form offers for a field: an enum's values, or null. */
export function choicesOf(_model: ModelName | undefined, f: FieldDef): readonly string[] | null {
  return f.type === 'enum' ? (f.values ?? []) : null;
}

/**
 * The options of a select, each with its screen label; a current value outside the list (recorded
 * before the list existed) stays selectable, so editing a record never loses it.
 */
export function optionsOf(model: ModelName | undefined, f: FieldDef, current?: unknown): ValueOption[] {
  const values = [...(choicesOf(model, f) ?? [])];
  const now = current === null || current === undefined ? '' : String(current);
  if (now && !values.includes(now)) values.push(now);
  return values.map((value) => ({ value, label: valueLabel(f, value) }));
}

/** A stored value of a model's field as screens name it (see `valueLabel`). */
export function labelOfValue(model: ModelName, field: string, value: unknown): string {
  const f = REGISTRY[model].fieldsByName.get(field);
  return f ? valueLabel(f, value) : value === null || value === undefined ? '' : String(value);
}

/** Whether a field's values are shown as status chips (`request_status`, `bookkeeping_status_spv`). */
export function isStatusChipField(f: Pick<FieldDef, 'type' | 'name'>): boolean {
  return f.type === 'enum' && /status(_admin|_spv)?$/.test(f.name);
}
