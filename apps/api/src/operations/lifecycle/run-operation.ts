import { deliverMail } from '../../mail/mail-queue.ts';
import {
  actorScope,
  describeIssues,
  isUuid,
  lifecycleOf,
  operationInputSchema,
  operationOf,
  tableOf,
  unmetGuards,
  REGISTRY,
  type DeclaredOperation,
} from '@rf/domain';
import { q } from '../../db/schema-sql.ts';
import type { Queryable, Row } from '../../db/database.ts';
import { unauthorized, validationError } from '../../http/errors.ts';
import { publishChange, type Change } from '../../data/change-feed.ts';
import { scopeSql } from '../../data/scope-sql.ts';
import { updateRow } from '../../data/rows.ts';
import { SqlParams } from '../../data/sql-params.ts';
import { nowOf, requireCaller, todayOf, writeOf, type OperationContext } from '../context.ts';
import { getRecord } from '../get-record.ts';
import { idempotencyKeyOf, once } from '../idempotency.ts';
import { notifyStatusChange } from '../notify-owner.ts';
import { conflict } from '../write-checks.ts';
import { recordHistory } from './history.ts';
import { EFFECTS } from './effects.ts';
import { loadFacts } from './facts.ts';

export interface OperationInput {
  /** The declared operation (docs/architecture.md, "Lifecycles"), e.g. `approveRequest`. */
  readonly name: string;
  readonly id: string;
  /** The operation's own fields (its declared `input`). */
  readonly input?: Readonly<Record<string, unknown>> | null;
  readonly reason?: string | null;
  readonly _version?: number | null;
  /** Makes a retry return the first result instead of running again (idempotency.ts). */
  readonly idempotencyKey?: string | null;
}

const blank = (v: unknown): boolean => v === null || v === undefined || v === '';

const RELATIONSHIP_WORDS = {
  owner: 'its owner',
  broker: 'its introducing broker',
  lineInvestor: 'the line’s investor',
  lineSpv: 'the line’s SPV',
} as const;

/** The refusal of a caller whose role may run the operation but who is not related to the record. */
export function relationshipRefusal(operation: DeclaredOperation): string {
  const who = operation.who.map((w) =>
    w.as?.length
      ? w.as.map((r) => RELATIONSHIP_WORDS[r]).join(' or ')
      : `an ${w.role === 'Admin' ? 'administrator' : w.role}`,
  );
  return `Not allowed: only ${[...new Set(who)].join(', ')} may ${operation.label.toLowerCase()} this ${operation.model}`;
}

/**
 * Runs a declared operation inside the caller's transaction: the record must be readable, in a
 * state the operation runs from, and related to the caller as `who` says; the input is validated
 * against the declaration; every guard must hold (all unmet ones are listed); then the effect runs,
 * the input fields, the effect's changes and the new state are written with one history entry.
 * Returns the changed row and the other rows the effect wrote (announced once the caller commits).
 */
