import { ROLE_GROUPS, type RoleGroup } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { notFound } from '../http/errors.ts';

export const ORGANISATION_TYPES = ['Supplier', 'Investor', 'Spv', 'Broker'] as const;
export type OrganisationType = (typeof ORGANISATION_TYPES)[number];
export type GroupType = OrganisationType | 'Admin';

/** The group fields every Usergroup row of an organisation repeats (docs/architecture.md, “Identity of records”). */
export interface OrganisationFields {
  readonly groupId: string;
  readonly group_type: GroupType;
  readonly group_name: string | null;
  readonly group_status: string | null;
  readonly group_contact_name: string | null;
  readonly group_contact_email: string | null;
  readonly group_contact_phone: string | null;
  readonly supplierId: string | null;
  readonly investorId: string | null;
  readonly spvId: string | null;
  readonly brokerId: string | null;
}

export interface MembershipRow extends OrganisationFields {
  readonly id: string;
  readonly sub: string | null;
  readonly user_role: string | null;
}

/** The organisation's Usergroup rows, oldest (normally the Owner's) first; empty when it does not exist. */
export async function membershipRows(db: Queryable, groupId: string): Promise<MembershipRow[]> {
  return db.query<MembershipRow & Record<string, unknown>>(
    `SELECT id, "groupId", sub, user_role, group_type, group_name, group_status, group_contact_name,
            group_contact_email, group_contact_phone, "supplierId", "investorId", "spvId", "brokerId"
       FROM usergroup WHERE "groupId" = $1 AND NOT "_deleted" ORDER BY "createdAt", id`,
    [groupId],
  );
}

/** The organisation's group fields (from its first row), or NotFound. */
export async function loadOrganisation(db: Queryable, groupId: string): Promise<OrganisationFields> {
  const [first] = await membershipRows(db, groupId);
  if (!first) throw notFound(`Organisation ${groupId} does not exist`);
  return first;
}

const isRoleGroup = (g: string): g is RoleGroup => (ROLE_GROUPS as readonly string[]).includes(g);

/**
 * The role group a member of the organisation gets: that of its type (none for a supplier), and
 * only once the organisation is Active (approval grants it to pending organisations' members).
 */
export function roleGroupsFor(org: Pick<OrganisationFields, 'group_type' | 'group_status'>): RoleGroup[] {
  return org.group_status === 'Active' && isRoleGroup(org.group_type) ? [org.group_type] : [];
}
