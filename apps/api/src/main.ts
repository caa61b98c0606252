import { buildApp } from './app.ts';
import { loadConfig, productionProblems } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { backfillLedgerOnce, backfillSummary } from './ledger/backfill.ts';
import { startErrorReporting } from './http/sentry.ts';
import { startJobQueue } from './jobs/job-queue.ts';
import { SCHEDULED_JOBS } from './jobs/scheduled-jobs.ts';
import { loadKeys } from './keys.ts';
import { seedDemo } from './seed/demo.ts';
import { DEMO_MEMBERS, DEMO_USERS } from './seed/demo-users.ts';

// Production refuses to start without its secrets and addresses (docs/architecture.md, “Deployment”).
const missing = productionProblems();
if (missing.length) {
  console.error(
    `NODE_ENV=production needs these settings, which are not set:\n${missing.map((m) => `  - ${m}`).join('\n')}\nSee "Configuration" in README.md.`,
  );
  process.exit(1);
}
const config = loadConfig();
startErrorReporting(config);
const db = await openDatabase(config.databaseUrl);
const applied = await migrate(db);
if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
const backfill = await backfillLedgerOnce(db);
if (backfill) console.log(`Ledger backfill: ${backfillSummary(backfill)}`);
if (config.demo) {
  // Idempotent: loads the demo data set only into a database that does not have it yet.
  await seedDemo(db);
}
const keys = await loadKeys(config.dataDir);
const app = await buildApp(
  { config, db, keys },
  { logger: config.production && process.env.LOG_LEVEL !== 'silent' },
);
await app.listen({ port: config.port, host: config.host });
// Scheduled jobs (docs/architecture.md, “Scheduled jobs”); JOBS=off starts none.
const jobs = await startJobQueue({ config, db }, SCHEDULED_JOBS({ config, db, keys }));

console.log(`\nReceivables platform listening on ${config.publicUrl} (bound to ${config.host})`);
if (config.demo) {
  console.log(
    '\nDEMO MODE: made-up organisations and the sign-ins below; not for real data.' +
      ' NODE_ENV=production turns it off.',
  );
  console.log(`\nDemo sign-ins (password ${DEMO_USERS[0]?.password}):`);
  for (const u of DEMO_USERS) console.log(`  ${u.email.padEnd(22)} ${u.phone}  ${u.role}`);
  for (const m of DEMO_MEMBERS)
    console.log(`  ${m.email.padEnd(22)} ${m.phone}  ${m.name}, a second officer of the SPV`);
  console.log(`\nMail sent by the app (verification codes): ${config.publicUrl}/dev/mail`);
}

const shutdown = async (): Promise<void> => {
  await app.close();
  await jobs.stop();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
