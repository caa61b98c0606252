import type { AppContext } from '../app-context.ts';
import { syncLinkedAccounts } from '../bank/bank-link.ts';
import { plaidProvider } from '../bank/provider/plaid-provider.ts';
import { syncCrm } from '../crm/crm-sync.ts';
import { sweepEnvelopes } from '../esign/sweep.ts';
import { sendInsuranceExpiryNotices } from '../insurance/expiry-notices.ts';
import { deliverQueuedMail } from '../mail/mail-queue.ts';
import { sendDueDigest } from '../notifications/due-digest.ts';
import { alertStuckEnvelopes } from '../esign/envelope-alerts.ts';
import { createMailer } from '../mail/mailer.ts';
import type { ScheduledJob } from './job-queue.ts';

/**
 * Every job the server runs on a schedule, started by main.ts
 * (docs/architecture.md, “Scheduled jobs”). Each `run` must be idempotent: a run retried after a
 * failure, or taken again after a replica died during it, must do no harm.
 */
export const SCHEDULED_JOBS = (ctx: AppContext): readonly ScheduledJob[] => {
  const mailer = createMailer(ctx);
  return [
    {
      // Reminders every 3 days and expiry after 14 (docs/architecture.md, “Built-in e-signature”).
      name: 'esign-sweep',
      cron: '*/15 * * * *',
      run: async () => {
        await sweepEnvelopes({ db: ctx.db, keys: ctx.keys, publicUrl: ctx.config.publicUrl, mailer });
      },
    },
    {
      // Policies expiring within 30 days, told once each (docs/business-rules.md, “Credit insurance”).
      name: 'insurance-expiry',
      cron: '0 * * * *',
      run: async () => {
        await sendInsuranceExpiryNotices({ db: ctx.db, publicUrl: ctx.config.publicUrl, mailer });
      },
    },
    ...(ctx.config.plaid
      ? [
          {
            // Linked accounts' new transactions, matched as they come (docs/architecture.md, “Payments”).
            name: 'bank-sync',
            cron: '5 * * * *',
            run: async () => {
              await syncLinkedAccounts({ db: ctx.db, keys: ctx.keys }, plaidProvider(ctx.config.plaid!));
            },
          },
        ]
      : []),
    {
      // Invited leads whose supplier was approved, and the pushes to the CRM (docs/architecture.md, “CRM”).
      name: 'crm-sync',
      cron: '* * * * *',
      run: async () => {
        await syncCrm({ db: ctx.db, crm: ctx.config.crm });
      },
    },
    {
      // The daily digest at 07:00 in the platform's time zone, once a day
      // (docs/architecture.md, “Notifications”): every quarter hour, so it falls on 07:00 in any
      // zone, a run before 07:00 or after the day's digest does nothing.
      name: 'due-digest',
      cron: '*/15 * * * *',
      run: async () => {
        await sendDueDigest({ db: ctx.db, publicUrl: ctx.config.publicUrl, mailer });
      },
    },
    {
      // Envelopes out 7 days without a signature, told to the administrators once each.
      name: 'envelope-stuck-alerts',
      cron: '20 * * * *',
      run: async () => {
        await alertStuckEnvelopes({ db: ctx.db, publicUrl: ctx.config.publicUrl, mailer });
      },
    },
    {
      // What a delivery after commit left behind (docs/architecture.md, “Mail after commit”).
      name: 'mail-delivery',
      cron: '* * * * *',
      run: async () => {
        await deliverQueuedMail(ctx.db, mailer);
      },
    },
  ];
};
