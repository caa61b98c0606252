import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AccountKindName, Leg, PartyModel } from '@rf/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { post, reverse } from '../ledger/post.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { CALLERS, ORGS, buildWorld, type World } from '../testing/world.ts';
import { pageTexts } from '../esign/documents/test-pdf.ts';
import { registerReportRoutes } from './routes.ts';

const AT = new Date('2026-07-01T10:00:00Z');
const WHO = {
  ...CALLERS,
  Investor2: { sub: 'investor2', groupId: ORGS.investor2, role: 'Investor' as const },
};

const REPORT_QUERY = `query ($m: String!, $id: ID!, $c: String!, $from: AWSDate!, $to: AWSDate!) {
  funderReport(funderModel: $m, funderId: $id, currency: $c, from: $from, to: $to) {
    funderName currency from to concentrationLimit
    rollForward { opening purchases transfersIn transfersOut collections dilutions closing ledgerBalance agreesWithLedger }
    aging { bucket label count amount share }
    obligors { name country industry count amount share overLimit }
    countries { name amount share }
    industries { name amount share }
    eligibility { outstanding exclusions { reason amount } eligible borrowingBase lines { obligor advanceRate eligible borrowingBase } }
    dilution { from to writtenOff purchases ratio }
    yield { income averageOutstanding days annualised }
  }
}`;

/**
 * The funder report on postings made here in EUR for known requests
 * (docs/business-rules.md, “Funder reporting”): every section's figures worked out by hand, the CSV and PDF downloads,
 * and who may read which funder's report.
 */
