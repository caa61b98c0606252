import { randomUUID } from 'node:crypto';
import { MODEL_NAMES, REGISTRY, tableOf, type ModelName } from '@rf/domain';
import type { Queryable, SqlValue } from '../db/database.ts';
import { q } from '../db/schema-sql.ts';

/** A record as the seed builds it: field name → value; absent or undefined fields stay NULL. */
export type SeedRow = Record<string, SqlValue | undefined>;
export type SeedRows = Partial<Record<ModelName, SeedRow[]>>;

/** PostgreSQL allows 65,535 parameters a statement; staying under 30,000 keeps statements and memory modest. */
export const MAX_PARAMS = 29_999;

const placeholderCache = new Map<string, string>();

/** `($1,$2),($3,$4)…` for `rows` rows of `width` columns, cached since the shapes repeat. */
function placeholders(rows: number, width: number): string {
  const key = `${rows}x${width}`;
  let text = placeholderCache.get(key);
  if (!text) {
    const groups: string[] = [];
    for (let r = 0; r < rows; r++) {
      const cells: string[] = [];
      for (let c = 1; c <= width; c++) cells.push(`$${r * width + c}`);
      groups.push(`(${cells.join(',')})`);
    }
    text = groups.join(',');
    placeholderCache.set(key, text);
  }
  return text;
}

/**
 * Fills the fields every record carries (docs/architecture.md, “Identity of records”): `id` (a UUID unless given), the domain id
 * (always equal to `id`), `sortkey` (a copy of the domain id), `createdAt` and `updatedAt`.
 */
export function completeRow(model: ModelName, row: SeedRow, now: string): SeedRow {
  const entity = REGISTRY[model];
  const id = typeof row.id === 'string' ? row.id : randomUUID();
  const out: SeedRow = { ...row, id };
  if (entity.domainId) {
    const given = row[entity.domainId];
    if (given !== undefined && given !== null && given !== id) {
      throw new Error(`${model}.${entity.domainId} must equal id, got ${String(given)}`);
    }
    out[entity.domainId] = id;
  }
  out.sortkey ??= id;
  out.createdAt ??= now;
  out.updatedAt ??= out.createdAt;
  return out;
}

/**
 * Inserts plain objects into a model's table with multi-row parameterised INSERTs. Only the
 * registry's fields are accepted, so a typo in a generator fails loudly instead of being dropped.
 * Returns the completed rows (with their ids).
 */
export async function insertRows(
  db: Queryable,
  model: ModelName,
  rows: readonly SeedRow[],
  options: { now?: string } = {},
): Promise<SeedRow[]> {
  if (rows.length === 0) return [];
  const entity = REGISTRY[model];
  const now = options.now ?? new Date().toISOString();
  const completed = rows.map((row) => completeRow(model, row, now));
  const present = new Set<string>();
  for (const row of completed) {
    for (const [key, value] of Object.entries(row)) if (value !== undefined) present.add(key);
  }
  for (const key of present) {
    if (!entity.fieldsByName.has(key)) throw new Error(`${model} has no field ${key}`);
  }
  // Registry order keeps the statement text identical between chunks, so the server can reuse its plan.
  const columns = entity.allFields.map((f) => f.name).filter((name) => present.has(name));
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  const head = `INSERT INTO ${q(tableOf(model))} (${columns.map(q).join(',')}) VALUES `;
  for (let start = 0; start < completed.length; start += perStatement) {
    const chunk = completed.slice(start, start + perStatement);
    const params: SqlValue[] = new Array<SqlValue>(chunk.length * columns.length);
    let i = 0;
    for (const row of chunk) for (const column of columns) params[i++] = row[column] ?? null;
    await db.query(head + placeholders(chunk.length, columns.length), params);
  }
  return completed;
}

/** Inserts the rows of several models, in the registry's model order. */
export async function insertAll(
  db: Queryable,
  rows: SeedRows,
  options: { now?: string } = {},
): Promise<void> {
  for (const model of MODEL_NAMES) {
    const list = rows[model];
    if (list?.length) await insertRows(db, model, list, options);
  }
}

/** Appends rows to a per-model accumulator (the generators build one of these per chunk). */
export function addRows(target: SeedRows, model: ModelName, ...rows: SeedRow[]): void {
  const list = (target[model] ??= []);
  for (const row of rows) list.push(row);
}
