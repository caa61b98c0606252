import { grantRoleGroups } from '../auth/organisations.ts';
import { publishChange } from '../data/change-feed.ts';
import { validationError } from '../http/errors.ts';
import { mailOf, type OperationContext } from '../operations/context.ts';
import { applyOperation } from '../operations/lifecycle/run-operation.ts';
import { organisationApprovedEmail } from '../mail/templates/organisation-approved.ts';
import { requireAdmin } from '../operations/context.ts';
import { groupIdSchema, parseArgs } from './input.ts';
import { loadOrganisation, membershipRows } from './organisation.ts';
import { organisationView, type OrganisationView } from './organisation-view.ts';
import { recordUserChange } from './user-changes.ts';

/**
 * `approveOrganisation(groupId)` (admin): a Pending organisation (self sign-up of an investor, SPV
 * or broker) becomes Active; its members receive the role group of its type, each row's change is
 * kept in the status history, each member's new role group in the audit trail
 * (docs/architecture.md, “Audit trail”), and every member is told by e-mail.
 */
export async function approveOrganisation(ctx: OperationContext, args: unknown): Promise<OrganisationView> {
  requireAdmin(ctx, 'approve organisations');
  const mail = mailOf(ctx);
  const groupId = parseArgs(groupIdSchema, args);
  const org = await loadOrganisation(ctx.db, groupId);
  const { rows, subs } = await ctx.db.transaction(async (tx) => {
    const before = await membershipRows(tx, groupId);
    if (!before.some((r) => r.group_status === 'Pending'))
      throw validationError(
        `Organisation ${org.group_name ?? groupId} is ${before[0]?.group_status ?? 'gone'}, not pending approval`,
      );
    for (const row of before.filter((r) => r.group_status === 'Pending'))
      await applyOperation(ctx, tx, {
        name: 'approveMembership',
        id: row.id,
        reason: 'Organisation approved',
      });
    const members = await grantRoleGroups(tx, groupId);
    for (const member of members)
      if (member.after.length !== member.before.length)
        await recordUserChange(tx, ctx, {
          action: 'approveOrganisation',
          user: member,
          changes: [{ field: 'groups', old: member.before, new: member.after }],
        });
    return { rows: before, subs: members.map((m) => m.sub) };
  });
  for (const row of rows) await publishChange(ctx.db, { model: 'Usergroup', kind: 'update', id: row.id });
  const view = await organisationView(ctx.db, groupId);
  for (const user of view.users.filter((u) => subs.includes(u.sub) && !u.disabled)) {
    try {
      await mail.mailer.send({
        to: user.email,
        ...(await organisationApprovedEmail({
          name: user.name,
          organisation: org.group_name,
          publicUrl: mail.publicUrl,
        })),
      });
    } catch (error) {
      // The approval stands; the member sees it at their next sign-in.
      console.error('Sending an approval e-mail failed', error);
    }
  }
  return view;
}
