import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { MoneyDecimal, roundHalfUp, roundMoney } from '@rf/domain/money';
import { describeDatabases } from '../db/test-databases.ts';
import { generateTestKeys, type Keys } from '../keys.ts';
import { dashboardOf, forgetDashboards } from './dashboard.ts';

const TODAY = '2026-05-20';
const STATUSES = ['Under Review', 'Documents Pending', 'Approved', 'Declined', 'Settled'] as const;
/** Currencies of 2, 0 and 3 digits. */
const CURRENCIES = { USD: 2, JPY: 0, BHD: 3 } as const;
type Code = keyof typeof CURRENCIES;

interface Plan {
  currency: Code;
  status: (typeof STATUSES)[number];
  minor: number;
  advance: string | null;
  spread: string | null;
  invoiceOffset: number;
  dueOffset: number;
  txMinor: number;
  broMinor: number;
  paidShare: number;
}

const day = (offset: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const amount = (minor: number, c: Code) =>
  new MoneyDecimal(minor).div(10 ** CURRENCIES[c]).toFixed(CURRENCIES[c]);
const rate = fc.option(
  fc.integer({ min: 0, max: 100_000 }).map((n) => (n / 1000).toFixed(3)),
  { nil: null },
);

const plan: fc.Arbitrary<Plan> = fc.record({
  currency: fc.constantFrom<Code>('USD', 'JPY', 'BHD'),
  status: fc.constantFrom(...STATUSES),
  minor: fc.integer({ min: 1, max: 10_000_000_000 }),
  advance: rate,
  spread: rate,
  invoiceOffset: fc.integer({ min: -500, max: 0 }),
  // The buckets' edges often, and anything around them.
  dueOffset: fc.oneof(
    fc.constantFrom(-91, -90, -61, -60, -31, -30, -1, 0, 1),
    fc.integer({ min: -200, max: 120 }),
  ),
  txMinor: fc.integer({ min: 0, max: 1_000_000 }),
  broMinor: fc.integer({ min: 0, max: 100_000 }),
  paidShare: fc.constantFrom(0, 0, 0.25, 0.5),
});

/**
 * The dashboard's sums against a recomputation one request at a time, over random requests put
 * straight into the tables (docs/business-rules.md, “Dashboards”): amounts in currencies of 0, 2
 * and 3 digits, rates or none, due dates on every side of today, part-paid approved requests.
 */
describeDatabases('dashboard figures, property', (db) => {
  let keys: Keys;
  beforeAll(async () => {
    keys = await generateTestKeys();
  });

  it('equal a plain recomputation for any set of requests', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(plan, { maxLength: 25 }), async (plans) => {
        await db().query('DELETE FROM payment_allocation');
        await db().query('DELETE FROM "request"');
        const rows = plans.map((p) => ({ ...p, id: randomUUID() }));
        for (const r of rows) {
          await db().query(
            `INSERT INTO "request" (id, "userId", request_status, invoice_currency, invoice_amount, advance_rate,
               discount_fee_rate, invoice_date, invoice_due_date, transaction_fee_amount, broker_fee_amount)
             VALUES ($1, 'g', $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
            [
              r.id,
              r.status,
              r.currency,
              amount(r.minor, r.currency),
              r.advance,
              r.spread,
              day(r.invoiceOffset),
              day(r.dueOffset),
              amount(r.txMinor, r.currency),
              amount(r.broMinor, r.currency),
            ],
          );
          const paid = Math.floor(r.minor * r.paidShare);
          if (paid > 0)
            await db().query(
              `INSERT INTO payment_allocation (id, transaction_id, request_id, amount, currency, method, actor, created_at)
               VALUES ($1, $2, $3, $4, $5, 'manual', 'test', now())`,
              [randomUUID(), randomUUID(), r.id, amount(paid, r.currency), r.currency],
            );
        }
        forgetDashboards(db());
        const board = await dashboardOf({
          db: db(),
          keys,
          caller: { sub: 'admin', groupId: null, role: 'Admin' },
          clock: { now: () => new Date(`${TODAY}T12:00:00Z`) },
        });
        expect(board.currencies.map((c) => c.currency)).toEqual(
          (['USD', 'BHD', 'JPY'] as const).filter((c) => rows.some((r) => r.currency === c)),
        );
        for (const c of board.currencies) {
          const code = c.currency as Code;
          const mine = rows.filter((r) => r.currency === code);
          const face = (r: Plan) => new MoneyDecimal(amount(r.minor, code));
          const open = (r: Plan) =>
            face(r).minus(new MoneyDecimal(amount(Math.floor(r.minor * r.paidShare), code)));
          const money = (v: InstanceType<typeof MoneyDecimal>) => roundMoney(v.toFixed(), code);
          const sum = (of: Plan[], f: (r: Plan) => InstanceType<typeof MoneyDecimal>) =>
            of.reduce((t, r) => t.plus(f(r)), new MoneyDecimal(0));
          expect(c.byStatus.map((s) => [s.count, s.volume])).toEqual(
            STATUSES.map((s) => {
              const of = mine.filter((r) => r.status === s);
              return [of.length, money(sum(of, face))];
            }),
          );
          const live = mine.filter((r) => r.status !== 'Declined');
          for (const [field, got] of [
            ['advance', c.averageAdvanceRate],
            ['spread', c.averageSpread],
          ] as const) {
            const rated = live.filter((r) => r[field] !== null);
            const weight = sum(rated, face);
            expect(got).toBe(
              weight.isZero()
                ? null
                : roundHalfUp(sum(rated, (r) => face(r).times(r[field]!)).div(weight), 2),
            );
          }
          const earning = mine.filter((r) => r.status === 'Approved' || r.status === 'Settled');
          expect(c.feesEarned).toBe(
            money(
              sum(earning, (r) => new MoneyDecimal(amount(r.txMinor, code)).minus(amount(r.broMinor, code))),
            ),
          );
          const approved = mine.filter((r) => r.status === 'Approved');
          const late = approved.filter((r) => r.dueOffset < 0);
          const bucket = (r: Plan) =>
            r.dueOffset >= 0
              ? 'current'
              : -r.dueOffset <= 30
                ? '1-30'
                : -r.dueOffset <= 60
                  ? '31-60'
                  : -r.dueOffset <= 90
                    ? '61-90'
                    : '90+';
          expect(c.aging.map((a) => [a.bucket, a.count, a.amount])).toEqual(
            ['current', '1-30', '31-60', '61-90', '90+'].map((b) => {
              const of = approved.filter((r) => bucket(r) === b);
              return [b, of.length, money(sum(of, open))];
            }),
          );
          const lateAmount = sum(late, open);
          expect(c.pastDue.count).toBe(late.length);
          expect(c.pastDue.amount).toBe(money(lateAmount));
          expect(c.pastDue.maxDays).toBe(late.length ? Math.max(...late.map((r) => -r.dueOffset)) : null);
          expect(c.pastDue.averageDays).toBe(
            late.length
              ? roundHalfUp(sum(late, (r) => open(r).times(-r.dueOffset)).div(lateAmount), 1)
              : null,
          );
          // The chart's months run from 2025-06 to 2026-05.
          const charted = mine.filter((r) => day(r.invoiceOffset) >= '2025-06-01');
          expect(c.volumeByMonth.reduce((n, m) => n + m.count, 0)).toBe(charted.length);
        }
      }),
      { numRuns: 20 },
    );
  }, 180_000);
});
