import { randomUUID } from 'node:crypto';
import { ROLE_GROUPS, roleOf, type RoleGroup } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { insertRow } from '../data/rows.ts';
import type { ClientInfo } from './auth-deps.ts';
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
    client?: ClientInfo;
  },
): Promise<{ groupId: string }> {
  const groupId = randomUUID();
  await insertRow(
    db,
    'Usergroup',
    {
      groupId,
      sortkey: groupId,
      group_type: input.groupType,
      group_name: input.groupName,
      group_status: input.groupType === 'Supplier' ? 'Active' : 'Pending',
      user_role: 'Owner',
      sub: input.sub,
      user_name: input.name,
      user_email: input.email,
      group_contact_name: input.name,
      group_contact_email: input.email,
      group_contact_phone: input.phone,
    },
    {
      owner: groupId,
      at: input.now,
      action: 'signUp',
      // The new user makes it, with no role group yet (docs/architecture.md, “Audit trail”).
      by: {
        sub: input.sub,
        name: input.name,
        groupId,
        role: roleOf([]),
        address: input.client?.address ?? null,
        userAgent: input.client?.userAgent ?? null,
      },
    },
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
