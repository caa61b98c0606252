import { findTransition, machineOf, statusFieldsOf, tableOf, type ModelName } from '@rf/domain';
import { q } from '../db/schema-sql.ts';
import type { Queryable, Row, SqlValue } from '../db/database.ts';
import { unauthorized, validationError } from '../http/errors.ts';
import { publishChange, type Change } from '../data/change-feed.ts';
import { requireCaller, type OperationContext } from './context.ts';
import { getRecord } from './get-record.ts';
import { STATUS_EFFECTS } from './status-effects.ts';
import { notifyStatusChange } from './notify-owner.ts';
import { checkRowInScope, conflict } from './write-checks.ts';

export interface ChangeStatusInput {
  readonly model: ModelName;
  readonly id: string;
  /** The status field; may be left out when the model has one. */
  readonly field?: string | null;
  readonly to: string;
  readonly comment?: string | null;
  /** Figures the move needs (e.g. the approved limit of a buyer line). */
  readonly values?: Readonly<Record<string, unknown>> | null;
  readonly _version?: number | null;
}

/**
 * Moves a status along its machine (business-rules §2): the caller's role must hold the
 * transition and the caller must be able to read the row; the move's effects, the new status and
 * a history entry are written in one transaction.
 */
export async function changeStatus(ctx: OperationContext, input: ChangeStatusInput): Promise<Row> {
  const caller = requireCaller(ctx);
  const fields = statusFieldsOf(input.model);
  const field = input.field ?? (fields.length === 1 ? fields[0] : undefined);
  const machine = field ? machineOf(input.model, field) : undefined;
  if (!machine || !field)
    throw validationError(`${input.model} has no status field ${input.field ?? ''}`.trim());
  const comment = input.comment?.trim() || null;
  const touched: Change[] = [];

  const changed = await ctx.db.transaction(async (tx) => {
    const visible = await getRecord(ctx, { model: input.model, id: input.id }, tx);
    if (!visible) throw unauthorized(`${input.model} ${input.id} not found`);
    const [row] = await tx.query(`SELECT * FROM ${q(tableOf(input.model))} WHERE id = $1 FOR UPDATE`, [
      input.id,
    ]);
    if (!row) throw unauthorized(`${input.model} ${input.id} not found`);
    if (input._version != null && row._version !== input._version) throw conflict(visible);
    const current = (row[field] as string | null) ?? null;
    const found = findTransition(machine, { current, to: input.to, role: caller.role });
    if ('refusal' in found) throw unauthorized(`Not allowed: ${found.refusal}`);
    if (found.transition.ownersOnly && caller.role !== 'Admin')
      await checkRowInScope(tx, caller, input.model, input.id, 'update');
    if (found.transition.commentRequired && !comment)
      throw validationError(`Say why: a comment is required to ${found.transition.action.toLowerCase()}`);

    const effect = STATUS_EFFECTS[`${input.model}.${field}:${input.to}`];
    const extra = effect
      ? await effect({ tx, row, values: input.values ?? {}, caller, touched: (c) => touched.push(c) })
      : {};
    const now = new Date();
    const changes: Row = {
      ...extra,
      [field]: input.to,
      updatedAt: now.toISOString(),
      _lastChangedAt: now.getTime(),
    };
    const names = Object.keys(changes);
    await tx.query(
      `UPDATE ${q(tableOf(input.model))} SET ${names.map((n, i) => `${q(n)} = $${i + 2}`).join(', ')}, "_version" = "_version" + 1 WHERE id = $1`,
      [input.id, ...names.map((n) => changes[n] as SqlValue)],
    );
    await recordHistory(tx, {
      model: input.model,
      id: input.id,
      field,
      from: current,
      to: input.to,
      comment,
      caller: { sub: caller.sub, name: caller.name ?? caller.email ?? null, role: caller.role },
    });
    return (await getRecord(ctx, { model: input.model, id: input.id }, tx)) as Row;
  });
  await publishChange(ctx.db, { model: input.model, kind: 'update', id: input.id });
  for (const change of touched) await publishChange(ctx.db, change);
  if (ctx.mailer && caller.groupId !== changed.userId) {
    await notifyStatusChange(ctx.db, ctx.mailer, {
      model: input.model,
      record: changed,
      field,
      to: input.to,
      comment,
      actor: `${caller.name ?? caller.email ?? 'a user'}, ${caller.role}`,
    }).catch((error: unknown) => console.error('Status notification not sent', error));
  }
  return changed;
}

export async function recordHistory(
  tx: Queryable,
  entry: {
    model: string;
    id: string;
    field: string;
    from: string | null;
    to: string;
    comment: string | null;
    caller: { sub: string; name: string | null; role: string };
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO status_history (model, record_id, field, from_status, to_status, comment, actor_sub, actor_name, actor_role, changed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      entry.model,
      entry.id,
      entry.field,
      entry.from,
      entry.to,
      entry.comment,
      entry.caller.sub,
      entry.caller.name,
      entry.caller.role,
      new Date().toISOString(),
    ],
  );
}

export interface HistoryEntry {
  field: string;
  from: string | null;
  to: string;
  comment: string | null;
  actorName: string | null;
  actorRole: string;
  changedAt: string;
}

/** `statusHistory(model, id)`: the status changes of a record the caller may read, oldest first. */
export async function statusHistory(
  ctx: OperationContext,
  input: { model: ModelName; id: string },
): Promise<HistoryEntry[]> {
  const visible = await getRecord(ctx, { model: input.model, id: input.id, fields: ['id'] });
  if (!visible) return [];
  return ctx.db.query<HistoryEntry & Row>(
    `SELECT field, from_status AS "from", to_status AS "to", comment, actor_name AS "actorName", actor_role AS "actorRole", changed_at AS "changedAt"
       FROM status_history WHERE model = $1 AND record_id = $2 ORDER BY changed_at, id`,
    [input.model, input.id],
  );
}
