import type { Caller } from '@rf/domain';
import {
  listNotifications,
  markNotificationsRead,
  type NotificationView,
} from '../operations/notification-store.ts';
import { DEMO_MEMBERS, DEMO_USERS, demoUser } from './demo-users.ts';
import { DAY, MINUTE, type DemoStage } from './demo-stage.ts';

/**
 * The demo users have kept up with their notifications (docs/architecture.md, “Demo data set”):
 * what arrived in the demo's last week is still unread, at most the newest `MOST_UNREAD` and at
 * least the newest one, so the bell shows a handful; everything older each user marked read through
 * `markNotificationsRead`, as the bell does, when they last looked, shortly after the newest of them
 * arrived.
 */

/** How far back the notifications still unread go. */
export const UNREAD_WITHIN = 7 * DAY;
/** The most notifications a demo user has unread. */
export const MOST_UNREAD = 5;
/** How long after the newest notification they read the user looked at the bell. */
const LOOKED_AFTER = 20 * MINUTE;
/** The ids `markNotificationsRead` takes at once. */
const IDS_PER_CALL = 100;

/** Every notification of the caller, newest first, read a page at a time as the bell does. */
async function notificationsOf(s: DemoStage, who: Caller): Promise<NotificationView[]> {
  const all: NotificationView[] = [];
  let nextToken: string | null = null;
  do {
    const page = await listNotifications(s.a.ctx(who), { limit: 100, nextToken });
    all.push(...page.items);
    nextToken = page.nextToken;
  } while (nextToken);
  return all;
}

/** The newest-first list's notifications the user still has unread: the last week's, a handful. */
export function stillUnread(newestFirst: readonly { createdAt: string }[], latest: number): number {
  const recent = newestFirst.filter((n) => Date.parse(n.createdAt) > latest - UNREAD_WITHIN).length;
  return Math.min(newestFirst.length, MOST_UNREAD, Math.max(recent, 1));
}

/** Each demo user, and each invited colleague, marks read all but their newest notifications. */
export async function playNotificationsRead(s: DemoStage): Promise<void> {
  const users = [
    ...DEMO_USERS.map((u) => s.as(u.key)),
    ...(await Promise.all(
      DEMO_MEMBERS.map(async (m) => memberCaller(s, m.email, demoUser(m.memberOf).role)),
    )),
  ];
  for (const who of users) {
    const newestFirst = await notificationsOf(s, who);
    const unread = stillUnread(newestFirst, s.latest);
    const read = newestFirst.slice(unread);
    const newestRead = read[0];
    if (!newestRead) continue;
    // They looked before the oldest one still unread arrived.
    const arrived = Date.parse(newestRead.createdAt);
    const next = Date.parse(newestFirst[unread - 1]?.createdAt ?? newestRead.createdAt) - MINUTE;
    s.clock.set(Math.max(arrived, Math.min(arrived + LOOKED_AFTER, next, s.latest)));
    for (let i = 0; i < read.length; i += IDS_PER_CALL)
      await markNotificationsRead(s.a.ctx(who), {
        ids: read.slice(i, i + IDS_PER_CALL).map((n) => n.id),
      });
  }
}

/** An invited colleague as a caller: their account, their organisation's role. */
async function memberCaller(s: DemoStage, email: string, role: Caller['role']): Promise<Caller> {
  const [found] = await s.a.db.query<{ sub: string; group_id: string; name: string | null }>(
    'SELECT sub, group_id, name FROM auth_users WHERE email = $1',
    [email],
  );
  if (!found) throw new Error(`No user ${email}`);
  return { sub: found.sub, groupId: found.group_id, role, email, name: found.name ?? undefined };
}
