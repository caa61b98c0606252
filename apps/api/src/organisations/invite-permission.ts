import { requireCaller, type OperationContext } from '../operations/context.ts';
import { invitePermission, type InvitePermission } from './access.ts';
import { groupIdSchema, parseArgs } from './input.ts';

/**
 * `invitePermission(groupId)`: whether the caller may invite users into the organisation and resend
 * their invitations, and if not, why. Screens show or explain their invite action from it; the
 * mutations decide with the same function, so a screen never offers what the server refuses.
 */
export async function readInvitePermission(ctx: OperationContext, args: unknown): Promise<InvitePermission> {
  const caller = requireCaller(ctx);
  const groupId = parseArgs(groupIdSchema, args);
  return invitePermission(ctx.db, caller, groupId);
}
