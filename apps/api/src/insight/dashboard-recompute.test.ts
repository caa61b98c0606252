import { afterAll, beforeAll, expect, it } from 'vitest';
import { MoneyDecimal, roundHalfUp, roundMoney } from '@rf/domain/money';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import type { Dashboard } from '@rf/domain';
import { buildDashboardData, dashboardOf, ok, VIEW, WHO } from './test-dashboard-data.ts';

type Dec = InstanceType<typeof MoneyDecimal>;
type Row = Record<string, string | null>;
const STATUSES = ['Under Review', 'Documents Pending', 'Approved', 'Declined', 'Settled'];
const FIELDS =
  'id request_status invoice_currency invoice_amount advance_rate discount_fee_rate invoice_date invoice_due_date buyerId discount_fee_amount transaction_fee_amount broker_fee_amount spv_fee_amount investorId spvId brokerId';

/** Where a funder's or broker's own party records are listed, and the request field naming them. */
const PARTY_LISTS = {
  Investor: ['listInvestors', 'investorId'],
  Spv: ['listSpvs', 'spvId'],
  Broker: ['listBrokers', 'brokerId'],
} as const;

/**
 * The dashboard's SQL figures against a plain recomputation (docs/business-rules.md, “Dashboards”):
 * for every caller, the requests and lines it can list through the API, each approved request's
 * open balance from `requestBalance`, summed here one by one in decimal.js.
 */
