import { randomUUID } from 'node:crypto';
import { ROLE_GROUPS, roleOf, type RoleGroup } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { insertRow } from '../data/rows.ts';
import type { RequestClient } from '../http/client.ts';
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
    client?: RequestClient;
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

/** A member of an approved organisation: their role groups before and after the approval. */
export interface ApprovedMember {
  readonly sub: string;
  /** Their organisation (`custom:groupid`). */
  readonly groupId: string | null;
  readonly before: readonly string[];
  readonly after: readonly string[];
}

/**
 * Once an admin approved an organisation (its memberships moved to Active by the approveMembership
 * operation), each active member receives the role group of its type (Investor, Spv, Broker,
 * Admin; none for a supplier). Answers each member with their role groups before and after.
 */
export async function grantRoleGroups(db: Queryable, groupId: string): Promise<ApprovedMember[]> {
  const rows = await db.query<{
    sub: string | null;
    group_type: string | null;
    group_id: string | null;
    groups: string[] | null;
  }>(
    `SELECT ug.sub, ug.group_type, u.group_id, u.groups
       FROM usergroup ug LEFT JOIN auth_users u ON u.sub::text = ug.sub
      WHERE ug."groupId" = $1 AND NOT ug."_deleted" AND ug.group_status = 'Active'`,
    [groupId],
  );
  const members: ApprovedMember[] = [];
  for (const row of rows) {
    if (!row.sub || members.some((m) => m.sub === row.sub)) continue;
    const before = row.groups ?? [];
    const granted = isRoleGroup(row.group_type) ? row.group_type : null;
    if (granted) await grantGroup(db, row.sub, granted);
    const after = granted && !before.includes(granted) ? [...before, granted] : before;
    members.push({ sub: row.sub, groupId: row.group_id, before, after });
  }
  return members;
}
