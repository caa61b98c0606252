import { randomUUID } from 'node:crypto';
import { deliverMail } from '../mail/mail-queue.ts';
import { entityOf, initialValuesOf, isUuid, type Caller, type ModelName } from '@rf/domain';
import type { Queryable, Row } from '../db/database.ts';
import { insertRow } from '../data/rows.ts';
import { validationError } from '../http/errors.ts';
import { publishChange } from '../data/change-feed.ts';
import { requireCaller, todayOf, writeOf, type OperationContext } from './context.ts';
import { checkRecordRules } from './record-rules.ts';
import { getRecord } from './get-record.ts';
import { ENTITY_HOOKS } from './hooks/entity-hooks.ts';
import {
  checkBrokerOwnerOfParent,
  checkAttachmentsOwned,
  checkInput,
  checkOperationAllowed,
  checkReferences,
  checkRowInScope,
  ownerOfParent,
} from './write-checks.ts';

const UNIQUE_VIOLATION = '23505';

/**
 * `createX(input)`: validates, fills the server-owned fields (id, owner, timestamps, initial
 * status), checks references, the caller's scope and, for a Request, the line's credit limit
 * inside one transaction, then announces it.
 */
export async function createRecord(
  ctx: OperationContext,
  input: { model: ModelName; values: Readonly<Record<string, unknown>> },
): Promise<Row> {
  const caller = requireCaller(ctx);
  const values = prepareCreate(caller, input.model, input.values);
  const created = await ctx.db.transaction((tx) => insertPrepared(ctx, tx, input.model, values));
  await publishChange(ctx.db, { model: input.model, kind: 'create', id: String(created.id) });
  if (ENTITY_HOOKS[input.model]?.afterCreate) await deliverMail(ctx);
  return created;
}

/** What can be checked of a new row before any transaction: the write policy and the schema. */
export function prepareCreate(
  caller: Caller,
  model: ModelName,
  input: Readonly<Record<string, unknown>>,
): Row {
  checkOperationAllowed(caller, model, 'create');
  return { ...initialValuesOf(model, input), ...checkInput(caller, entityOf(model), input, 'create') };
}

/**
 * Inserts one row prepared by `prepareCreate` inside the caller's transaction and returns it (not
 * announced yet: the caller publishes once the transaction commits). The entity's hooks check what
 * is its own (a request's submission rules and credit limit, unless a multi-invoice batch checked
 * the limit as a whole, submit-requests.ts) and compute derived fields.
 */
export async function insertPrepared(
  ctx: OperationContext,
  tx: Queryable,
  model: ModelName,
  values: Row,
  options: { batch?: boolean; action?: string } = {},
): Promise<Row> {
  const caller = requireCaller(ctx);
  const entity = entityOf(model);
  await checkReferences(tx, caller, entity, values);
  await checkAttachmentsOwned(tx, caller, entity, values, null);
  checkRecordRules(model, values, todayOf(ctx));
  const hooks = ENTITY_HOOKS[model];
  if (hooks?.beforeCreate)
    Object.assign(
      values,
      await hooks.beforeCreate({
        ctx,
        tx,
        caller,
        today: todayOf(ctx),
        values,
        current: null,
        merged: values,
        batch: options.batch ?? false,
      }),
    );
  const mayChooseOwner = caller.role === 'Admin' || caller.role === 'Broker';
  const owner =
    (values.userId as string | undefined) ??
    (mayChooseOwner ? await ownerOfParent(tx, entity, values) : null) ??
    caller.groupId;
  if (!owner) throw validationError('userId is required: the caller belongs to no organisation');
  // An organisation's id is a UUID (docs/architecture.md, “Identity of records”); a Plaidauth's own
  // id is its owner's, in a uuid column.
  if (!isUuid(owner)) throw validationError('userId must be the id (a UUID) of an organisation');
  await checkBrokerOwnerOfParent(tx, caller, entity, { ...values, userId: owner });
  // Plaidauth is keyed by its organisation (docs/architecture.md, “Identity of records”).
  const id = model === 'Plaidauth' ? owner : randomUUID();
  await insertRow(tx, model, values, { ...writeOf(ctx, options.action), owner, id }).catch(
    (error: { code?: string }) => {
      if (error.code === UNIQUE_VIOLATION) throw validationError(`This ${model} already exists`);
      throw error;
    },
  );
  await checkRowInScope(tx, caller, model, id, 'create');
  const row = (await getRecord({ ...ctx, caller: { ...caller, role: 'Admin' } }, { model, id }, tx)) as Row;
  if (hooks?.afterCreate && !options.batch)
    await hooks.afterCreate({
      ctx,
      tx,
      caller,
      today: todayOf(ctx),
      values,
      current: null,
      merged: row,
      row,
    });
  return row;
}
