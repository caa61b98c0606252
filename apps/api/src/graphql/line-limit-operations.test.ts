import { afterAll, beforeAll, expect, it } from 'vitest';
import { REGISTRY, fromMinor, toMinor, type Caller } from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { sampleInput } from '../testing/samples.ts';
import { buildWorld, CALLERS, ORGS, readyForApproval, type World } from '../testing/world.ts';

type Result = { data?: Record<string, unknown> | null; errors?: { message: string; errorType: string }[] };

interface Limit {
  lineId: string;
  currency: string | null;
  limit: string;
  utilisation: string;
  reserved: string;
  available: string;
  free: string;
}
interface Total extends Omit<Limit, 'lineId' | 'currency'> {
  currency: string;
  lines: number;
}

const LIMITS = `query ($ids: [ID!]) { lineLimits(buyerIds: $ids) { lineId currency limit utilisation reserved available free } }`;
const TOTALS = `query { lineLimitTotals { currency lines limit utilisation reserved available free } }`;

/** The second world's people, and a supplier of an organisation that has no records at all. */
const WHO: Record<string, Caller> = {
  ...CALLERS,
  Supplier2: { sub: 'supplier2', groupId: ORGS.supplier2, role: 'Supplier' },
  Investor2: { sub: 'investor2', groupId: ORGS.investor2, role: 'Investor' },
  Stranger: { sub: 'stranger', groupId: '30000000-0000-4000-8000-00000000000a', role: 'Supplier' },
};

/**
 * Lines' limits as the ledger holds them (docs/business-rules.md, “Limits held in the ledger”),
 * read by every role through `lineLimits` and summed per currency by `lineLimitTotals`, with the
 * rows a caller may read as a Buyer record and nothing else. The requests go through the real
 * operations: creating one reserves its advance, approving it posts its purchase amount.
 */
