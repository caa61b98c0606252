import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AccountKindName, Leg, PartyModel } from '@rf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { CALLERS, buildWorld, type World } from '../testing/world.ts';
import { csvDirectoryAdapter } from './accounting-adapter.ts';
import { csvCell, csvRecord } from './exports.ts';
import { post } from './post.ts';
import { registerLedgerRoutes } from './routes.ts';

const AT = new Date('2026-11-24T10:00:00Z');

/** RFC 4180 records of a CSV text (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || record.length) records.push([...record, cell]);
  return records;
}

describe('CSV cells', () => {
  it('quote commas, quotes and line breaks, and defuse formulas but not numbers', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const formula of ['+1+1', '-A1', '@SUM(A1)', '\tx']) expect(csvCell(formula)).toBe(`'${formula}`);
    expect(csvCell('-1200.50')).toBe('-1200.50');
    expect(csvCell(null)).toBe('');
    expect(csvRecord(['a', null, '1.00'])).toBe('a,,1.00\r\n');
  });
});

/**
 * The ledger's downloads and the default accounting adapter (docs/architecture.md, “Ledger”), on
 * postings in EUR and JPY made here (the worlds' own operations book in USD).
 */
describeDatabases('ledger exports', (db) => {
  let api: ApiHarness;
  let app: FastifyInstance;
  let one: World;
  let two: World;
  let directory = '';
  let investorName = '';
  let invoice = '';

  const leg = (
    kind: AccountKindName,
    currency: string,
    party: { model: PartyModel; id: string } | null,
    amount: bigint,
  ): Leg => ({ account: { kind, currency, party }, amount, phase: 'posted' });
  const book = (event: string, effectiveDate: string, description: string, legs: Leg[], requestId?: string) =>
    db().transaction((tx) =>
      post(
        tx,
        { event, kind: event.split(':')[0]!, effectiveDate, description, legs, requestId: requestId ?? null },
        AT,
      ),
    );
  const get = (who: string | null, url: string) =>
    app.inject({ method: 'GET', url, headers: who ? { authorization: who } : {} });
  const csvOf = async (who: string, url: string) => {
    const res = await get(who, url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.startsWith('\ufeff')).toBe(true);
    return parseCsv(res.body.slice(1));
  };

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    one = await buildWorld(api, '');
    two = await buildWorld(api, '2');
    // The worlds' sample investors share a name; the files name parties by name only.
    await db().query(`UPDATE "investor" SET investor_name = 'Second World Capital' WHERE id = $1`, [
      two.Investor,
    ]);
    const investor1 = { model: 'Investor' as const, id: one.Investor };
    await book(
      'approval:one',
      '2026-01-10',
      'Purchase of invoice "A-1", net',
      [
        leg('receivables_purchased', 'EUR', investor1, 100_000n),
        leg('supplier_payable', 'EUR', { model: 'Supplier', id: one.Supplier }, -90_000n),
        leg('unearned_discount', 'EUR', null, -10_000n),
      ],
      one.Request,
    );
    await book('approval:two', '2026-02-15', '=cmd|calc', [
      leg('receivables_purchased', 'EUR', { model: 'Investor', id: two.Investor }, 50_000n),
      leg('supplier_payable', 'EUR', { model: 'Supplier', id: two.Supplier }, -50_000n),
    ]);
    await book('cash:one', '2026-01-05', 'Buyer payment', [
      leg('funder_collection_cash', 'JPY', investor1, 1_500n),
      leg('unapplied_cash', 'JPY', null, -1_500n),
    ]);
    await book('approval:later', '2026-06-30', 'Later purchase', [
      leg('receivables_purchased', 'EUR', investor1, 20_000n),
      leg('supplier_payable', 'EUR', { model: 'Supplier', id: one.Supplier }, -20_000n),
    ]);
    await book('limit:one', '2026-01-02', 'Line limit', [
      leg('limits_granted', 'EUR', null, 500_000n),
      leg('line_limit_free', 'EUR', { model: 'Buyer', id: one.Buyer }, -500_000n),
    ]);
    const names = await api.gql<{
      getInvestor: { investor_name: string };
      getRequest: { invoice_number: string };
    }>(
      'Admin',
      `query { getInvestor(id: "${one.Investor}") { investor_name } getRequest(id: "${one.Request}") { invoice_number } }`,
    );
    investorName = names.data!.getInvestor.investor_name;
    invoice = names.data!.getRequest.invoice_number;
    directory = await mkdtemp(join(tmpdir(), 'rf-ledger-exports-'));
    app = Fastify();
    registerLedgerRoutes(
      app,
      { config: loadConfig({ DATA_DIR: '/tmp/rf-test' }), db: db() },
      {
        authenticate: async (header) => CALLERS[(header ?? '') as keyof typeof CALLERS] ?? null,
        adapter: csvDirectoryAdapter(directory),
        today: () => '2026-03-31',
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await api?.app.close();
  });

  describe('journal', () => {
    it('lists every entry of the period with its account, party, amounts and request, quoted and defused', async () => {
      const res = await get('Admin', '/ledger/journal.csv?from=2026-01-01&to=2026-03-31');
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="journal-2026-01-01-to-2026-03-31.csv"',
      );
      expect(res.headers['cache-control']).toBe('private, no-store');
      const [header, ...rows] = parseCsv(res.body.slice(1));
      expect(header).toEqual([
        'Date',
        'Transaction',
        'Event',
        'Account code',
        'Account',
        'Party',
        'Currency',
        'Phase',
        'Debit',
        'Credit',
        'Description',
        'Request reference',
      ]);
      const ours = rows.filter((r) => r[6] !== 'USD');
      // By date: the limit (2 Jan), the JPY cash (5 Jan), the purchase (10 Jan), the other (15 Feb).
      expect(ours.map((r) => [r[0], r[3], r[6], r[8], r[9]])).toEqual([
        ['2026-01-02', 'limits_granted', 'EUR', '5000.00', ''],
        ['2026-01-02', 'line_limit_free', 'EUR', '', '5000.00'],
        ['2026-01-05', 'funder_collection_cash', 'JPY', '1500', ''],
        ['2026-01-05', 'unapplied_cash', 'JPY', '', '1500'],
        ['2026-01-10', 'receivables_purchased', 'EUR', '1000.00', ''],
        ['2026-01-10', 'supplier_payable', 'EUR', '', '900.00'],
        ['2026-01-10', 'unearned_discount', 'EUR', '', '100.00'],
        ['2026-02-15', 'receivables_purchased', 'EUR', '500.00', ''],
        ['2026-02-15', 'supplier_payable', 'EUR', '', '500.00'],
      ]);
      const purchase = ours[4]!;
      expect(purchase).toMatchObject({
        2: 'approval',
        4: 'Receivables purchased',
        5: investorName,
        7: 'posted',
        10: 'Purchase of invoice "A-1", net',
        11: invoice,
      });
      expect(ours[7]![10]).toBe("'=cmd|calc");
      expect(rows.every((r) => r[0]! >= '2026-01-01' && r[0]! <= '2026-03-31')).toBe(true);
    });

    it('keeps to one currency when asked', async () => {
      const [, ...rows] = await csvOf(
        'Admin',
        '/ledger/journal.csv?from=2026-01-01&to=2026-12-31&currency=JPY',
      );
      expect(rows.map((r) => [r[6], r[8], r[9]])).toEqual([
        ['JPY', '1500', ''],
        ['JPY', '', '1500'],
      ]);
    });

    it('refuses missing, malformed and absurd dates and a period that ends before it starts', async () => {
      const cases: [string, RegExp][] = [
        ['', /from and to are required/],
        ['?from=2026-01-01', /from and to are required/],
        ['?from=2026-02-30&to=2026-03-01', /from must be a date/],
        ['?from=yesterday&to=2026-03-01', /from must be a date/],
        ['?from=0001-01-01&to=2026-03-01', /from must be between 1900-01-01 and 2999-12-31/],
        ['?from=2026-01-01&to=9999-12-31', /to must be between/],
        ['?from=2026-03-01&to=2026-01-01', /from \(2026-03-01\) must not be after to \(2026-01-01\)/],
        ['?from=2026-01-01&to=2026-03-01&currency=euro', /currency must be a three-letter code/],
      ];
      for (const [query, message] of cases) {
        const res = await get('Admin', `/ledger/journal.csv${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json(), query).toMatchObject({
          error: 'ValidationError',
          message: expect.stringMatching(message),
        });
      }
    });
  });

  describe('trial balance', () => {
    it('lists each account as of the date with totals per currency that are zero', async () => {
      const res = await get('Admin', '/ledger/trial-balance.csv');
      expect(res.headers['content-disposition']).toBe('attachment; filename="trial-balance-2026-03-31.csv"');
      const [header, ...rows] = parseCsv(res.body.slice(1));
      expect(header).toEqual([
        'As of',
        'Account code',
        'Account',
        'Party',
        'Memo',
        'Currency',
        'Debit',
        'Credit',
        'Balance',
      ]);
      expect(rows.every((r) => r[0] === '2026-03-31')).toBe(true);
      const totals = rows.filter((r) => r[2]!.startsWith('Total '));
      expect(totals.length).toBeGreaterThanOrEqual(3);
      for (const t of totals) expect(Number(t[8]), t.join()).toBe(0);
      expect(totals.find((t) => t[2] === 'Total EUR')?.slice(5)).toEqual([
        'EUR',
        '1500.00',
        '1500.00',
        '0.00',
      ]);
      expect(totals.find((t) => t[2] === 'Total EUR memo accounts')?.slice(5)).toEqual([
        'EUR',
        '5000.00',
        '5000.00',
        '0.00',
      ]);
      expect(totals.find((t) => t[2] === 'Total JPY')?.slice(5)).toEqual(['JPY', '1500', '1500', '0']);
      // The June purchase is after the date.
      const receivable = rows.find(
        (r) => r[1] === 'receivables_purchased' && r[3] === investorName && r[5] === 'EUR',
      );
      expect(receivable?.slice(6)).toEqual(['1000.00', '0.00', '1000.00']);
    });

    it('takes an as-of date and a currency', async () => {
      const [, ...rows] = await csvOf('Admin', '/ledger/trial-balance.csv?asOf=2026-12-31&currency=EUR');
      expect(rows.every((r) => r[5] === 'EUR')).toBe(true);
      const receivable = rows.find((r) => r[1] === 'receivables_purchased' && r[3] === investorName);
      expect(receivable?.slice(6)).toEqual(['1200.00', '0.00', '1200.00']);
      const bad = await get('Admin', '/ledger/trial-balance.csv?asOf=2026-13-01');
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('who may download', () => {
    it('gives a funder its own accounts only', async () => {
      const [, ...journal] = await csvOf('Investor', '/ledger/journal.csv?from=2026-01-01&to=2026-12-31');
      expect(journal.length).toBeGreaterThan(0);
      expect(new Set(journal.map((r) => r[5]))).toEqual(new Set([investorName]));
      expect(journal.some((r) => r[10] === "'=cmd|calc")).toBe(false);
      const [, ...balance] = await csvOf(
        'Investor',
        '/ledger/trial-balance.csv?asOf=2026-12-31&currency=EUR',
      );
      const accounts = balance.filter((r) => !r[2]!.startsWith('Total '));
      expect(accounts.map((r) => [r[1], r[3]])).toEqual([['receivables_purchased', investorName]]);
      const [, ...spv] = await csvOf('Spv', '/ledger/journal.csv?from=2026-01-01&to=2026-12-31&currency=EUR');
      expect(spv).toEqual([]);
    });

    it('refuses suppliers, brokers, the signed-out and unknown tokens', async () => {
      for (const url of ['/ledger/journal.csv?from=2026-01-01&to=2026-12-31', '/ledger/trial-balance.csv']) {
        for (const who of ['Supplier', 'Broker']) {
          const res = await get(who, url);
          expect(res.statusCode, `${who} ${url}`).toBe(403);
          expect(res.json()).toMatchObject({ error: 'Unauthorized' });
        }
        for (const who of [null, 'nobody']) expect((await get(who, url)).statusCode).toBe(401);
      }
    });
  });

  describe('accounting adapter', () => {
    it('writes the period’s journal and the trial balance at its end as CSV files, for administrators only', async () => {
      const refused = await app.inject({
        method: 'POST',
        url: '/ledger/export?from=2026-01-01&to=2026-03-31',
        headers: { authorization: 'Investor' },
      });
      expect(refused.statusCode).toBe(403);
      expect(await readdir(directory)).toEqual([]);
      const res = await app.inject({
        method: 'POST',
        url: '/ledger/export?from=2026-01-01&to=2026-03-31',
        headers: { authorization: 'Admin' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const receipt = res.json<{
        journal: { location: string; records: number };
        trialBalance: { location: string };
      }>();
      expect((await readdir(directory)).sort()).toEqual([
        'journal-2026-01-01-to-2026-03-31.csv',
        'trial-balance-2026-03-31.csv',
      ]);
      const download = async (url: string) => (await get('Admin', url)).body.slice(1);
      expect(await readFile(receipt.journal.location, 'utf8')).toBe(
        await download('/ledger/journal.csv?from=2026-01-01&to=2026-03-31'),
      );
      expect(await readFile(receipt.trialBalance.location, 'utf8')).toBe(
        await download('/ledger/trial-balance.csv?asOf=2026-03-31'),
      );
      expect(receipt.journal.records).toBe(
        parseCsv(await readFile(receipt.journal.location, 'utf8')).length - 1,
      );
      const bad = await app.inject({
        method: 'POST',
        url: '/ledger/export?from=2026-04-01&to=2026-03-31',
        headers: { authorization: 'Admin' },
      });
      expect(bad.statusCode).toBe(400);
    });
  });
});
