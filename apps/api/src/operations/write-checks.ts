import {
  describeIssues,
  entityOf,
  recordSchema,
  scopeOf,
  tableOf,
  writeRefusal,
  type Caller,
  type EntityDef,
  type ModelName,
} from '@rf/domain';
import { q } from '../db/schema-sql.ts';
import type { Queryable, Row } from '../db/database.ts';
import { ApiError, unauthorized, validationError } from '../http/errors.ts';
import { scopeSql } from '../data/scope-sql.ts';
import { SqlParams } from '../data/sql-params.ts';
import type { Operation } from '@rf/domain';

const createSchemas = new Map<string, ReturnType<typeof recordSchema>>();
const updateSchemas = new Map<string, ReturnType<typeof recordSchema>>();

/**
 * Refuses fields the caller may not write (mass assignment) and validates the values with the
 * domain's zod schema; returns the values to store. Nothing is written when this throws.
 */
export function checkInput(
  caller: Caller,
  entity: EntityDef,
  input: Readonly<Record<string, unknown>>,
  mode: 'create' | 'update',
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (mode === 'update' && (name === 'id' || name === '_version')) continue;
    if (!entity.fieldsByName.has(name)) throw validationError(`Unknown field ${name} on ${entity.name}`);
    const refusal = writeRefusal(caller.role, entity.name as ModelName, name, mode, value);
    if (refusal) throw unauthorized(`Not allowed: ${refusal}`);
    values[name] = value;
  }
  const cache = mode === 'create' ? createSchemas : updateSchemas;
  let schema = cache.get(entity.name);
  if (!schema) {
    schema = recordSchema(entity, { requireRequired: mode === 'create' });
    cache.set(entity.name, schema);
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw validationError(describeIssues(parsed.error));
  const clean = parsed.data as Record<string, unknown>;
  if (mode === 'update') {
    for (const f of entity.fields) {
      if (f.required && f.name in clean && clean[f.name] === null)
        throw validationError(`${f.name} is required`);
    }
  }
  return clean;
}

/** Every referenced record must exist and be readable by the caller. */
export async function checkReferences(
  tx: Queryable,
  caller: Caller,
  entity: EntityDef,
  values: Readonly<Record<string, unknown>>,
): Promise<void> {
  for (const f of entity.fields) {
    const value = values[f.name];
    if (f.type !== 'ref' || value === null || value === undefined || !f.ref) continue;
    const target = entityOf(f.ref);
    const params = new SqlParams();
    const id = params.add(String(value));
    const scope = scopeSql(scopeOf(caller.role, target.name as ModelName, 'read'), caller, params);
    const rows = await tx.query(
      `SELECT 1 FROM ${q(tableOf(target.name as ModelName))} WHERE id = ${id} AND NOT "_deleted" AND ${scope}`,
      params.values,
    );
    if (rows.length) continue;
    if (brokerNamesFunder(caller, entity, f.name)) {
      if (await isApprovedFunder(tx, f.ref as 'Investor' | 'Spv', String(value))) continue;
      throw validationError(`${f.name} does not name an approved ${target.name}`);
    }
    throw validationError(`${f.name} does not name a ${target.name} you can see`);
  }
}

/**
 * A broker proposing a line's terms names its investor and SPV
 * (docs/business-rules.md, “Status moves, guards and effects”) without reading their company
 * records: any approved Investor or Spv may be named (listed by `funders`).
 */
function brokerNamesFunder(caller: Caller, entity: EntityDef, field: string): boolean {
  return caller.role === 'Broker' && entity.name === 'Buyer' && (field === 'investorId' || field === 'spvId');
}

/** True when the id names a live Investor or Spv record whose onboarding was approved. */
export async function isApprovedFunder(
  tx: Queryable,
  model: 'Investor' | 'Spv',
  id: string,
): Promise<boolean> {
  const status = model === 'Investor' ? 'investor_status' : 'spv_status';
  const rows = await tx.query(
    `SELECT 1 FROM ${q(tableOf(model))} WHERE id = $1 AND NOT "_deleted" AND ${q(status)} = 'Approved'`,
    [id],
  );
  return rows.length > 0;
}

/**
 * A broker's Supplier records (broker scope,
 * docs/business-rules.md, “Organisations, roles and who sees what”): owned by its own organisation
 * or by a supplier organisation it already introduced (invited through createOrganisation), never
 * by another organisation, which would put that organisation's records in the broker's scope.
 * Checked before the write, so the row being written cannot vouch for itself.
 */
export async function checkBrokerSupplierOwner(
  tx: Queryable,
  caller: Caller,
  owner: string,
  exceptId: string | null,
): Promise<void> {
  if (caller.role !== 'Broker' || owner === caller.groupId) return;
  const rows = await tx.query(
    `SELECT 1 FROM supplier s
      WHERE s."userId" = $2 AND NOT s."_deleted" AND ($3::uuid IS NULL OR s.id <> $3::uuid)
        AND s."brokerId" IN (SELECT b.id FROM broker b WHERE b."userId" = $1 AND NOT b."_deleted")
      LIMIT 1`,
    [caller.groupId, owner, exceptId],
  );
  if (!rows.length)
    throw unauthorized(
      'Not allowed: a broker may only keep supplier records of organisations it introduced (invite them under Users)',
    );
}

