import { openDatabase } from '../../apps/api/src/db/database.ts';
import { BACKFILL_MIGRATION } from '../../apps/api/src/ledger/backfill.ts';
import { scaleKey } from '../api/dataset.ts';
import { loadSettings } from '../api/settings.ts';
import { bulkBackfill } from './backfill-bulk.ts';

/**
 * `tsx bench/insight/finish-seed.ts`: finishes a first seeding of the bench database whose ledger
 * backfill (the last step of seedScale, one line at a time) was stopped because it would take
 * hours on a busy machine: writes the rest of the backfill in bulk (backfill-bulk.ts), vacuums,
 * and marks the data set complete in bench_meta.dataset as bench/api/dataset.ts does, so that
 * bench:api and bench:insight reuse it. It refuses unless the data set is this scale's, not marked
 * complete, holds all its requests and its backfill had started (every row before it is in).
 */
const s = loadSettings();
const scale = { suppliers: s.suppliers, requestsPerSupplier: s.requestsPerSupplier, seed: s.seed };
const log = (m: string): void => console.log(`[seed] ${m}`);
const db = await openDatabase(s.databaseUrl, { statementTimeoutMs: 0 });
try {
  const [meta] = await db.query<{ scale: string; complete: boolean }>(
    'SELECT scale, complete FROM bench_meta.dataset',
  );
  if (!meta || meta.complete || meta.scale !== scaleKey(scale))
    throw new Error(
      `Nothing to finish: the marker says ${JSON.stringify(meta ?? null)} for ${scaleKey(scale)}`,
    );
  const [requests] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM "request" WHERE NOT "_deleted"',
  );
  const expected = scale.suppliers * scale.requestsPerSupplier;
  if (requests?.n !== expected)
    throw new Error(`The data set holds ${requests?.n} requests, not ${expected}`);
  const [started] = await db.query<{ at: string | null }>(
    `SELECT min(posted_at)::text AS at FROM ledger_transaction WHERE operation = 'ledgerBackfill'`,
  );
  if (!started?.at)
    throw new Error('The ledger backfill has not started: the seeding is not at its last step');
  const result = await bulkBackfill(db, log);
  log(
    `backfill: ${result.transactions} transactions, ${result.entries} entries, ${result.refused} refused (over the line’s limit)`,
  );
  await db.query('INSERT INTO schema_migrations (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [
    BACKFILL_MIGRATION,
  ]);
  log('VACUUM (ANALYZE)');
  await db.exec('VACUUM (ANALYZE)');
  // From the database's creation (its PG_VERSION file) to now: the seeding's wall time.
  const [age] = await db.query<{ seconds: number }>(
    `SELECT extract(epoch FROM now() - (pg_stat_file('base/' || oid || '/PG_VERSION')).modification)::float8 AS seconds
       FROM pg_database WHERE datname = current_database()`,
  );
  await db.query('UPDATE bench_meta.dataset SET complete = true, seconds = $1', [age?.seconds ?? 0]);
  log(
    `data set ${scaleKey(scale)} complete, ${(age?.seconds ?? 0).toFixed(0)} s after the database was made`,
  );
} finally {
  await db.close();
}
