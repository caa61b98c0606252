import { randomUUID } from 'node:crypto';
import type { RoleGroup } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
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
    now: Date;
  },
): Promise<AddedMember> {
  const { org, user, now } = input;
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
  const membershipId = randomUUID();
  const at = now.toISOString();
  await tx.query(
    `INSERT INTO usergroup (id, "groupId", "userId", "identityId", sortkey, group_type, group_name, group_status,
        user_role, sub, user_name, user_email, group_contact_name, group_contact_email, group_contact_phone,
        "supplierId", "investorId", "spvId", "brokerId", "createdAt", "updatedAt", "_version", "_deleted", "_lastChangedAt")
     VALUES ($1, $2, $2, $2, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17, 1, false, $18)`,
    [
      membershipId,
      org.groupId,
      org.group_type,
      org.group_name,
      org.group_status,
      input.role,
      sub,
      user.name,
      user.email,
      org.group_contact_name,
      org.group_contact_email,
      org.group_contact_phone,
      org.supplierId,
      org.investorId,
      org.spvId,
      org.brokerId,
      at,
      now.getTime(),
    ],
  );
  const invitation = await issueInvitation(tx, { sub, invitedBy: input.invitedBy, now });
  return { sub, membershipId, invitation };
}
