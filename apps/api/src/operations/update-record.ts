import {
  entityOf,
  frozenRefusal,
  isUuid,
  reviewAgainAfterEdit,
  scopeOf,
  tableOf,
  type ModelName,
} from '@rf/domain';
import { q } from '../db/schema-sql.ts';
import type { Row } from '../db/database.ts';
import { notFound, unauthorized, validationError } from '../http/errors.ts';
import { publishChange } from '../data/change-feed.ts';
import { filterSql, type FilterInput } from '../data/filter-sql.ts';
import { scopeSql } from '../data/scope-sql.ts';
import { updateRow } from '../data/rows.ts';
import { SqlParams } from '../data/sql-params.ts';
import { nowOf, requireCaller, todayOf, writeOf, type OperationContext } from './context.ts';
import { checkRecordRules } from './record-rules.ts';
import { recordHistory } from './lifecycle/history.ts';
import { getRecord } from './get-record.ts';
import { ENTITY_HOOKS } from './hooks/entity-hooks.ts';
import {
  checkBrokerOwnerOfParent,
  checkAttachmentsOwned,
  checkInput,
  checkOperationAllowed,
  checkReferences,
  checkRowInScope,
  conflict,
} from './write-checks.ts';

/** Values that differ from the stored ones (amounts compared as numbers, "" and null alike). */
function changedFields(current: Row, values: Row): string[] {
  const same = (a: unknown, b: unknown): boolean => {
    if ((a ?? '') === '' || (b ?? '') === '') return (a ?? '') === (b ?? '');
    if (a instanceof Date || b instanceof Date)
      return (
        new Date(a as string).toISOString().slice(0, 10) === new Date(b as string).toISOString().slice(0, 10)
      );
    const x = Number(a);
    const y = Number(b);
    return typeof a !== 'boolean' && Number.isFinite(x) && Number.isFinite(y)
      ? x === y
      : String(a) === String(b);
  };
  return Object.keys(values).filter((f) => !same(values[f], current[f]));
}

export interface WriteInput {
  readonly model: ModelName;
  readonly values: Readonly<Record<string, unknown>>;
  readonly condition?: FilterInput | null;
}

/**
 * Locks the row for a write: it must exist, lie in the caller's scope for the operation, match the
 * condition and carry the `_version` the client read (optimistic concurrency).
 */
export async function lockForWrite(
  ctx: OperationContext,
  tx: Parameters<Parameters<OperationContext['db']['transaction']>[0]>[0],
  input: WriteInput,
  operation: 'update' | 'delete',
): Promise<Row> {
  const caller = requireCaller(ctx);
  const { model } = input;
  const entity = entityOf(model);
  const id = input.values.id;
  const version = input.values._version;
  if (typeof id !== 'string') throw validationError('id is required');
  // Refused before it reaches the uuid column, where the database would fail the statement.
  if (!isUuid(id)) throw validationError(`id must be the UUID of a ${model}`);
  if (typeof version !== 'number' || !Number.isInteger(version))
    throw validationError('_version is required');
  const params = new SqlParams();
  const idParam = params.add(id);
  const scope = scopeSql(scopeOf(caller.role, model, operation), caller, params);
  const rows = await tx.query(
    `SELECT *, ${filterSql(entity, input.condition, params)} AS "conditionMet" FROM ${q(tableOf(model))} WHERE id = ${idParam} AND NOT "_deleted" AND ${scope} FOR UPDATE`,
    params.values,
  );
  const row = rows[0];
  if (!row) {
    const visible = await getRecord(ctx, { model, id, fields: ['id'] }, tx);
    if (visible) throw unauthorized(`Not allowed to ${operation} this ${model}`);
    throw notFound(`${model} ${id} not found`);
  }
  if (row.conditionMet === false) throw validationError('The conditional request failed');
  if (row._version !== version) throw conflict(await getRecord(ctx, { model, id }, tx));
  return row;
}

/** `updateX(input)`: changes the given fields of one record the caller may update. */
export async function updateRecord(ctx: OperationContext, input: WriteInput): Promise<Row> {
  const caller = requireCaller(ctx);
  const { model } = input;
  const entity = entityOf(model);
  checkOperationAllowed(caller, model, 'update');
  const values = checkInput(caller, entity, input.values, 'update');
  const updated = await ctx.db.transaction(async (tx) => {
    const current = await lockForWrite(ctx, tx, input, 'update');
    // What the record's state freezes (docs/business-rules.md, “Frozen fields per state”),
    // whoever asks and whatever else changes.
    const frozen = frozenRefusal(model, current, caller.role, changedFields(current, values));
    if (frozen) throw unauthorized(`Not allowed: ${frozen}`);
    await checkReferences(tx, caller, entity, values);
    await checkAttachmentsOwned(tx, caller, entity, values, current);
    const merged = { ...current, ...values };
    if ('userId' in values || 'supplierId' in values || 'buyerId' in values)
      await checkBrokerOwnerOfParent(tx, caller, entity, merged);
    const today = todayOf(ctx);
    checkRecordRules(model, merged, today);
    const hooks = ENTITY_HOOKS[model];
    const computed = hooks?.beforeUpdate
      ? await hooks.beforeUpdate({ ctx, tx, caller, today, values, current, merged })
      : undefined;
    const reviewAgain = reviewAgainAfterEdit(model, caller.role, current, values);
    const now = nowOf(ctx);
    const changes: Row = {
      ...values,
      ...(reviewAgain ? { [reviewAgain.field]: 'Under Review' } : {}),
      ...computed,
    };
    await updateRow(tx, model, String(current.id), changes, writeOf(ctx, undefined, now));
    await checkRowInScope(tx, caller, model, String(current.id), 'update');
    if (reviewAgain)
      await recordHistory(tx, {
        model,
        id: String(current.id),
        field: reviewAgain.field,
        from: 'Approved',
        to: 'Under Review',
        comment: `Changed after approval (${reviewAgain.changed.join(', ')}): to be reviewed again`,
        caller,
        at: now,
      });
    return (await getRecord(
      { ...ctx, caller: { ...caller, role: 'Admin' } },
      { model, id: String(current.id) },
      tx,
    )) as Row;
  });
  await publishChange(ctx.db, { model, kind: 'update', id: String(updated.id) });
  return updated;
}
