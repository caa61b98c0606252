/**
 * Concurrency run (docs/reliability.md, “Concurrency”): two API processes on one PostgreSQL
 * database (a fresh one on the local server, dropped after), then
 *  1. `--updates` conflicting read-then-write updates of one record, spread over both processes:
 *     none lost, each applied on the version it read or refused with ConflictUnhandled;
 *  2. `--submissions` submissions against one credit line, all sent at once to both processes:
 *     the line's limit never exceeded, every accepted invoice stored, every refusal the limit's.
 *
 *   npx tsx scripts/reliability/concurrency.ts [--updates 1000] [--parallel 50] [--submissions 200]
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { signIn, upload } from './api-client.ts';
import { conflictingUpdates } from './conflicting-updates.ts';
import { concurrentSubmissions } from './concurrent-submissions.ts';
import { approvedLine } from './credit-line.ts';
import { pdfWithFiller } from './crash-writers.ts';
import { freshDatabase, prepareDatabase } from './run-database.ts';
import { runParties, workFolder } from './run-setup.ts';
import { freePort } from '../node-processes.ts';
import { startServer, type ServerProcess } from './server-process.ts';

const { values: args } = parseArgs({
  options: {
    updates: { type: 'string', default: '1000' },
    parallel: { type: 'string', default: '50' },
    submissions: { type: 'string', default: '200' },
    keep: { type: 'boolean', default: false },
  },
});

const started = Date.now();
const work = workFolder('concurrency');
const dataDir = join(work, 'data');
const db = await freshDatabase('postgres', dataDir);
const parties = runParties('concurrency');
await prepareDatabase(db, [parties.admin, parties.supplier]);
// Replicas behind one address share the public URL (the tokens' issuer) and the keys in DATA_DIR.
const publicUrl = 'http://replicas.reliability.test';
const servers: ServerProcess[] = [];
let failed = false;
try {
  for (const name of ['api-a', 'api-b'])
    servers.push(
      await startServer({
        name,
        dataDir,
        databaseUrl: db.serverUrl,
        logDir: join(work, 'logs'),
        port: await freePort(),
        env: { PUBLIC_URL: publicUrl },
      }),
    );
  const urls = servers.map((s) => s.url);
  const adminToken = await signIn(urls[0]!, parties.admin.email);
  const token = await signIn(urls[1]!, parties.supplier.email);
  const line = await approvedLine(
    { url: urls[0]!, adminToken },
    { supplierGroupId: parties.supplierGroupId, investorGroupId: randomUUID(), spvGroupId: randomUUID() },
  );
  const updates = await conflictingUpdates(
    { urls, token, supplierId: line.supplierId },
    Number(args.updates),
    Number(args.parallel),
  );
  console.log('updates', JSON.stringify(updates));
  const invoice = await upload(urls[0]!, token, 'invoice.pdf', pdfWithFiller());
  const billOfLading = await upload(urls[1]!, token, 'bill-of-lading.pdf', pdfWithFiller());
  const submissions = await concurrentSubmissions(
    {
      urls,
      token,
      line,
      databaseUrl: db.openUrl,
      invoiceKey: invoice.key,
      billOfLadingKey: billOfLading.key,
    },
    Number(args.submissions),
  );
  console.log('submissions', JSON.stringify(submissions));
  failed =
    updates.lost.length +
      updates.otherErrors.length +
      submissions.violations.length +
      submissions.otherErrors.length >
    0;
  console.log(`\nConcurrency run of ${new Date().toISOString()}, ${(Date.now() - started) / 1000} s in all:`);
  console.log(JSON.stringify({ processes: servers.length, updates, submissions }, null, 2));
} finally {
  for (const s of servers) await s.stop();
  await db.drop();
  if (!args.keep) rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
}
if (failed) process.exitCode = 1;
