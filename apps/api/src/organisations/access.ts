import type { Caller } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { unauthorized } from '../http/errors.ts';

/** The id of a broker organisation's Broker record (its oldest), or null when it has none yet. */
export async function brokerRecordOf(db: Queryable, groupId: string): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `SELECT id FROM broker WHERE "userId" = $1 AND NOT "_deleted" ORDER BY "createdAt", id LIMIT 1`,
    [groupId],
  );
  return row?.id ?? null;
}

/** True when the organisation owns a supplier introduced by the calling broker (Supplier.brokerId). */
async function introducedBy(db: Queryable, caller: Caller, groupId: string): Promise<boolean> {
  if (caller.role !== 'Broker' || !caller.groupId) return false;
  const rows = await db.query(
    `SELECT 1 FROM supplier s
      WHERE s."userId" = $2 AND NOT s."_deleted"
        AND s."brokerId" IN (SELECT b.id FROM broker b WHERE b."userId" = $1 AND NOT b."_deleted")
      LIMIT 1`,
    [caller.groupId, groupId],
  );
  return rows.length > 0;
}

/** Whether the caller may add users to an organisation (and resend their invitations), and why not. */
export type InvitePermission =
  | { readonly mayInvite: true; readonly reason: null }
  | { readonly mayInvite: false; readonly reason: string };

const allowed: InvitePermission = { mayInvite: true, reason: null };
const refused = (reason: string): InvitePermission => ({ mayInvite: false, reason });

/** True when the caller holds the Owner membership of the organisation (its first user). */
async function isOwnerOf(db: Queryable, caller: Caller, groupId: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM usergroup
      WHERE "groupId" = $1 AND sub = $2 AND user_role = 'Owner' AND NOT "_deleted" LIMIT 1`,
    [groupId, caller.sub],
  );
  return rows.length > 0;
}

/** True once any user of the organisation has chosen a password (accepted their invitation). */
async function someoneJoined(db: Queryable, groupId: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM auth_users u
      WHERE u.password_hash IS NOT NULL
        AND (u.group_id = $1
             OR u.sub::text IN (SELECT ug.sub FROM usergroup ug WHERE ug."groupId" = $1 AND NOT ug."_deleted"))
      LIMIT 1`,
    [groupId],
  );
  return rows.length > 0;
}

/** The organisation's name and status as its first Usergroup row has them, or null. */
async function organisationState(
  db: Queryable,
  groupId: string,
): Promise<{ name: string; type: string | null; status: string | null } | null> {
  const [row] = await db.query<{
    group_name: string | null;
    group_type: string | null;
    group_status: string | null;
  }>(
    `SELECT group_name, group_type, group_status FROM usergroup WHERE "groupId" = $1 AND NOT "_deleted"
      ORDER BY "createdAt", id LIMIT 1`,
    [groupId],
  );
  return row
    ? { name: row.group_name ?? 'The organisation', type: row.group_type, status: row.group_status }
    : null;
}

/** Non-admins add users only to an Active organisation (a Pending one waits for approval). */
async function whileActive(db: Queryable, groupId: string): Promise<InvitePermission> {
  const org = await organisationState(db, groupId);
  if (!org) return refused('This organisation does not exist or has no users');
  if (org.status === 'Pending')
    return refused(
      `${org.name} is waiting for an administrator's approval: invite colleagues once it is approved`,
    );
  if (org.status === 'Disabled')
    return refused(`${org.name} is disabled: only an administrator may add users to it`);
  return allowed;
}

/**
 * Who may add users to an organisation and resend their invitations
 * (docs/business-rules.md, “Party records and inviting users”): an administrator, any organisation;
 * a broker, its own organisation and a supplier organisation it created (introduced,
 * `Supplier.brokerId`) as long as nobody of that organisation has joined yet (chosen a password);
 * an organisation's Owner, its own organisation. Everyone else is refused with the reason. The
 * invited user's role follows the organisation, never the inviter (`roleGroupsFor`), so a broker's
 * invitee into a supplier is a supplier Member.
 */
export async function invitePermission(
  db: Queryable,
  caller: Caller,
  groupId: string,
): Promise<InvitePermission> {
  if (caller.role === 'Admin') return allowed;
  if (caller.groupId !== null && groupId === caller.groupId) {
    if (caller.role === 'Broker' || (await isOwnerOf(db, caller, groupId))) return whileActive(db, groupId);
    return refused("Only your organisation's Owner may invite colleagues into it");
  }
  if (caller.role !== 'Broker') return refused('You may only invite colleagues into your own organisation');
  const org = await organisationState(db, groupId);
  if (org?.type !== 'Supplier' || !(await introducedBy(db, caller, groupId)))
    return refused(
      'A broker may only add users to its own organisation and to a supplier organisation it created',
    );
  if (await someoneJoined(db, groupId))
    return refused(
      `${org.name} already has a user who joined: from now on its Owner invites colleagues, not the broker`,
    );
  return whileActive(db, groupId);
}

/** The caller may add users to the organisation; Unauthorized, saying why, otherwise. */
export async function requireMayInvite(db: Queryable, caller: Caller, groupId: string): Promise<void> {
  const permission = await invitePermission(db, caller, groupId);
  if (!permission.mayInvite) throw unauthorized(permission.reason);
}

/** Who may list an organisation's users: admin; its own members; a broker for introduced suppliers. */
export async function mayViewOrganisation(db: Queryable, caller: Caller, groupId: string): Promise<boolean> {
  if (caller.role === 'Admin' || (caller.groupId !== null && groupId === caller.groupId)) return true;
  return introducedBy(db, caller, groupId);
}
