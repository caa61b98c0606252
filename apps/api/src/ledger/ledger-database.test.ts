import { randomUUID } from 'node:crypto';
import { limitChangeLegs, reserveLegs, type Leg } from '@rf/domain';
import { expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { LedgerOverdraw, accountId, post, reverse } from './post.ts';
import { lineUses } from './line-uses.ts';
import { ledgerEntries, trialBalance } from './read-ledger.ts';

const AT = new Date('2026-11-24T10:00:00Z');
const cash = (id: string, currency = 'USD') => ({
  kind: 'funder_collection_cash' as const,
  currency,
  party: { model: 'Investor' as const, id },
});
const unapplied = (currency = 'USD') => ({ kind: 'unapplied_cash' as const, currency, party: null });
const legs = (amount: bigint, investor: string): Leg[] => [
  { account: cash(investor), amount, phase: 'posted' },
  { account: unapplied(), amount: -amount, phase: 'posted' },
];

/**
 * What the database itself refuses (docs/architecture.md, “Ledger”): the same on PostgreSQL and
 * PGlite, whatever the code above it does.
 */
describeDatabases('ledger invariants in the database', (db) => {
  const investor = randomUUID();
  const posting = (event: string, l: Leg[]) =>
    db().transaction((tx) =>
      post(tx, { event, kind: 'test', effectiveDate: '2026-11-24', description: event, legs: l }, AT),
    );

  it('posts a balanced transaction once per event, and balances are the sums of entries', async () => {
    const first = await posting('e1', legs(12_345n, investor));
    const again = await posting('e1', legs(12_345n, investor));
    expect(again).toEqual({ id: first.id, posted: false });
    const rows = await trialBalance(db(), { asOf: null, currency: 'USD', partyIds: null });
    expect(rows.map((r) => [r.kind, r.debit, r.credit, r.balance])).toEqual([
      ['funder_collection_cash', '123.45', '0.00', '123.45'],
      ['unapplied_cash', '0.00', '123.45', '-123.45'],
    ]);
    const [check] = await db().query<{ bad: number }>(
      `SELECT count(*)::int AS bad FROM ledger_account a
        WHERE a.posted <> coalesce((SELECT sum(amount) FROM ledger_entry e WHERE e.account_id = a.id AND e.phase = 'posted'), 0)`,
    );
    expect(check!.bad).toBe(0);
  });

  it('posts concurrent retries of one event once, each answering the same transaction', async () => {
    const results = await Promise.all([1, 2, 3].map(() => posting('concurrent-1', legs(500n, investor))));
    expect(results.filter((r) => r.posted)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
  });

  it('refuses at commit a transaction whose entries do not balance', async () => {
    const usd = await db().transaction((tx) => accountId(tx, cash(investor), AT));
    const attempt = db().transaction(async (tx) => {
      const id = randomUUID();
      await tx.query(
        `INSERT INTO ledger_transaction (id, event, kind, effective_date, posted_at, description)
         VALUES ($1, $2, 'test', '2026-11-24', now(), 'one-sided')`,
        [id, `one-sided-${id}`],
      );
      await tx.query(
        `INSERT INTO ledger_entry (transaction_id, account_id, currency, phase, amount) VALUES ($1, $2, 'USD', 'posted', 100)`,
        [id, usd],
      );
    });
    await expect(attempt).rejects.toThrow(/does not balance/);
    const [n] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_transaction WHERE kind = 'test' AND description = 'one-sided'`,
    );
    expect(n!.n).toBe(0);
  });

  it('refuses to change or remove an entry or a transaction', async () => {
    await posting('e2', legs(500n, investor));
    await expect(db().query('UPDATE ledger_entry SET amount = amount * 2')).rejects.toThrow(
      /cannot be changed/,
    );
    await expect(db().query('DELETE FROM ledger_entry')).rejects.toThrow(/cannot be changed/);
    await expect(db().query(`UPDATE ledger_transaction SET description = 'x'`)).rejects.toThrow(
      /cannot be changed/,
    );
    await expect(db().query('DELETE FROM ledger_transaction')).rejects.toThrow(/cannot be changed/);
    await expect(db().query('TRUNCATE ledger_entry')).rejects.toThrow(/cannot be changed/);
    await expect(db().query('UPDATE ledger_account SET posted = 0')).rejects.toThrow(/cannot be changed/);
  });

  it('refuses an entry in another currency than its account’s', async () => {
    const usd = await db().transaction((tx) => accountId(tx, cash(investor), AT));
    const eur = await db().transaction((tx) => accountId(tx, unapplied('EUR'), AT));
    const attempt = db().transaction(async (tx) => {
      const id = randomUUID();
      await tx.query(
        `INSERT INTO ledger_transaction (id, event, kind, effective_date, posted_at, description) VALUES ($1, $2, 'test', '2026-11-24', now(), 'x')`,
        [id, `mixed-${id}`],
      );
      await tx.query(
        `INSERT INTO ledger_entry (transaction_id, account_id, currency, phase, amount) VALUES ($1, $2, 'EUR', 'posted', 100), ($1, $3, 'EUR', 'posted', -100)`,
        [id, usd, eur],
      );
    });
    await expect(attempt).rejects.toThrow(/ledger_entry_account_currency|foreign key/);
  });

  it('refuses a reservation beyond the line’s free limit, and a limit below what is held', async () => {
    const line = randomUUID();
    await posting(`limit-${line}`, limitChangeLegs(line, 'USD', 100_000n));
    await posting(`r1-${line}`, reserveLegs(line, 'USD', 60_000n));
    await expect(posting(`r2-${line}`, reserveLegs(line, 'USD', 40_001n))).rejects.toThrow(LedgerOverdraw);
    await expect(posting(`cut-${line}`, limitChangeLegs(line, 'USD', -40_001n))).rejects.toThrow(
      LedgerOverdraw,
    );
    await posting(`r3-${line}`, reserveLegs(line, 'USD', 40_000n));
    const [use] = await lineUses(db(), [line]);
    expect(use).toEqual({
      lineId: line,
      currency: 'USD',
      limit: '1000.00',
      utilisation: '0.00',
      reserved: '1000.00',
      available: '1000.00',
      free: '0.00',
    });
  });

  it('corrects by reversal, pointing at what it reverses, once', async () => {
    const original = await posting('e3', legs(700n, investor));
    const reversal = await db().transaction((tx) =>
      reverse(tx, original.id, { effectiveDate: '2026-11-25', description: 'posted twice by mistake' }, AT),
    );
    const again = await db().transaction((tx) =>
      reverse(tx, original.id, { effectiveDate: '2026-11-25', description: 'again' }, AT),
    );
    expect(again).toEqual({ id: reversal.id, posted: false });
    const entries = await ledgerEntries(
      db(),
      { accountId: null },
      { limit: 100, after: null, partyIds: [investor] },
    );
    const last = entries.at(-1)!;
    expect(last).toMatchObject({ reverses: original.id, credit: '7.00', kind: 'reversal' });
  });

  it('keeps every currency’s trial balance at zero', async () => {
    const rows = await trialBalance(db(), { asOf: null, currency: null, partyIds: null });
    const sums = new Map<string, bigint>();
    for (const r of rows)
      sums.set(r.currency, (sums.get(r.currency) ?? 0n) + BigInt(r.balance.replace('.', '')));
    expect([...sums.values()].every((s) => s === 0n)).toBe(true);
  });
});
