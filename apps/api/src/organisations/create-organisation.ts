import { randomUUID } from 'node:crypto';
import { INITIAL_VALUES, entityOf, type Caller } from '@rf/domain';
import { z } from 'zod';
import type { Queryable } from '../db/database.ts';
import { insertRow, type Write } from '../data/rows.ts';
import { publishChange } from '../data/change-feed.ts';
import { unauthorized, validationError } from '../http/errors.ts';
import { mailOf, requireCaller, writeOf, type OperationContext } from '../operations/context.ts';
import { checkInput } from '../operations/write-checks.ts';
import { invitationEmail } from '../mail/templates/invitation.ts';
import { brokerIdOf } from './access.ts';
import { sendInvitation } from './send-invitation.ts';
import { contactSchema, nameSchema, newUserSchema, parseArgs } from './input.ts';
import { addMember } from './members.ts';
import { ORGANISATION_TYPES, roleGroupsFor, type OrganisationFields } from './organisation.ts';
import { organisationView, type OrganisationView } from './organisation-view.ts';

const createOrganisationSchema = contactSchema.extend({
  group_type: z.enum(ORGANISATION_TYPES, { message: 'must be one of Supplier, Investor, Spv, Broker' }),
  group_name: nameSchema,
  user: newUserSchema,
});

/**
 * The broker's introduction of a supplier it invited: the organisation's Supplier record (Draft,
 * named after the organisation, `brokerId` the caller's Broker), inserted as `createSupplier` would.
 */
async function insertIntroducedSupplier(
  tx: Queryable,
  caller: Caller,
  input: { groupId: string; name: string; brokerId: string; write: Write },
): Promise<string> {
  const entity = entityOf('Supplier');
  const values = {
    ...INITIAL_VALUES.Supplier,
    ...checkInput(caller, entity, { supplier_name: input.name, brokerId: input.brokerId }, 'create'),
  };
  return insertRow(tx, 'Supplier', values, { ...input.write, owner: input.groupId });
}

/**
 * `createOrganisation(input)`: a new organisation (Active) with its first user as Owner, invited by
 * e-mail to choose a password. Admin: any type; broker: supplier organisations only, which come out
 * introduced by the broker.
 */
export async function createOrganisation(ctx: OperationContext, args: unknown): Promise<OrganisationView> {
  const caller = requireCaller(ctx);
  const mail = mailOf(ctx);
  if (caller.role !== 'Admin' && caller.role !== 'Broker')
    throw unauthorized('Only an administrator or a broker may create organisations');
  const input = parseArgs(createOrganisationSchema, args);
  let brokerId: string | null = null;
  if (caller.role === 'Broker') {
    if (input.group_type !== 'Supplier')
      throw unauthorized('A broker may only create supplier organisations');
    brokerId = await brokerIdOf(ctx.db, caller);
    if (!brokerId)
      throw validationError(
        'Your organisation has no Broker record yet: complete your company profile first',
      );
  }
  const write = writeOf(ctx, 'createOrganisation');
  const groupId = randomUUID();
  const created = await ctx.db.transaction(async (tx) => {
    const supplierId = brokerId
      ? await insertIntroducedSupplier(tx, caller, { groupId, name: input.group_name, brokerId, write })
      : null;
    const org: OrganisationFields = {
      groupId,
      group_type: input.group_type,
      group_name: input.group_name,
      group_status: 'Active',
      group_contact_name: input.group_contact_name ?? input.user.name,
      group_contact_email: input.group_contact_email ?? input.user.email,
      group_contact_phone: input.group_contact_phone ?? input.user.phone ?? null,
      supplierId,
      investorId: null,
      spvId: null,
      brokerId: null,
    };
    const member = await addMember(tx, {
      org,
      user: input.user,
      role: 'Owner',
      groups: roleGroupsFor(org),
      invitedBy: caller.sub,
      write,
    });
    return { supplierId, member };
  });
  await publishChange(ctx.db, { model: 'Usergroup', kind: 'create', id: created.member.membershipId });
  if (created.supplierId)
    await publishChange(ctx.db, { model: 'Supplier', kind: 'create', id: created.supplierId });
  await sendInvitation(
    mail.mailer,
    {
      to: input.user.email,
      ...(await invitationEmail({
        name: input.user.name,
        username: input.user.email,
        organisation: input.group_name,
        publicUrl: mail.publicUrl,
        invitation: created.member.invitation,
      })),
    },
    { sub: created.member.sub, groupId },
  );
  return organisationView(ctx.db, groupId);
}
