import { publishChange } from '../data/change-feed.ts';
import { validationError } from '../http/errors.ts';
import { mailOf, requireCaller, writeOf, type OperationContext } from '../operations/context.ts';
import { invitationEmail } from '../mail/templates/invitation.ts';
import { requireMayInvite } from './access.ts';
import { sendInvitation } from './send-invitation.ts';
import { groupIdSchema, newUserSchema, parseArgs } from './input.ts';
import { addMember } from './members.ts';
import { loadOrganisation, roleGroupsFor } from './organisation.ts';
import { organisationUser, type OrganisationUser } from './organisation-users.ts';

const inviteUserSchema = newUserSchema.extend({ groupId: groupIdSchema });

/**
 * `inviteUser(input)`: adds a Member to an existing organisation and e-mails them an invitation.
 * Who may is `invitePermission` (admin: any; broker: its own, and a supplier it created until its
 * first user joined; an Owner: its own). The invitee is always a Member with the role group of the
 * organisation's type (none for a supplier), whoever invites: never the inviter's group.
 */
export async function inviteUser(ctx: OperationContext, args: unknown): Promise<OrganisationUser> {
  const caller = requireCaller(ctx);
  const mail = mailOf(ctx);
  const input = parseArgs(inviteUserSchema, args);
  await requireMayInvite(ctx.db, caller, input.groupId);
  const org = await loadOrganisation(ctx.db, input.groupId);
  if (org.group_status === 'Disabled')
    throw validationError(`Organisation ${org.group_name ?? org.groupId} is disabled: enable it first`);
  const write = writeOf(ctx, 'inviteUser');
  const member = await ctx.db.transaction((tx) =>
    addMember(tx, {
      org,
      user: { email: input.email, name: input.name, phone: input.phone },
      role: 'Member',
      groups: roleGroupsFor(org),
      invitedBy: caller.sub,
      write,
    }),
  );
  await publishChange(ctx.db, { model: 'Usergroup', kind: 'create', id: member.membershipId });
  await sendInvitation(
    mail.mailer,
    {
      to: input.email,
      ...(await invitationEmail({
        name: input.name,
        username: input.email,
        organisation: org.group_name,
        publicUrl: mail.publicUrl,
        invitation: member.invitation,
      })),
    },
    { sub: member.sub, groupId: org.groupId },
  );
  return organisationUser(ctx.db, member.sub);
}
