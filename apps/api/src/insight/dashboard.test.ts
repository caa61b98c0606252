import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MoneyDecimal } from '@rf/domain/money';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { forgetDashboards } from './dashboard.ts';
import type { Dashboard, DashboardCurrency } from '@rf/domain';
import { buildDashboardData, dashboardOf, ok, VIEW, type DashboardData } from './test-dashboard-data.ts';

/**
 * The dashboards (docs/business-rules.md, “Dashboards”): figures per currency over exactly what
 * each caller may read, on data made through the product's operations, read on a fixed day.
 */
describeDatabases('dashboard figures', (db) => {
  let api: ApiHarness;
  let data: DashboardData;
  const boards = new Map<string, Dashboard>();
  const board = async (who: string) => {
    if (!boards.has(who)) boards.set(who, await dashboardOf(api, who));
    return boards.get(who)!;
  };
  const currency = async (who: string, code: string): Promise<DashboardCurrency> => {
    const found = (await board(who)).currencies.find((c) => c.currency === code);
    expect(found, `${who} ${code}`).toBeDefined();
    return found!;
  };
  /** Sum of a SQL expression over requests, per the test's own reading of the stored fields. */
  const stored = async (expression: string, ids: string[]) => {
    const [row] = await db().query<{ s: string | null }>(
      `SELECT sum(${expression})::text AS s FROM "request" r WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    return row?.s ?? '0';
  };
  const money = (v: string, digits = 2) => new MoneyDecimal(v).toFixed(digits);

  beforeAll(async () => {
    api = await createApiHarness(db());
    data = await buildDashboardData(api, db());
    api.setToday(VIEW);
  }, 240_000);
  afterAll(async () => {
    api.setToday(null);
    await api.app.close();
  });

  describe('a supplier', () => {
    it('sees its requests per currency, in the order CHF, EUR, GBP, USD, then the others', async () => {
      const d = await board('Supplier');
      expect(d.area).toBe('supplier');
      expect(d.today).toBe(VIEW);
      expect(d.months).toEqual([
        '2025-06',
        '2025-07',
        '2025-08',
        '2025-09',
        '2025-10',
        '2025-11',
        '2025-12',
        '2026-01',
        '2026-02',
        '2026-03',
        '2026-04',
        '2026-05',
      ]);
      expect(d.currencies.map((c) => c.currency)).toEqual(['EUR', 'GBP', 'USD', 'JPY']);
      expect(d.queues).toEqual([]);
    });

    it('counts and sums each status of one currency, zeros included, and never mixes currencies', async () => {
      const eur = await currency('Supplier', 'EUR');
      expect(eur.requestCount).toBe(7);
      expect(eur.byStatus).toEqual([
        { status: 'Under Review', count: 0, volume: '0.00' },
        { status: 'Documents Pending', count: 1, volume: '2000.00' },
        { status: 'Approved', count: 4, volume: '25000.00' },
        { status: 'Declined', count: 1, volume: '1000.00' },
        { status: 'Settled', count: 1, volume: '3000.00' },
      ]);
      expect(eur.volume).toBe('30000.00');
      expect(eur.approvalProgress).toEqual({
        awaiting: 1,
        approved: 4,
        declined: 1,
        settled: 1,
        approvedShare: '71.4',
      });
      const jpy = await currency('Supplier', 'JPY');
      expect(jpy.requestCount).toBe(1);
      expect(jpy.volume).toBe('1000000');
      expect(jpy.byStatus.find((s) => s.status === 'Approved')).toEqual({
        status: 'Approved',
        count: 1,
        volume: '1000000',
      });
      const gbp = await currency('Supplier', 'GBP');
      expect(gbp.requestCount).toBe(0);
      expect(gbp.approvedLimit).toBe('0.00');
      expect(gbp.averageAdvanceRate).toBeNull();
      expect(gbp.approvalProgress.approvedShare).toBeNull();
    });

    it('weights the average advance rate and spread by invoice amount', async () => {
      const eur = await currency('Supplier', 'EUR');
      // (23,000 × 80 + 5,000 × 100) / 28,000 = 83.5714…; (23,000 × 4 + 5,000 × 2.5) / 28,000 = 3.7321…
      expect(eur.averageAdvanceRate).toBe('83.57');
      expect(eur.averageSpread).toBe('3.73');
    });

    it('ages what approved requests still owe on the fixed day, less the payments allocated', async () => {
      const eur = await currency('Supplier', 'EUR');
      expect(eur.aging).toEqual([
        { bucket: 'current', count: 2, amount: '9000.00' },
        { bucket: '1-30', count: 0, amount: '0.00' },
        { bucket: '31-60', count: 1, amount: '6000.00' },
        { bucket: '61-90', count: 1, amount: '7500.00' },
        { bucket: '90+', count: 0, amount: '0.00' },
      ]);
      // (7,500 × 61 + 6,000 × 35) / 13,500 = 49.44…
      expect(eur.pastDue).toEqual({
        count: 2,
        amount: '13500.00',
        oldestDueDate: '2026-03-20',
        maxDays: 61,
        averageDays: '49.4',
      });
      const jpy = await currency('Supplier', 'JPY');
      expect(jpy.pastDue).toEqual({
        count: 1,
        amount: '1000000',
        oldestDueDate: '2026-04-01',
        maxDays: 49,
        averageDays: '49.0',
      });
      expect(jpy.aging[2]).toEqual({ bucket: '31-60', count: 1, amount: '1000000' });
    });

    it('charts the volume per month of the invoice date and status, non-zero cells only', async () => {
      const eur = await currency('Supplier', 'EUR');
      expect(eur.volumeByMonth).toEqual([
        { month: '2026-03', status: 'Documents Pending', count: 1, volume: '2000.00' },
        { month: '2026-03', status: 'Approved', count: 4, volume: '25000.00' },
        { month: '2026-03', status: 'Declined', count: 1, volume: '1000.00' },
        { month: '2026-03', status: 'Settled', count: 1, volume: '3000.00' },
      ]);
    });

    it('shows the discount fees it pays on approved and settled requests', async () => {
      const { A1, A2, A3, A6, A21 } = data.requests;
      const eur = await currency('Supplier', 'EUR');
      expect(eur.feesEarned).toBe(money(await stored('r.discount_fee_amount', [A1, A2, A3, A6, A21])));
      expect(new MoneyDecimal(eur.feesEarned).gt(0)).toBe(true);
    });

    it('lists its approved lines by utilisation with the limits the ledger holds', async () => {
      const eur = await currency('Supplier', 'EUR');
      const totals = await ok<{
        lineLimitTotals: { currency: string; limit: string; utilisation: string; available: string }[];
      }>(api, 'Supplier', 'query { lineLimitTotals { currency limit utilisation available } }');
      const t = totals.lineLimitTotals.find((x) => x.currency === 'EUR')!;
      expect([eur.approvedLimit, eur.utilisation, eur.available]).toEqual([
        t.limit,
        t.utilisation,
        t.available,
      ]);
      expect(eur.approvedLimit).toBe('150000.00');
      const { A1, A2, A3 } = data.requests;
      const used = money(await stored('r.invoice_purchase_amount', [A1, A2, A3]));
      expect(eur.exposure.map((e) => e.lineId)).toEqual([data.lines.A, data.lines.A2]);
      expect(eur.exposure[0]).toEqual({
        lineId: data.lines.A,
        buyerName: 'Alder Steel GmbH',
        limit: '100000.00',
        utilisation: used,
        available: money(new MoneyDecimal('100000').minus(used).toFixed()),
        outstanding: '17500.00',
        pastDue: '13500.00',
      });
    });

    it('lists the approved requests due within 7 days and its lines awaiting a decision', async () => {
      const d = await board('Supplier');
      expect(d.dueSoon).toEqual([
        {
          id: data.requests.A3,
          invoiceNumber: 'A-3',
          buyerName: 'Alder Steel GmbH',
          dueDate: '2026-05-25',
          amount: '4000.00',
          currency: 'EUR',
        },
      ]);
      const names = d.latestLines.map((l) => l.buyerName);
      expect(names.sort()).toEqual(['Dogwood Foods Ltd', 'World1 Buyer Ltd']);
      const times = d.latestLines.map((l) => l.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      expect(d.latestLines.find((l) => l.buyerName === 'Dogwood Foods Ltd')).toMatchObject({
        status: 'Under Review',
        requestedAmount: '20000.00',
        currency: 'GBP',
      });
    });

    it('is refused without a signed-in caller', async () => {
      const res = await api.gql(null, 'query { dashboard { area } }');
      expect(res.errors?.[0]?.errorType).toBe('Unauthorized');
    });

    it('sees nothing of another supplier', async () => {
      const d = await board('Supplier2');
      const eur = d.currencies.find((c) => c.currency === 'EUR')!;
      expect(eur.requestCount).toBe(2);
      expect(eur.volume).toBe('11000.00');
      expect(eur.exposure.map((e) => e.lineId)).toEqual([data.lines.C]);
      expect(d.currencies.map((c) => c.currency)).toEqual(['EUR', 'GBP', 'USD']);
      expect(d.dueSoon).toEqual([]);
      const stranger = await board('Broker2');
      expect(stranger.currencies).toEqual([]);
      expect(stranger.latestLines).toEqual([]);
    });
  });

  describe('the funders and the broker', () => {
    it('an investor sums the lines it funds, never another investor’s', async () => {
      const eur = await currency('Investor', 'EUR');
      expect(eur.requestCount).toBe(7);
      expect(eur.exposure.map((e) => e.lineId)).toEqual([data.lines.A, data.lines.A2]);
      const other = await currency('Investor2', 'EUR');
      expect(other.requestCount).toBe(2);
      expect(other.byStatus.find((s) => s.status === 'Under Review')).toMatchObject({
        count: 1,
        volume: '6000.00',
      });
      expect(other.pastDue).toMatchObject({ count: 1, amount: '5000.00', maxDays: 19 });
      expect(other.approvedLimit).toBe('50000.00');
      expect((await board('Investor2')).dueSoon).toEqual([]);
    });

    it('an investor earns its discount income: the discount less the platform’s and the SPV’s fees', async () => {
      const { A1, A2, A3, A6, A21 } = data.requests;
      const eur = await currency('Investor', 'EUR');
      const expected = await stored('r.discount_fee_amount - r.transaction_fee_amount - r.spv_fee_amount', [
        A1,
        A2,
        A3,
        A6,
        A21,
      ]);
      expect(eur.feesEarned).toBe(money(expected));
    });

    it('an SPV earns its fees, a broker its commissions on its lines only', async () => {
      const { A1, A2, A3, A6, A21 } = data.requests;
      expect((await currency('Spv', 'EUR')).feesEarned).toBe(
        money(await stored('r.spv_fee_amount', [A1, A2, A3, A6, A21])),
      );
      const broker = await currency('Broker', 'EUR');
      // Line A2 names no broker: its request earns the broker nothing.
      expect(broker.feesEarned).toBe(money(await stored('r.broker_fee_amount', [A1, A2, A3, A6])));
      expect(new MoneyDecimal(broker.feesEarned).gt(0)).toBe(true);
      expect(broker.requestCount).toBe(7);
      expect((await board('Spv2')).currencies.find((c) => c.currency === 'EUR')?.requestCount).toBe(2);
    });
  });

  describe('an administrator', () => {
    it('sees every request per currency and the platform’s fee revenue', async () => {
      const d = await board('Admin');
      expect(d.area).toBe('admin');
      expect(d.currencies.map((c) => c.currency)).toEqual(['EUR', 'GBP', 'USD', 'JPY']);
      const eur = await currency('Admin', 'EUR');
      expect(eur.requestCount).toBe(9);
      expect(eur.volume).toBe('41000.00');
      const { A1, A2, A3, A6, A21, C1 } = data.requests;
      expect(eur.feesEarned).toBe(
        money(await stored('r.transaction_fee_amount - r.broker_fee_amount', [A1, A2, A3, A6, A21, C1])),
      );
      expect(eur.exposure.map((e) => e.lineId).sort()).toEqual(
        [data.lines.A, data.lines.A2, data.lines.C].sort(),
      );
      expect(eur.approvedLimit).toBe('200000.00');
      expect(d.dueSoon.map((r) => r.id)).toEqual([data.requests.A3]);
      const latest = d.latestLines.map((l) => l.buyerName).sort();
      expect(latest).toEqual([
        'Dogwood Foods Ltd',
        'Elm Trading Ltd',
        'World1 Buyer Ltd',
        'World2 Buyer Ltd',
      ]);
    });

    it('counts each work queue where the platform keeps its state', async () => {
      const queues = Object.fromEntries((await board('Admin')).queues.map((q) => [q.key, q.count]));
      expect((await board('Admin')).queues.map((q) => q.key)).toEqual([
        'linesAwaitingTerms',
        'linesAwaitingDecision',
        'requestsAwaitingDecision',
        'documentsPending',
        'possibleDuplicates',
        'envelopesWaiting',
        'envelopesExpired',
        'payoutsToExport',
        'unmatchedPayments',
        'kycToReview',
        'insuranceExpiring',
      ]);
      expect(queues).toEqual({
        // The two worlds' lines (reopened) and line D.
        linesAwaitingTerms: 3,
        linesAwaitingDecision: 1,
        // The worlds' two requests and C-2.
        requestsAwaitingDecision: 3,
        documentsPending: 1,
        possibleDuplicates: 1,
        // The worlds' requests' IPU and offer notice, still out; A-4's and C-2's expired.
        envelopesWaiting: 4,
        envelopesExpired: 4,
        // Seven advances and A-6's rebate.
        payoutsToExport: 8,
        // The worlds' payments, and the one paying A-1 that has 500.00 left.
        unmatchedPayments: 3,
        // The worlds' directors and UBOs.
        kycToReview: 4,
        insuranceExpiring: 1,
      });
    });
  });

  describe('fees from the ledger', () => {
    /** Each area's EUR fees now, read afresh. */
    const fees = async () => {
      boards.clear();
      forgetDashboards(db());
      const out: Record<string, InstanceType<typeof MoneyDecimal>> = {};
      for (const who of ['Admin', 'Supplier', 'Investor', 'Spv', 'Broker'])
        out[who] = new MoneyDecimal((await currency(who, 'EUR')).feesEarned);
      return out;
    };
    const bump = (id: string, field: string, by: string) =>
      db().query(`UPDATE "request" SET ${field} = ${field} + $2::numeric WHERE id = $1`, [id, by]);
    const delta = (after: Record<string, InstanceType<typeof MoneyDecimal>>, before: typeof after) =>
      Object.fromEntries(Object.keys(before).map((k) => [k, after[k]!.minus(before[k]!).toFixed(2)]));

    it('counts what the ledger booked for a request, and the stored fee where it booked nothing', async () => {
      const { A1, A2, A6 } = data.requests;
      const before = await fees();
      // A-6 is settled: the ledger holds every fee of it; the supplier's discount is the stored one.
      await bump(A6, 'discount_fee_amount', '100');
      await bump(A6, 'spv_fee_amount', '7');
      await bump(A6, 'broker_fee_amount', '11');
      // A-1 is approved and its fees are not booked: every area reads the stored fees.
      await bump(A1, 'transaction_fee_amount', '3');
      expect(delta(await fees(), before)).toEqual({
        Admin: '3.00',
        Supplier: '100.00',
        Investor: '-3.00',
        Spv: '0.00',
        Broker: '0.00',
      });
      // Booking A-2's fees puts the platform's and the broker's share in the ledger.
      const [booking] = await db().query<{ id: string }>(
        'SELECT id FROM "bookkeeping" WHERE "requestId" = $1',
        [A2],
      );
      await ok(api, 'Admin', 'mutation ($input: BookFeesInput!) { bookFees(input: $input) { id } }', {
        input: { id: booking!.id },
      });
      const booked = await fees();
      await bump(A2, 'transaction_fee_amount', '5');
      await bump(A2, 'broker_fee_amount', '2');
      expect(delta(await fees(), booked)).toEqual({
        Admin: '0.00',
        Supplier: '0.00',
        Investor: '-5.00',
        Spv: '0.00',
        Broker: '0.00',
      });
    });
  });
});
