import { fromMinor, type AccountKindName } from '@rf/domain';
import type { Queryable } from '../db/database.ts';

/** A line's limit as the ledger holds it (docs/business-rules.md, “Limits held in the ledger”). */
export interface LedgerLineUse {
  readonly lineId: string;
  readonly currency: string;
  readonly limit: string;
  /** Purchase amounts of approved requests not yet settled. */
  readonly utilisation: string;
  /** Advances of requests awaiting a decision. */
  readonly reserved: string;
  /** limit − utilisation (what the line has available once decisions are made). */
  readonly available: string;
  /** What new requests may still use: limit − utilisation − reserved; never below zero. */
  readonly free: string;
}

/** The limits of the given lines, read from their memo accounts (lines without any are left out). */
export async function lineUses(tx: Queryable, lineIds: readonly string[]): Promise<LedgerLineUse[]> {
  if (!lineIds.length) return [];
  const rows = await tx.query<{ party_id: string; currency: string; kind: AccountKindName; total: string }>(
    `SELECT party_id::text AS party_id, currency, kind, (posted + pending)::text AS total
       FROM ledger_account
      WHERE party_model = 'Buyer' AND party_id = ANY($1::uuid[])
        AND kind IN ('line_limit_free', 'line_limit_reserved', 'line_limit_used')`,
    [lineIds as string[]],
  );
  const byLine = new Map<string, { currency: string; free: bigint; reserved: bigint; used: bigint }>();
  for (const r of rows) {
    const key = `${r.party_id} ${r.currency}`;
    const use = byLine.get(key) ?? { currency: r.currency, free: 0n, reserved: 0n, used: 0n };
    // Credit accounts: the balance is the negated sum.
    const balance = -BigInt(r.total);
    if (r.kind === 'line_limit_free') use.free = balance;
    else if (r.kind === 'line_limit_reserved') use.reserved = balance;
    else use.used = balance;
    byLine.set(key, use);
  }
  return [...byLine].map(([key, u]) => {
    const lineId = key.split(' ')[0]!;
    const m = (v: bigint) => fromMinor(v, u.currency);
    return {
      lineId,
      currency: u.currency,
      limit: m(u.free + u.reserved + u.used),
      utilisation: m(u.used),
      reserved: m(u.reserved),
      available: m(u.free + u.reserved),
      free: m(u.free),
    };
  });
}
