import { publishChange } from '../data/change-feed.ts';
import { unauthorized, validationError } from '../http/errors.ts';
import { requireCaller, type OperationContext } from '../operations/context.ts';
import { invitationEmail } from '../mail/templates/invitation.ts';
import { mayManageOrganisation } from './access.ts';
import type { OrganisationDeps } from './deps.ts';
import { sendInvitation } from './send-invitation.ts';
import { groupIdSchema, newUserSchema, parseArgs } from './input.ts';
import { addMember } from './members.ts';
import { loadOrganisation, roleGroupsFor } from './organisation.ts';
import { organisationUser, type OrganisationUser } from './organisation-users.ts';

const inviteUserSchema = newUserSchema.extend({ groupId: groupIdSchema });

/**
 * `inviteUser(input)`: adds a Member to an existing organisation and e-mails them an invitation.
 * Admin: any organisation; broker: its own and those of the suppliers it introduced.
 */
export async function inviteUser(
  ctx: OperationContext,
  deps: OrganisationDeps,
  args: unknown,
): Promise<OrganisationUser> {
  const caller = requireCaller(ctx);
  if (caller.role !== 'Admin' && caller.role !== 'Broker')
    throw unauthorized('Only an administrator or a broker may add users to an organisation');
  const input = parseArgs(inviteUserSchema, args);
  if (!(await mayManageOrganisation(ctx.db, caller, input.groupId)))
    throw unauthorized(
      'A broker may only add users to its own organisation and to the suppliers it introduced',
    );
  const org = await loadOrganisation(ctx.db, input.groupId);
  if (org.group_status === 'Disabled')
    throw validationError(`Organisation ${org.group_name ?? org.groupId} is disabled: enable it first`);
  const now = deps.now();
  const member = await ctx.db.transaction((tx) =>
    addMember(tx, {
      org,
      user: { email: input.email, name: input.name, phone: input.phone },
      role: 'Member',
      groups: roleGroupsFor(org),
      invitedBy: caller.sub,
      now,
    }),
  );
  await publishChange(ctx.db, { model: 'Usergroup', kind: 'create', id: member.membershipId });
  await sendInvitation(
    deps.mailer,
    {
      to: input.email,
      ...invitationEmail({
        name: input.name,
        username: input.email,
        organisation: org.group_name,
        publicUrl: deps.publicUrl,
        invitation: member.invitation,
      }),
    },
    { sub: member.sub, groupId: org.groupId },
  );
  return organisationUser(ctx.db, member.sub);
}
