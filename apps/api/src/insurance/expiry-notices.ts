import { EXPIRY_NOTICE_DAYS, formatLimitAmount, shiftDate } from '@rf/domain';
import { MoneyDecimal } from '@rf/domain/money';
import type { Database } from '../db/database.ts';
import { PLATFORM } from '../data/audit-trail.ts';
import { updateRow } from '../data/rows.ts';
import { deliverMail } from '../mail/mail-queue.ts';
import { notify } from '../notifications/notify.ts';
import { adminRecipients } from '../notifications/recipients.ts';
import type { Mailer } from '../mail/mailer.ts';
import { insuranceExpiryEmail } from '../mail/templates/insurance-expiry.ts';
import { SYSTEM_CLOCK, type Clock } from '../operations/context.ts';
import { exposureFigures, PLATFORM_READER } from './exposure.ts';

const DAY_MS = 86_400_000;

/**
 * The scheduled notice of expiring credit insurance (docs/business-rules.md, “Credit insurance”):
 * every Active policy that expires within EXPIRY_NOTICE_DAYS is e-mailed to the administrators,
 * once per policy and expiry date. The date told of is recorded on the policy
 * (`insurance_expiry_notice_for`) in the transaction that queues the mail, so a rerun, a retry or
 * a second replica sends nothing twice; a policy renewed to a later expiry is told of again when
 * that one nears. Returns how many policies were told of.
 */
export async function sendInsuranceExpiryNotices(deps: {
  readonly db: Database;
  readonly publicUrl: string;
  readonly mailer?: Mailer | undefined;
  readonly clock?: Clock | undefined;
}): Promise<number> {
  const at = (deps.clock ?? SYSTEM_CLOCK).now();
  const today = at.toISOString().slice(0, 10);
  const due = `NOT "_deleted" AND insurance_status = 'Active'
    AND insurance_cover_end_date BETWEEN $1::date AND $2::date
    AND insurance_expiry_notice_for IS DISTINCT FROM insurance_cover_end_date`;
  const window = [today, shiftDate(today, EXPIRY_NOTICE_DAYS)];
  const policies = await deps.db.query<{ id: string }>(
    `SELECT id FROM "insurance" WHERE ${due} ORDER BY insurance_cover_end_date, id`,
    window,
  );
  let told = 0;
  for (const { id } of policies) {
    await deps.db.transaction(async (tx) => {
      // Locked and read again: another run may have told of it meanwhile.
      const [policy] = await tx.query<{ expiry: string }>(
        `SELECT insurance_cover_end_date::text AS expiry FROM "insurance" WHERE id = $3 AND ${due} FOR UPDATE`,
        [...window, id],
      );
      if (!policy) return;
      const [figures] = (await exposureFigures(tx, PLATFORM_READER, { insuranceId: id }, today)).filter(
        (f) => f.currency === f.policy?.currency,
      );
      if (!figures?.policy) return;
      const money = (v: string) => formatLimitAmount(new MoneyDecimal(v), figures.currency);
      const company = figures.company.country
        ? `${figures.company.name} (${figures.company.country})`
        : figures.company.name;
      const mail = await insuranceExpiryEmail({
        company,
        insurer: figures.policy.insurer,
        policyNumber: figures.policy.policyNumber,
        expiry: policy.expiry,
        daysLeft: Math.round(
          (Date.parse(`${policy.expiry}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS,
        ),
        insuredLimit: money(figures.policy.insuredLimit),
        exposure: money(figures.exposure),
        overInsured: figures.overInsured,
        link: `${deps.publicUrl.replace(/\/+$/, '')}/admin/insurance/${id}`,
      });
      // In the app and by e-mail (docs/business-rules.md, “Notifications”).
      await notify(
        tx,
        await adminRecipients(tx),
        {
          event: 'alert.insurance',
          title: mail.subject,
          body: `Policy ${figures.policy.policyNumber} of ${figures.policy.insurer}, expiring ${policy.expiry}`,
          link: () => `/admin/insurance/${id}`,
          record: { model: 'Insurance', id },
          email: async () => mail,
        },
        { at, publicUrl: deps.publicUrl },
      );
      await updateRow(
        tx,
        'Insurance',
        id,
        { insurance_expiry_notice_for: policy.expiry },
        { by: PLATFORM, at, action: 'insuranceExpiryNotice' },
      );
      told += 1;
    });
  }
  await deliverMail(deps);
  return told;
}
