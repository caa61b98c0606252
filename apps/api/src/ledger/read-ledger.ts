import {
  ACCOUNT_KIND_NAMES,
  ACCOUNT_KINDS,
  REGISTRY,
  fromMinor,
  isUuid,
  tableOf,
  toMinor,
  type AccountKind,
  type AccountKindName,
  type Caller,
  type ModelName,
} from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { q } from '../db/schema-sql.ts';
import { unauthorized, validationError } from '../http/errors.ts';

/**
 * Whose accounts a reader sees (docs/architecture.md, “Ledger”): every account (null, an
 * administrator), or only the accounts whose party is one of these records (a funder's own
 * Investor or Spv records; none at all when it has none).
 */
export type LedgerScope = readonly string[] | null;

/**
 * The ledger's readers: an administrator sees every account; an Investor or SPV user the accounts
 * of its own organisation's Investor or Spv records; suppliers and brokers are refused.
 */
export async function ledgerScopeOf(tx: Queryable, caller: Caller): Promise<LedgerScope> {
  if (caller.role === 'Admin') return null;
  if (caller.role !== 'Investor' && caller.role !== 'Spv')
    throw unauthorized('The ledger is for administrators and the funders (investors and SPVs)');
  if (!caller.groupId) return [];
  const table = caller.role === 'Investor' ? 'investor' : 'spv';
  const rows = await tx.query<{ id: string }>(
    `SELECT id::text AS id FROM ${q(table)} WHERE "userId" = $1 AND NOT "_deleted"`,
    [caller.groupId],
  );
  return rows.map((r) => r.id);
}