describeDatabases('dashboard figures against a recomputation', (db) => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await createApiHarness(db());
    await buildDashboardData(api, db());
    api.setToday(VIEW);
  }, 240_000);
  afterAll(async () => {
    api.setToday(null);
    await api.app.close();
  });

  const listAll = async (who: string, list: string, fields: string): Promise<Row[]> => {
    const rows: Row[] = [];
    let token: string | null = null;
    do {
      const page: Record<string, { items: Row[]; nextToken: string | null }> = await ok(
        api,
        who,
        `query ($t: String) { ${list}(limit: 1000, nextToken: $t) { items { ${fields} } nextToken } }`,
        { t: token },
      );
      rows.push(...page[list]!.items);
      token = page[list]!.nextToken;
    } while (token);
    return rows;
  };
  const partiesOf = async (who: string, list: string): Promise<Set<string>> =>
    new Set(
      (await listAll(who, list, 'id userId')).filter((p) => p.userId === WHO[who]!.groupId).map((p) => p.id!),
    );
  const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
  const dec = (v: string | null | undefined): Dec => new MoneyDecimal(v ?? '0');

  /** The fee a caller earns on a request, from the stored figures (the ledger books the same). */
  const feeOf = async (who: string): Promise<(r: Row) => Dec> => {
    const role = WHO[who]!.role;
    if (role === 'Admin') return (r) => dec(r.transaction_fee_amount).minus(dec(r.broker_fee_amount));
    if (role === 'Supplier') return (r) => dec(r.discount_fee_amount);
    const [list, field] = PARTY_LISTS[role];
    const mine = await partiesOf(who, list);
    return (r) =>
      !mine.has(String(r[field]))
        ? dec('0')
        : role === 'Investor'
          ? dec(r.discount_fee_amount).minus(dec(r.transaction_fee_amount)).minus(dec(r.spv_fee_amount))
          : dec(r[role === 'Spv' ? 'spv_fee_amount' : 'broker_fee_amount']);
  };

  it.each(Object.keys(WHO))('%s: every figure per currency is the sum of what it can list', async (who) => {
    const board: Dashboard = await dashboardOf(api, who);
    const requests = await listAll(who, 'listRequests', FIELDS);
    const lines = await listAll(who, 'listBuyers', 'id buyer_status buyer_currency');
    const limits = (
      await ok<{
        lineLimits: {
          lineId: string;
          currency: string;
          limit: string;
          utilisation: string;
          available: string;
        }[];
      }>(api, who, 'query { lineLimits { lineId currency limit utilisation available } }')
    ).lineLimits;
    const fee = await feeOf(who);
    const open = new Map<string, string>();
    for (const r of requests.filter((x) => x.request_status === 'Approved')) {
      const b = await ok<{ requestBalance: { open: string } }>(
        api,
        who,
        `query { requestBalance(requestId: "${r.id}") { open } }`,
      );
      open.set(r.id!, b.requestBalance.open);
    }
    const currencies = new Set([
      ...requests.map((r) => r.invoice_currency!),
      ...lines.map((l) => l.buyer_currency!),
    ]);
    expect(board.currencies.map((c) => c.currency).sort()).toEqual([...currencies].filter(Boolean).sort());

    for (const c of board.currencies) {
      const mine = requests.filter((r) => r.invoice_currency === c.currency);
      const money = (v: Dec) => roundMoney(v.toFixed(), c.currency);
      const sum = <T>(rows: readonly T[], f: (r: T) => Dec) => rows.reduce((t, r) => t.plus(f(r)), dec('0'));
      expect(c.requestCount).toBe(mine.length);
      expect(c.byStatus).toEqual(
        STATUSES.map((status) => {
          const of = mine.filter((r) => r.request_status === status);
          return { status, count: of.length, volume: money(sum(of, (r) => dec(r.invoice_amount))) };
        }),
      );
      const live = mine.filter((r) => r.request_status !== 'Declined');
      expect(c.volume).toBe(money(sum(live, (r) => dec(r.invoice_amount))));
      const weighted = (field: string) => {
        const rated = live.filter((r) => r[field] !== null);
        const weight = sum(rated, (r) => dec(r.invoice_amount));
        return weight.isZero()
          ? null
          : roundHalfUp(sum(rated, (r) => dec(r.invoice_amount).times(dec(r[field]))).div(weight), 2);
      };
      expect(c.averageAdvanceRate).toBe(weighted('advance_rate'));
      expect(c.averageSpread).toBe(weighted('discount_fee_rate'));
      const earning = mine.filter((r) => r.request_status === 'Approved' || r.request_status === 'Settled');
      expect(c.feesEarned).toBe(money(sum(earning, fee)));

      const approved = mine.filter((r) => r.request_status === 'Approved');
      const late = approved.filter((r) => r.invoice_due_date! < VIEW);
      const lateBy = (r: Row) => days(r.invoice_due_date!, VIEW);
      const bucketOf = (r: Row) => {
        if (r.invoice_due_date! >= VIEW) return 'current';
        const d = lateBy(r);
        return d <= 30 ? '1-30' : d <= 60 ? '31-60' : d <= 90 ? '61-90' : '90+';
      };
      expect(c.aging).toEqual(
        ['current', '1-30', '31-60', '61-90', '90+'].map((bucket) => {
          const of = approved.filter((r) => bucketOf(r) === bucket);
          return { bucket, count: of.length, amount: money(sum(of, (r) => dec(open.get(r.id!)))) };
        }),
      );
      const lateAmount = sum(late, (r) => dec(open.get(r.id!)));
      const oldest = late.map((r) => r.invoice_due_date!).sort()[0] ?? null;
      expect(c.pastDue).toEqual({
        count: late.length,
        amount: money(lateAmount),
        oldestDueDate: oldest,
        maxDays: oldest ? days(oldest, VIEW) : null,
        averageDays: late.length
          ? roundHalfUp(sum(late, (r) => dec(open.get(r.id!)).times(lateBy(r))).div(lateAmount), 1)
          : null,
      });

      const approvedLines = new Set(lines.filter((l) => l.buyer_status === 'Approved').map((l) => l.id));
      const held = limits.filter((l) => approvedLines.has(l.lineId) && l.currency === c.currency);
      expect(c.approvedLimit).toBe(money(sum(held, (l) => dec(l.limit))));
      expect(c.utilisation).toBe(money(sum(held, (l) => dec(l.utilisation))));
      expect(c.exposure.map((e) => e.lineId).sort()).toEqual(held.map((l) => l.lineId).sort());
      for (const e of c.exposure) {
        const of = approved.filter((r) => r.buyerId === e.lineId);
        expect(e.utilisation).toBe(held.find((l) => l.lineId === e.lineId)!.utilisation);
        expect(e.outstanding).toBe(money(sum(of, (r) => dec(open.get(r.id!)))));
        expect(e.pastDue).toBe(
          money(
            sum(
              of.filter((r) => r.invoice_due_date! < VIEW),
              (r) => dec(open.get(r.id!)),
            ),
          ),
        );
      }
    }
    const dueSoon = requests
      .filter(
        (r) =>
          r.request_status === 'Approved' &&
          r.invoice_due_date! >= VIEW &&
          days(VIEW, r.invoice_due_date!) <= 7,
      )
      .map((r) => r.id);
    expect(board.dueSoon.map((r) => r.id).sort()).toEqual(dueSoon.sort());
    const pending = lines.filter(
      (l) => l.buyer_status === 'Under Review' || l.buyer_status === 'Investor Offer Pending',
    );
    expect(board.latestLines.map((l) => l.id).sort()).toEqual(pending.map((l) => l.id).sort());
  });
});