describeDatabases('line limits read from the ledger', (db) => {
  let api: ApiHarness;
  let one: World;
  let two: World;
  /** World 1: USD 10,000 at 80 % with one approved and one pending request; EUR 5,000 unused; one under review. */
  let usd = '';
  let eur = '';
  let review = '';
  /** World 2: USD 2,000 unused. */
  let other = '';
  /** The approved request's purchase amount, fixed by its approval. */
  let purchase = '';

  const ok = async <T>(who: string, query: string, variables?: Record<string, unknown>): Promise<T> => {
    const res = (await api.gql(who, query, variables)) as Result;
    expect(res.errors, query).toBeUndefined();
    return res.data as T;
  };
  const limits = async (who: string, ids?: string[]) =>
    (await ok<{ lineLimits: Limit[] }>(who, LIMITS, ids ? { ids } : {})).lineLimits;
  const totals = async (who: string) => (await ok<{ lineLimitTotals: Total[] }>(who, TOTALS)).lineLimitTotals;
  const move = (model: string, id: string, to: string, values?: Record<string, unknown>) =>
    ok('Admin', 'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }', {
      input: { model, id, to, comment: 'test', ...(values ? { values: JSON.stringify(values) } : {}) },
    });

  /** A line of a world's supplier, approved with `limit` unless `approve` is false. */
  const line = async (
    world: World,
    owner: string,
    name: string,
    currency: string,
    limit: string,
    approve = true,
  ): Promise<string> => {
    const made = await ok<{ createBuyer: { id: string } }>(
      'Admin',
      'mutation ($input: CreateBuyerInput!) { createBuyer(input: $input) { id } }',
      {
        input: sampleInput(REGISTRY.Buyer, {
          userId: owner,
          supplierId: world.Supplier,
          investorId: world.Investor,
          spvId: world.Spv,
          buyer_name: name,
          buyer_currency: currency,
          buyer_loan_request_amount: limit,
          buyer_loan_advance_rate: '80',
          buyer_loan_rate: 'SOFR(3M)',
          buyer_loan_discount_fee: '4',
        }),
      },
    );
    const id = made.createBuyer.id;
    if (approve) {
      await move('Buyer', id, 'Investor Offer Pending');
      await move('Buyer', id, 'Approved', { buyer_loan_approved_amount: limit });
    }
    return id;
  };
  const request = async (buyerId: string, amount: string, number: string) =>
    (
      await ok<{ createRequest: { id: string } }>(
        'Supplier',
        'mutation ($input: CreateRequestInput!) { createRequest(input: $input) { id } }',
        {
          input: sampleInput(REGISTRY.Request, {
            buyerId,
            supplierId: one.Supplier,
            invoice_amount: amount,
            invoice_currency: 'USD',
            invoice_number: number,
            invoice_date: '2026-03-01',
            invoice_due_date: '2026-05-08',
          }),
        },
      )
    ).createRequest.id;

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(WHO)) api.callers.set(name, caller);
    one = await buildWorld(api, '');
    two = await buildWorld(api, '2');
    api.setToday('2026-03-09'); // a payout date with base-rate fixings
    await ok(
      'Admin',
      'mutation { createSOFR(input: { date: "2026-03-05", SOFR: "4.3", SOFRM3: "4.25" }) { id } }',
    );
    usd = await line(one, ORGS.supplier, 'Alder Steel Inc', 'USD', '10000.00');
    eur = await line(one, ORGS.supplier, 'Birch Handel GmbH', 'EUR', '5000.00');
    review = await line(one, ORGS.supplier, 'Cedar Foods Ltd', 'USD', '3000.00', false);
    other = await line(two, ORGS.supplier2, 'Douglas Paper Co', 'USD', '2000.00');
    const approved = await request(usd, '4000.00', 'LL-1');
    await request(usd, '3000.00', 'LL-2');
    await readyForApproval(api, approved);
    await move('Request', approved, 'Approved');
    const [row] = await db().query<{ p: string }>(
      `SELECT invoice_purchase_amount::text AS p FROM "request" WHERE id = $1`,
      [approved],
    );
    purchase = fromMinor(toMinor(row!.p, 'USD'), 'USD');
  });
  afterAll(async () => {
    api.setToday(null);
    await api.app.close();
  });

  const minus = (a: string, ...bs: string[]) =>
    fromMinor(
      bs.reduce((sum, b) => sum - toMinor(b, 'USD'), toMinor(a, 'USD')),
      'USD',
    );
  const usdFigures = (): Limit => ({
    lineId: usd,
    currency: 'USD',
    limit: '10000.00',
    utilisation: purchase,
    // The pending request holds its advance: 3,000.00 × 80 %.
    reserved: '2400.00',
    available: minus('10000.00', purchase),
    free: minus('10000.00', purchase, '2400.00'),
  });
  const unused = (lineId: string, currency: string, limit: string): Limit => ({
    lineId,
    currency,
    limit,
    utilisation: '0.00',
    reserved: '0.00',
    available: limit,
    free: limit,
  });
  const byLine = (rows: Limit[]) => new Map(rows.map((r) => [r.lineId, r]));

  it('answers the ledger’s figures of each line: used by approvals, held by requests awaiting a decision', async () => {
    // Approval posts the purchase amount (the advance 3,200.00 less the discount), not the advance.
    expect(toMinor(purchase, 'USD')).toBeGreaterThan(0n);
    expect(toMinor(purchase, 'USD')).toBeLessThan(320_000n);
    const rows = byLine(await limits('Admin', [usd, eur, review, other]));
    expect(rows.get(usd)).toEqual(usdFigures());
    expect(rows.get(eur)).toEqual(unused(eur, 'EUR', '5000.00'));
    // A line under review holds nothing: zeros in its currency.
    expect(rows.get(review)).toEqual(unused(review, 'USD', '0.00'));
    expect(rows.get(other)).toEqual(unused(other, 'USD', '2000.00'));
    expect(rows.size).toBe(4);
  });

  it('gives each role the lines it may read as a Buyer record, and an unrelated supplier nothing', async () => {
    const asked = [usd, eur, review, other];
    const ownLines = [usd, eur, review].sort();
    for (const who of ['Supplier', 'Investor', 'Spv', 'Broker']) {
      const rows = await limits(who, asked);
      expect(rows.map((r) => r.lineId).sort(), who).toEqual(ownLines);
      expect(byLine(rows).get(usd), who).toEqual(usdFigures());
    }
    for (const who of ['Supplier2', 'Investor2'])
      expect(await limits(who, asked), who).toEqual([unused(other, 'USD', '2000.00')]);
    expect(await limits('Stranger', asked)).toEqual([]);
    expect(await limits('Stranger')).toEqual([]);
  });

  it('answers every readable line when no ids are given', async () => {
    // The worlds' own lines (under review after buildWorld) count among them.
    const ids = async (who: string) => (await limits(who)).map((r) => r.lineId).sort();
    expect(await ids('Supplier')).toEqual([usd, eur, review, one.Buyer].sort());
    expect(await ids('Broker')).toEqual([usd, eur, review, one.Buyer].sort());
    expect(await ids('Supplier2')).toEqual([other, two.Buyer].sort());
    expect(await ids('Admin')).toEqual([usd, eur, review, other, one.Buyer, two.Buyer].sort());
  });

  it('returns nothing for another party’s line, even asked by its id', async () => {
    expect(await limits('Supplier', [other])).toEqual([]);
    expect(await limits('Broker', [other, two.Buyer])).toEqual([]);
    expect(await limits('Supplier2', [usd, eur])).toEqual([]);
    expect((await limits('Supplier2', [usd, other])).map((r) => r.lineId)).toEqual([other]);
    // An id asked twice is answered once; an empty list answers nothing.
    expect(await limits('Supplier', [usd, usd])).toEqual([usdFigures()]);
    expect(await limits('Supplier', [])).toEqual([]);
  });

  it('sums the readable Approved lines per currency, never across currencies', async () => {
    const usdTotal = (lines: number, limit: string, utilisation: string, reserved: string): Total => ({
      currency: 'USD',
      lines,
      limit,
      utilisation,
      reserved,
      available: minus(limit, utilisation),
      free: minus(limit, utilisation, reserved),
    });
    const eurTotal: Total = { ...unused('', 'EUR', '5000.00'), currency: 'EUR', lines: 1 };
    delete (eurTotal as Partial<Limit>).lineId;
    // The line under review is not Approved: it counts in no total.
    expect(await totals('Admin')).toEqual([eurTotal, usdTotal(2, '12000.00', purchase, '2400.00')]);
    for (const who of ['Supplier', 'Investor', 'Spv', 'Broker'])
      expect(await totals(who), who).toEqual([eurTotal, usdTotal(1, '10000.00', purchase, '2400.00')]);
    expect(await totals('Supplier2')).toEqual([usdTotal(1, '2000.00', '0.00', '0.00')]);
    expect(await totals('Stranger')).toEqual([]);
  });

  it('answers what the approved requests owe by due date, per line and summed per currency', async () => {
    const DUES = `query ($ids: [ID!]) { lineLimits(buyerIds: $ids) { lineId currency overdue overdueRequests daysPastDue nextDue } }`;
    const OVERDUE = `query { lineLimitTotals { currency lines overdue } }`;
    const dues = async (who: string) =>
      (await ok<{ lineLimits: Record<string, unknown>[] }>(who, DUES, { ids: [usd, eur, review, other] }))
        .lineLimits;
    const nothing = (lineId: string, currency: string) => ({
      lineId,
      currency,
      overdue: currency === 'JPY' ? '0' : '0.00',
      overdueRequests: 0,
      daysPastDue: null,
      nextDue: null,
    });
    try {
      // Before the approved request's due date: nothing overdue, it is the next one due (the
      // request awaiting a decision owes nothing yet).
      expect(await dues('Investor')).toEqual([
        { ...nothing(usd, 'USD'), nextDue: '2026-05-08' },
        nothing(eur, 'EUR'),
        nothing(review, 'USD'),
      ]);
      api.setToday('2026-05-08');
      expect((await dues('Spv'))[0]).toEqual({ ...nothing(usd, 'USD'), nextDue: '2026-05-08' });
      // The day after, its invoice amount is overdue, one day late.
      api.setToday('2026-05-09');
      expect((await dues('Spv'))[0]).toEqual({
        ...nothing(usd, 'USD'),
        overdue: '4000.00',
        overdueRequests: 1,
        daysPastDue: 1,
      });
      api.setToday('2026-05-20');
      expect((await dues('Admin')).find((r) => r.lineId === usd)).toMatchObject({
        overdue: '4000.00',
        daysPastDue: 12,
      });
      expect(await dues('Investor2')).toEqual([nothing(other, 'USD')]);
      const totals = (who: string) =>
        ok<{ lineLimitTotals: unknown[] }>(who, OVERDUE).then((d) => d.lineLimitTotals);
      expect(await totals('Investor')).toEqual([
        { currency: 'EUR', lines: 1, overdue: '0.00' },
        { currency: 'USD', lines: 1, overdue: '4000.00' },
      ]);
      expect(await totals('Admin')).toEqual([
        { currency: 'EUR', lines: 1, overdue: '0.00' },
        { currency: 'USD', lines: 2, overdue: '4000.00' },
      ]);
      expect(await totals('Investor2')).toEqual([{ currency: 'USD', lines: 1, overdue: '0.00' }]);
    } finally {
      api.setToday('2026-03-09');
    }
  });

  it('refuses more than 1,000 ids and ids that are not UUIDs, and callers not signed in', async () => {
    const many = Array.from(
      { length: 1001 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const tooMany = (await api.gql('Admin', LIMITS, { ids: many })) as Result;
    expect(tooMany.errors?.[0]).toMatchObject({
      errorType: 'ValidationError',
      message: 'buyerIds: at most 1,000 lines at a time, not 1,001',
    });
    expect((await limits('Admin', many.slice(0, 1000))).length).toBe(0);
    const bad = (await api.gql('Admin', LIMITS, { ids: [usd, 'not-an-id'] })) as Result;
    expect(bad.errors?.[0]).toMatchObject({
      errorType: 'ValidationError',
      message: 'buyerIds: "not-an-id" is not an id (a UUID)',
    });
    for (const query of [LIMITS, TOTALS])
      expect(((await api.gql(null, query)) as Result).errors?.[0]?.errorType).toBe('Unauthorized');
  });
});
