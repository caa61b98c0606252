import { z } from 'zod';
import { findStoredUser, grantGroup, revokeGroup } from '../auth/users.ts';
import { notFound, validationError } from '../http/errors.ts';
import { nowOf, type OperationContext } from '../operations/context.ts';
import { requireAdmin } from '../operations/context.ts';
import { parseArgs, poolCall, subSchema } from './input.ts';
import { organisationUser, type OrganisationUser } from './organisation-users.ts';
import { recordUserChange } from './user-changes.ts';

export const GRANTABLE_GROUPS = ['Investor', 'Spv', 'Broker'] as const;

const setUserGroupSchema = z.object({
  sub: subSchema,
  group: z.enum(GRANTABLE_GROUPS, { message: 'must be one of Investor, Spv, Broker' }),
  granted: z.boolean(),
});

/**
 * `setUserGroup(input)` (admin): grants or revokes the Investor, Spv or Broker group. A user holds
 * at most one role group (docs/architecture.md, “Identity of records”), so granting a second is
 * refused; revoking ends the tokens that still claim it.
 */
export async function setUserGroup(ctx: OperationContext, args: unknown): Promise<OrganisationUser> {
  requireAdmin(ctx, 'grant or revoke groups');
  const input = parseArgs(setUserGroupSchema, args);
  const user = await findStoredUser(ctx.db, { kind: 'sub', value: input.sub });
  if (!user) throw notFound(`User ${input.sub} does not exist`);
  if (input.granted) {
    const other = user.groups.find((g) => g !== input.group);
    if (other)
      throw validationError(
        `${user.email} already has the ${other} group and a user has at most one: revoke it first`,
      );
  }
  const groups = input.granted
    ? [...new Set([...user.groups, input.group])]
    : user.groups.filter((g) => g !== input.group);
  await ctx.db.transaction(async (tx) => {
    if (input.granted) await poolCall(() => grantGroup(tx, input.sub, input.group));
    else await poolCall(() => revokeGroup(tx, input.sub, input.group, { now: nowOf(ctx) }));
    await recordUserChange(tx, ctx, {
      action: 'setUserGroup',
      user,
      changes: [{ field: 'groups', old: user.groups, new: groups }],
    });
  });
  return organisationUser(ctx.db, input.sub);
}
