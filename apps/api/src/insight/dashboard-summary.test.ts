import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { MoneyDecimal } from '@rf/domain/money';
import type { Caller } from '@rf/domain';
import type { Database } from '../db/database.ts';
import { describeDatabases } from '../db/test-databases.ts';
import { post } from '../ledger/post.ts';
import { currencyFigures, monthsOf } from './dashboard-figures.ts';
import { feeGroups, requestGroups } from './dashboard-requests.ts';
import { summaryGroups } from './dashboard-summary.ts';

/**
 * The administrators' kept sums (docs/architecture.md, “Dashboard summary”) against the figures
 * computed over every request and fee posting, after any sequence of writes on any of the tables
 * they derive from: requests added, changed, deleted (softly or not), payments allocated and
 * undone, fees booked or only pending in the ledger, a line's currency changed, tables emptied,
 * the sums folded.
 */

const TODAY = '2026-05-20';
const ADMIN: Caller = { sub: 'admin', groupId: null, role: 'Admin' };
const STATUSES = ['Under Review', 'Documents Pending', 'Approved', 'Declined', 'Settled'] as const;
const CURRENCIES = ['USD', 'JPY', 'BHD'] as const;
const DIGITS = { USD: 2, JPY: 0, BHD: 3 } as const;
const LINE = '00000000-0000-4000-8000-00000000000b';
const at = new Date(`${TODAY}T12:00:00Z`);

const day = (offset: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const money = (minor: number, digits: number) => new MoneyDecimal(minor).div(10 ** digits).toFixed(digits);

type Step =
  | { kind: 'add'; currency: (typeof CURRENCIES)[number] | ''; status: string; minor: number; due: number }
  | { kind: 'status'; pick: number; status: string }
  | { kind: 'amounts'; pick: number; minor: number; rate: string | null; fee: number; due: number }
  | { kind: 'softDelete'; pick: number; deleted: boolean }
  | { kind: 'remove'; pick: number }
  | { kind: 'allocate'; pick: number; minor: number }
  | { kind: 'undo'; pick: number }
  | { kind: 'book'; pick: number; minor: number; phase: 'posted' | 'pending' }
  | { kind: 'lineCurrency'; currency: (typeof CURRENCIES)[number] }
  | { kind: 'fold' }
  | { kind: 'empty'; table: 'payment_allocation' | 'request' };

const pick = fc.nat(1_000);
const status = fc.constantFrom(...STATUSES);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    currency: fc.constantFrom(...CURRENCIES, '' as const),
    status,
    minor: fc.integer({ min: 1, max: 1e10 }),
    due: fc.integer({ min: -150, max: 60 }),
  }),
  fc.record({ kind: fc.constant('status' as const), pick, status }),
  fc.record({
    kind: fc.constant('amounts' as const),
    pick,
    minor: fc.integer({ min: 1, max: 1e10 }),
    rate: fc.option(fc.constantFrom('0.85', '0.9', '3.125'), { nil: null }),
    fee: fc.integer({ min: 0, max: 1e6 }),
    due: fc.integer({ min: -150, max: 60 }),
  }),
  fc.record({ kind: fc.constant('softDelete' as const), pick, deleted: fc.boolean() }),
  fc.record({ kind: fc.constant('remove' as const), pick }),
  fc.record({ kind: fc.constant('allocate' as const), pick, minor: fc.integer({ min: 1, max: 1e9 }) }),
  fc.record({ kind: fc.constant('undo' as const), pick }),
  fc.record({
    kind: fc.constant('book' as const),
    pick,
    minor: fc.integer({ min: 1, max: 1e6 }),
    phase: fc.constantFrom('posted' as const, 'pending' as const),
  }),
  fc.record({ kind: fc.constant('lineCurrency' as const), currency: fc.constantFrom(...CURRENCIES) }),
  fc.constant({ kind: 'fold' as const }),
  fc.record({
    kind: fc.constant('empty' as const),
    table: fc.constantFrom('payment_allocation' as const, 'request' as const),
  }),
);

/** The request's currency as the figures take it: its own, else its line's. */
async function currencyOf(db: Database, id: string): Promise<string> {
  const [r] = await db.query<{ c: string }>(
    `SELECT COALESCE(NULLIF(r.invoice_currency, ''), (SELECT l.buyer_currency FROM "buyer" l WHERE l.id = r."buyerId")) AS c
       FROM "request" r WHERE r.id = $1`,
    [id],
  );
  return r!.c;
}

