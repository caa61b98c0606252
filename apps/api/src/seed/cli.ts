import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { backfillLedgerOnce, backfillSummary } from '../ledger/backfill.ts';
import { seedDemo } from './demo.ts';
import { seedScale } from './scale.ts';

/**
 * `npm run seed` seeds the demo data set; `npm run seed -- --scale N` seeds N suppliers of bulk data.
 * Options: --database-url URL (default: the configured database), --requests-per-supplier R (100),
 * --seed S (1), --concurrency C (PostgreSQL only; default one per core, 2–4), --today YYYY-MM-DD, --demo (also the demo set).
 * The demo set's sample files (a PDF or PNG in every attachment) go to the configured file store,
 * DATA_DIR/files or S3_BUCKET, as the server's uploads do; scale data has no files.
 */
const USAGE =
  'usage: npm run seed -- [--demo] [--scale N [--requests-per-supplier R] [--seed S] [--concurrency C] [--today YYYY-MM-DD]] [--database-url URL]';

const positiveInt = (name: string, value: string | undefined, fallback: number): number => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${name} must be a whole number, got "${value}"\n${USAGE}`);
  return n;
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string' },
      'requests-per-supplier': { type: 'string' },
      seed: { type: 'string' },
      concurrency: { type: 'string' },
      today: { type: 'string' },
      'database-url': { type: 'string' },
      demo: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const url = values['database-url'] ?? loadConfig().databaseUrl;
  const db = await openDatabase(url);
  try {
    const applied = await migrate(db);
    if (applied.length) console.log(`applied migrations: ${applied.join(', ')}`);
    const backfill = await backfillLedgerOnce(db);
    if (backfill) console.log(`ledger backfill: ${backfillSummary(backfill)}`);
    if (values.demo || values.scale === undefined) {
      await seedDemo(db);
      console.log('demo data set ready (users: admin@demo.test, supplier@demo.test, …)');
    }
    if (values.scale !== undefined) {
      const suppliers = positiveInt('scale', values.scale, 1);
      const requestsPerSupplier = positiveInt('requests-per-supplier', values['requests-per-supplier'], 100);
      const report = await seedScale(db, {
        suppliers,
        requestsPerSupplier,
        seed: values.seed ?? '1',
        ...(values.concurrency ? { concurrency: positiveInt('concurrency', values.concurrency, 2) } : {}),
        ...(values.today ? { today: values.today } : {}),
        onProgress: (done, total) => {
          if (done === total || done % 1000 === 0) console.log(`  ${done}/${total} suppliers`);
        },
      });
      const rate = Math.round(((report.counts.Request ?? 0) / report.millis) * 1000);
      console.log(`seeded in ${(report.millis / 1000).toFixed(1)} s (${rate} requests/s):`, report.counts);
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
