import type { Queryable } from '../db/database.ts';
import { nowOf, type OperationContext } from '../operations/context.ts';
import { queueCrmPush } from './crm-outbox.ts';
import { PLATFORM_ACTOR, recordLeadEvent } from './lead-store.ts';

/**
 * The onboarding check (docs/business-rules.md, “CRM leads”): an Invited lead becomes Onboarded
 * once the Supplier record of the organisation it was invited as is Approved, with the platform as
 * the actor in its history, and the organisation is queued for the CRM when pushes are on. Run
 * before leads are read and by the crm-sync job; idempotent. Answers how many leads moved.
 */
export async function markOnboardedLeads(
  ctx: Pick<OperationContext, 'db' | 'clock'> & { readonly pushToCrm: boolean },
): Promise<number> {
  const ready = await ctx.db.query<{ id: string; group_id: string }>(
    `SELECT l.id, l.group_id FROM lead l
      WHERE l.stage = 'Invited' AND l.group_id IS NOT NULL
        AND EXISTS (SELECT 1 FROM supplier s
                     WHERE s."userId" = l.group_id AND s.supplier_status = 'Approved' AND NOT s."_deleted")`,
  );
  let moved = 0;
  for (const lead of ready) {
    const at = nowOf(ctx);
    const done = await ctx.db.transaction(async (tx: Queryable) => {
      const changed = await tx.query(
        `UPDATE lead SET stage = 'Onboarded', updated_at = $2 WHERE id = $1 AND stage = 'Invited' RETURNING id`,
        [lead.id, at.toISOString()],
      );
      if (!changed.length) return false;
      await recordLeadEvent(tx, {
        leadId: lead.id,
        kind: 'stage',
        from: 'Invited',
        to: 'Onboarded',
        note: 'The supplier’s company was approved',
        actor: PLATFORM_ACTOR,
        at,
      });
      if (ctx.pushToCrm) await queueCrmPush(tx, 'organisation', lead.group_id, at);
      return true;
    });
    if (done) moved += 1;
  }
  return moved;
}
