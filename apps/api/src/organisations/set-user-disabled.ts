import { z } from 'zod';
import { setUserDisabled as setPoolUserDisabled } from '../auth/users.ts';
import { validationError } from '../http/errors.ts';
import { nowOf, type OperationContext } from '../operations/context.ts';
import { requireAdmin } from '../operations/context.ts';
import { parseArgs, poolCall, subSchema } from './input.ts';
import { organisationUser, type OrganisationUser } from './organisation-users.ts';
import { recordUserChange } from './user-changes.ts';

const setUserDisabledSchema = z.object({ sub: subSchema, disabled: z.boolean() });

/**
 * `setUserDisabled(input)` (admin): disables a user, which ends every session and rejects every
 * token already issued, or enables them again.
 */
export async function setUserDisabled(ctx: OperationContext, args: unknown): Promise<OrganisationUser> {
  const caller = requireAdmin(ctx, 'disable or enable users');
  const input = parseArgs(setUserDisabledSchema, args);
  if (input.disabled && input.sub === caller.sub)
    throw validationError('You cannot disable your own account');
  const user = await organisationUser(ctx.db, input.sub);
  await ctx.db.transaction(async (tx) => {
    await poolCall(() => setPoolUserDisabled(tx, input.sub, input.disabled, { now: nowOf(ctx) }));
    await recordUserChange(tx, ctx, {
      action: 'setUserDisabled',
      user,
      changes: [{ field: 'disabled', old: user.disabled, new: input.disabled }],
    });
  });
  return organisationUser(ctx.db, input.sub);
}
