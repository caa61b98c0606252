import { Decimal } from 'decimal.js';
import { MoneyDecimal } from '@rf/domain/money';
import { exposureFigures, PLATFORM_READER } from '../insurance/exposure.ts';
import { sendInsuranceExpiryNotices } from '../insurance/expiry-notices.ts';
import { addDays, toYmd } from './dates.ts';
import { on, str, type DemoStage } from './demo-stage.ts';

/**
 * Credit insurance in the demo (docs/business-rules.md, “Credit insurance”): once the lines carry
 * their purchases, the administrator records a policy on three buyer companies through the same
 * create operation as the `newinsurance` screen: one comfortably covering its exposure, one whose
 * exposure exceeds the insured limit (suspended for a few days once), one expiring within 30 days. The last approved line keeps no
 * policy, for the browser tests to insure. The expiry notice job runs last, so its e-mail to the
 * administrators waits in the queue for the server to send.
 */

interface PolicyPlan {
  readonly supplier: 'supplier' | 'supplier2';
  readonly currency: string;
  readonly insurer: string;
  /** The insured limit as a multiple of today's exposure, rounded up to 50,000. */
  readonly cover: string;
  readonly coverage: string;
  /** Start and expiry, in days from today. */
  readonly from: number;
  readonly to: number;
  /** Suspended by the insurer for a while (days from today) and why. */
  readonly suspended?: { readonly from: number; readonly to: number; readonly reason: string };
}

const POLICIES: readonly PolicyPlan[] = [
  {
    supplier: 'supplier',
    currency: 'USD',
    insurer: 'Atradius',
    cover: '2',
    coverage: '90',
    from: -200,
    to: 165,
  },
  {
    supplier: 'supplier2',
    currency: 'USD',
    insurer: 'Coface',
    cover: '0.5',
    coverage: '85',
    from: -120,
    to: 245,
    suspended: { from: -60, to: -55, reason: 'Premium instalment overdue; cover suspended by the insurer' },
  },
  {
    supplier: 'supplier',
    currency: 'EUR',
    insurer: 'Allianz Trade',
    cover: '2',
    coverage: '80',
    from: -340,
    to: 12,
  },
];

export async function playInsurance(s: DemoStage): Promise<void> {
  const admin = s.as('admin');
  const today = toYmd(s.latest);
  for (const [n, plan] of POLICIES.entries()) {
    const line = (s.rows.Buyer ?? []).find(
      (b) =>
        b.supplierId === s.orgOf(plan.supplier).partyId &&
        b.buyer_status === 'Approved' &&
        b.buyer_currency === plan.currency,
    );
    if (!line) throw new Error(`No approved ${plan.currency} line of ${plan.supplier} to insure`);
    const buyerId = s.realId(line.id);
    const [figures] = await exposureFigures(s.a.db, PLATFORM_READER, { buyerId }, today);
    if (!figures || new MoneyDecimal(figures.exposure).lte(0))
      throw new Error(`The ${plan.currency} line of ${plan.supplier} has no exposure to insure`);
    const limit = new MoneyDecimal(figures.exposure)
      .times(plan.cover)
      .toNearest(50_000, Decimal.ROUND_UP)
      .toFixed(2);
    // Recorded on the day the cover started (a policy recorded late is still one the platform knew).
    s.startAt(on(addDays(today, plan.from), 11, n));
    const policy = await s.a.create(admin, 'Insurance', {
      insurance_buyer_name: str(line.buyer_name),
      insurance_buyer_country: str(line.buyer_country),
      insurance_buyer_duns: str(line.buyer_duns_number) || null,
      insurance_name: plan.insurer,
      insurance_policy_number: `${plan.insurer.slice(0, 3).toUpperCase()}-${today.slice(0, 4)}-${1001 + n}`,
      insurance_type: 'Single buyer',
      insurance_cover_amount: limit,
      insurance_cover_currency: plan.currency,
      insurance_coverage_rate: plan.coverage,
      insurance_cover_start_date: addDays(today, plan.from),
      insurance_cover_end_date: addDays(today, plan.to),
    });
    if (plan.suspended) {
      s.then(on(addDays(today, plan.suspended.from), 10));
      await s.a.run(admin, 'suspendInsurance', str(policy.id), {}, plan.suspended.reason);
      s.then(on(addDays(today, plan.suspended.to), 10));
      await s.a.run(admin, 'reinstateInsurance', str(policy.id));
    }
  }
  s.finale.push(async () => {
    s.then(s.latest);
    await sendInsuranceExpiryNotices({ db: s.a.db, publicUrl: s.a.config.publicUrl, clock: s.clock });
  });
}
