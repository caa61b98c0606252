import type { Database } from '../db/database.ts';
import type { Clock } from '../operations/context.ts';
import type { CrmSettings } from './crm-config.ts';
import { deliverCrmPushes, queueOnboardedOrganisations } from './crm-outbox.ts';
import type { CrmProvider } from './crm-provider.ts';
import { hubspotProvider } from './hubspot-provider.ts';
import { markOnboardedLeads } from './onboarded-leads.ts';

/**
 * One run of the crm-sync job (docs/architecture.md, “CRM”): Invited leads whose supplier was
 * approved become Onboarded; with a CRM configured, newly onboarded organisations are queued and
 * every waiting push is delivered. Idempotent: a retried run repeats nothing already done.
 */
export async function syncCrm(ctx: {
  readonly db: Database;
  readonly crm: CrmSettings | null;
  readonly clock?: Clock;
  /** The CRM to push to; by default the one the settings name. */
  readonly provider?: CrmProvider;
}): Promise<{ onboarded: number; pushed: number }> {
  const pushToCrm = ctx.crm !== null;
  const onboarded = await markOnboardedLeads({
    db: ctx.db,
    pushToCrm,
    ...(ctx.clock ? { clock: ctx.clock } : {}),
  });
  if (!ctx.crm) return { onboarded, pushed: 0 };
  await queueOnboardedOrganisations(ctx.db, ctx.clock?.now() ?? new Date());
  const provider = ctx.provider ?? hubspotProvider(ctx.crm);
  return { onboarded, pushed: await deliverCrmPushes(ctx.db, provider) };
}
