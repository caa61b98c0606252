import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { AccountKindName, Caller } from '@rf/domain';
import type { Database } from '../db/database.ts';
import { describeDatabases } from '../db/test-databases.ts';
import { LedgerOverdraw, post } from '../ledger/post.ts';
import { lineRows } from './dashboard-lines.ts';

/**
 * The lines' kept limit figures (docs/architecture.md, “Dashboard summary”): after any sequence of
 * writes on the lines and on the ledger (lines added, approved and back, renamed, deleted softly
 * or not, their currency changed; limits granted, reserved, used and released, in the line's own
 * currency or another, posted or pending, some refused as overdrawing the free limit; lines
 * emptied), every kept row is what the lines and their memo accounts say now, and the
 * administrator's line figures are those rows ranked.
 */

const TODAY = '2026-05-20';
const ADMIN: Caller = { sub: 'admin', groupId: null, role: 'Admin' };
const CURRENCIES = ['USD', 'JPY', 'EUR'] as const;
const STATUSES = ['Under Review', 'Approved', 'Approved', 'Closed'] as const;
const at = new Date(`${TODAY}T12:00:00Z`);

type Move = 'grant' | 'reserve' | 'use' | 'release';
type Step =
  | { kind: 'add'; currency: (typeof CURRENCIES)[number] | ''; status: string; name: string }
  | { kind: 'status'; pick: number; status: string }
  | { kind: 'rename'; pick: number; name: string }
  | { kind: 'softDelete'; pick: number; deleted: boolean }
  | { kind: 'remove'; pick: number }
  | { kind: 'currency'; pick: number; currency: (typeof CURRENCIES)[number] }
  | { kind: 'post'; pick: number; move: Move; minor: number; own: boolean; phase: 'posted' | 'pending' }
  | { kind: 'empty' };

const pick = fc.nat(1_000);
const name = fc.constantFrom('Alder', 'Birch', 'Cedar', 'alder', 'Éclair', '');
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    currency: fc.constantFrom(...CURRENCIES, '' as const),
    status: fc.constantFrom(...STATUSES),
    name,
  }),
  fc.record({ kind: fc.constant('status' as const), pick, status: fc.constantFrom(...STATUSES) }),
  fc.record({ kind: fc.constant('rename' as const), pick, name }),
  fc.record({ kind: fc.constant('softDelete' as const), pick, deleted: fc.boolean() }),
  fc.record({ kind: fc.constant('remove' as const), pick }),
  fc.record({ kind: fc.constant('currency' as const), pick, currency: fc.constantFrom(...CURRENCIES) }),
  fc.record({
    kind: fc.constant('post' as const),
    pick,
    move: fc.constantFrom<Move>('grant', 'grant', 'reserve', 'use', 'release'),
    minor: fc.integer({ min: 1, max: 1e9 }),
    own: fc.boolean(),
    phase: fc.constantFrom('posted' as const, 'pending' as const),
  }),
  fc.constant({ kind: 'empty' as const }),
);

/** The legs of a move of a line's limit between its memo accounts (debit positive). */
const MOVES: Record<Move, readonly [AccountKindName, AccountKindName]> = {
  grant: ['limits_granted', 'line_limit_free'],
  reserve: ['line_limit_free', 'line_limit_reserved'],
  use: ['line_limit_free', 'line_limit_used'],
  release: ['line_limit_used', 'line_limit_free'],
};

async function postMove(db: Database, line: string, s: Extract<Step, { kind: 'post' }>): Promise<void> {
  const [row] = await db.query<{ c: string | null }>(
    'SELECT buyer_currency AS c FROM "buyer" WHERE id = $1',
    [line],
  );
  const currency = s.own && row?.c ? row.c : CURRENCIES[s.minor % CURRENCIES.length]!;
  const [from, to] = MOVES[s.move];
  const account = (kind: AccountKindName) => ({
    kind,
    currency,
    party: kind === 'limits_granted' ? null : { model: 'Buyer' as const, id: line },
  });
  const amount = BigInt(s.minor);
  try {
    await db.transaction((tx) =>
      post(
        tx,
        {
          event: `test-limit:${randomUUID()}`,
          kind: 'limit',
          effectiveDate: TODAY,
          description: s.move,
          lineId: line,
          legs: [
            { account: account(from), phase: s.phase, amount },
            { account: account(to), phase: s.phase, amount: -amount },
          ],
        },
        at,
      ),
    );
  } catch (error) {
    if (!(error instanceof LedgerOverdraw)) throw error; // the free limit cannot go below zero
  }
}

