import { isUuid, ROLE_GROUPS } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { notFound } from '../http/errors.ts';

/** A user as the organisation screens see them: never a password hash or an invitation token. */
export interface OrganisationUser {
  readonly sub: string;
  readonly email: string;
  readonly name: string;
  readonly phone: string | null;
  readonly groupId: string | null;
  /** Role groups (`cognito:groups`): Admin, Investor, Spv, Broker; none for a supplier user. */
  readonly groups: string[];
  readonly user_role: string | null;
  readonly confirmed: boolean;
  readonly disabled: boolean;
  /** No password chosen yet: the invitation is still open (or expired and may be resent). */
  readonly invitationPending: boolean;
  readonly invitationExpiresAt: string | null;
  readonly createdAt: string;
}

type UserRow = {
  sub: string;
  email: string;
  name: string;
  phone_number: string | null;
  group_id: string | null;
  groups: string[];
  user_role: string | null;
  confirmed: boolean;
  disabled: boolean;
  pending: boolean;
  expires_at: string | null;
  created_at: string;
};

// `group` names the organisation whose membership row gives the user_role.
const select = (
  group: string,
): string => `SELECT u.sub::text AS sub, u.email, u.name, u.phone_number, u.group_id, u.groups, u.confirmed, u.disabled,
       u.password_hash IS NULL AS pending, i.expires_at, u.created_at,
       (SELECT ug.user_role FROM usergroup ug WHERE ug.sub = u.sub::text AND ug."groupId" = ${group} AND NOT ug."_deleted"
         ORDER BY ug."createdAt" LIMIT 1) AS user_role
  FROM auth_users u LEFT JOIN auth_invitations i ON i.sub = u.sub`;

const toUser = (r: UserRow): OrganisationUser => ({
  sub: r.sub,
  email: r.email,
  name: r.name,
  phone: r.phone_number,
  groupId: r.group_id,
  groups: r.groups.filter((g) => (ROLE_GROUPS as readonly string[]).includes(g)),
  user_role: r.user_role,
  confirmed: r.confirmed,
  disabled: r.disabled,
  invitationPending: r.pending,
  invitationExpiresAt: r.pending ? r.expires_at : null,
  createdAt: r.created_at,
});

/** The organisation's users: its members by Usergroup row or by `custom:groupid`, oldest first. */
export async function usersOfOrganisation(db: Queryable, groupId: string): Promise<OrganisationUser[]> {
  const rows = await db.query<UserRow>(
    `${select('$1')}
      WHERE u.group_id = $1
         OR u.sub::text IN (SELECT ug.sub FROM usergroup ug WHERE ug."groupId" = $1 AND NOT ug."_deleted")
      ORDER BY u.created_at, u.sub`,
    [groupId],
  );
  return rows.map(toUser);
}

/** One user, with the role of their own organisation; NotFound when there is none. */
export async function organisationUser(db: Queryable, sub: string): Promise<OrganisationUser> {
  const rows = isUuid(sub) ? await db.query<UserRow>(`${select('u.group_id')} WHERE u.sub = $1`, [sub]) : [];
  const [row] = rows;
  if (!row) throw notFound(`User ${sub} does not exist`);
  return toUser(row);
}
