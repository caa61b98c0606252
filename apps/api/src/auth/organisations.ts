import { randomUUID } from 'node:crypto';
import { ROLE_GROUPS, type RoleGroup } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { grantGroup } from './users.ts';
import type { SignUpGroupType } from './schemas.ts';

/**
 * The organisation a self sign-up creates: one Usergroup row with the user as Owner. A supplier's is
 * Active at once; an investor's, SPV's or broker's waits (Pending) for an admin to approve it.
 */
export async function createOrganisation(
  db: Queryable,
  input: {
    groupType: SignUpGroupType;
    groupName: string;
    sub: string;
    name: string;
    email: string;
    phone: string | null;
    now: Date;
  },
): Promise<{ groupId: string }> {
  const groupId = randomUUID();
  const at = input.now.toISOString();
  await db.query(
    `INSERT INTO usergroup (id, "groupId", "userId", "identityId", sortkey, group_type, group_name, group_status,
        user_role, sub, user_name, user_email, group_contact_name, group_contact_email, group_contact_phone,
        "createdAt", "updatedAt", "_version", "_deleted", "_lastChangedAt")
     VALUES ($1, $2, $2, $2, $2, $3, $4, $5, 'Owner', $6, $7, $8, $7, $8, $9, $10, $10, 1, false, $11)`,
    [
      randomUUID(),
      groupId,
      input.groupType,
      input.groupName,
      input.groupType === 'Supplier' ? 'Active' : 'Pending',
      input.sub,
      input.name,
      input.email,
      input.phone,
      at,
      input.now.getTime(),
    ],
  );
  return { groupId };
}

const isRoleGroup = (g: string | null): g is RoleGroup =>
  (ROLE_GROUPS as readonly (string | null)[]).includes(g);

/**
 * Once an admin approved an organisation (its memberships moved to Active by the approveMembership
 * operation), each active member receives the role group of its type (Investor, Spv, Broker,
 * Admin; none for a supplier). Returns the members' subs.
 */
export async function grantRoleGroups(db: Queryable, groupId: string): Promise<string[]> {
  const rows = await db.query<{ sub: string | null; group_type: string | null }>(
    `SELECT sub, group_type FROM usergroup WHERE "groupId" = $1 AND NOT "_deleted" AND group_status = 'Active'`,
    [groupId],
  );
  const subs: string[] = [];
  for (const row of rows) {
    if (!row.sub) continue;
    if (isRoleGroup(row.group_type)) await grantGroup(db, row.sub, row.group_type);
    subs.push(row.sub);
  }
  return subs;
}
