import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { collectionLegs, payoutLegs, REGISTRY, toMinor, writeOffLegs, type Leg } from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { createAccount, createPayment } from '../testing/payments.ts';
import { sampleInput } from '../testing/samples.ts';
import {
  buildWorld,
  CALLERS,
  fundedLine,
  onPricedPayoutDay,
  ORGS,
  PRICED_PAYOUT as PAYOUT,
  readyForApproval,
  type World,
} from '../testing/world.ts';
import { ledgerAgreement } from './agreement.ts';
import { post } from './post.ts';
import { lineUses } from './line-uses.ts';
import { heldRequest } from './request-postings.ts';

type Result = { data?: Record<string, unknown> | null; errors?: { message: string; errorType: string }[] };

/** Runs per database; each run is a fresh line and a random sequence of up to ten steps. */
const RUNS = 25;
const LIMIT = 20_000_00n;
const SETTLED_ON = '2026-06-30';

type Retry = 'none' | 'again' | 'concurrent';
type Action =
  | { kind: 'submit'; cents: number; retry: Retry }
  | {
      kind: 'approve' | 'decline' | 'withdraw' | 'payout' | 'spvPurchase' | 'writeOff' | 'settle';
      pick: number;
      retry: Retry;
    }
  | { kind: 'collect'; pick: number; percent: number; retry: Retry };

const retry = fc.constantFrom<Retry>('none', 'again', 'concurrent');
const pick = fc.nat(20);
const ACTION: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('submit' as const),
      cents: fc.integer({ min: 1_00, max: 9_000_00 }),
      retry,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('approve' as const), pick, retry }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constantFrom('decline' as const, 'withdraw' as const), pick, retry }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constantFrom('payout' as const, 'spvPurchase' as const), pick, retry }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('collect' as const),
      pick,
      percent: fc.integer({ min: 1, max: 100 }),
      retry,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constantFrom('writeOff' as const, 'settle' as const), pick, retry }),
  },
);

/** What the test expects of each request it made. */
interface Modelled {
  id: string;
  status: 'Under Review' | 'Approved' | 'Settled' | 'Declined';
  face: bigint;
  advance: bigint;
  purchase: bigint;
  paidOut: boolean;
  boughtBySpv: boolean;
  /** Collected or written off against the receivable. */
  closed: bigint;
  touched: boolean;
}

/**
 * The ledger over random lifecycles (docs/business-rules.md, “The ledger”): submissions,
 * approvals, declines and withdrawals through the operations (with idempotency keys, retried in
 * turn or at once), payouts, partial collections and write-offs through the posting functions the
 * payment operations will call, settlement through its operation. After every run: each
 * transaction balances per currency, the trial balance is zero per currency, each account's
 * balance is the sum of its entries, the receivables are the open face values, the line's limit
 * is what the requests hold (never below zero free), a retried operation posted once, and the
 * ledger agrees with the records.
 */
