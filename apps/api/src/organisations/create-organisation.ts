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
import { brokerRecordOf } from './access.ts';
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
 * A broker's introduction of a supplier: the organisation's Supplier record (Draft, named after the
 * organisation, `brokerId` the introducing Broker), inserted as `createSupplier` would.
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
 * Who brought a new organisation to the platform, beyond the caller: the broker organisation owning
 * the lead an administrator invites (crm/invite-lead.ts). Not part of the operation's input: only
 * the server names it.
 */
export interface CreateOrganisationOptions {
  readonly introducer?: string | null;
}

/**
 * The Broker record a new supplier organisation comes out introduced by, one rule whoever invites
 * it (docs/business-rules.md, “CRM leads”): a broker's own, as it may create supplier
 * organisations only; for an administrator, the broker organisation that brought the supplier (the
 * owner of the lead invited), none otherwise. The introducing broker needs its Broker record.
 */
async function introducingBroker(
  db: Queryable,
  caller: Caller,
  type: (typeof ORGANISATION_TYPES)[number],
  introducer: string | null,
): Promise<string | null> {
  if (caller.role === 'Broker') {
    if (type !== 'Supplier') throw unauthorized('A broker may only create supplier organisations');
    if (introducer && introducer !== caller.groupId)
      throw unauthorized('A broker introduces the suppliers it invites itself, never for another broker');
    const own = caller.groupId ? await brokerRecordOf(db, caller.groupId) : null;
    if (!own)
      throw validationError(
        'Your organisation has no Broker record yet: complete your company profile first',
      );
    return own;
  }
  if (!introducer) return null;
  if (type !== 'Supplier') throw validationError('Only a supplier organisation is introduced by a broker');
  const record = await brokerRecordOf(db, introducer);
  if (!record)
    throw validationError(
      'The broker this supplier came through has no Broker record yet: ask it to complete its company profile, or take the lead back from it first',
    );
  return record;
}

/**
 * `createOrganisation(input)`: a new organisation (Active) with its first user as Owner, invited by
 * e-mail to choose a password. Admin: any type; broker: supplier organisations only. A supplier
 * organisation a broker brought comes out introduced by it (`introducingBroker`).
 */
export async function createOrganisation(
  ctx: OperationContext,
  args: unknown,
  options: CreateOrganisationOptions = {},
): Promise<OrganisationView> {
  const caller = requireCaller(ctx);
  const mail = mailOf(ctx);
  if (caller.role !== 'Admin' && caller.role !== 'Broker')
    throw unauthorized('Only an administrator or a broker may create organisations');
  const input = parseArgs(createOrganisationSchema, args);
  const brokerId = await introducingBroker(ctx.db, caller, input.group_type, options.introducer ?? null);
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