async function apply(db: Database, s: Step, ids: string[]): Promise<void> {
  if (s.kind === 'add') {
    const id = randomUUID();
    await db.query(
      `INSERT INTO "buyer" (id, "userId", buyer_currency, buyer_status, buyer_name) VALUES ($1, 'g', $2, $3, $4)`,
      [id, s.currency, s.status, s.name],
    );
    ids.push(id);
    return;
  }
  if (s.kind === 'empty') {
    await db.query('TRUNCATE "buyer" CASCADE');
    ids.length = 0;
    return;
  }
  const id = ids.length ? ids[s.pick % ids.length]! : null;
  if (!id) return;
  switch (s.kind) {
    case 'status':
      await db.query('UPDATE "buyer" SET buyer_status = $2 WHERE id = $1', [id, s.status]);
      return;
    case 'rename':
      await db.query('UPDATE "buyer" SET buyer_name = $2 WHERE id = $1', [id, s.name]);
      return;
    case 'softDelete':
      await db.query('UPDATE "buyer" SET "_deleted" = $2 WHERE id = $1', [id, s.deleted]);
      return;
    case 'remove':
      await db.query('DELETE FROM "buyer" WHERE id = $1', [id]);
      ids.splice(ids.indexOf(id), 1);
      return;
    case 'currency':
      await db.query('UPDATE "buyer" SET buyer_currency = $2 WHERE id = $1', [id, s.currency]);
      return;
    case 'post':
      await postMove(db, id, s);
      return;
  }
}

/** Rows kept that are not as of now, and rows as of now that are not kept. */
const stale = (db: Database) =>
  db.query(
    `(SELECT * FROM dashboard_line_fact EXCEPT SELECT * FROM dashboard_line_fact_now)
     UNION ALL (SELECT * FROM dashboard_line_fact_now EXCEPT SELECT * FROM dashboard_line_fact)`,
  );

/** The administrator's line figures as plain code takes them from the rows as of now. */
async function expectedLines(db: Database) {
  const rows = await db.query<{
    line_id: string;
    currency: string;
    buyer_name: string | null;
    free: string;
    reserved: string;
    used: string;
  }>(
    `SELECT line_id::text, currency, buyer_name, free::text, reserved::text, used::text
       FROM dashboard_line_fact_now WHERE live
      ORDER BY currency = '', currency, used DESC, buyer_name, line_id`,
  );
  const sum = (of: typeof rows, k: 'free' | 'reserved' | 'used') =>
    String(of.reduce((s, r) => s + BigInt(r[k]), 0n));
  return [...new Set(rows.map((r) => r.currency))].flatMap((currency) => {
    const of = rows.filter((r) => r.currency === currency);
    return of.slice(0, 20).map((r) => ({
      currency: currency || null,
      totalFree: sum(of, 'free'),
      totalReserved: sum(of, 'reserved'),
      totalUsed: sum(of, 'used'),
      lineId: r.line_id,
      buyerName: r.buyer_name,
      free: r.free,
      reserved: r.reserved,
      used: r.used,
      outstanding: '0',
      pastDue: '0',
    }));
  });
}

describeDatabases('dashboard line facts', (db, kind) => {
  it('are the lines’ memo balances as of now after any sequence of writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        await db().query('TRUNCATE "buyer" CASCADE');
        const ids: string[] = [];
        for (const s of steps) await apply(db(), s, ids);
        expect(await stale(db())).toEqual([]);
        expect(await lineRows(db(), ADMIN, TODAY)).toEqual(await expectedLines(db()));
      }),
      { numRuns: kind === 'pglite' ? 25 : 40 },
    );
  }, 240_000);

  if (kind === 'postgres') {
    it('counts what two transactions change on one line at once: a posting and a rename', async () => {
      const id = randomUUID();
      await db().query(
        `INSERT INTO "buyer" (id, "userId", buyer_currency, buyer_status, buyer_name) VALUES ($1, 'g', 'USD', 'Approved', 'Fir')`,
        [id],
      );
      await postMove(db(), id, {
        kind: 'post',
        pick: 0,
        move: 'grant',
        minor: 5000,
        own: true,
        phase: 'posted',
      });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      // A settlement releases limit while an administrator renames the line in another transaction.
      const rename = db().transaction(async (tx) => {
        await tx.query(`UPDATE "buyer" SET buyer_name = 'Fir Holdings' WHERE id = $1`, [id]);
        await gate;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const use = postMove(db(), id, {
        kind: 'post',
        pick: 0,
        move: 'use',
        minor: 1200,
        own: true,
        phase: 'posted',
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      release();
      await Promise.all([rename, use]);
      const facts = await db().query(
        'SELECT buyer_name, free::text, used::text FROM dashboard_line_fact WHERE line_id = $1',
        [id],
      );
      expect(facts).toEqual([{ buyer_name: 'Fir Holdings', free: '3800', used: '1200' }]);
      expect(await stale(db())).toEqual([]);
    });
  }
});
