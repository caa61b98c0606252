import { toMinor, type AccountKindName, type Leg, type PartyModel } from '@rf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { post } from '../ledger/post.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { CALLERS, ORGS, buildWorld, type World } from '../testing/world.ts';

const AT = new Date('2026-11-24T10:00:00Z');

interface Account {
  id: string;
  kind: string;
  name: string;
  currency: string;
  partyModel: string | null;
  partyId: string | null;
  partyName: string | null;
  memo: boolean;
}
interface TbRow {
  account: Account;
  currency: string;
  debit: string;
  credit: string;
  balance: string;
}
interface Entry {
  id: string;
  transactionId: string;
  kind: string;
  effectiveDate: string;
  account: Account;
  currency: string;
  debit: string | null;
  credit: string | null;
  phase: string;
  runningBalance: string;
  requestId: string | null;
  requestReference: string | null;
  bankTransactionId: string | null;
  operation: string | null;
  actor: string | null;
}

const ACCOUNT = 'account { id kind name currency partyModel partyId partyName memo }';
const TB = `query ($asOf: AWSDate, $currency: String) {
  trialBalance(asOf: $asOf, currency: $currency) { ${ACCOUNT} currency debit credit balance }
  trialBalanceTotals(asOf: $asOf, currency: $currency) { currency memo debit credit balance }
}`;
const ACCOUNTS = `query ($currency: String) { ledgerAccounts(currency: $currency) { ${ACCOUNT} currency posted pending balance } }`;
const ONE_ACCOUNT = `query ($id: ID!) { ledgerAccount(id: $id) { ${ACCOUNT} posted pending balance } }`;
const ENTRIES = `query ($filter: LedgerEntryFilter, $limit: Int, $nextToken: String) {
  ledgerEntries(filter: $filter, limit: $limit, nextToken: $nextToken) {
    items { id transactionId kind effectiveDate ${ACCOUNT} currency debit credit phase runningBalance
            requestId requestReference bankTransactionId operation actor }
    nextToken
  }
}`;

/** The funders of the second world sign in too. */
const WHO = {
  ...CALLERS,
  Investor2: { sub: 'investor2', groupId: ORGS.investor2, role: 'Investor' as const },
  Spv2: { sub: 'spv2', groupId: ORGS.spv2, role: 'Spv' as const },
};

/**
 * The ledger's read API (docs/architecture.md, “Ledger”): trial balance, accounts and entries, as
 * each role may read them. The postings are made here in EUR and JPY, apart from anything the
 * worlds' own operations book (in USD), so the figures are known exactly.
 */
