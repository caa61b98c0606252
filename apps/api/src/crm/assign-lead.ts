import { z } from 'zod';
import { unauthorized } from '../http/errors.ts';
import { nowOf } from '../operations/context.ts';
import { LeadInputError, parseInput } from './lead-input.ts';
import { getLead, type CrmContext, type LeadDetail } from './lead-operations.ts';
import { actorOfLeadCaller, loadLead, recordLeadEvent, requireLeadWorker } from './lead-store.ts';

/** An active broker organisation a lead can be given to. */
export interface LeadBroker {
  readonly groupId: string;
  readonly name: string;
}

/** The active broker organisations, by name (`GET /crm/brokers`, administrators only). */
export async function leadBrokers(ctx: CrmContext, groupId?: string): Promise<LeadBroker[]> {
  const rows = await ctx.db.query<{ groupId: string; name: string | null }>(
    `SELECT DISTINCT ON ("groupId") "groupId", group_name AS name FROM usergroup
      WHERE group_type = 'Broker' AND group_status = 'Active' AND NOT "_deleted"
        ${groupId ? 'AND "groupId" = $1' : ''}
      ORDER BY "groupId", "createdAt"`,
    groupId ? [groupId] : [],
  );
  return rows
    .map((r) => ({ groupId: r.groupId, name: r.name ?? r.groupId }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export async function listLeadBrokers(ctx: CrmContext): Promise<LeadBroker[]> {
  const caller = requireLeadWorker(ctx.caller);
  if (caller.role !== 'Admin') throw unauthorized('Only an administrator may assign leads to brokers');
  return leadBrokers(ctx);
}

const assignSchema = z.object({
  brokerGroupId: z.union([z.string().trim().min(1), z.null()], {
    message: 'Broker must be a broker organisation’s id, or null for none',
  }),
});

/**
 * `PATCH /crm/leads/:id/broker` (administrators): gives the lead to an active broker organisation,
 * which then sees and works it, or takes it back (null); kept in the lead's history.
 */
export async function assignLead(ctx: CrmContext, id: string, body: unknown): Promise<LeadDetail> {
  const caller = requireLeadWorker(ctx.caller);
  if (caller.role !== 'Admin') throw unauthorized('Only an administrator may assign leads to brokers');
  const input = parseInput(assignSchema, body);
  const broker = input.brokerGroupId ? (await leadBrokers(ctx, input.brokerGroupId))[0] : null;
  if (input.brokerGroupId && !broker)
    throw new LeadInputError({ brokerGroupId: 'Broker must be an active broker organisation' });
  const at = nowOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const lead = await loadLead(tx, caller, id, { lock: true });
    if (lead.broker_group_id === (broker?.groupId ?? null)) return;
    await tx.query('UPDATE lead SET broker_group_id = $2, updated_at = $3 WHERE id = $1', [
      lead.id,
      broker?.groupId ?? null,
      at.toISOString(),
    ]);
    await recordLeadEvent(tx, {
      leadId: lead.id,
      kind: 'assigned',
      note: broker ? `Assigned to the broker ${broker.name}` : 'Taken back from the broker: a platform lead',
      actor: actorOfLeadCaller(caller),
      at,
    });
  });
  return getLead(ctx, id);
}
