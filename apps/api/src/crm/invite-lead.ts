import { nowOf } from '../operations/context.ts';
import { createOrganisation } from '../organisations/create-organisation.ts';
import { queueCrmPush } from './crm-outbox.ts';
import { INVITABLE_STAGES } from '@rf/domain';
import { LeadInputError } from './lead-input.ts';
import { actorOfLeadCaller, loadLead, recordLeadEvent, requireLeadWorker } from './lead-store.ts';
import { getLead, type CrmContext, type LeadDetail } from './lead-operations.ts';

/**
 * `POST /crm/leads/:id/invite` (docs/business-rules.md, “CRM leads”): the lead is invited as a
 * supplier organisation through `createOrganisation`, exactly as an administrator or a broker
 * invites one (its contact the first user, Owner, invited by e-mail), and moves to Invited with the
 * organisation kept on it. A lead a broker owns makes the supplier introduced by that broker,
 * whether the broker or an administrator invites it, so the broker sees the supplier and earns its
 * commission; a platform lead's supplier has no broker.
 * The lead is claimed first, so two invitations of one lead cannot both create an organisation;
 * when the organisation cannot be made, the lead goes back to its stage and the refusal is answered.
 */
export async function inviteLead(ctx: CrmContext, id: string): Promise<LeadDetail> {
  const caller = requireLeadWorker(ctx.caller);
  const lead = await loadLead(ctx.db, caller, id);
  if (!INVITABLE_STAGES.includes(lead.stage))
    throw new LeadInputError({
      stage: `A lead can be invited only while it is ${INVITABLE_STAGES.join(' or ')}; this one is ${lead.stage}`,
    });
  const claimed = await ctx.db.query(
    `UPDATE lead SET stage = 'Invited', updated_at = $3
      WHERE id = $1 AND stage = $2 AND group_id IS NULL AND broker_group_id IS NOT DISTINCT FROM $4 RETURNING id`,
    [lead.id, lead.stage, nowOf(ctx).toISOString(), lead.broker_group_id],
  );
  if (!claimed.length)
    throw new LeadInputError({ stage: 'The lead changed meanwhile: read it again before inviting it' });
  let organisation;
  try {
    organisation = await createOrganisation(
      ctx,
      {
        group_type: 'Supplier',
        group_name: lead.company,
        group_contact_name: lead.contact_name,
        group_contact_email: lead.email,
        group_contact_phone: lead.phone,
        user: { email: lead.email, name: lead.contact_name, phone: lead.phone },
      },
      { introducer: lead.broker_group_id },
    );
  } catch (error) {
    await ctx.db.query(
      `UPDATE lead SET stage = $2, updated_at = $3 WHERE id = $1 AND stage = 'Invited' AND group_id IS NULL`,
      [lead.id, lead.stage, nowOf(ctx).toISOString()],
    );
    throw error;
  }
  const at = nowOf(ctx);
  await ctx.db.transaction(async (tx) => {
    await tx.query('UPDATE lead SET group_id = $2, supplier_id = $3, updated_at = $4 WHERE id = $1', [
      lead.id,
      organisation.groupId,
      organisation.supplierId,
      at.toISOString(),
    ]);
    await recordLeadEvent(tx, {
      leadId: lead.id,
      kind: 'invited',
      from: lead.stage,
      to: 'Invited',
      note: `Invited as the supplier organisation ${organisation.group_name ?? lead.company}${
        lead.broker_group_id ? `, introduced by the broker ${lead.broker_name ?? lead.broker_group_id}` : ''
      }; invitation e-mailed to ${lead.email}`,
      actor: actorOfLeadCaller(caller),
      at,
    });
    if (ctx.pushToCrm) await queueCrmPush(tx, 'lead', lead.id, at);
  });
  return getLead(ctx, id);
}
