import { isRealDateTime } from '@rf/domain';
import type { Row } from '../db/database.ts';
import type { FieldChange } from '../data/audit-trail.ts';
import { queryBinding, signCursor, verifyCursor } from '../data/cursor.ts';
import { SqlParams } from '../data/sql-params.ts';
import { ApiError, validationError } from '../http/errors.ts';
import type { OperationContext } from '../operations/context.ts';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../operations/list-records.ts';
import { requireAdmin } from '../operations/context.ts';

/** The admin's filters (docs/architecture.md, “Audit trail”); every one given must hold. */
export interface AuditFilter {
  /** The acting user's sub. */
  readonly userId?: string | null;
  /** An organisation: events of its users, and events on its records. */
  readonly organisationId?: string | null;
  readonly model?: string | null;
  readonly recordId?: string | null;
  /** From this moment (inclusive) to that one (exclusive), ISO 8601. */
  readonly from?: string | null;
  readonly to?: string | null;
}

export interface AuditEventView {
  id: string;
  at: string;
  actorSub: string | null;
  actorName: string | null;
  actorGroupId: string | null;
  actorRole: string | null;
  address: string | null;
  userAgent: string | null;
  action: string;
  model: string;
  recordId: string | null;
  ownerGroupId: string | null;
  changes: FieldChange[];
  detail: string | null;
}

const moment = (name: string, value: string): string => {
  if (!isRealDateTime(value)) throw validationError(`${name} must be an ISO 8601 date-time`);
  return value;
};

/** The WHERE conditions of a filter. */
function conditions(filter: AuditFilter, params: SqlParams): string[] {
  const where: string[] = [];
  if (filter.userId) where.push(`actor_sub = ${params.add(filter.userId)}`);
  if (filter.organisationId) {
    const org = params.add(filter.organisationId);
    where.push(`(actor_group_id = ${org} OR owner_group_id = ${org})`);
  }
  if (filter.model) where.push(`model = ${params.add(filter.model)}`);
  if (filter.recordId) where.push(`record_id = ${params.add(filter.recordId)}`);
  if (filter.from) where.push(`at >= ${params.add(moment('from', filter.from))}::timestamptz`);
  if (filter.to) where.push(`at < ${params.add(moment('to', filter.to))}::timestamptz`);
  return where;
}

/**
 * `listAuditEvents(filter, limit, nextToken)` (admin only): the audit trail, newest first, one page
 * at a time after the last (at, id) key with a signed cursor (docs/decisions/0008).
 */
export async function listAuditEvents(
  ctx: OperationContext,
  input: { filter?: AuditFilter | null; limit?: number | null; nextToken?: string | null },
): Promise<{ items: AuditEventView[]; nextToken: string | null }> {
  const caller = requireAdmin(ctx, 'read the audit trail');
  const limit = input.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1) throw validationError('limit must be a positive whole number');
  if (limit > MAX_LIMIT) throw new ApiError('LimitExceeded', `limit must be at most ${MAX_LIMIT}`);
  const filter = input.filter ?? {};
  const binding = queryBinding({ sub: caller.sub, model: 'audit_event', filter, sort: null });
  const position = input.nextToken ? verifyCursor(ctx.keys.secret, binding, input.nextToken) : null;
  const params = new SqlParams();
  const where = conditions(filter, params);
  if (position && 'after' in position)
    where.push(
      `(at, id) < (${params.add(position.after[0])}::timestamptz, ${params.add(position.after[1])}::uuid)`,
    );
  const rows = await ctx.db.query<AuditEventView & Row>(
    `SELECT id, at, actor_sub AS "actorSub", actor_name AS "actorName", actor_group_id AS "actorGroupId",
            actor_role AS "actorRole", address, user_agent AS "userAgent", action, model,
            record_id AS "recordId", owner_group_id AS "ownerGroupId", changes, detail
       FROM audit_event ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY at DESC, id DESC LIMIT ${limit + 1}`,
    params.values,
  );
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const nextToken =
    rows.length > limit && last ? signCursor(ctx.keys.secret, binding, { after: [last.at, last.id] }) : null;
  return { items, nextToken };
}