/** The dates the ledger's readers accept: real calendar days from 1900 to 2999. */
export function ledgerDate(name: string, value: string): string {
  const time = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`).getTime() : NaN;
  const real = !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
  if (!real) throw validationError(`${name} must be a date such as 2026-11-30`);
  if (value < '1900-01-01' || value > '2999-12-31')
    throw validationError(`${name} must be between 1900-01-01 and 2999-12-31`);
  return value;
}

/** A currency filter: three capital letters (ISO 4217), or null for every currency. */
export function ledgerCurrency(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (!/^[A-Z]{3}$/.test(value)) throw validationError('currency must be a three-letter code such as USD');
  return value;
}

/** A record id given to a filter: a UUID, or null when not given. */
export function ledgerId(name: string, value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (!isUuid(value)) throw validationError(`${name} must be an id (a UUID)`);
  return value;
}

/** An account as screens and exports name it: its kind's name and explanation, its party by name. */
export interface LedgerAccountView {
  readonly id: string;
  readonly kind: AccountKindName;
  readonly name: string;
  readonly explain: string;
  readonly normal: 'debit' | 'credit';
  readonly memo: boolean;
  readonly currency: string;
  readonly partyModel: string | null;
  readonly partyId: string | null;
  /** The party's display name (its record's title); null for the platform's own accounts. */
  readonly partyName: string | null;
}

const PARTY_MODELS = [
  'Investor',
  'Spv',
  'Supplier',
  'Broker',
  'Buyer',
] as const satisfies readonly ModelName[];

/** The party's name of the account `a`, from its record's title field (kept after deletion). */
export const partyNameSql = (a: string): string =>
  `CASE ${a}.party_model ${PARTY_MODELS.map(
    (m) =>
      `WHEN '${m}' THEN (SELECT p.${q(REGISTRY[m].titleField)}::text FROM ${q(tableOf(m))} p WHERE p.id = ${a}.party_id)`,
  ).join(' ')} END`;

/** Kinds in the order of the chart of accounts (assets first, memo accounts last). */
const KIND_ORDER = ACCOUNT_KIND_NAMES as readonly string[];

/** The view of an account from its stored columns. */
export function accountViewOf(r: {
  id: string;
  kind: string;
  currency: string;
  memo: boolean;
  partyModel: string | null;
  partyId: string | null;
  partyName: string | null;
}): LedgerAccountView {
  const kind = r.kind as AccountKindName;
  const def = ACCOUNT_KINDS[kind] as AccountKind | undefined;
  return {
    id: r.id,
    kind,
    name: def?.name ?? r.kind,
    explain: def?.explain ?? '',
    normal: def?.normal ?? 'debit',
    memo: r.memo,
    currency: r.currency,
    partyModel: r.partyModel,
    partyId: r.partyId,
    partyName: r.partyName,
  };
}

export const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export interface LedgerAccountBalance {
  readonly account: LedgerAccountView;
  readonly currency: string;
  /** Posted entries' sum, read on the account's normal side. */
  readonly posted: string;
  /** Pending entries' sum (limit held for requests awaiting a decision), on the normal side. */
  readonly pending: string;
  /** posted + pending. */
  readonly balance: string;
}

/**
 * The accounts a scope sees with their balances (the sums the entries' trigger keeps), in the
 * order of the chart of accounts, per currency; one account with `accountId`.
 */
export async function ledgerAccounts(
  tx: Queryable,
  opts: { currency: string | null; accountId?: string | null; partyIds: LedgerScope },
): Promise<LedgerAccountBalance[]> {
  const rows = await tx.query<Record<string, unknown>>(
    `SELECT a.id::text AS id, a.kind, a.currency, a.memo, a.normal, a.party_model, a.party_id::text AS party_id,
            a.posted::text AS posted, a.pending::text AS pending, ${partyNameSql('a')} AS party_name
       FROM ledger_account a
      WHERE ($1::text IS NULL OR a.currency = $1)
        AND ($2::uuid IS NULL OR a.id = $2::uuid)
        AND ($3::uuid[] IS NULL OR a.party_id = ANY($3::uuid[]))
      ORDER BY a.currency, a.memo, array_position($4::text[], a.kind), party_name NULLS FIRST, a.id`,
    [opts.currency, opts.accountId ?? null, opts.partyIds ? [...opts.partyIds] : null, [...KIND_ORDER]],
  );
  return rows.map((r) => {
    const currency = String(r.currency);
    const normal = BigInt(Number(r.normal));
    const posted = normal * BigInt(String(r.posted));
    const pending = normal * BigInt(String(r.pending));
    return {
      account: accountViewOf({
        id: String(r.id),
        kind: String(r.kind),
        currency,
        memo: Boolean(r.memo),
        partyModel: text(r.party_model),
        partyId: text(r.party_id),
        partyName: text(r.party_name),
      }),
      currency,
      posted: fromMinor(posted, currency),
      pending: fromMinor(pending, currency),
      balance: fromMinor(posted + pending, currency),
    };
  });
}

export interface TrialBalanceRow {
  readonly accountId: string;
  readonly account: string;
  readonly kind: AccountKindName;
  readonly partyModel: string | null;
  readonly partyId: string | null;
  readonly partyName: string | null;
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
  opts: { asOf: string | null; currency: string | null; partyIds: LedgerScope },
): Promise<TrialBalanceRow[]> {
  const rows = await tx.query<{
    id: string;
    kind: AccountKindName;
    party_model: string | null;
    party_id: string | null;
    party_name: string | null;
    memo: boolean;
    currency: string;
    debit: string;
    credit: string;
  }>(
    `SELECT a.id, a.kind, a.party_model, a.party_id::text AS party_id, ${partyNameSql('a')} AS party_name,
            a.memo, a.currency,
            coalesce(sum(e.amount) FILTER (WHERE e.amount > 0), 0)::text AS debit,
            coalesce(-sum(e.amount) FILTER (WHERE e.amount < 0), 0)::text AS credit
       FROM ledger_account a
       JOIN ledger_entry e ON e.account_id = a.id AND e.phase = 'posted'
       JOIN ledger_transaction t ON t.id = e.transaction_id
      WHERE ($1::date IS NULL OR t.effective_date <= $1::date)
        AND ($2::text IS NULL OR a.currency = $2)
        AND ($3::uuid[] IS NULL OR a.party_id = ANY($3::uuid[]))
      GROUP BY a.id
      ORDER BY a.currency, a.memo, array_position($4::text[], a.kind), party_name NULLS FIRST, a.id`,
    [opts.asOf, opts.currency, opts.partyIds ? [...opts.partyIds] : null, [...KIND_ORDER]],
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
      partyName: r.party_name,
      memo: r.memo,
      currency: r.currency,
      debit: fromMinor(debit, r.currency),
      credit: fromMinor(credit, r.currency),
      balance: fromMinor(debit - credit, r.currency),
    };
  });
}

/** The sums of a trial balance's rows in one currency, money and memo accounts apart. */
export interface TrialBalanceTotal {
  readonly currency: string;
  /** Memo accounts (lines' limits) balance among themselves, so they are totalled apart. */
  readonly memo: boolean;
  readonly debit: string;
  readonly credit: string;
  /** debit − credit: zero for the whole books. */
  readonly balance: string;
}

/**
 * The totals of trial balance rows per currency (and memo or not), summed here in minor units:
 * the screens read them and never add amounts of different currencies or anything else.
 */
export function trialBalanceTotals(rows: readonly TrialBalanceRow[]): TrialBalanceTotal[] {
  const sums = new Map<string, { currency: string; memo: boolean; debit: bigint; credit: bigint }>();
  for (const r of rows) {
    const key = `${r.currency} ${r.memo}`;
    const sum = sums.get(key) ?? { currency: r.currency, memo: r.memo, debit: 0n, credit: 0n };
    sum.debit += toMinor(r.debit, r.currency);
    sum.credit += toMinor(r.credit, r.currency);
    sums.set(key, sum);
  }
  return [...sums.values()].map((s) => ({
    currency: s.currency,
    memo: s.memo,
    debit: fromMinor(s.debit, s.currency),
    credit: fromMinor(s.credit, s.currency),
    balance: fromMinor(s.debit - s.credit, s.currency),
  }));
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
  readonly partyName: string | null;
  readonly memo: boolean;
  readonly currency: string;
  readonly phase: string;
  readonly debit: string | null;
  readonly credit: string | null;
  /** The account's balance after this entry, on its normal side (posted and pending). */
  readonly runningBalance: string;
  readonly requestId: string | null;
  /** The request as people name it: its invoice number. */
  readonly requestReference: string | null;
  readonly bankTransactionId: string | null;
  readonly lineId: string | null;
  readonly reverses: string | null;
  readonly operation: string | null;
  readonly actor: string | null;
}

export interface EntryFilter {
  readonly accountId?: string | null;
  readonly requestId?: string | null;
  readonly bankTransactionId?: string | null;
  readonly lineId?: string | null;
  readonly transactionId?: string | null;
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
  opts: { limit: number; after: string | null; partyIds: LedgerScope },
): Promise<LedgerEntryView[]> {
  const rows = await tx.query<Record<string, unknown>>(
    `SELECT e.id::text AS id, e.transaction_id::text AS transaction_id, t.event, t.kind AS tkind,
            t.effective_date::text AS effective_date, t.posted_at, t.description, e.account_id::text AS account_id,
            a.kind AS akind, a.memo, a.party_model, a.party_id::text AS party_id, ${partyNameSql('a')} AS party_name,
            e.currency, e.phase, e.amount::text AS amount,
            (a.normal * (SELECT sum(b.amount) FROM ledger_entry b WHERE b.account_id = e.account_id AND b.id <= e.id))::text AS running,
            t.request_id::text AS request_id, r.invoice_number::text AS request_reference,
            t.bank_transaction_id::text AS bank_transaction_id, t.line_id::text AS line_id,
            t.reverses::text AS reverses, t.operation, t.actor
       FROM ledger_entry e
       JOIN ledger_transaction t ON t.id = e.transaction_id
       JOIN ledger_account a ON a.id = e.account_id
       LEFT JOIN "request" r ON r.id = t.request_id
      WHERE ($1::uuid IS NULL OR e.account_id = $1::uuid)
        AND ($2::uuid IS NULL OR t.request_id = $2::uuid)
        AND ($3::uuid IS NULL OR t.bank_transaction_id = $3::uuid)
        AND ($4::uuid IS NULL OR t.line_id = $4::uuid)
        AND ($5::date IS NULL OR t.effective_date >= $5::date)
        AND ($6::date IS NULL OR t.effective_date <= $6::date)
        AND ($7::uuid[] IS NULL OR a.party_id = ANY($7::uuid[]))
        AND ($8::bigint IS NULL OR e.id > $8::bigint)
        AND ($10::uuid IS NULL OR e.transaction_id = $10::uuid)
      ORDER BY e.id
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
      filter.transactionId ?? null,
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
      postedAt: r.posted_at instanceof Date ? r.posted_at.toISOString() : String(r.posted_at),
      description: String(r.description),
      accountId: String(r.account_id),
      account: ACCOUNT_KINDS[kind]?.name ?? kind,
      accountKind: kind,
      partyModel: text(r.party_model),
      partyId: text(r.party_id),
      partyName: text(r.party_name),
      memo: Boolean(r.memo),
      currency,
      phase: String(r.phase),
      debit: amount > 0n ? fromMinor(amount, currency) : null,
      credit: amount < 0n ? fromMinor(-amount, currency) : null,
      runningBalance: fromMinor(BigInt(String(r.running)), currency),
      requestId: text(r.request_id),
      requestReference: text(r.request_reference),
      bankTransactionId: text(r.bank_transaction_id),
      lineId: text(r.line_id),
      reverses: text(r.reverses),
      operation: text(r.operation),
      actor: text(r.actor),
    };
  });
}