/**
 * A broker's record that belongs to a supplier or buyer is owned by that party's organisation
 * (docs/business-rules.md, “Organisations, roles and who sees what”) or by the broker's own,
 * never by a third organisation.
 */
export async function checkBrokerOwnerOfParent(
  tx: Queryable,
  caller: Caller,
  entity: EntityDef,
  values: Row,
): Promise<void> {
  if (caller.role !== 'Broker' || typeof values.userId !== 'string') return;
  for (const name of ['supplierId', 'buyerId'] as const) {
    const f = entity.fieldsByName.get(name);
    const value = values[name];
    if (!f?.ref || typeof value !== 'string' || name === entity.domainId) continue;
    const [parent] = await tx.query<{ userId: string | null }>(
      `SELECT "userId" FROM ${q(tableOf(f.ref as ModelName))} WHERE id = $1`,
      [value],
    );
    if (parent?.userId && values.userId !== parent.userId && values.userId !== caller.groupId)
      throw validationError(
        `userId must be your organisation or the one that owns the ${f.ref} this record belongs to`,
      );
    return;
  }
}

/** After a write inside the transaction: the row must lie in the caller's scope for the operation. */
export async function checkRowInScope(
  tx: Queryable,
  caller: Caller,
  model: ModelName,
  id: string,
  operation: Operation,
): Promise<void> {
  const params = new SqlParams();
  const idParam = params.add(id);
  const scope = scopeSql(scopeOf(caller.role, model, operation), caller, params);
  const rows = await tx.query(
    `SELECT 1 FROM ${q(tableOf(model))} WHERE id = ${idParam} AND ${scope}`,
    params.values,
  );
  if (!rows.length)
    throw unauthorized(`Not allowed to ${operation} this ${model}: it belongs to another organisation`);
}

/** Refuses an operation the role may never perform on the model. */
export function checkOperationAllowed(caller: Caller, model: ModelName, operation: Operation): void {
  if (scopeOf(caller.role, model, operation).kind === 'none')
    throw unauthorized(`Not allowed to ${operation} ${model} records`);
}

/** The fields naming a new row's parent, first found owns it; a Document has every record it links to. */
const PARENT_FIELDS = ['supplierId', 'buyerId', 'investorId', 'spvId', 'brokerId'] as const;
const DOCUMENT_PARENTS = [
  ...PARENT_FIELDS,
  'directorId',
  'uboId',
  'financialsId',
  'bankId',
  'requestId',
  'transactionId',
] as const;

/**
 * The owner organisation of a parent record referenced by the new row
 * (docs/architecture.md, “Identity of records”). A supplier's `brokerId` names the broker that
 * introduced it, not its owner.
 */
export async function ownerOfParent(tx: Queryable, entity: EntityDef, values: Row): Promise<string | null> {
  const names = entity.name === 'Document' ? DOCUMENT_PARENTS : PARENT_FIELDS;
  for (const name of names) {
    if (entity.name === 'Supplier' && name === 'brokerId') continue;
    const f = entity.fieldsByName.get(name);
    const value = values[name];
    if (!f?.ref || typeof value !== 'string' || name === entity.domainId) continue;
    const rows = await tx.query<{ userId: string | null }>(
      `SELECT "userId" FROM ${q(tableOf(f.ref as ModelName))} WHERE id = $1`,
      [value],
    );
    if (rows[0]?.userId) return rows[0].userId;
  }
  return null;
}

export const conflict = (current: Row | null): ApiError =>
  new ApiError(
    'ConflictUnhandled',
    'Conflict resolver rejects mutation: the record was changed by someone else',
    current,
  );

/**
 * A new file key in an attachment field must name a file the caller's organisation uploaded (or
 * none yet stored): whoever may read a record may download its files (canReadFile), so copying
 * another organisation's key into one's own record would hand oneself, and everyone who reads
 * that record, a file never shared with them. Administrators may link any stored file.
 */
export async function checkAttachmentsOwned(
  tx: Queryable,
  caller: Caller,
  entity: EntityDef,
  values: Row,
  current: Row | null,
): Promise<void> {
  if (caller.role === 'Admin') return;
  const keys = entity.fields
    .filter((f) => f.type === 'attachment')
    .map((f) => ({ field: f.name, key: values[f.name] }))
    .filter(
      (a): a is { field: string; key: string } => typeof a.key === 'string' && a.key !== current?.[a.field],
    );
  if (!keys.length) return;
  const stored = await tx.query<{ key: string; owner_group_id: string | null; uploaded_by: string }>(
    'SELECT key, owner_group_id, uploaded_by FROM files WHERE key = ANY($1::text[])',
    [keys.map((k) => k.key)],
  );
  for (const file of stored) {
    if (file.uploaded_by === caller.sub || (caller.groupId && file.owner_group_id === caller.groupId))
      continue;
    const field = keys.find((k) => k.key === file.key)?.field ?? 'attachment';
    throw unauthorized(
      `Not allowed: ${field} names a file uploaded by another organisation; upload it again`,
    );
  }
}
