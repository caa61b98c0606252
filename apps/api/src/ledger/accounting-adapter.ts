import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queryable } from '../db/database.ts';
import {
  JOURNAL_HEADER,
  csvRecord,
  journalCells,
  journalFileName,
  journalLines,
  trialBalanceCsv,
  trialBalanceFileName,
  trialBalanceReport,
  type JournalPeriod,
  type TrialBalanceDate,
  type TrialBalanceReport,
} from './exports.ts';
import type { JournalLine } from './read-journal.ts';

/**
 * Where the books go for the accountants (docs/architecture.md, “Ledger”): what an adapter to an
 * accounting system (Xero, QuickBooks, Wave…) implements. It receives the journal of a period and
 * the trial balance as of a date, amounts as decimal strings in each currency's digits, one
 * currency per row; it maps accounts to its own chart by the account code (the kind).
 */
export interface AccountingAdapter {
  /** Named in answers and logs, e.g. "csv-directory". */
  readonly name: string;
  exportJournal(period: JournalPeriod, rows: readonly JournalLine[]): Promise<ExportReceipt>;
  exportTrialBalance(asOf: TrialBalanceDate, report: TrialBalanceReport): Promise<ExportReceipt>;
}

/** What an adapter did with an export: where it went and how many records. */
export interface ExportReceipt {
  readonly adapter: string;
  /** A file path, or the accounting system's reference of the import. */
  readonly location: string;
  readonly records: number;
}

/** Writes `text` to `path` through a temporary file, so a reader never sees half a file. */
async function writeWhole(path: string, text: string): Promise<void> {
  const partial = `${path}.partial`;
  await writeFile(partial, text, 'utf8');
  await rename(partial, path);
}

/**
 * The default adapter: the same CSV files as the downloads, written to a directory
 * (`LEDGER_EXPORT_DIR`, by default `DATA_DIR/exports`), from where an accountant or a scheduled
 * import picks them up. A second export of the same period replaces the file.
 */
export function csvDirectoryAdapter(directory: string): AccountingAdapter {
  const name = 'csv-directory';
  return {
    name,
    async exportJournal(period, rows) {
      await mkdir(directory, { recursive: true });
      const path = join(directory, journalFileName(period));
      await writeWhole(
        path,
        [csvRecord(JOURNAL_HEADER), ...rows.map((r) => csvRecord(journalCells(r)))].join(''),
      );
      return { adapter: name, location: path, records: rows.length };
    },
    async exportTrialBalance(asOf, report) {
      await mkdir(directory, { recursive: true });
      const path = join(directory, trialBalanceFileName(asOf));
      await writeWhole(path, trialBalanceCsv(report));
      return { adapter: name, location: path, records: report.rows.length + report.totals.length };
    },
  };
}

/**
 * Hands the whole books (every account) to an adapter: the journal of the period and the trial
 * balance as of its last day.
 */
export async function exportToAccounting(
  tx: Queryable,
  adapter: AccountingAdapter,
  period: JournalPeriod,
): Promise<{ journal: ExportReceipt; trialBalance: ExportReceipt }> {
  const journal = await adapter.exportJournal(period, await journalLines(tx, period, null));
  const at = { asOf: period.to, currency: period.currency };
  const trialBalance = await adapter.exportTrialBalance(at, await trialBalanceReport(tx, at, null));
  return { journal, trialBalance };
}
