import { ACCOUNT_KINDS, fromMinor, type AccountKindName } from '@rf/domain';
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

export interface TrialBalanceRow {
  readonly accountId: string;
  readonly account: string;
  readonly kind: AccountKindName;
  readonly partyModel: string | null;
  readonly partyId: string | null;
  readonly memo: boolean;
  readonly currency: string;
  readonly debit: string;
  readonly credit: string;
  /** debit − credit (a credit balance is negative). */
  readonly balance: string;
}

/**
 * The trial balance as of a date (posted entries of transactions effective on or before it), one
 * row per account and currency, for the accounts `visible` admits (null: all). Per currency the
 * balances sum to zero.
 */
export async function trialBalance(
  tx: Queryable,
  opts: { asOf: string | null; currency: string | null; partyIds: readonly string[] | null },
): Promise<TrialBalanceRow[]> {
  const rows = await tx.query<{
    id: string;
    kind: AccountKindName;
    party_model: string | null;
    party_id: string | null;
    memo: boolean;
    currency: string;
    debit: string;
    credit: string;
  }>(
    `SELECT a.id, a.kind, a.party_model, a.party_id::text AS party_id, a.memo, a.currency,
            coalesce(sum(e.amount) FILTER (WHERE e.amount > 0), 0)::text AS debit,
            coalesce(-sum(e.amount) FILTER (WHERE e.amount < 0), 0)::text AS credit
       FROM ledger_account a
       JOIN ledger_entry e ON e.account_id = a.id AND e.phase = 'posted'
       JOIN ledger_transaction t ON t.id = e.transaction_id
      WHERE ($1::date IS NULL OR t.effective_date <= $1::date)
        AND ($2::text IS NULL OR a.currency = $2)
        AND ($3::uuid[] IS NULL OR a.party_id = ANY($3::uuid[]))
      GROUP BY a.id
      ORDER BY a.currency, a.memo, a.kind, a.party_id NULLS FIRST`,
    [opts.asOf, opts.currency, opts.partyIds ? [...opts.partyIds] : null],
  );
  return rows.map((r) => {
    const debit = BigInt(r.debit);
    const credit = BigInt(r.credit);
    return {
      accountId: r.id,
      account: ACCOUNT_KINDS[r.kind]?.name ?? r.kind,
      kind: r.kind,
      partyModel: r.party_model,
      partyId: r.party_id,
      memo: r.memo,
      currency: r.currency,
      debit: fromMinor(debit, r.currency),
      credit: fromMinor(credit, r.currency),
      balance: fromMinor(debit - credit, r.currency),
    };
  });
}

export interface LedgerEntryView {
  readonly id: string;
  readonly transactionId: string;
  readonly event: string;
  readonly kind: string;
  readonly effectiveDate: string;
  readonly postedAt: string;
  readonly description: string;
  readonly accountId: string;
  readonly account: string;
  readonly accountKind: AccountKindName;
  readonly partyModel: string | null;
  readonly partyId: string | null;
  readonly currency: string;
  readonly phase: string;
  readonly debit: string | null;
  readonly credit: string | null;
  /** The account's balance after this entry, on its normal side (posted and pending). */
  readonly runningBalance: string;
  readonly requestId: string | null;
  readonly bankTransactionId: string | null;
  readonly lineId: string | null;
  readonly reverses: string | null;
  readonly operation: string | null;
}

export interface EntryFilter {
  readonly accountId?: string | null;
  readonly requestId?: string | null;
  readonly bankTransactionId?: string | null;
  readonly lineId?: string | null;
  readonly from?: string | null;
  readonly to?: string | null;
}

/**
 * Entries in posting order, filtered by account or business record and period, `limit` at a time
 * after the entry id `after`, with each account's running balance.
 */
export async function ledgerEntries(
  tx: Queryable,
  filter: EntryFilter,
  opts: { limit: number; after: string | null; partyIds: readonly string[] | null },
): Promise<LedgerEntryView[]> {
  const rows = await tx.query<Record<string, string | boolean | null>>(
    `SELECT * FROM (
       SELECT e.id::text AS id, e.transaction_id, t.event, t.kind AS tkind, t.effective_date::text AS effective_date,
              t.posted_at, t.description, e.account_id, a.kind AS akind, a.party_model, a.party_id::text AS party_id,
              e.currency, e.phase, e.amount::text AS amount, a.normal,
              (a.normal * (SELECT sum(b.amount) FROM ledger_entry b WHERE b.account_id = e.account_id AND b.id <= e.id))::text AS running,
              t.request_id, t.bank_transaction_id, t.line_id, t.reverses, t.operation
         FROM ledger_entry e
         JOIN ledger_transaction t ON t.id = e.transaction_id
         JOIN ledger_account a ON a.id = e.account_id
        WHERE ($1::uuid IS NULL OR e.account_id = $1::uuid)
          AND ($2::uuid IS NULL OR t.request_id = $2::uuid)
          AND ($3::uuid IS NULL OR t.bank_transaction_id = $3::uuid)
          AND ($4::uuid IS NULL OR t.line_id = $4::uuid)
          AND ($7::uuid[] IS NULL OR a.party_id = ANY($7::uuid[]))
     ) x
     WHERE ($5::date IS NULL OR x.effective_date::date >= $5::date)
       AND ($6::date IS NULL OR x.effective_date::date <= $6::date)
       AND ($8::bigint IS NULL OR x.id::bigint > $8::bigint)
     ORDER BY x.id::bigint
     LIMIT $9`,
    [
      filter.accountId ?? null,
      filter.requestId ?? null,
      filter.bankTransactionId ?? null,
      filter.lineId ?? null,
      filter.from ?? null,
      filter.to ?? null,
      opts.partyIds ? [...opts.partyIds] : null,
      opts.after,
      opts.limit,
    ],
  );
  return rows.map((r) => {
    const currency = String(r.currency);
    const amount = BigInt(String(r.amount));
    const kind = r.akind as AccountKindName;
    return {
      id: String(r.id),
      transactionId: String(r.transaction_id),
      event: String(r.event),
      kind: String(r.tkind),
      effectiveDate: String(r.effective_date),
      postedAt: String(r.posted_at),
      description: String(r.description),
      accountId: String(r.account_id),
      account: ACCOUNT_KINDS[kind]?.name ?? kind,
      accountKind: kind,
      partyModel: (r.party_model as string | null) ?? null,
      partyId: (r.party_id as string | null) ?? null,
      currency,
      phase: String(r.phase),
      debit: amount > 0n ? fromMinor(amount, currency) : null,
      credit: amount < 0n ? fromMinor(-amount, currency) : null,
      runningBalance: fromMinor(BigInt(String(r.running)), currency),
      requestId: (r.request_id as string | null) ?? null,
      bankTransactionId: (r.bank_transaction_id as string | null) ?? null,
      lineId: (r.line_id as string | null) ?? null,
      reverses: (r.reverses as string | null) ?? null,
      operation: (r.operation as string | null) ?? null,
    };
  });
}
