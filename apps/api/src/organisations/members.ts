import type { RoleGroup } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { insertRow, type Write } from '../data/rows.ts';
import { insertUser } from '../auth/users.ts';
import type { NewUser } from './input.ts';
import { poolCall } from './input.ts';
import { issueInvitation, type Invitation } from '../auth/invitations.ts';
import type { OrganisationFields } from './organisation.ts';

export interface AddedMember {
  readonly sub: string;
  readonly membershipId: string;
  readonly invitation: Invitation;
}

/**
 * Adds a user to an organisation inside the caller's transaction: the user in the pool without a
 * password (e-mail confirmed, `custom:groupid`, role groups), their Usergroup row and an invitation.
 */
export async function addMember(
  tx: Queryable,
  input: {
    org: OrganisationFields;
    user: NewUser;
    role: 'Owner' | 'Member';
    groups: readonly RoleGroup[];
    invitedBy: string;
    /** Who adds the member, when: the audit trail names them (docs/architecture.md, “Audit trail”). */
    write: Write;
  },
): Promise<AddedMember> {
  const { org, user, write } = input;
  const now = write.at;
  const { sub } = await poolCall(() =>
    insertUser(tx, {
      email: user.email,
      passwordHash: null,
      name: user.name,
      phone: user.phone ?? null,
      groups: input.groups,
      groupId: org.groupId,
      confirmed: true,
      now,
    }),
  );
  const membershipId = await insertRow(
    tx,
    'Usergroup',
    {
      groupId: org.groupId,
      sortkey: org.groupId,
      group_type: org.group_type,
      group_name: org.group_name,
      group_status: org.group_status,
      user_role: input.role,
      sub,
      user_name: user.name,
      user_email: user.email,
      group_contact_name: org.group_contact_name,
      group_contact_email: org.group_contact_email,
      group_contact_phone: org.group_contact_phone,
      supplierId: org.supplierId,
      investorId: org.investorId,
      spvId: org.spvId,
      brokerId: org.brokerId,
    },
    { ...write, owner: org.groupId },
  );
  const invitation = await issueInvitation(tx, { sub, invitedBy: input.invitedBy, now });
  return { sub, membershipId, invitation };
}
