import { openDatabase } from '../../apps/api/src/db/database.ts';
import { ensurePostgresDataset, scaleKey, type DatasetInfo, type Scale } from '../api/dataset.ts';
import { fillLedger } from './ledger-fill.ts';

export interface InsightDatasetInfo extends DatasetInfo {
  /** Seconds the ledger fill took (in this run, or when it ran if reused). */
  readonly ledgerSeconds: number;
  readonly ledgerReused: boolean;
  readonly ledgerTransactions: number;
  readonly ledgerEntries: number;
}

/** Bumped when ledger-fill.ts posts more; the fill then runs again and adds only what is missing. */
const FILL_VERSION = 'v2';

const log = (message: string): void => console.log(`[seed] ${message}`);

/**
 * The data set of `npm run bench:api` (seeded or reused through its marker, bench_meta.dataset),
 * plus the ledger postings insight figures read (ledger-fill.ts), marked done in
 * bench_meta.insight_ledger for that scale. The added postings change nothing bench:api reads.
 */
export async function ensureInsightDataset(url: string, scale: Scale): Promise<InsightDatasetInfo> {
  const base = await ensurePostgresDataset(url, scale);
  const db = await openDatabase(url, { statementTimeoutMs: 0 });
  try {
    await db.exec(
      `CREATE SCHEMA IF NOT EXISTS bench_meta;
       CREATE TABLE IF NOT EXISTS bench_meta.insight_ledger (scale text PRIMARY KEY, complete boolean NOT NULL,
         seconds double precision NOT NULL DEFAULT 0, transactions integer NOT NULL DEFAULT 0, entries integer NOT NULL DEFAULT 0)`,
    );
    // The version of ledger-fill.ts's postings: a new one adds what the older fill did not post.
    const key = `${scaleKey(scale)}:${FILL_VERSION}`;
    // Another scale's marker belongs to a data set that was dropped and seeded again.
    await db.query('DELETE FROM bench_meta.insight_ledger WHERE scale <> $1', [key]);
    const [done] = await db.query<{
      complete: boolean;
      seconds: number;
      transactions: number;
      entries: number;
    }>('SELECT complete, seconds, transactions, entries FROM bench_meta.insight_ledger WHERE scale = $1', [
      key,
    ]);
    if (done?.complete) {
      log(`reusing the insight ledger postings (${done.transactions} transactions, ${done.entries} entries)`);
      return {
        ...base,
        ledgerReused: true,
        ledgerSeconds: done.seconds,
        ledgerTransactions: done.transactions,
        ledgerEntries: done.entries,
      };
    }
    // An unfinished fill resumes: postings already written are skipped by their event keys.
    await db.query(
      'INSERT INTO bench_meta.insight_ledger (scale, complete) VALUES ($1, false) ON CONFLICT (scale) DO NOTHING',
      [key],
    );
    log('posting the fees, SPV purchases and settlements of the data set to the ledger');
    const added = await fillLedger(db, log);
    // What the fills of every version posted, for the record.
    const [total] = await db.query<{ transactions: number; entries: number }>(
      `SELECT count(DISTINCT t.id)::int AS transactions, count(*)::int AS entries
         FROM ledger_transaction t JOIN ledger_entry e ON e.transaction_id = t.id
        WHERE t.operation = 'benchInsightFill'`,
    );
    const fill = {
      seconds: added.seconds,
      transactions: total?.transactions ?? 0,
      entries: total?.entries ?? 0,
    };
    await db.query(
      'UPDATE bench_meta.insight_ledger SET complete = true, seconds = $2, transactions = $3, entries = $4 WHERE scale = $1',
      [key, fill.seconds, fill.transactions, fill.entries],
    );
    log(`ledger: ${fill.transactions} transactions, ${fill.entries} entries in ${fill.seconds.toFixed(0)} s`);
    return {
      ...base,
      ledgerReused: false,
      ledgerSeconds: fill.seconds,
      ledgerTransactions: fill.transactions,
      ledgerEntries: fill.entries,
    };
  } finally {
    await db.close();
  }
}
