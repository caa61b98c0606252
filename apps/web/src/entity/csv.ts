import type { ModelName } from '@rf/domain/entity';
import type { FieldDef } from '@rf/domain/fields';
import { scopeOf } from '@rf/domain/policy/policy';
import type { Role } from '@rf/domain/roles';
import { fileNameOf } from './files.ts';
import { FUNDERS_QUERY, isFunderModel, type Funder } from './funders.ts';
import { gql, type ApiRecord } from './graphql-client.ts';
import { isInternalField, isMetaField, refTitleOf } from './model-meta.ts';
import { entity, listAll, readableFields } from './queries.ts';
import { valueLabel } from './value-labels.ts';

/** CSV text from rows, quoting as RFC 4180 says; a leading `=`, `+`, `-`, `@` is escaped against formula injection. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const cell = (v: string) => {
    const safe = /^[=+\-@]/.test(v) && !/^-?\d/.test(v) ? `'${v}` : v;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n');
}

export function downloadText(name: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const href = URL.createObjectURL(new Blob(['\ufeff', text], { type }));
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export interface CsvColumn {
  readonly field: FieldDef;
  /** The column's heading: the field's screen label. */
  readonly header: string;
}

/** Columns no export holds: record keys, owner and storage identity, sync bookkeeping. */
const INTERNAL_COLUMNS = new Set([
  'id',
  'userId',
  'identityId',
  'sortkey',
  '_version',
  '_deleted',
  '_lastChangedAt',
]);

/**
 * The columns of a model's CSV export for a role: every field the role reads, under its screen
 * label, without internal columns (ids, owner, storage identity, sort key, versions), secrets, ids
 * kept only for the platform, and links to parties the role can never read.
 */
export function csvColumns(model: ModelName, role: Role | null): CsvColumn[] {
  const e = entity(model);
  return (
    readableFields(model)
      .filter(
        (f) =>
          !INTERNAL_COLUMNS.has(f.name) &&
          f.name !== e.domainId &&
          f.type !== 'secret' &&
          f.type !== 'id' &&
          !isInternalField(model, f.name) &&
          !(
            f.type === 'ref' &&
            f.ref &&
            role &&
            scopeOf(role, f.ref as ModelName, 'read').kind === 'none' &&
            !(role === 'Broker' && isFunderModel(f.ref as ModelName))
          ),
      )
      .map((f) => ({ field: f, header: f.label }))
      // When a record was made and changed come last, after what it is about.
      .sort((a, b) => Number(isMetaField(a.field, e)) - Number(isMetaField(b.field, e)))
  );
}

/** How a linked record is named in an export (null: not known to the reader). */
export type RefNamer = (model: ModelName, id: string) => string | null;

/**
 * One cell: amounts and rates as plain numbers (a spreadsheet computes with them; the currency
 * has its own column), enum values by their screen names, links by the linked record's name.
 */
export function csvCell(col: CsvColumn, row: ApiRecord, refName: RefNamer): string {
  const f = col.field;
  const v = row[f.name];
  if (v === null || v === undefined) return '';
  if (f.type === 'money' || f.type === 'rate' || f.type === 'ratio' || f.type === 'integer') return String(v);
  if (f.type === 'ref') return typeof v === 'string' && v ? (refName(f.ref as ModelName, v) ?? '') : '';
  if (f.type === 'boolean') return v === true ? 'Yes' : v === false ? 'No' : '';
  if (f.type === 'enum') return valueLabel(f, v);
  if (f.type === 'attachment') return typeof v === 'string' && v ? fileNameOf(v) : '';
  return String(v);
}

/** The CSV text of rows under the given columns. */
export function csvOf(columns: readonly CsvColumn[], rows: readonly ApiRecord[], refName: RefNamer): string {
  return toCsv(
    columns.map((c) => c.header),
    rows.map((r) => columns.map((c) => csvCell(c, r, refName))),
  );
}

/**
 * The names of the records the rows link to, read with the exporter's own access (a broker knows
 * a line's investor and SPV by name only); a record the exporter cannot read stays unnamed.
 */
export async function refNamesFor(
  columns: readonly CsvColumn[],
  rows: readonly ApiRecord[],
  role: Role | null,
): Promise<RefNamer> {
  const wanted = new Map<ModelName, Set<string>>();
  for (const c of columns) {
    if (c.field.type !== 'ref' || !c.field.ref) continue;
    const model = c.field.ref as ModelName;
    const ids = wanted.get(model) ?? new Set<string>();
    for (const r of rows)
      if (typeof r[c.field.name] === 'string' && r[c.field.name]) ids.add(String(r[c.field.name]));
    wanted.set(model, ids);
  }
  const names = new Map<string, string>();
  for (const [model, ids] of wanted) {
    if (!ids.size) continue;
    if (role === 'Broker' && isFunderModel(model)) {
      const { funders } = await gql<{ funders: Funder[] }>(FUNDERS_QUERY);
      for (const f of funders) names.set(`${model}:${f.id}`, f.name);
      continue;
    }
    const all = [...ids];
    for (let i = 0; i < all.length; i += 100) {
      const chunk = all.slice(i, i + 100);
      const found = await listAll(model, { filter: { or: chunk.map((id) => ({ id: { eq: id } })) } });
      for (const rec of found) names.set(`${model}:${rec.id}`, refTitleOf(model, rec));
    }
  }
  return (model, id) => names.get(`${model}:${id}`) ?? null;
}
