import { randomUUID } from 'node:crypto';
import { entityOf, tableOf, type ModelName } from '@rf/domain';
import type { Queryable, Row, SqlValue } from '../db/database.ts';
import { q } from '../db/schema-sql.ts';

/**
 * The only writes of model rows (docs/architecture.md, “Layers”): operations decide what to write,
 * these two functions write it with the fields every record carries (owner, sort key, timestamps,
 * version), so no operation composes an INSERT or UPDATE of a model table itself.
 */

/** A new row of `model` owned by the organisation `owner`; its id. `values` may set the sort key. */
export async function insertRow(
  tx: Queryable,
  model: ModelName,
  values: Row,
  meta: { readonly owner: string; readonly at: Date; readonly id?: string },
): Promise<string> {
  const id = meta.id ?? randomUUID();
  const domainId = entityOf(model).domainId;
  const row: Row = {
    id,
    userId: meta.owner,
    identityId: meta.owner,
    sortkey: id,
    ...(domainId ? { [domainId]: id } : {}),
    ...values,
    createdAt: meta.at.toISOString(),
    updatedAt: meta.at.toISOString(),
    _lastChangedAt: meta.at.getTime(),
  };
  const names = Object.keys(row);
  await tx.query(
    `INSERT INTO ${q(tableOf(model))} (${names.map(q).join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})`,
    names.map((n) => row[n] as SqlValue),
  );
  return id;
}

/** Changes fields of one row of `model` at `at`, as a new version. */
export async function updateRow(
  tx: Queryable,
  model: ModelName,
  id: string,
  changes: Row,
  at: Date,
): Promise<void> {
  const row: Row = { ...changes, updatedAt: at.toISOString(), _lastChangedAt: at.getTime() };
  const names = Object.keys(row);
  await tx.query(
    `UPDATE ${q(tableOf(model))} SET ${names.map((n, i) => `${q(n)} = $${i + 2}`).join(', ')}, "_version" = "_version" + 1 WHERE id = $1`,
    [id, ...names.map((n) => row[n] as SqlValue)],
  );
}