async function apply(db: Database, s: Step, ids: string[]): Promise<void> {
  const id = ids.length ? ids[('pick' in s ? s.pick : 0) % ids.length]! : null;
  switch (s.kind) {
    case 'add': {
      const rid = randomUUID();
      const digits = s.currency ? DIGITS[s.currency] : 2;
      await db.query(
        `INSERT INTO "request" (id, "userId", "buyerId", request_status, invoice_currency, invoice_amount, advance_rate,
           discount_fee_rate, invoice_date, invoice_due_date, transaction_fee_amount, broker_fee_amount)
         VALUES ($1, 'g', $2, $3, $4, $5, '0.9', '2.5', $6, $7, $8, '0.5')`,
        [
          rid,
          LINE,
          s.status,
          s.currency,
          money(s.minor, digits),
          day(s.due - 60),
          day(s.due),
          money(1234, digits),
        ],
      );
      ids.push(rid);
      return;
    }
    case 'fold':
      await db.query('SELECT dashboard_compact()');
      return;
    case 'empty':
      await db.query(`TRUNCATE ${s.table}`);
      if (s.table === 'request') ids.length = 0;
      return;
    case 'lineCurrency':
      await db.query('UPDATE "buyer" SET buyer_currency = $2 WHERE id = $1', [LINE, s.currency]);
      return;
  }
  if (!id) return;
  switch (s.kind) {
    case 'status':
      await db.query('UPDATE "request" SET request_status = $2 WHERE id = $1', [id, s.status]);
      return;
    case 'amounts':
      await db.query(
        `UPDATE "request" SET invoice_amount = $2, advance_rate = $3, transaction_fee_amount = $4,
           invoice_due_date = $5 WHERE id = $1`,
        [id, money(s.minor, 2), s.rate, money(s.fee, 2), day(s.due)],
      );
      return;
    case 'softDelete':
      await db.query('UPDATE "request" SET "_deleted" = $2 WHERE id = $1', [id, s.deleted]);
      return;
    case 'remove':
      await db.query('DELETE FROM "request" WHERE id = $1', [id]);
      ids.splice(ids.indexOf(id), 1);
      return;
    case 'allocate':
      await db.query(
        `INSERT INTO payment_allocation (id, transaction_id, request_id, amount, currency, method, actor, created_at)
         VALUES ($1, $2, $3, $4, 'USD', 'manual', 'test', now())`,
        [randomUUID(), randomUUID(), id, money(s.minor, 2)],
      );
      return;
    case 'undo':
      await db.query(
        `UPDATE payment_allocation SET undone_at = now(), undone_by = 'test', undo_reason = 'wrong match'
          WHERE id = (SELECT id FROM payment_allocation WHERE request_id = $1 AND undone_at IS NULL LIMIT 1)`,
        [id],
      );
      return;
    case 'book': {
      const currency = await currencyOf(db, id);
      const amount = BigInt(s.minor);
      await db.transaction((tx) =>
        post(
          tx,
          {
            event: `test-fee:${randomUUID()}`,
            kind: 'fees',
            effectiveDate: TODAY,
            description: 'fee',
            requestId: id,
            legs: [
              { account: { kind: 'unearned_discount', party: null, currency }, phase: s.phase, amount },
              {
                account: { kind: 'platform_fee_revenue', party: null, currency },
                phase: s.phase,
                amount: -amount,
              },
            ],
          },
          at,
        ),
      );
      return;
    }
  }
}

/** The administrator's dashboard figures from the kept sums, and computed over every row. */
async function bothFigures(db: Database) {
  const { firstMonth, nextMonth } = monthsOf(TODAY);
  const window = { today: TODAY, firstMonth, nextMonth };
  const kept = await summaryGroups(db, window);
  const computed = {
    requests: await requestGroups(db, ADMIN, 'admin', window),
    fees: await feeGroups(db, ADMIN, 'admin'),
  };
  const figures = (g: typeof kept) => currencyFigures({ today: TODAY, ...g, lines: [], lineCurrencies: [] });
  return { kept: figures(kept), computed: figures(computed) };
}

describeDatabases('dashboard summary', (db, kind) => {
  it('equals the figures computed over every row after any sequence of writes', async () => {
    await db().query(
      `INSERT INTO "buyer" (id, "userId", buyer_currency, buyer_name) VALUES ($1, 'g', 'USD', 'Line')
       ON CONFLICT (id) DO NOTHING`,
      [LINE],
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        await db().query('DELETE FROM payment_allocation');
        await db().query('DELETE FROM "request"');
        const ids: string[] = [];
        for (const s of steps) await apply(db(), s, ids);
        // Every request's part is what it is now, and the sums are the parts'.
        const stale = await db().query(
          `(SELECT * FROM dashboard_request_fact EXCEPT SELECT * FROM dashboard_request_fact_now)
           UNION ALL (SELECT * FROM dashboard_request_fact_now EXCEPT SELECT * FROM dashboard_request_fact)`,
        );
        expect(stale).toEqual([]);
        const { kept, computed } = await bothFigures(db());
        expect(kept).toEqual(computed);
      }),
      { numRuns: kind === 'pglite' ? 25 : 40 },
    );
  }, 240_000);

  it('folds its rows of changes into one per key without changing a figure', async () => {
    const before = await bothFigures(db());
    await db().query('SELECT dashboard_compact()');
    const [rows] = await db().query<{ n: number; keys: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT (currency, status, month, due))::int AS keys FROM dashboard_request_sum`,
    );
    expect(rows!.n).toBe(rows!.keys);
    expect(await bothFigures(db())).toEqual(before);
  });

  if (kind === 'postgres') {
    it('counts a request changed by two transactions at once as the later one left it', async () => {
      const id = randomUUID();
      await db().query(
        `INSERT INTO "request" (id, "userId", request_status, invoice_currency, invoice_amount, invoice_date, invoice_due_date)
         VALUES ($1, 'g', 'Under Review', 'USD', '1000.00', $2, $3)`,
        [id, day(-30), day(10)],
      );
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      // The approval holds the request while a payment is allocated to it in another transaction.
      const approval = db().transaction(async (tx) => {
        await tx.query(`UPDATE "request" SET request_status = 'Approved' WHERE id = $1`, [id]);
        await gate;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const allocation = db().query(
        `INSERT INTO payment_allocation (id, transaction_id, request_id, amount, currency, method, actor, created_at)
         VALUES ($1, $2, $3, '400.00', 'USD', 'manual', 'test', now())`,
        [randomUUID(), randomUUID(), id],
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      release();
      await Promise.all([approval, allocation]);
      const [fact] = await db().query<{ status: string; open: string }>(
        'SELECT status, open::text FROM dashboard_request_fact WHERE request_id = $1',
        [id],
      );
      expect(fact).toEqual({ status: 'Approved', open: '600.00' });
      const { kept, computed } = await bothFigures(db());
      expect(kept).toEqual(computed);
    });
  }
});
