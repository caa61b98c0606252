import { findStoredUser } from '../auth/users.ts';
import { notFound, unauthorized, validationError } from '../http/errors.ts';
import { mailOf, nowOf, requireCaller, type OperationContext } from '../operations/context.ts';
import { invitePermission } from './access.ts';
import { sendInvitation } from './send-invitation.ts';
import { parseArgs, subSchema } from './input.ts';
import { issueInvitation } from '../auth/invitations.ts';
import { invitationEmail } from '../mail/templates/invitation.ts';
import { membershipRows } from './organisation.ts';
import { organisationUser, type OrganisationUser } from './organisation-users.ts';

/**
 * `resendInvitation(sub)`: a new invitation link for a user who has not chosen a password yet; the
 * previous link stops working. Whoever may invite into the user's organisation (`invitePermission`)
 * may resend: admin, any user; otherwise the reason for refusing an invitation applies here too.
 */
export async function resendInvitation(ctx: OperationContext, args: unknown): Promise<OrganisationUser> {
  const caller = requireCaller(ctx);
  const mail = mailOf(ctx);
  const sub = parseArgs(subSchema, args);
  const user = await findStoredUser(ctx.db, { kind: 'sub', value: sub });
  if (caller.role !== 'Admin') {
    // Nothing is said about a user the caller may not manage, not even whether they exist.
    if (!user?.groupId)
      throw unauthorized('You may only resend invitations to users of an organisation you may invite into');
    const permission = await invitePermission(ctx.db, caller, user.groupId);
    if (!permission.mayInvite) throw unauthorized(permission.reason);
  }
  if (!user) throw notFound(`User ${sub} does not exist`);
  if (user.passwordHash)
    throw validationError(`${user.email} has already chosen a password: there is no invitation to resend`);
  if (user.disabled) throw validationError(`${user.email} is disabled: enable the user first`);
  const invitation = await issueInvitation(ctx.db, { sub, invitedBy: caller.sub, now: nowOf(ctx) });
  const [org] = user.groupId ? await membershipRows(ctx.db, user.groupId) : [];
  await sendInvitation(
    mail.mailer,
    {
      to: user.email,
      ...(await invitationEmail({
        name: user.name,
        username: user.email,
        organisation: org?.group_name ?? null,
        publicUrl: mail.publicUrl,
        invitation,
      })),
    },
    { sub, groupId: user.groupId },
  );
  return organisationUser(ctx.db, sub);
}