export async function applyOperation(
  ctx: OperationContext,
  tx: Queryable,
  request: OperationInput,
): Promise<{
  row: Row;
  before: Row;
  operation: DeclaredOperation;
  touched: Change[];
  reason: string | null;
}> {
  const caller = requireCaller(ctx);
  const operation = operationOf(request.name);
  if (!operation) throw validationError(`Unknown operation ${request.name}`);
  const { model, field } = operation;
  const lifecycle = lifecycleOf(model, field);
  if (!lifecycle) throw validationError(`${model} has no status field ${field}`);
  if (!isUuid(request.id)) throw validationError('id must be a UUID');

  const visible = await getRecord(ctx, { model, id: request.id, fields: ['id'] }, tx);
  if (!visible) throw unauthorized(`${model} ${request.id} not found`);
  const [row] = await tx.query(`SELECT * FROM ${q(tableOf(model))} WHERE id = $1 FOR UPDATE`, [request.id]);
  if (!row) throw unauthorized(`${model} ${request.id} not found`);
  if (request._version != null && row._version !== request._version)
    throw conflict(await getRecord(ctx, { model, id: request.id }, tx));

  const current = (row[field] as string | null) || lifecycle.initial;
  if (!operation.from.includes(current))
    throw unauthorized(
      `Not allowed: ${operation.label} is not possible while the ${model} is ${current} (only when ${operation.from.join(' or ')})`,
    );
  const scope = actorScope(model, operation.who, caller.role);
  if (!scope)
    throw unauthorized(
      `Not allowed: ${/^[AEIOU]/i.test(caller.role) ? 'an' : 'a'} ${caller.role} user cannot ${operation.label.toLowerCase()} a ${model}`,
    );
  if (scope.kind !== 'all') {
    const params = new SqlParams();
    const id = params.add(request.id);
    const [related] = await tx.query(
      `SELECT 1 FROM ${q(tableOf(model))} WHERE id = ${id} AND ${scopeSql(scope, caller, params)}`,
      params.values,
    );
    if (!related) throw unauthorized(relationshipRefusal(operation));
  }

  const reason = request.reason?.trim() || operation.defaultReason || null;
  if (operation.reason === 'required' && !reason)
    throw validationError(`Say why: a reason is required to ${operation.label.toLowerCase()}`);
  const missing = (operation.input ?? [])
    .filter(({ field, required }) => required && blank(request.input?.[field.name]))
    .map(({ field }) => `${field.name} is required`);
  if (missing.length) throw validationError(missing.join('; '));
  const parsed = operationInputSchema(operation).safeParse(
    Object.fromEntries(Object.entries(request.input ?? {}).filter(([, v]) => v !== undefined)),
  );
  if (!parsed.success) throw validationError(describeIssues(parsed.error));
  const input = parsed.data as Row;

  const today = todayOf(ctx);
  const facts = await loadFacts(tx, operation, row);
  const unmet = unmetGuards(operation, { row, input, facts, today, role: caller.role });
  if (unmet.length) throw validationError(`Cannot ${operation.label.toLowerCase()}: ${unmet.join('; ')}`);

  const touched: Change[] = [];
  const now = nowOf(ctx);
  const write = writeOf(ctx, operation.name, now);
  const effect = (EFFECTS as Partial<Record<string, (typeof EFFECTS)[keyof typeof EFFECTS]>>)[operation.name];
  const extra = effect
    ? await effect({ ctx, tx, row, input, caller, today, reason, write, touched: (c) => touched.push(c) })
    : {};
  const written = Object.fromEntries(
    (operation.input ?? [])
      .filter(({ field: f }) => f.name in input && !blank(input[f.name]))
      .filter(({ field: f }) => REGISTRY[model].fieldsByName.get(f.name) === f)
      .map(({ field: f }) => [f.name, input[f.name]]),
  );
  const changes: Row = {
    ...written,
    ...extra,
    ...(operation.to ? { [field]: operation.to } : {}),
  };
  await updateRow(tx, model, request.id, changes, write);
  await recordHistory(tx, {
    model,
    id: request.id,
    field,
    from: current,
    to: operation.to ?? current,
    comment: reason,
    operation: operation.name,
    changes: operation.to
      ? null
      : Object.fromEntries(Object.keys(written).map((n) => [n, [row[n] ?? null, written[n] ?? null]])),
    caller,
    at: now,
  });
  const after = (await getRecord(ctx, { model, id: request.id }, tx)) as Row;
  // The owner hears of a move someone else made (docs/business-rules.md, “Notifications”).
  if (operation.to)
    await notifyStatusChange(ctx, tx, {
      model,
      record: { ...row, ...changes },
      field,
      to: operation.to,
      comment: reason,
      caller,
    });
  return { row: after, before: row, operation, touched, reason };
}

/**
 * Runs a declared operation in its own transaction (its notifications included), then announces
 * what changed and sends the mail it queued.
 */
export async function runOperation(ctx: OperationContext, request: OperationInput): Promise<Row> {
  const caller = requireCaller(ctx);
  const key = idempotencyKeyOf(request.idempotencyKey);
  const keyed = { ...ctx, idempotencyKey: key };
  const call = { id: request.id, input: request.input ?? {}, reason: request.reason ?? null };
  const attempt = await ctx.db.transaction((tx) =>
    once(
      tx,
      caller,
      { key, operation: request.name, input: call, at: nowOf(ctx) },
      () => applyOperation(keyed, tx, request),
      (applied) => applied.row,
    ),
  );
  // A retry answers the first result and announces nothing again.
  if (attempt.replayed) return attempt.result as Row;
  const done = attempt.result;
  await deliverMail(ctx);
  const { operation } = done;
  await publishChange(ctx.db, { model: operation.model, kind: 'update', id: request.id });
  for (const change of done.touched) await publishChange(ctx.db, change);
  return done.row;
}
