import { randomUUID } from 'node:crypto';
import { entityOf, tableOf, type ModelName } from '@rf/domain';
import type { Queryable, Row, SqlValue } from '../db/database.ts';
import { q } from '../db/schema-sql.ts';
import { fieldChanges, recordAuditEvent, type AuditActor } from './audit-trail.ts';
import { sealSecrets, type SecretCipher } from './secret-fields.ts';

/**
 * The only writes of model rows (docs/architecture.md, “Layers”): operations decide what to write,
 * these functions write it with the fields every record carries (owner, sort key, timestamps,
 * version), so no operation composes an INSERT or UPDATE of a model table itself. Each write
 * leaves its audit event in the same transaction (docs/architecture.md, “Audit trail”).
 */

/** Who writes, when, and as which operation. */
export interface Write {
  readonly by: AuditActor;
  readonly at: Date;
  /** The named operation writing (approveRequest, createOrganisation); else create, update or delete. */
  readonly action?: string;
  /**
   * Seals the values of secret fields before they are stored
   * (docs/architecture.md, “Secrets at rest”); a write of a secret value without it is refused.
   */
  readonly secrets?: SecretCipher;
}

/** A new row of `model` owned by the organisation `owner`; its id. `values` may set the sort key. */
export async function insertRow(
  tx: Queryable,
  model: ModelName,
  values: Row,
  write: Write & { readonly owner: string; readonly id?: string },
): Promise<string> {
  const id = write.id ?? randomUUID();
  const domainId = entityOf(model).domainId;
  const row: Row = {
    id,
    userId: write.owner,
    identityId: write.owner,
    sortkey: id,
    ...(domainId ? { [domainId]: id } : {}),
    ...sealSecrets(model, values, write.secrets),
    createdAt: write.at.toISOString(),
    updatedAt: write.at.toISOString(),
    _lastChangedAt: write.at.getTime(),
  };
  const names = Object.keys(row);
  const [stored] = await tx.query(
    `INSERT INTO ${q(tableOf(model))} (${names.map(q).join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${names.map(q).join(', ')}`,
    names.map((n) => row[n] as SqlValue),
  );
  await recordAuditEvent(tx, {
    by: write.by,
    at: write.at,
    action: write.action ?? 'create',
    model,
    recordId: id,
    ownerGroupId: write.owner,
    changes: fieldChanges(model, names, null, stored ?? row),
  });
  return id;
}

/**
 * Changes fields of one row of `model`, as a new version. The same statement returns the values it
 * replaced, so the audit event lists each field that really changed, before and after.
 */
export async function updateRow(
  tx: Queryable,
  model: ModelName,
  id: string,
  changes: Row,
  write: Write,
): Promise<void> {
  const row: Row = {
    ...sealSecrets(model, changes, write.secrets),
    updatedAt: write.at.toISOString(),
    _lastChangedAt: write.at.getTime(),
  };
  const names = Object.keys(row);
  const fields = Object.keys(changes);
  const table = q(tableOf(model));
  const [result] = await tx.query(
    `UPDATE ${table} AS t SET ${names.map((n, i) => `${q(n)} = $${i + 2}`).join(', ')}, "_version" = t."_version" + 1
       FROM (SELECT ${[...new Set(['id', 'userId', ...fields])].map(q).join(', ')} FROM ${table} WHERE id = $1 FOR UPDATE) AS old
      WHERE t.id = old.id
      RETURNING old."userId" AS "owner", ${fields.flatMap((n, i) => [`old.${q(n)} AS "o${i}"`, `t.${q(n)} AS "n${i}"`]).join(', ') || 'NULL'}`,
    [id, ...names.map((n) => row[n] as SqlValue)],
  );
  if (!result) return;
  const before = Object.fromEntries(fields.map((n, i) => [n, result[`o${i}`]]));
  const after = Object.fromEntries(fields.map((n, i) => [n, result[`n${i}`]]));
  await recordAuditEvent(tx, {
    by: write.by,
    at: write.at,
    action: write.action ?? 'update',
    model,
    recordId: id,
    ownerGroupId: (result.owner as string | null) ?? null,
    changes: fieldChanges(model, fields, before, after),
  });
}

/** Deletes one row of `model` as AppSync does, softly: `_deleted` is set and nothing is removed. */
export async function deleteRow(tx: Queryable, model: ModelName, id: string, write: Write): Promise<void> {
  await updateRow(tx, model, id, { _deleted: true }, { ...write, action: write.action ?? 'delete' });
}