describeDatabases('ledger read API', (db) => {
  let api: ApiHarness;
  let one: World;
  let two: World;
  let invoice = '';

  const leg = (
    kind: AccountKindName,
    currency: string,
    party: { model: PartyModel; id: string } | null,
    amount: bigint,
  ): Leg => ({ account: { kind, currency, party }, amount, phase: 'posted' });
  const book = (
    event: string,
    effectiveDate: string,
    legs: Leg[],
    extra: { requestId?: string; bankTransactionId?: string } = {},
  ) =>
    db().transaction((tx) =>
      post(
        tx,
        {
          event,
          kind: event.split(':')[0]!,
          effectiveDate,
          description: event,
          legs,
          operation: 'test',
          actor: 'Ledger test',
          ...extra,
        },
        AT,
      ),
    );

  const ok = async <T>(who: string, query: string, variables?: Record<string, unknown>): Promise<T> => {
    const res = await api.gql<T>(who, query, variables);
    expect(res.errors, query).toBeUndefined();
    return res.data as T;
  };
  const errorOf = async (who: string | null, query: string, variables?: Record<string, unknown>) =>
    (await api.gql(who, query, variables)).errors?.[0];
  const accounts = async (who: string, currency: string | null = null) =>
    (
      await ok<{ ledgerAccounts: (TbRow & { posted: string; pending: string })[] }>(who, ACCOUNTS, {
        currency,
      })
    ).ledgerAccounts;
  const accountOf = async (kind: string, partyId: string | null, currency = 'EUR') => {
    const found = (await accounts('Admin', currency)).find(
      (a) => a.account.kind === kind && a.account.partyId === partyId,
    );
    if (!found) throw new Error(`no ${kind} account of ${partyId}`);
    return found.account;
  };
  const allEntries = async (who: string, filter: Record<string, unknown>, limit = 500) => {
    const items: Entry[] = [];
    let nextToken: string | null = null;
    do {
      const page: { ledgerEntries: { items: Entry[]; nextToken: string | null } } = await ok(who, ENTRIES, {
        filter,
        limit,
        nextToken,
      });
      items.push(...page.ledgerEntries.items);
      nextToken = page.ledgerEntries.nextToken;
    } while (nextToken);
    return items;
  };
  /** Per currency and memo or not: the sum of the rows' balances in minor units. */
  const sums = (rows: readonly TbRow[]) => {
    const by = new Map<string, bigint>();
    for (const r of rows) {
      const key = `${r.currency}${r.account.memo ? ' memo' : ''}`;
      by.set(key, (by.get(key) ?? 0n) + toMinor(r.balance, r.currency));
    }
    return by;
  };

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(WHO)) api.callers.set(name, caller);
    one = await buildWorld(api, '');
    two = await buildWorld(api, '2');
    const investor1 = { model: 'Investor' as const, id: one.Investor };
    const investor2 = { model: 'Investor' as const, id: two.Investor };
    const supplier1 = { model: 'Supplier' as const, id: one.Supplier };
    const supplier2 = { model: 'Supplier' as const, id: two.Supplier };
    const spv1 = { model: 'Spv' as const, id: one.Spv };
    await book(
      'approval:one',
      '2026-01-10',
      [
        leg('receivables_purchased', 'EUR', investor1, 100_000n),
        leg('supplier_payable', 'EUR', supplier1, -90_000n),
        leg('unearned_discount', 'EUR', null, -10_000n),
      ],
      { requestId: one.Request },
    );
    await book(
      'advance:one',
      '2026-01-20',
      [
        leg('supplier_payable', 'EUR', supplier1, 90_000n),
        leg('funder_remittance_cash', 'EUR', investor1, -90_000n),
      ],
      { requestId: one.Request, bankTransactionId: one.Transaction },
    );
    await book(
      'approval:two',
      '2026-02-15',
      [
        leg('receivables_purchased', 'EUR', investor2, 50_000n),
        leg('supplier_payable', 'EUR', supplier2, -50_000n),
      ],
      { requestId: two.Request },
    );
    await book('fees:one', '2026-03-01', [
      leg('platform_fee_revenue', 'EUR', null, 1_000n),
      leg('spv_fee_payable', 'EUR', spv1, -1_000n),
    ]);
    await book('cash:one', '2026-01-05', [
      leg('funder_collection_cash', 'JPY', investor1, 1_500n),
      leg('unapplied_cash', 'JPY', null, -1_500n),
    ]);
    await book('limit:one', '2026-01-02', [
      leg('limits_granted', 'EUR', null, 500_000n),
      leg('line_limit_free', 'EUR', { model: 'Buyer', id: one.Buyer }, -500_000n),
    ]);
    await book(
      'approval:later',
      '2026-06-30',
      [
        leg('receivables_purchased', 'EUR', investor1, 20_000n),
        leg('supplier_payable', 'EUR', supplier1, -20_000n),
      ],
      { requestId: one.Request },
    );
    invoice = (
      await ok<{ getRequest: { invoice_number: string } }>(
        'Admin',
        `query { getRequest(id: "${one.Request}") { invoice_number } }`,
      )
    ).getRequest.invoice_number;
  });
  afterAll(async () => api.app.close());

  describe('trial balance', () => {
    it('sums to zero per currency, money and memo accounts apart, and the server’s totals say so', async () => {
      const data = await ok<{
        trialBalance: TbRow[];
        trialBalanceTotals: (Omit<TbRow, 'account'> & { memo: boolean })[];
      }>('Admin', TB, { asOf: '2026-12-31' });
      const currencies = new Set(data.trialBalance.map((r) => r.currency));
      expect([...currencies]).toEqual(expect.arrayContaining(['EUR', 'JPY']));
      for (const [key, sum] of sums(data.trialBalance)) expect(sum, key).toBe(0n);
      for (const t of data.trialBalanceTotals) {
        expect(toMinor(t.balance, t.currency), `${t.currency} ${t.memo}`).toBe(0n);
        expect(t.debit).toBe(t.credit);
      }
      expect(data.trialBalanceTotals.find((t) => t.currency === 'EUR' && !t.memo)).toEqual({
        currency: 'EUR',
        memo: false,
        debit: '2610.00',
        credit: '2610.00',
        balance: '0.00',
      });
      // JPY has no minor unit: amounts are whole yen.
      expect(data.trialBalanceTotals.find((t) => t.currency === 'JPY')).toMatchObject({
        debit: '1500',
        balance: '0',
      });
    });

    it('has one row per account, matching its posted entries, with the party by name', async () => {
      const { trialBalance } = await ok<{ trialBalance: TbRow[] }>('Admin', TB, {
        asOf: '2026-12-31',
        currency: 'EUR',
      });
      expect(trialBalance.every((r) => r.currency === 'EUR')).toBe(true);
      const raw = await db().query<{ account_id: string; debit: string; credit: string }>(
        `SELECT e.account_id::text AS account_id,
                coalesce(sum(e.amount) FILTER (WHERE e.amount > 0), 0)::text AS debit,
                coalesce(-sum(e.amount) FILTER (WHERE e.amount < 0), 0)::text AS credit
           FROM ledger_entry e JOIN ledger_transaction t ON t.id = e.transaction_id
          WHERE e.phase = 'posted' AND e.currency = 'EUR' AND t.effective_date <= '2026-12-31'
          GROUP BY e.account_id`,
      );
      expect(trialBalance).toHaveLength(raw.length);
      for (const r of raw) {
        const row = trialBalance.find((t) => t.account.id === r.account_id);
        expect(row, r.account_id).toBeDefined();
        expect([toMinor(row!.debit, 'EUR'), toMinor(row!.credit, 'EUR')]).toEqual([
          BigInt(r.debit),
          BigInt(r.credit),
        ]);
      }
      const receivable = trialBalance.find(
        (r) => r.account.kind === 'receivables_purchased' && r.account.partyId === one.Investor,
      );
      expect(receivable).toMatchObject({
        debit: '1200.00',
        credit: '0.00',
        balance: '1200.00',
        account: { name: 'Receivables purchased', partyModel: 'Investor', memo: false },
      });
      const investor = await ok<{ getInvestor: { investor_name: string } }>(
        'Admin',
        `query { getInvestor(id: "${one.Investor}") { investor_name } }`,
      );
      expect(receivable!.account.partyName).toBe(investor.getInvestor.investor_name);
      const payable = trialBalance.find(
        (r) => r.account.kind === 'supplier_payable' && r.account.partyId === one.Supplier,
      );
      expect(payable).toMatchObject({ debit: '900.00', credit: '1100.00', balance: '-200.00' });
      expect(trialBalance.find((r) => r.account.kind === 'unearned_discount')?.account.partyName).toBeNull();
    });

    it('leaves out what is effective after the as-of date, and is as of today by default', async () => {
      const at = async (asOf: string | null) =>
        (await ok<{ trialBalance: TbRow[] }>('Admin', TB, { asOf, currency: 'EUR' })).trialBalance;
      const receivable = (rows: TbRow[], investor: string) =>
        rows.find((r) => r.account.kind === 'receivables_purchased' && r.account.partyId === investor);
      const march = await at('2026-03-31');
      expect(receivable(march, one.Investor)?.debit).toBe('1000.00');
      expect(receivable(march, two.Investor)?.debit).toBe('500.00');
      for (const [key, sum] of sums(march)) expect(sum, key).toBe(0n);
      const january = await at('2026-01-15');
      expect(receivable(january, two.Investor)).toBeUndefined();
      expect(january.find((r) => r.account.kind === 'funder_remittance_cash')).toBeUndefined();
      expect(await at('2025-12-31')).toEqual([]);
      api.setToday('2026-01-15');
      try {
        expect(await at(null)).toEqual(january);
      } finally {
        api.setToday(null);
      }
    });
  });

  describe('accounts and entries', () => {
    it('lists the chart of accounts with posted and pending balances on the normal side', async () => {
      const eur = await accounts('Admin', 'EUR');
      expect(eur.every((a) => a.currency === 'EUR')).toBe(true);
      const payable = eur.find(
        (a) => a.account.kind === 'supplier_payable' && a.account.partyId === one.Supplier,
      );
      // A credit account reads its credit balance as positive.
      expect(payable).toMatchObject({ posted: '200.00', pending: '0.00', balance: '200.00' });
      expect(eur.find((a) => a.account.kind === 'line_limit_free')).toMatchObject({
        posted: '5000.00',
        account: { memo: true, partyModel: 'Buyer' },
      });
      const one1 = await ok<{ ledgerAccount: { posted: string } | null }>('Admin', ONE_ACCOUNT, {
        id: payable!.account.id,
      });
      expect(one1.ledgerAccount?.posted).toBe('200.00');
    });

    it('walks an account’s entries page by page with running balances and links to their records', async () => {
      const receivable = await accountOf('receivables_purchased', one.Investor);
      const items = await allEntries('Admin', { accountId: receivable.id }, 1);
      expect(items.map((e) => [e.effectiveDate, e.debit, e.runningBalance])).toEqual([
        ['2026-01-10', '1000.00', '1000.00'],
        ['2026-06-30', '200.00', '1200.00'],
      ]);
      expect(items[0]).toMatchObject({
        requestId: one.Request,
        requestReference: invoice,
        operation: 'test',
        actor: 'Ledger test',
        phase: 'posted',
        kind: 'approval',
      });
      const payable = await accountOf('supplier_payable', one.Supplier);
      const statement = await allEntries('Admin', { accountId: payable.id }, 2);
      expect(statement.map((e) => [e.debit, e.credit, e.runningBalance])).toEqual([
        [null, '900.00', '900.00'],
        ['900.00', null, '0.00'],
        [null, '200.00', '200.00'],
      ]);
      // Every EUR and JPY entry once, whatever the page size.
      const everything = await allEntries('Admin', { from: '2026-01-01', to: '2026-12-31' }, 3);
      const ids = everything.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(everything.filter((e) => e.currency !== 'USD')).toHaveLength(15);
    });

    it('filters by request, bank transaction, ledger transaction and period', async () => {
      const byRequest = await allEntries('Admin', { requestId: two.Request });
      expect(byRequest.filter((e) => e.currency === 'EUR')).toHaveLength(2);
      const byBank = await allEntries('Admin', { bankTransactionId: one.Transaction });
      expect(byBank.map((e) => e.kind)).toEqual(['advance', 'advance']);
      const byTransaction = await allEntries('Admin', { transactionId: byBank[0]!.transactionId });
      expect(byTransaction.map((e) => e.id)).toEqual(byBank.map((e) => e.id));
      const february = await allEntries('Admin', { from: '2026-02-01', to: '2026-02-28' });
      expect(february.filter((e) => e.currency === 'EUR').map((e) => e.kind)).toEqual([
        'approval',
        'approval',
      ]);
      expect(february.every((e) => e.effectiveDate >= '2026-02-01' && e.effectiveDate <= '2026-02-28')).toBe(
        true,
      );
    });

    it('refuses malformed filters, dates, limits, currencies and tokens with typed errors', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ filter: { from: '2026-02-30' } }, 'ValidationError'],
        [{ filter: { from: '0001-01-01' } }, 'ValidationError'],
        [{ filter: { from: '2026-03-01', to: '2026-02-01' } }, 'ValidationError'],
        [{ filter: { accountId: 'not-an-id' } }, 'ValidationError'],
        [{ limit: 0 }, 'ValidationError'],
        [{ limit: 1001 }, 'LimitExceeded'],
        [{ nextToken: 'forged.token' }, 'ValidationError'],
      ];
      for (const [variables, type] of cases)
        expect((await errorOf('Admin', ENTRIES, variables))?.errorType, JSON.stringify(variables)).toBe(type);
      expect((await errorOf('Admin', TB, { asOf: '2026-13-01' }))?.errorType).toBe('ValidationError');
      expect((await errorOf('Admin', TB, { currency: 'euro' }))?.errorType).toBe('ValidationError');
      expect((await errorOf('Admin', ONE_ACCOUNT, { id: 'x' }))?.errorType).toBe('ValidationError');
      // A token is bound to its filter.
      const first = await ok<{ ledgerEntries: { nextToken: string } }>('Admin', ENTRIES, { limit: 1 });
      expect(
        (
          await errorOf('Admin', ENTRIES, {
            limit: 1,
            nextToken: first.ledgerEntries.nextToken,
            filter: { to: '2026-12-31' },
          })
        )?.errorType,
      ).toBe('ValidationError');
    });

    it('accepts the largest page when the selection fits the query budget', async () => {
      const res = await api.gql<{ ledgerEntries: { items: unknown[] } }>(
        'Admin',
        'query ($limit: Int) { ledgerEntries(limit: $limit) { items { id debit credit } nextToken } }',
        { limit: 1000 },
      );
      expect(res.errors).toBeUndefined();
      expect(res.data!.ledgerEntries.items.length).toBeGreaterThanOrEqual(15);
    });
  });

  describe('who sees what', () => {
    it('an administrator sees every account', async () => {
      const all = await accounts('Admin');
      const models = new Set(all.map((a) => a.account.partyModel));
      for (const m of [null, 'Investor', 'Spv', 'Supplier', 'Buyer'])
        expect(models.has(m), String(m)).toBe(true);
    });

    it('an investor sees only its own accounts and their entries, whatever it asks for', async () => {
      const mine = await accounts('Investor');
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((a) => a.account.partyId === one.Investor)).toBe(true);
      expect([...new Set(mine.map((a) => a.currency))]).toEqual(expect.arrayContaining(['EUR', 'JPY']));
      const { trialBalance, trialBalanceTotals } = await ok<{
        trialBalance: TbRow[];
        trialBalanceTotals: { currency: string; debit: string }[];
      }>('Investor', TB, { asOf: '2026-12-31', currency: 'EUR' });
      expect(trialBalance.map((r) => r.account.kind).sort()).toEqual([
        'funder_remittance_cash',
        'receivables_purchased',
      ]);
      expect(trialBalanceTotals).toEqual([
        { currency: 'EUR', memo: false, debit: '1200.00', credit: '900.00', balance: '300.00' },
      ]);
      const entries = await allEntries('Investor', {});
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.every((e) => e.account.partyId === one.Investor)).toBe(true);
      // Asking for the other investor's account, request or the supplier's account returns nothing.
      const theirs = await accountOf('receivables_purchased', two.Investor);
      const supplier = await accountOf('supplier_payable', one.Supplier);
      for (const id of [theirs.id, supplier.id]) {
        expect(
          (await ok<{ ledgerAccount: unknown }>('Investor', ONE_ACCOUNT, { id })).ledgerAccount,
        ).toBeNull();
        expect(await allEntries('Investor', { accountId: id })).toEqual([]);
      }
      expect(await allEntries('Investor', { requestId: two.Request })).toEqual([]);
      // Its own request's entries are only those on its own accounts.
      const own = await allEntries('Investor', { requestId: one.Request });
      expect(
        own
          .filter((e) => e.currency === 'EUR')
          .map((e) => e.account.kind)
          .sort(),
      ).toEqual(['funder_remittance_cash', 'receivables_purchased', 'receivables_purchased']);
      // And the other investor sees its own, not these.
      const other = await accounts('Investor2', 'EUR');
      expect(other.map((a) => a.account.partyId)).toEqual([two.Investor]);
    });

    it('an SPV sees only the accounts of its own SPV record', async () => {
      const mine = await accounts('Spv');
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((a) => a.account.partyId === one.Spv)).toBe(true);
      expect(mine.find((a) => a.currency === 'EUR')).toMatchObject({
        account: { kind: 'spv_fee_payable' },
        posted: '10.00',
      });
      expect(await accounts('Spv2', 'EUR')).toEqual([]);
      const receivable = await accountOf('receivables_purchased', one.Investor);
      expect(await allEntries('Spv', { accountId: receivable.id })).toEqual([]);
    });

    it('refuses suppliers, brokers and the signed-out with Unauthorized', async () => {
      const receivable = await accountOf('receivables_purchased', one.Investor);
      for (const who of ['Supplier', 'Broker', null])
        for (const [query, variables] of [
          [TB, {}],
          [ACCOUNTS, {}],
          [ONE_ACCOUNT, { id: receivable.id }],
          [ENTRIES, { filter: { accountId: receivable.id } }],
        ] as const) {
          const res = await api.gql(who, query, variables);
          expect(res.errors?.[0]?.errorType, `${who} ${query.slice(0, 30)}`).toBe('Unauthorized');
          expect(JSON.stringify(res.data ?? null)).not.toContain(receivable.id);
        }
    });
  });
});