describeDatabases('funder report', (db) => {
  let api: ApiHarness;
  let routes: FastifyInstance;
  let one: World;
  let two: World;
  const requests: Record<string, string> = {};

  const leg = (
    kind: AccountKindName,
    party: { model: PartyModel; id: string } | null,
    amount: bigint,
  ): Leg => ({
    account: { kind, currency: 'EUR', party },
    amount,
    phase: 'posted',
  });
  const book = (event: string, kind: string, effectiveDate: string, requestId: string | null, legs: Leg[]) =>
    db().transaction((tx) =>
      post(tx, { event, kind, effectiveDate, description: event, requestId, legs }, AT),
    );

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(WHO)) api.callers.set(name, caller);
    one = await buildWorld(api, '');
    two = await buildWorld(api, '2');
    routes = Fastify({ logger: { level: 'error' } });
    registerReportRoutes(
      routes,
      { db: db() },
      {
        authenticate: async (h) => (h ? (api.callers.get(h.replace(/^Bearer /, '')) ?? null) : null),
        now: () => AT,
      },
    );
    await routes.ready();
    const investor = { model: 'Investor' as const, id: one.Investor };
    const supplier = { model: 'Supplier' as const, id: one.Supplier };
    const line = async (name: string, country: string, industry: string, rate: string) => {
      const id = randomUUID();
      await db().query(
        `INSERT INTO "buyer" (id, "userId", "supplierId", "investorId", buyer_name, buyer_country, buyer_industry,
           buyer_currency, buyer_loan_advance_rate) VALUES ($1, $2, $3, $4, $5, $6, $7, 'EUR', $8)`,
        [id, ORGS.supplier, one.Supplier, one.Investor, name, country, industry, rate],
      );
      return id;
    };
    const lines = {
      A: await line('Alpha Steel GmbH', 'US', 'Steel', '90'),
      B: await line('Beta Textiles AG', 'DE', 'Textiles', '80'),
      C: await line('Gamma Steel Inc', 'US', 'Steel', '85'),
    };
    // name: line, face (minor units), approved on, due on
    const plan: [string, keyof typeof lines, bigint, string, string][] = [
      ['r1', 'A', 100_000_00n, '2026-03-01', '2026-06-15'],
      ['r2', 'A', 90_000_00n, '2026-04-10', '2026-08-01'],
      ['r3', 'B', 30_000_00n, '2026-02-01', '2026-03-15'],
      ['r4', 'B', 20_000_00n, '2026-05-01', '2026-07-31'],
      ['r5', 'C', 40_000_00n, '2026-04-15', '2026-05-20'],
      ['r6', 'C', 10_000_00n, '2026-03-01', '2026-04-01'],
      ['r7', 'C', 35_000_00n, '2026-05-15', '2026-09-01'],
    ];
    for (const [name, l, face, approved, due] of plan) {
      const id = randomUUID();
      requests[name] = id;
      await db().query(
        `INSERT INTO "request" (id, "userId", "buyerId", "supplierId", "investorId", invoice_number, invoice_amount,
           invoice_currency, invoice_due_date) VALUES ($1, $2, $3, $4, $5, $6, $7, 'EUR', $8)`,
        [
          id,
          ORGS.supplier,
          lines[l],
          one.Supplier,
          one.Investor,
          `REP-${name}`,
          (Number(face) / 100).toFixed(2),
          due,
        ],
      );
      await book(`approval:${id}`, 'approval', approved, id, [
        leg('receivables_purchased', investor, face),
        leg('supplier_payable', supplier, -face),
      ]);
    }
    const collect = (name: string, n: number, amount: bigint, on: string) =>
      book(`allocation:rep-${name}-${n}`, 'collection', on, requests[name]!, [
        leg('funder_collection_cash', investor, amount),
        leg('receivables_purchased', investor, -amount),
      ]);
    await collect('r6', 1, 10_000_00n, '2026-03-20');
    await collect('r1', 1, 20_000_00n, '2026-05-10');
    await collect('r5', 1, 5_000_00n, '2026-06-01');
    const undone = await collect('r2', 1, 10_000_00n, '2026-06-05');
    await db().transaction((tx) =>
      reverse(
        tx,
        undone.id,
        { effectiveDate: '2026-06-06', description: 'allocation undone: wrong payment' },
        AT,
      ),
    );
    await book(`writeoff:${requests.r5}`, 'write_off', '2026-06-20', requests.r5!, [
      leg('dilution_writeoffs', null, 5_000_00n),
      leg('receivables_purchased', investor, -5_000_00n),
    ]);
    await book('settlement:rep-income', 'settlement', '2026-06-20', requests.r6!, [
      leg('unearned_discount', null, 1_500_00n),
      leg('investor_discount_income', investor, -1_500_00n),
    ]);
  });
  afterAll(async () => {
    await routes?.close();
    await api?.app.close();
  });

  const report = async (who: string, vars: Record<string, unknown>) =>
    api.gql<{ funderReport: Record<string, never> }>(who, REPORT_QUERY, {
      m: 'Investor',
      c: 'EUR',
      from: '2026-04-01',
      to: '2026-06-30',
      ...vars,
    });

  it('rolls the outstanding forward and agrees with the ledger (docs/business-rules.md, “Funder reporting”)', async () => {
    const res = await report('Investor', { id: one.Investor });
    expect(res.errors).toBeUndefined();
    const r = res.data!.funderReport as Record<string, unknown>;
    expect(r.rollForward).toEqual({
      opening: '130000.00',
      purchases: '185000.00',
      transfersIn: '0.00',
      transfersOut: '0.00',
      collections: '25000.00',
      dilutions: '5000.00',
      closing: '285000.00',
      ledgerBalance: '285000.00',
      agreesWithLedger: true,
    });
    expect(r.aging).toEqual([
      { bucket: 'current', label: 'Not yet due', count: 3, amount: '145000.00', share: '50.88' },
      { bucket: '1-30', label: '1–30 days past due', count: 1, amount: '80000.00', share: '28.07' },
      { bucket: '31-60', label: '31–60 days past due', count: 1, amount: '30000.00', share: '10.53' },
      { bucket: '61-90', label: '61–90 days past due', count: 0, amount: '0.00', share: '0.00' },
      { bucket: 'over-90', label: 'Over 90 days past due', count: 1, amount: '30000.00', share: '10.53' },
    ]);
    expect(r.obligors).toEqual([
      {
        name: 'Alpha Steel GmbH',
        country: 'US',
        industry: 'Steel',
        count: 2,
        amount: '170000.00',
        share: '59.65',
        overLimit: true,
      },
      {
        name: 'Gamma Steel Inc',
        country: 'US',
        industry: 'Steel',
        count: 2,
        amount: '65000.00',
        share: '22.81',
        overLimit: true,
      },
      {
        name: 'Beta Textiles AG',
        country: 'DE',
        industry: 'Textiles',
        count: 2,
        amount: '50000.00',
        share: '17.54',
        overLimit: false,
      },
    ]);
    expect(r.countries).toEqual([
      { name: 'US', amount: '235000.00', share: '82.46' },
      { name: 'DE', amount: '50000.00', share: '17.54' },
    ]);
    expect(r.industries).toEqual([
      { name: 'Steel', amount: '235000.00', share: '82.46' },
      { name: 'Textiles', amount: '50000.00', share: '17.54' },
    ]);
  });

  it('excludes by reason, caps each obligor at the limit and computes the borrowing base, dilution and yield', async () => {
    const r = (await report('Admin', { id: one.Investor })).data!.funderReport as Record<string, unknown>;
    expect(r.eligibility).toEqual({
      outstanding: '285000.00',
      exclusions: [
        { reason: 'over-90', amount: '30000.00' },
        { reason: 'obligor-past-due', amount: '20000.00' },
        { reason: 'concentration', amount: '121000.00' },
      ],
      eligible: '114000.00',
      borrowingBase: '99750.00',
      lines: [
        { obligor: 'Alpha Steel GmbH', advanceRate: '90', eligible: '57000.00', borrowingBase: '51300.00' },
        { obligor: 'Gamma Steel Inc', advanceRate: '85', eligible: '57000.00', borrowingBase: '48450.00' },
      ],
    });
    expect(r.dilution).toEqual({
      from: '2026-04-01',
      to: '2026-06-30',
      writtenOff: '5000.00',
      purchases: '185000.00',
      ratio: '2.70',
    });
    // Σ daily balances = 23,900,000.00 EUR-days over 91 days; 1,500 × 360 / 23,900,000 = 2.26 %.
    expect(r.yield).toEqual({
      income: '1500.00',
      averageOutstanding: '262637.36',
      days: 91,
      annualised: '2.26',
    });
  });

  it('takes the funder’s own concentration limit, set by administrators only', async () => {
    const set = async (who: string, limit: string) => {
      const [row] = await db().query<{ v: number }>('SELECT "_version" AS v FROM "investor" WHERE id = $1', [
        one.Investor,
      ]);
      return api.gql(
        who,
        'mutation ($input: UpdateInvestorInput!) { updateInvestor(input: $input) { id } }',
        {
          input: { id: one.Investor, _version: row!.v, investor_concentration_limit: limit },
        },
      );
    };
    expect((await set('Investor', '70')).errors?.[0]?.message).toMatch(
      /investor_concentration_limit cannot be set/,
    );
    expect((await set('Admin', '101')).errors?.[0]?.message).toMatch(/cannot be more than 100/);
    expect((await set('Admin', '60')).errors).toBeUndefined();
    try {
      const r = (await report('Investor', { id: one.Investor })).data!.funderReport as unknown as {
        concentrationLimit: string;
        obligors: { overLimit: boolean }[];
        eligibility: { exclusions: { amount: string }[] };
      };
      expect(r.concentrationLimit).toBe('60');
      expect(r.obligors.map((o) => o.overLimit)).toEqual([false, false, false]);
      // 60 % of 285,000 = 171,000: no obligor is above it.
      expect(r.eligibility.exclusions[2]!.amount).toBe('0.00');
    } finally {
      expect((await set('Admin', '20')).errors).toBeUndefined();
    }
  });

  it('lets an investor read only its own report and refuses everyone else', async () => {
    const refused = async (who: string, model: string, id: string) =>
      (await report(who, { m: model, id })).errors?.[0]?.errorType;
    expect(await refused('Investor', 'Investor', two.Investor)).toBe('Unauthorized');
    expect(await refused('Investor2', 'Investor', one.Investor)).toBe('Unauthorized');
    expect(await refused('Spv', 'Investor', one.Investor)).toBe('Unauthorized');
    expect(await refused('Supplier', 'Investor', one.Investor)).toBe('Unauthorized');
    expect(await refused('Broker', 'Investor', one.Investor)).toBe('Unauthorized');
    expect(await refused('Admin', 'Investor', randomUUID())).toBe('NotFound');
    expect(await refused('Admin', 'Supplier', one.Supplier)).toBe('ValidationError');
    const own = await report('Investor2', { m: 'Investor', id: two.Investor });
    expect(own.errors).toBeUndefined();
    const currencies = await api.gql<{ funderReportCurrencies: string[] }>(
      'Investor',
      'query ($m: String!, $id: ID!) { funderReportCurrencies(funderModel: $m, funderId: $id) }',
      { m: 'Investor', id: one.Investor },
    );
    expect(currencies.data?.funderReportCurrencies).toContain('EUR');
    const stolen = await api.gql(
      'Investor2',
      'query ($m: String!, $id: ID!) { funderReportCurrencies(funderModel: $m, funderId: $id) }',
      { m: 'Investor', id: one.Investor },
    );
    expect(stolen.errors?.[0]?.errorType).toBe('Unauthorized');
  });

  it('refuses a period that ends before it starts and a currency that is not a code', async () => {
    expect((await report('Admin', { id: one.Investor, from: '2026-07-01' })).errors?.[0]?.message).toMatch(
      /from must not be after to/,
    );
    expect((await report('Admin', { id: one.Investor, c: 'euro' })).errors?.[0]?.message).toMatch(
      /three-letter/,
    );
    // A code shaped like one that no currency has is refused as clearly, not failed on.
    expect((await report('Admin', { id: one.Investor, c: 'ZZZ' })).errors?.[0]).toMatchObject({
      errorType: 'ValidationError',
      message: expect.stringMatching(/ZZZ is not an ISO 4217 currency code/),
    });
  });

  const get = (who: string | null, path: string, params: Record<string, string>) =>
    routes.inject({
      method: 'GET',
      url: `${path}?${new URLSearchParams(params).toString()}`,
      headers: who ? { authorization: who } : {},
    });
  const params = () => ({
    funderModel: 'Investor',
    funderId: one.Investor,
    currency: 'EUR',
    from: '2026-04-01',
    to: '2026-06-30',
  });

  it('downloads the report as CSV with the same figures, for the same callers', async () => {
    const res = await get('Investor', '/reports/funder.csv', params());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="funder-report-EUR-2026-04-01-2026-06-30.csv"',
    );
    const csv = res.body;
    expect(csv).toContain('Closing outstanding,285000.00\r\n');
    expect(csv).toContain('Agrees with the ledger,yes\r\n');
    expect(csv).toContain('Over 90 days past due,1,30000.00,10.53\r\n');
    expect(csv).toContain('Alpha Steel GmbH,US,Steel,2,170000.00,59.65,yes\r\n');
    expect(csv).toContain('Borrowing base,99750.00\r\n');
    expect(csv).toContain('Annualised yield %,2.26\r\n');
    expect((await get('Investor2', '/reports/funder.csv', params())).statusCode).toBe(403);
    expect((await get(null, '/reports/funder.csv', params())).statusCode).toBe(401);
    expect((await get('Investor', '/reports/funder.csv', { ...params(), to: '2026-02-30' })).statusCode).toBe(
      400,
    );
  });

  it('downloads the report as a PDF whose text holds the figures', async () => {
    const res = await get('Admin', '/reports/funder.pdf', params());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pageTexts(new Uint8Array(res.rawPayload)).join('\n');
    for (const figure of [
      'Funder report',
      'Roll-forward (EUR)',
      '130,000.00',
      '285,000.00',
      'Alpha Steel GmbH',
      '59.65 %',
      'ABOVE',
      '99,750.00',
      '2.70 %',
      '2.26 %',
      'limit 20 %',
    ])
      expect(text).toContain(figure);
    expect((await get('Investor2', '/reports/funder.pdf', params())).statusCode).toBe(403);
  });
});