describeDatabases('ledger over random lifecycles', (db) => {
  let api: ApiHarness;
  let world: World;
  let collection: string;
  let serial = 0;

  const gql = (who: string, query: string, variables?: Record<string, unknown>) =>
    api.gql(who, query, variables) as Promise<Result>;
  /** Runs `call` once, twice in turn or twice at once with one key; answers every result. */
  const withRetry = async (how: Retry, call: (key: string) => Promise<Result>) => {
    const key = `prop-${++serial}`;
    if (how === 'none') return [await call(key)];
    if (how === 'again') return [await call(key), await call(key)];
    return Promise.all([call(key), call(key)]);
  };

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    world = await buildWorld(api, '');
    await onPricedPayoutDay(api);
    collection = await createAccount(api, 'collection', {
      userId: ORGS.investor,
      investorId: world.Investor,
    });
  });
  afterAll(async () => api.app.close());

  const newLine = () =>
    fundedLine(api, world, { limit: '20000.00', advance: '90', name: `Property Buyer ${++serial}` });

  const rowOf = async (id: string) => (await db().query('SELECT * FROM "request" WHERE id = $1', [id]))[0]!;
  const book = (event: string, requestId: string, legs: Leg[]) =>
    db().transaction((tx) =>
      post(
        tx,
        { event, kind: event.split(':')[0]!, effectiveDate: PAYOUT, description: event, requestId, legs },
        new Date(),
      ),
    );

  async function step(line: string, requests: Modelled[], a: Action): Promise<void> {
    const held = () =>
      requests.reduce(
        (s, r) => s + (r.status === 'Under Review' ? r.advance : r.status === 'Approved' ? r.purchase : 0n),
        0n,
      );
    const among = (ok: (r: Modelled) => boolean) => {
      const candidates = requests.filter(ok);
      return candidates.length ? candidates[('pick' in a ? a.pick : 0) % candidates.length] : undefined;
    };
    if (a.kind === 'submit') {
      const face = BigInt(a.cents);
      const advance = (face * 90n + 50n) / 100n;
      const invoice = {
        ...sampleInput(REGISTRY.Request, {
          buyerId: line,
          supplierId: world.Supplier,
          invoice_amount: (a.cents / 100).toFixed(2),
          invoice_currency: 'USD',
          invoice_number: `PROP-${++serial}`,
          invoice_date: '2026-03-01',
          invoice_due_date: '2026-05-08',
        }),
        sold_goods_description: 'Steel coils',
        invoice_attachment: 'tests/invoice.pdf',
        bill_of_lading_attachment: 'tests/bol.pdf',
        ipu_signature_email: 'signer@buyer.test',
      };
      const results = await withRetry(a.retry, (idempotencyKey) =>
        gql('Supplier', 'mutation ($input: SubmitRequestsInput!) { submitRequests(input: $input) { ids } }', {
          input: { buyerId: line, requests: JSON.stringify([invoice]), idempotencyKey },
        }),
      );
      const fits = held() + advance <= LIMIT;
      for (const r of results)
        if (fits) expect(r.errors).toBeUndefined();
        else expect(r.errors?.[0]?.message).toMatch(/exceeds the available limit/);
      if (!fits) return;
      const ids = new Set(results.map((r) => (r.data!.submitRequests as { ids: string[] }).ids[0]!));
      expect(ids.size).toBe(1);
      requests.push({
        id: [...ids][0]!,
        status: 'Under Review',
        face,
        advance,
        purchase: 0n,
        paidOut: false,
        boughtBySpv: false,
        closed: 0n,
        touched: false,
      });
      return;
    }
    if (a.kind === 'approve') {
      const r = among((x) => x.status === 'Under Review');
      if (!r) return;
      await readyForApproval(api, r.id);
      const results = await withRetry(a.retry, (idempotencyKey) =>
        gql('Admin', 'mutation ($input: ApproveRequestInput!) { approveRequest(input: $input) { id } }', {
          input: { id: r.id, payout_date: PAYOUT, idempotencyKey },
        }),
      );
      const row = await rowOf(r.id);
      const purchase = toMinor(String(row.invoice_purchase_amount), 'USD');
      // The purchase (advance less the discount) fits where the advance was reserved.
      for (const res of results) expect(res.errors).toBeUndefined();
      r.status = 'Approved';
      r.purchase = purchase;
      return;
    }
    if (a.kind === 'decline' || a.kind === 'withdraw') {
      const r = among((x) => x.status === 'Under Review');
      if (!r) return;
      const results = await withRetry(a.retry, (idempotencyKey) =>
        a.kind === 'decline'
          ? gql('Admin', 'mutation ($input: DeclineRequestInput!) { declineRequest(input: $input) { id } }', {
              input: { id: r.id, reason: 'property: declined', idempotencyKey },
            })
          : gql(
              'Supplier',
              'mutation ($input: WithdrawRequestInput!) { withdrawRequest(input: $input) { id } }',
              {
                input: { id: r.id, reason: 'property: withdrawn', idempotencyKey },
              },
            ),
      );
      for (const res of results) expect(res.errors).toBeUndefined();
      r.status = 'Declined';
      return;
    }
    const r = among((x) => x.status === 'Approved' && (a.kind === 'settle' ? !x.touched : x.closed < x.face));
    if (!r) return;
    if (a.kind === 'spvPurchase') {
      // The SPV buys what is still open of the receivable from the investor, through its operation.
      if (r.boughtBySpv) return;
      const [record] = await db().query('SELECT id FROM "bookkeeping" WHERE "requestId" = $1', [r.id]);
      const results = await withRetry(a.retry, (idempotencyKey) =>
        gql('Spv', 'mutation ($input: ApprovePurchaseInput!) { approvePurchase(input: $input) { id } }', {
          input: { id: String(record!.id), idempotencyKey },
        }),
      );
      for (const res of results) expect(res.errors).toBeUndefined();
      r.boughtBySpv = true;
      return;
    }
    const priced = await heldRequest(db(), await rowOf(r.id));
    const funder = { model: 'Investor' as const, id: world.Investor };
    const twice = async (event: string, legs: Leg[]) => {
      // A retried posting keeps its event: the ledger posts it once.
      const results = await Promise.all(
        a.retry === 'none' ? [book(event, r.id, legs)] : [book(event, r.id, legs), book(event, r.id, legs)],
      );
      expect(results.filter((x) => x.posted)).toHaveLength(1);
    };
    if (a.kind === 'payout') {
      if (r.paidOut) return;
      await twice(`payout:${r.id}`, payoutLegs(priced));
      r.paidOut = true;
    } else if (a.kind === 'collect') {
      const amount = ((r.face - r.closed) * BigInt(a.percent) + 99n) / 100n;
      await twice(`collection:prop-${++serial}:${r.id}`, collectionLegs(priced, funder, amount));
      r.closed += amount;
      r.touched = true;
    } else if (a.kind === 'writeOff') {
      await twice(`writeoff:${r.id}`, writeOffLegs(priced, r.face - r.closed));
      r.closed = r.face;
      r.touched = true;
    } else {
      const payment = await createPayment(api, {
        userId: ORGS.investor,
        investorId: world.Investor,
        recipientaccountId: collection,
        transaction_source_amount: (Number(r.face) / 100).toFixed(2),
      });
      api.setToday(SETTLED_ON);
      try {
        const results = await withRetry(a.retry, (idempotencyKey) =>
          gql('Admin', 'mutation ($input: SettleRequestInput!) { settleRequest(input: $input) { id } }', {
            input: { id: r.id, transactionId_payback: payment, idempotencyKey },
          }),
        );
        for (const res of results) expect(res.errors).toBeUndefined();
      } finally {
        api.setToday(PAYOUT);
      }
      r.status = 'Settled';
      r.closed = r.face;
    }
  }

  async function invariants(line: string, requests: Modelled[]) {
    const unbalanced = await db().query(
      `SELECT e.transaction_id FROM ledger_entry e JOIN ledger_account a ON a.id = e.account_id
        GROUP BY e.transaction_id, a.currency, e.phase HAVING sum(e.amount) <> 0`,
    );
    expect(unbalanced).toEqual([]);
    const trial = await db().query<{ currency: string; sum: string }>(
      `SELECT a.currency, sum(e.amount)::text AS sum FROM ledger_entry e JOIN ledger_account a ON a.id = e.account_id
        WHERE e.phase = 'posted' GROUP BY a.currency`,
    );
    for (const t of trial) expect([t.currency, t.sum]).toEqual([t.currency, '0']);
    const drift = await db().query(
      `SELECT a.id FROM ledger_account a
        WHERE a.posted <> coalesce((SELECT sum(amount) FROM ledger_entry e WHERE e.account_id = a.id AND e.phase = 'posted'), 0)
           OR a.pending <> coalesce((SELECT sum(amount) FROM ledger_entry e WHERE e.account_id = a.id AND e.phase = 'pending'), 0)`,
    );
    expect(drift).toEqual([]);
    // Each request's receivable is held by one party: the SPV once it bought it, else the
    // investor, for its open face value; never below zero for anyone.
    const held = await db().query<{ request_id: string; party_model: string; amount: string }>(
      `SELECT t.request_id::text AS request_id, a.party_model, sum(e.amount)::text AS amount
         FROM ledger_entry e JOIN ledger_account a ON a.id = e.account_id
         JOIN ledger_transaction t ON t.id = e.transaction_id JOIN "request" r ON r.id = t.request_id
        WHERE a.kind = 'receivables_purchased' AND r."buyerId" = $1
        GROUP BY t.request_id, a.party_model`,
      [line],
    );
    for (const r of requests) {
      const open = r.status === 'Approved' ? r.face - r.closed : 0n;
      const of = (model: string) =>
        BigInt(held.find((h) => h.request_id === r.id && h.party_model === model)?.amount ?? '0');
      expect([r.id, of('Investor'), of('Spv')]).toEqual([
        r.id,
        r.boughtBySpv ? 0n : open,
        r.boughtBySpv ? open : 0n,
      ]);
    }
    const [receivable] = await db().query<{ amount: string | null }>(
      `SELECT sum(e.amount)::text AS amount FROM ledger_entry e
         JOIN ledger_account a ON a.id = e.account_id JOIN ledger_transaction t ON t.id = e.transaction_id
         JOIN "request" r ON r.id = t.request_id
        WHERE a.kind = 'receivables_purchased' AND r."buyerId" = $1`,
      [line],
    );
    const open = requests.reduce((s, r) => s + (r.status === 'Approved' ? r.face - r.closed : 0n), 0n);
    expect(BigInt(receivable?.amount ?? '0')).toBe(open);
    const [use] = await lineUses(db(), [line]);
    const reserved = requests.reduce((s, r) => s + (r.status === 'Under Review' ? r.advance : 0n), 0n);
    const used = requests.reduce((s, r) => s + (r.status === 'Approved' ? r.purchase : 0n), 0n);
    expect([use!.reserved, use!.utilisation]).toEqual([
      (Number(reserved) / 100).toFixed(2),
      (Number(used) / 100).toFixed(2),
    ]);
    expect(toMinor(use!.free, 'USD')).toBe(LIMIT - reserved - used);
    const [made] = await db().query<{ n: number; reservations: number }>(
      `SELECT count(*)::int AS n,
              (SELECT count(*)::int FROM ledger_transaction t JOIN "request" q ON q.id = t.request_id
                WHERE q."buyerId" = $1 AND t.kind = 'limit_reserve') AS reservations
         FROM "request" WHERE "buyerId" = $1`,
      [line],
    );
    expect([made!.n, made!.reservations]).toEqual([requests.length, requests.length]);
    expect(await ledgerAgreement(db())).toEqual([]);
  }

  it('keeps the books balanced, the limit held and retries posted once', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(ACTION, { minLength: 3, maxLength: 10 }), async (actions) => {
        const line = await newLine();
        const requests: Modelled[] = [];
        for (const a of actions) await step(line, requests, a);
        await invariants(line, requests);
      }),
      { numRuns: RUNS },
    );
  });
});
