import type { Queryable } from '../db/database.ts';
import { validationError } from '../http/errors.ts';
import { journalBatches, type JournalLine } from './read-journal.ts';
import {
  ledgerCurrency,
  ledgerDate,
  trialBalance,
  trialBalanceTotals,
  type LedgerScope,
  type TrialBalanceRow,
  type TrialBalanceTotal,
} from './read-ledger.ts';

/**
 * The ledger's exports (docs/architecture.md, “Ledger”): the journal of a period and the trial
 * balance as of a date, as CSV (RFC 4180 quoting, amounts as decimal strings in the currency's
 * digits, one currency per row, never a sum across currencies). The download routes and the
 * accounting adapters share them.
 */

/** The journal of a period, both days included, in one currency or all. */
export interface JournalPeriod {
  readonly from: string;
  readonly to: string;
  readonly currency: string | null;
}

/** The trial balance as of a day, in one currency or all. */
export interface TrialBalanceDate {
  readonly asOf: string;
  readonly currency: string | null;
}

/** The trial balance's rows and its totals per currency (memo accounts apart). */
export interface TrialBalanceReport {
  readonly asOf: string;
  readonly rows: readonly TrialBalanceRow[];
  readonly totals: readonly TrialBalanceTotal[];
}

const given = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** A journal period from a request's parameters: both dates required and real, `from` not after `to`. */
export function journalPeriodOf(query: Readonly<Record<string, unknown>>): JournalPeriod {
  const fromText = given(query.from);
  const toText = given(query.to);
  if (!fromText || !toText) throw validationError('from and to are required (dates such as 2026-11-01)');
  const from = ledgerDate('from', fromText);
  const to = ledgerDate('to', toText);
  if (from > to) throw validationError(`from (${from}) must not be after to (${to})`);
  return { from, to, currency: ledgerCurrency(given(query.currency)) };
}

/** A trial balance date from a request's parameters: `asOf` today unless given. */
export function trialBalanceDateOf(
  query: Readonly<Record<string, unknown>>,
  today: string,
): TrialBalanceDate {
  const asOf = given(query.asOf);
  return {
    asOf: asOf ? ledgerDate('asOf', asOf) : today,
    currency: ledgerCurrency(given(query.currency)),
  };
}

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; text that a spreadsheet would
 * run as a formula (a leading =, +, -, @, tab or carriage return, unless a number) gets a leading '.
 */
export function csvCell(value: string | null | undefined): string {
  const v = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(v) && !/^-?\d+(\.\d+)?$/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV record with its line break (CRLF, as RFC 4180 has it). */
export const csvRecord = (cells: readonly (string | null | undefined)[]): string =>
  `${cells.map(csvCell).join(',')}\r\n`;

export const JOURNAL_HEADER = [
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
] as const;

/** One journal entry as a CSV record's cells (an amount's other side left empty). */
export const journalCells = (l: JournalLine): string[] => [
  l.effectiveDate,
  l.transactionId,
  l.kind,
  l.accountKind,
  l.account,
  l.partyName ?? '',
  l.currency,
  l.phase,
  l.debit ?? '',
  l.credit ?? '',
  l.description,
  l.requestReference ?? '',
];

/** The journal of a period as CSV text, a batch of records at a time (the header first). */
export async function* journalCsv(
  tx: Queryable,
  period: JournalPeriod,
  scope: LedgerScope,
): AsyncGenerator<string> {
  yield csvRecord(JOURNAL_HEADER);
  for await (const batch of journalBatches(tx, { ...period, partyIds: scope }))
    yield batch.map((l) => csvRecord(journalCells(l))).join('');
}

/** Every entry of a period at once (for the accounting adapters). */
export async function journalLines(
  tx: Queryable,
  period: JournalPeriod,
  scope: LedgerScope,
): Promise<JournalLine[]> {
  const lines: JournalLine[] = [];
  for await (const batch of journalBatches(tx, { ...period, partyIds: scope })) lines.push(...batch);
  return lines;
}

/** The trial balance as of a date, with its totals summed on the server. */
export async function trialBalanceReport(
  tx: Queryable,
  at: TrialBalanceDate,
  scope: LedgerScope,
): Promise<TrialBalanceReport> {
  const rows = await trialBalance(tx, { asOf: at.asOf, currency: at.currency, partyIds: scope });
  return { asOf: at.asOf, rows, totals: trialBalanceTotals(rows) };
}

export const TRIAL_BALANCE_HEADER = [
  'As of',
  'Account code',
  'Account',
  'Party',
  'Memo',
  'Currency',
  'Debit',
  'Credit',
  'Balance',
] as const;

/**
 * The trial balance as CSV: one record per account and currency, then per currency a total
 * record (and one for its memo accounts), each in its own currency.
 */
export function trialBalanceCsv(report: TrialBalanceReport): string {
  const rows = report.rows.map((r) =>
    csvRecord([
      report.asOf,
      r.kind,
      r.account,
      r.partyName ?? '',
      r.memo ? 'Yes' : 'No',
      r.currency,
      r.debit,
      r.credit,
      r.balance,
    ]),
  );
  const totals = report.totals.map((t) =>
    csvRecord([
      report.asOf,
      '',
      t.memo ? `Total ${t.currency} memo accounts` : `Total ${t.currency}`,
      '',
      t.memo ? 'Yes' : 'No',
      t.currency,
      t.debit,
      t.credit,
      t.balance,
    ]),
  );
  return [csvRecord(TRIAL_BALANCE_HEADER), ...rows, ...totals].join('');
}

/** File names of the exports: `journal-2026-11-01-to-2026-11-30[-USD].csv`, `trial-balance-2026-11-30[-USD].csv`. */
export const journalFileName = (p: JournalPeriod): string =>
  `journal-${p.from}-to-${p.to}${p.currency ? `-${p.currency}` : ''}.csv`;
export const trialBalanceFileName = (t: TrialBalanceDate): string =>
  `trial-balance-${t.asOf}${t.currency ? `-${t.currency}` : ''}.csv`;
