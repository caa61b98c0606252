import { isUuid } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { signCursor, verifyCursor } from '../data/cursor.ts';
import { validationError } from '../http/errors.ts';
import { nowOf, requireCaller, type OperationContext } from './context.ts';
import {
  isNotificationEvent,
  NOTIFICATION_EVENTS,
  switchableEvents,
  type NotificationEvent,
} from '../notifications/events.ts';

/**
 * The caller's own notifications and e-mail preferences (docs/business-rules.md, “Notifications”):
 * every statement is bound to the caller's user id, so nobody reads or marks another user's.
 */

export interface NotificationView {
  readonly id: string;
  readonly event: string;
  readonly title: string;
  readonly body: string | null;
  readonly link: string | null;
  readonly createdAt: string;
  readonly readAt: string | null;
}

interface NotificationRow extends Record<string, unknown> {
  id: string;
  event: string;
  title: string;
  body: string | null;
  link: string | null;
  created_at: string | Date;
  read_at: string | Date | null;
}

const iso = (v: string | Date): string => new Date(v).toISOString();

export const toView = (r: NotificationRow): NotificationView => ({
  id: r.id,
  event: r.event,
  title: r.title,
  body: r.body,
  link: r.link,
  createdAt: iso(r.created_at),
  readAt: r.read_at === null ? null : iso(r.read_at),
});

const COLUMNS = 'id, event, title, body, link, created_at, read_at';
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

/** One notification of `sub` (null when it is someone else's). */
export async function notificationOf(
  db: Queryable,
  sub: string,
  id: string,
): Promise<NotificationView | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM notification WHERE id = $1 AND recipient = $2`,
    [id, sub],
  );
  return row ? toView(row) : null;
}

/** `notifications(unreadOnly, limit, nextToken)`: the caller's, newest first. */
export async function listNotifications(
  ctx: OperationContext,
  args: { unreadOnly?: boolean | null; limit?: number | null; nextToken?: string | null },
): Promise<{ items: NotificationView[]; nextToken: string | null }> {
  const caller = requireCaller(ctx);
  const limit = args.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw validationError(`limit must be from 1 to ${MAX_LIMIT}`);
  const binding = `notifications:${caller.sub}:${args.unreadOnly ? 'unread' : 'all'}`;
  const params: string[] = [caller.sub];
  let after = '';
  if (args.nextToken) {
    const position = verifyCursor(ctx.keys.secret, binding, args.nextToken);
    if (!('after' in position)) throw validationError('Invalid nextToken');
    params.push(position.after[0], position.after[1]);
    after = 'AND (created_at, id) < ($2::timestamptz, $3::uuid)';
  }
  const rows = await ctx.db.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM notification WHERE recipient = $1 ${args.unreadOnly ? 'AND read_at IS NULL' : ''}
       ${after} ORDER BY created_at DESC, id DESC LIMIT ${limit + 1}`,
    params,
  );
  const items = rows.slice(0, limit).map(toView);
  const last = items.at(-1);
  return {
    items,
    nextToken:
      rows.length > limit && last
        ? signCursor(ctx.keys.secret, binding, { after: [last.createdAt, last.id] })
        : null,
  };
}

export async function unreadNotificationCount(ctx: OperationContext): Promise<number> {
  const caller = requireCaller(ctx);
  const [row] = await ctx.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM notification WHERE recipient = $1 AND read_at IS NULL',
    [caller.sub],
  );
  return row?.n ?? 0;
}

/**
 * `markNotificationsRead(ids, all)`: marks the caller's unread notifications as read; an id that is
 * not the caller's (or not a notification) refuses the whole call. Returns how many were marked.
 */
export async function markNotificationsRead(
  ctx: OperationContext,
  args: { ids?: readonly string[] | null; all?: boolean | null },
): Promise<number> {
  const caller = requireCaller(ctx);
  const at = nowOf(ctx).toISOString();
  if (args.all) {
    const rows = await ctx.db.query(
      'UPDATE notification SET read_at = $2 WHERE recipient = $1 AND read_at IS NULL RETURNING id',
      [caller.sub, at],
    );
    return rows.length;
  }
  const ids = [...new Set(args.ids ?? [])];
  if (!ids.length) throw validationError('Give the ids of the notifications to mark, or all: true');
  if (ids.length > MAX_LIMIT) throw validationError(`At most ${MAX_LIMIT} ids at once`);
  return ctx.db.transaction(async (tx) => {
    const owned = ids.every(isUuid)
      ? await tx.query<{ id: string }>(
          'SELECT id FROM notification WHERE id = ANY($1::uuid[]) AND recipient = $2 FOR UPDATE',
          [ids, caller.sub],
        )
      : [];
    if (owned.length !== ids.length)
      throw validationError('No such notification of yours: nothing was marked');
    const rows = await tx.query(
      'UPDATE notification SET read_at = $3 WHERE id = ANY($1::uuid[]) AND recipient = $2 AND read_at IS NULL RETURNING id',
      [ids, caller.sub, at],
    );
    return rows.length;
  });
}

export interface PreferenceView {
  readonly event: string;
  readonly label: string;
  readonly email: boolean;
}

/** `notificationPreferences`: each event the caller's role receives whose e-mail can be turned off. */
export async function notificationPreferences(ctx: OperationContext): Promise<PreferenceView[]> {
  const caller = requireCaller(ctx);
  const rows = await ctx.db.query<{ event: string; email: boolean }>(
    'SELECT event, email FROM notification_preference WHERE recipient = $1',
    [caller.sub],
  );
  const set = new Map(rows.map((r) => [r.event, r.email]));
  return switchableEvents(caller.role).map((event) => ({
    event,
    label: NOTIFICATION_EVENTS[event].label,
    email: set.get(event) ?? true,
  }));
}

/** `setNotificationPreference(event, email)`: the caller's own e-mail switch for one event. */
export async function setNotificationPreference(
  ctx: OperationContext,
  args: { event: string; email: boolean },
): Promise<PreferenceView> {
  const caller = requireCaller(ctx);
  if (!isNotificationEvent(args.event)) throw validationError(`Unknown notification event ${args.event}`);
  const event: NotificationEvent = args.event;
  if (!switchableEvents(caller.role).includes(event))
    throw validationError(
      'emailAlways' in NOTIFICATION_EVENTS[event]
        ? 'The signing e-mail carries your personal signing link: it cannot be turned off'
        : `A ${caller.role} user does not receive ${event} notifications`,
    );
  await ctx.db.query(
    `INSERT INTO notification_preference (recipient, event, email, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (recipient, event) DO UPDATE SET email = EXCLUDED.email, updated_at = EXCLUDED.updated_at`,
    [caller.sub, event, args.email, nowOf(ctx).toISOString()],
  );
  return { event, label: NOTIFICATION_EVENTS[event].label, email: args.email };
}
