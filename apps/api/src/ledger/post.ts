import { randomUUID } from 'node:crypto';
import { ACCOUNT_KINDS, imbalances, normalSign, type AccountRef, type Leg } from '@rf/domain';
import type { Queryable } from '../db/database.ts';

/** One ledger transaction as an operation books it. */
export interface Posting {
  /** What it books, once: a second posting of the same event returns the first. */
  readonly event: string;
  readonly kind: string;
  /** The business date the money event belongs to. */
  readonly effectiveDate: string;
  readonly description: string;
  readonly legs: readonly Leg[];
  readonly requestId?: string | null;
  readonly lineId?: string | null;
  readonly bankTransactionId?: string | null;
  readonly reverses?: string | null;
  readonly operation?: string | null;
  readonly actor?: string | null;
  readonly idempotencyKey?: string | null;
}

/** An entry would take a no-overdraw account (a line's free limit) below zero. */
export class LedgerOverdraw extends Error {
  constructor() {
    super('The posting would take the line’s free limit below zero');
  }
}

const isOverdraw = (error: unknown): boolean =>
  (error as { code?: string; constraint?: string }).code === '23514' &&
  /ledger_no_overdraw/.test(
    `${(error as { constraint?: string }).constraint ?? ''} ${(error as Error).message ?? ''}`,
  );

/** The account's id, made on first use (one per kind, party and currency). */
export async function accountId(tx: Queryable, ref: AccountRef, at: Date): Promise<string> {
  const kind = ACCOUNT_KINDS[ref.kind];
  const partyId = ref.party?.id ?? null;
  const find = () =>
    tx.query<{ id: string }>(
      `SELECT id FROM ledger_account WHERE kind = $1 AND party_id IS NOT DISTINCT FROM $2::uuid AND currency = $3`,
      [ref.kind, partyId, ref.currency],
    );
  const [found] = await find();
  if (found) return found.id;
  await tx.query(
    `INSERT INTO ledger_account (id, kind, party_model, party_id, currency, normal, memo, no_overdraw, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
    [
      randomUUID(),
      ref.kind,
      ref.party?.model ?? null,
      partyId,
      ref.currency,
      normalSign(ref.kind),
      'memo' in kind,
      'noOverdraw' in kind,
      at,
    ],
  );
  const [made] = await find();
  return made!.id;
}

/**
 * Writes a ledger transaction and its entries in the caller's transaction
 * (docs/architecture.md, “Ledger”). The legs must balance per currency and phase (checked here for
 * a clear error, and by the database at commit); the event key makes a retried posting return the
 * first one. An entry that would overdraw a line's free limit throws LedgerOverdraw, and the
 * caller's transaction is rolled back with it.
 */
export async function post(
  tx: Queryable,
  posting: Posting,
  at: Date,
): Promise<{ id: string; posted: boolean }> {
  const [existing] = await tx.query<{ id: string }>('SELECT id FROM ledger_transaction WHERE event = $1', [
    posting.event,
  ]);
  if (existing) return { id: existing.id, posted: false };
  const legs = posting.legs.filter((l) => l.amount !== 0n);
  const unbalanced = imbalances(legs);
  if (unbalanced.length)
    throw new Error(
      `Posting ${posting.event} does not balance: ${unbalanced.map((u) => `${u.phase} ${u.currency} ${u.sum}`).join(', ')}`,
    );
  const id = randomUUID();
  // A concurrent posting of the same event waits here on the first one's row; once that commits,
  // this one books nothing and answers the first (a retry at the same time posts once).
  const inserted = await tx.query(
    `INSERT INTO ledger_transaction (id, event, kind, effective_date, posted_at, description, request_id, line_id,
       bank_transaction_id, reverses, operation, actor, idempotency_key)
     VALUES ($1, $2, $3, $4::date, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (event) DO NOTHING RETURNING id`,
    [
      id,
      posting.event,
      posting.kind,
      posting.effectiveDate,
      at,
      posting.description,
      posting.requestId ?? null,
      posting.lineId ?? null,
      posting.bankTransactionId ?? null,
      posting.reverses ?? null,
      posting.operation ?? null,
      posting.actor ?? null,
      posting.idempotencyKey ?? null,
    ],
  );
  if (!inserted.length) {
    const [first] = await tx.query<{ id: string }>('SELECT id FROM ledger_transaction WHERE event = $1', [
      posting.event,
    ]);
    return { id: String(first?.id), posted: false };
  }
  for (const leg of legs) {
    const account = await accountId(tx, leg.account, at);
    try {
      await tx.query(
        'INSERT INTO ledger_entry (transaction_id, account_id, currency, phase, amount) VALUES ($1, $2, $3, $4, $5)',
        [id, account, leg.account.currency, leg.phase, leg.amount.toString()],
      );
    } catch (error) {
      if (isOverdraw(error)) throw new LedgerOverdraw();
      throw error;
    }
  }
  return { id, posted: true };
}

/**
 * A correction: the reversal of `transactionId`, every entry with its sign turned, pointing at what
 * it reverses. A transaction is reversed at most once.
 */
export async function reverse(
  tx: Queryable,
  transactionId: string,
  opts: { effectiveDate: string; description: string; operation?: string | null; actor?: string | null },
  at: Date,
): Promise<{ id: string; posted: boolean }> {
  const [original] = await tx.query<{
    event: string;
    kind: string;
    request_id: string | null;
    line_id: string | null;
  }>('SELECT event, kind, request_id, line_id FROM ledger_transaction WHERE id = $1', [transactionId]);
  if (!original) throw new Error(`No ledger transaction ${transactionId}`);
  const entries = await tx.query<{
    kind: keyof typeof ACCOUNT_KINDS;
    party_model: string | null;
    party_id: string | null;
    currency: string;
    phase: 'posted' | 'pending';
    amount: string | number;
  }>(
    `SELECT a.kind, a.party_model, a.party_id, e.currency, e.phase, e.amount::text AS amount
       FROM ledger_entry e JOIN ledger_account a ON a.id = e.account_id
      WHERE e.transaction_id = $1 ORDER BY e.id`,
    [transactionId],
  );
  return post(
    tx,
    {
      event: `reversal:${original.event}`,
      kind: 'reversal',
      effectiveDate: opts.effectiveDate,
      description: opts.description,
      requestId: original.request_id,
      lineId: original.line_id,
      reverses: transactionId,
      operation: opts.operation ?? null,
      actor: opts.actor ?? null,
      legs: entries.map((e) => ({
        account: {
          kind: e.kind,
          currency: e.currency,
          party: e.party_id ? { model: e.party_model as never, id: e.party_id } : null,
        },
        phase: e.phase,
        amount: -BigInt(e.amount),
      })),
    },
    at,
  );
}
