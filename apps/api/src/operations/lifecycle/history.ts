import type { ModelName, Role } from '@rf/domain';
import type { Queryable, Row } from '../../db/database.ts';
import type { OperationContext } from '../context.ts';
import { getRecord } from '../get-record.ts';

/** Who made a history entry. */
export interface HistoryActor {
  readonly sub: string;
  readonly role: Role;
  readonly name?: string | null | undefined;
  readonly email?: string | undefined;
}

/** One entry of a record's history: a status move, or a named action with what it changed. */
export interface HistoryWrite {
  readonly model: string;
  readonly id: string;
  readonly field: string;
  readonly from: string | null;
  readonly to: string;
  readonly comment: string | null;
  readonly caller: HistoryActor;
  /** The declared operation that made it (docs/architecture.md, "Lifecycles"). */
  readonly operation?: string | null;
  /** For actions that keep the state: each changed field with its value before and after. */
  readonly changes?: Readonly<Record<string, readonly [unknown, unknown]>> | null;
  readonly at?: Date;
}

export async function recordHistory(tx: Queryable, entry: HistoryWrite): Promise<void> {
  await tx.query(
    `INSERT INTO status_history (model, record_id, field, from_status, to_status, comment, actor_sub, actor_name, actor_role, changed_at, operation, changes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      entry.model,
      entry.id,
      entry.field,
      entry.from,
      entry.to,
      entry.comment,
      entry.caller.sub,
      entry.caller.name ?? entry.caller.email ?? null,
      entry.caller.role,
      (entry.at ?? new Date()).toISOString(),
      entry.operation ?? null,
      entry.changes ? JSON.stringify(entry.changes) : null,
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
  operation: string | null;
  changes: Record<string, [unknown, unknown]> | null;
}

/** `statusHistory(model, id)`: the history of a record the caller may read, oldest first. */
export async function statusHistory(
  ctx: OperationContext,
  input: { model: ModelName; id: string },
): Promise<HistoryEntry[]> {
  const visible = await getRecord(ctx, { model: input.model, id: input.id, fields: ['id'] });
  if (!visible) return [];
  return ctx.db.query<HistoryEntry & Row>(
    `SELECT field, from_status AS "from", to_status AS "to", comment, actor_name AS "actorName", actor_role AS "actorRole",
            changed_at AS "changedAt", operation, changes
       FROM status_history WHERE model = $1 AND record_id = $2 ORDER BY changed_at, id`,
    [input.model, input.id],
  );
}
