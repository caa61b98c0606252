/**
 * Crash run (docs/reliability.md, “Crash”): kills the API process with SIGKILL (kill -9) `--kills`
 * times while writers stream acknowledged creates, updates and uploads at it, restarts it on the
 * same data each time, and checks that the database opens and every acknowledged write and file is
 * there. Runs on PGlite and on PostgreSQL (a fresh database on the local server, dropped after).
 *
 *   npx tsx scripts/reliability/crash.ts [--db pglite|postgres|both] [--kills 20] [--writers 4]
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { signIn } from './api-client.ts';
import { Ledger, verifyLedger } from './crash-ledger.ts';
import { writeUntilKilled } from './crash-writers.ts';
import { freshDatabase, prepareDatabase, type DatabaseKind } from './run-database.ts';
import { createParty, runParties, spread, workFolder } from './run-setup.ts';
import { freePort } from '../node-processes.ts';
import { startServer, type ServerProcess } from './server-process.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    kills: { type: 'string', default: '20' },
    writers: { type: 'string', default: '4' },
    keep: { type: 'boolean', default: false },
  },
});
const KILLS = Number(args.kills);
const WRITERS = Number(args.writers);

/** The server lives 1–4 s under writes before it is killed. */
const lifetimeMs = (): number => 1000 + Math.floor(Math.random() * 3000);

export interface CrashResult {
  readonly database: DatabaseKind;
  readonly kills: number;
  readonly reopened: number;
  readonly counts: Ledger['counts'];
  readonly lost: string[];
  readonly restartMs: { min: number; median: number; max: number };
  readonly durationS: number;
}

async function crashRun(kind: DatabaseKind): Promise<CrashResult> {
  const started = Date.now();
  const work = workFolder(`crash-${kind}`);
  const dataDir = join(work, 'data');
  const db = await freshDatabase(kind, dataDir);
  const parties = runParties(`crash-${kind}`);
  await prepareDatabase(db, [parties.admin, parties.supplier]);
  const spec = {
    name: `crash-${kind}`,
    dataDir,
    databaseUrl: db.serverUrl,
    logDir: join(work, 'logs'),
    port: await freePort(),
  };
  const ledger = new Ledger();
  const restarts: number[] = [];
  const lost: string[] = [];
  const mine: string[][] = Array.from({ length: WRITERS }, () => []);
  let server: ServerProcess | undefined;
  let reopened = 0;
  try {
    server = await startServer(spec);
    const adminToken = await signIn(server.url, parties.admin.email);
    const token = await signIn(server.url, parties.supplier.email);
    const supplierId = await createParty(
      { url: server.url, adminToken },
      'Supplier',
      parties.supplierGroupId,
      'Crash Supplier Ltd',
    );
    for (let kill = 1; kill <= KILLS; kill++) {
      const target = { url: server.url, token, supplierId };
      const writers = mine.map((list, w) => writeUntilKilled(target, ledger, list, `${kind}-${w}`));
      await new Promise((r) => setTimeout(r, lifetimeMs()));
      await server.kill9();
      await Promise.all(writers);
      server = await startServer(spec);
      reopened++;
      restarts.push(server.readyAfterMs);
      const check = await verifyLedger(ledger, { url: server.url, token, supplierId });
      lost.push(...check.lost.map((l) => `after kill ${kill}: ${l}`));
      console.log(
        `[${kind}] kill ${kill}/${KILLS}: reopened in ${server.readyAfterMs} ms; ${check.checkedRecords} records, ${check.checkedFiles} files verified; ${check.lost.length} lost`,
      );
    }
  } finally {
    await server?.stop();
    await db.drop();
    if (!args.keep) rmSync(work, { recursive: true, force: true });
    else console.log(`[${kind}] kept ${work}`);
  }
  return {
    database: kind,
    kills: KILLS,
    reopened,
    counts: ledger.counts,
    lost,
    restartMs: spread(restarts),
    durationS: Math.round((Date.now() - started) / 100) / 10,
  };
}

const kinds: DatabaseKind[] = args.db === 'both' ? ['pglite', 'postgres'] : [args.db as DatabaseKind];
const results: CrashResult[] = [];
for (const kind of kinds) results.push(await crashRun(kind));
console.log(`\nCrash run of ${new Date().toISOString()}:`);
console.log(JSON.stringify(results, null, 2));
if (results.some((r) => r.lost.length || r.reopened !== r.kills)) process.exitCode = 1;
