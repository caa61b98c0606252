import type { FieldDef, FieldType } from '@rf/domain/fields';

/** How each field type travels between the form (strings, booleans) and the API. */
const TO_FORM: Record<FieldType, (v: unknown) => unknown> = {
  id: (v) => v ?? '',
  ref: (v) => v ?? '',
  text: (v) => v ?? '',
  longtext: (v) => v ?? '',
  email: (v) => v ?? '',
  phone: (v) => v ?? '',
  url: (v) => v ?? '',
  country: (v) => v ?? '',
  currency: (v) => v ?? '',
  integer: (v) => (v === null || v === undefined ? '' : String(v)),
  money: (v) => (v === null || v === undefined ? '' : String(v)),
  rate: (v) => (v === null || v === undefined ? '' : String(v)),
  ratio: (v) => (v === null || v === undefined ? '' : String(v)),
  date: (v) => (typeof v === 'string' ? v.slice(0, 10) : ''),
  datetime: (v) => (typeof v === 'string' ? v.slice(0, 16) : ''),
  boolean: (v) => (typeof v === 'boolean' ? v : null),
  enum: (v) => v ?? '',
  risk: (v) => v ?? '',
  attachment: (v) => v ?? '',
  secret: () => '',
};

const blankToNull = (v: unknown) =>
  typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : (v ?? null);

const FROM_FORM: Record<FieldType, (v: unknown) => unknown> = {
  id: blankToNull,
  ref: blankToNull,
  text: blankToNull,
  longtext: (v) => (typeof v === 'string' && v.trim() === '' ? null : (v ?? null)),
  email: blankToNull,
  phone: (v) => {
    const s = blankToNull(v);
    return typeof s === 'string' ? s.replace(/[\s()-]/g, '') : s;
  },
  url: blankToNull,
  country: blankToNull,
  currency: blankToNull,
  integer: (v) => {
    const s = blankToNull(v);
    if (typeof s !== 'string') return s;
    const n = Number(s.replace(/[,\s]/g, ''));
    return /^-?\d+$/.test(s.replace(/[,\s]/g, '')) ? n : s;
  },
  money: (v) => {
    const s = blankToNull(v);
    return typeof s === 'string' ? s.replace(/[,\s]/g, '') : s;
  },
  rate: (v) => {
    const s = blankToNull(v);
    return typeof s === 'string' ? s.replace(/[%,\s]/g, '') : s;
  },
  ratio: (v) => {
    const s = blankToNull(v);
    return typeof s === 'string' ? s.replace(/[,\s]/g, '') : s;
  },
  date: blankToNull,
  datetime: (v) => {
    const s = blankToNull(v);
    return typeof s === 'string' ? new Date(s).toISOString() : s;
  },
  boolean: (v) => (typeof v === 'boolean' ? v : null),
  enum: blankToNull,
  risk: blankToNull,
  attachment: blankToNull,
  secret: blankToNull,
};

export function toFormValues(
  fields: readonly FieldDef[],
  record: Record<string, unknown> | null | undefined,
  defaults: Record<string, unknown> = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = record?.[f.name] ?? defaults[f.name];
    out[f.name] = TO_FORM[f.type](v);
  }
  return out;
}

export function fromFormValues(
  fields: readonly FieldDef[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) out[f.name] = FROM_FORM[f.type](values[f.name]);
  return out;
}

/** Puts the field's label in place of its name in a validation message. */
export function humanise(message: string, fields: readonly FieldDef[]): string {
  let out = message;
  // Whole names only: the field `id` must not turn "David" into "DavID".
  for (const f of [...fields].sort((a, b) => b.name.length - a.name.length)) {
    const name = new RegExp(`(^|[^A-Za-z0-9_])${f.name}(?![A-Za-z0-9_])`, 'g');
    out = out.replace(name, (_m, before: string) => `${before}${f.label}`);
  }
  return out;
}

/** The field a server validation message names, if it is one of ours. */
export function fieldNamed(message: string, fields: readonly FieldDef[]): FieldDef | undefined {
  return [...fields]
    .sort((a, b) => b.name.length - a.name.length)
    .find((f) => new RegExp(`(^|[^A-Za-z0-9_])${f.name}([^A-Za-z0-9_]|$)`).test(message));
}
