import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../apps/api/src/db/database.ts';
import { forgetDashboards } from '../../apps/api/src/insight/dashboard.ts';
import { scaleKey } from '../api/dataset.ts';
import { startOurServer } from '../api/servers.ts';
import { loadSettings } from '../api/settings.ts';
import { AREAS, ensureCallers, PASSWORD, signIn, type Area } from './callers.ts';
import { queryDocuments, signInLocal, startCapturingApp } from './capture.ts';
import { ensureInsightDataset } from './dataset.ts';
import { benchProductionEnv } from '../api/production-env.ts';
import { explainStatements } from './explain.ts';
import { dashboardOperations, reportOperations, type Operation } from './operations.ts';
import { markdown, resultsTable, type MeasuredOperation } from './report.ts';
import { timeEach, timeSequential, type Timing } from './timing.ts';

/**
 * `npm run bench:insight`: on the data set of bench:api (1,000,000 requests; seeded or reused),
 * plus the ledger postings its figures read, measures the latency of the dashboard of every area
 * and of the funder reports, one request at a time, and explains the SQL each one runs; prints
 * the table and writes bench/INSIGHT-RESULTS.md.
 */
const s = loadSettings();
const num = (v: string | undefined, fallback: number): number =>
  v !== undefined && v !== '' && Number(v) >= 0 ? Number(v) : fallback;
const SAMPLES = Math.max(1, num(process.env.BENCH_INSIGHT_SAMPLES, 50));
const WARMUP = num(process.env.BENCH_INSIGHT_WARMUP, 5);
/** Operations whose last warm-up call took 2 s or more get fewer samples, so a run stays minutes long. */
/** Samples per operation with the 0018 indexes dropped (0: no such pass). */
const BEFORE_SAMPLES = num(process.env.BENCH_INSIGHT_BEFORE_SAMPLES, 0);
const SLOW = { slowSamples: Math.max(1, num(process.env.BENCH_INSIGHT_SLOW_SAMPLES, 10)), slowMs: 2_000 };
const ONLY = process.env.BENCH_INSIGHT_OPERATIONS?.split(',').map((x) => x.trim());
const RESULTS =
  process.env.BENCH_INSIGHT_RESULTS_FILE ?? new URL('../INSIGHT-RESULTS.md', import.meta.url).pathname;
const MIGRATION = new URL('../../apps/api/src/db/migrations/0018_insight-indexes.sql', import.meta.url)
  .pathname;
const say = (message: string): void => console.log(`[insight] ${message}`);
const started = performance.now();
const loadAtStart = loadavg()[0] ?? 0;

const scale = { suppliers: s.suppliers, requestsPerSupplier: s.requestsPerSupplier, seed: s.seed };
const data = await ensureInsightDataset(s.databaseUrl, scale);
const callers = await ensureCallers(s.databaseUrl);
/** Whether BENCH_INSIGHT_OPERATIONS (labels with their caller, by prefix) asks for an operation or a group. */
const wanted = (label: string, caller?: string): boolean =>
  !ONLY ||
  ONLY.some((o) => {
    if (caller) return `${label}:${caller}`.startsWith(o);
    const l = o.split(':')[0]!;
    return l.startsWith(label) || label.startsWith(l);
  });
const groups = { dashboard: wanted('dashboard'), reports: wanted('funderReport') || wanted('GET /reports') };
const documents = await queryDocuments(
  s.databaseUrl,
  join(s.workDir, 'data'),
  callers.emails.admin,
  PASSWORD,
  [...(groups.dashboard ? ['dashboard'] : []), ...(groups.reports ? ['funderReport'] : [])],
);
const operations = [
  ...(groups.dashboard ? dashboardOperations(documents.get('dashboard')!, callers) : []),
  ...(groups.reports ? reportOperations(documents.get('funderReport')!, callers) : []),
].filter((op) => wanted(op.label, op.caller));
// The indexes the insight migration adds: their plans are shown with and without them.
const indexes = existsSync(MIGRATION)
  ? [
      ...readFileSync(MIGRATION, 'utf8').matchAll(/CREATE\s+INDEX\s+(?:IF\s+NOT\s+EXISTS\s+)?"?([\w-]+)"?/gi),
    ].map((m) => m[1]!)
  : [];

// ---- Latency: our server in its own process, one request at a time ----
const timings = new Map<Operation, Timing>();
let before = new Map<Operation, Timing>();
// Production's settings, made up for this run where they are not set (the server refuses to start without).
Object.assign(process.env, benchProductionEnv(), { JOBS: process.env.JOBS ?? 'off' });
const server = await startOurServer({
  name: 'ours-insight',
  databaseUrl: s.databaseUrl,
  workDir: s.workDir,
  cpuProfile: s.cpuProfile,
  entry: s.serverEntry,
});
try {
  const tokens = new Map<Area, string>();
  for (const area of AREAS) tokens.set(area, await signIn(server.url, callers.emails[area]));
  const measure = async (samples: number, log: string) => {
    const out = new Map<Operation, Timing>();
    for (const op of operations) {
      const token = tokens.get(op.caller)!;
      const timing = await timeSequential(server.url, () => op.call(token), {
        ...SLOW,
        warmup: WARMUP,
        samples,
      });
      out.set(op, timing);
      say(
        `${op.label}, ${op.caller}${log}: p50 ${timing.p50.toFixed(1)} ms, p95 ${timing.p95.toFixed(1)} ms (target ${op.targetMs} ms; ${timing.bytes} bytes)`,
      );
    }
    return out;
  };
  if (BEFORE_SAMPLES && indexes.length) {
    // The same calls with the insight migration's indexes dropped, then made again from its file.
    const admin = await openDatabase(s.databaseUrl, { statementTimeoutMs: 0 });
    try {
      await admin.exec(`DROP INDEX IF EXISTS ${indexes.map((i) => `"${i}"`).join(', ')}`);
      before = await measure(BEFORE_SAMPLES, ', without the 0018 indexes');
    } finally {
      say('making the 0018 indexes again');
      await admin.exec(readFileSync(MIGRATION, 'utf8'));
      await admin.exec(`VACUUM (ANALYZE) ledger_entry, ledger_transaction`);
      await admin.close();
    }
  }
  for (const [op, timing] of await measure(SAMPLES, '')) timings.set(op, timing);
} finally {
  await server.process.stop();
}

// ---- The SQL of one call of each, explained ----
const rows: MeasuredOperation[] = [];
const capture = await startCapturingApp(s.databaseUrl, join(s.workDir, 'data'));
const db = await openDatabase(s.databaseUrl);
try {
  const local = new Map<Area, string>();
  for (const area of AREAS) local.set(area, await signInLocal(capture.app, callers.emails[area], PASSWORD));
  for (const op of operations) {
    const call = op.call(local.get(op.caller)!);
    // A dashboard that took a second or more is kept in memory for a while (dashboard-cache.ts): its
    // computation is measured in-process with the cache emptied before every call.
    const cached = op.label === 'dashboard';
    const forget = cached ? () => forgetDashboards(capture.database) : undefined;
    const recorded = await capture.record(call, forget);
    const statements = await explainStatements(db, recorded);
    const usesOurs = statements.some((x) => x.indexes.some((i) => indexes.includes(i)));
    const withoutIndexes = usesOurs
      ? await explainStatements(db, recorded, `DROP INDEX ${indexes.map((i) => `"${i}"`).join(', ')}`)
      : undefined;
    const served = {
      op,
      timing: timings.get(op)!,
      before: before.get(op),
      statements,
      ...(withoutIndexes ? { withoutIndexes } : {}),
    };
    if (forget) {
      const computed = await timeEach(
        async () => {
          forget();
          await capture.call(call);
        },
        { warmup: Math.max(1, Math.min(WARMUP, 2)), samples: SAMPLES, ...SLOW },
      );
      say(
        `${op.label}, ${op.caller}, computed: p50 ${computed.p50.toFixed(1)} ms, p95 ${computed.p95.toFixed(1)} ms`,
      );
      rows.push({ ...served, statements: [], withoutIndexes: undefined });
      rows.push({
        ...served,
        op: { ...op, label: 'dashboard, computed (cache emptied)' },
        timing: computed,
        before: undefined,
      });
    } else rows.push(served);
    say(`${op.label}, ${op.caller}: ${recorded.length} statements, ${statements.length} explained`);
  }
} finally {
  await capture.close();
}
const [version] = await db.query<{ v: string }>(`SELECT current_setting('server_version') AS v`);
await db.close();

const p = callers.parties;
const info = {
  date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
  machine: `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), shared with PostgreSQL, the bench and other work (load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]?.toFixed(1)} at the end)`,
  node: process.versions.node,
  postgres: `PostgreSQL ${version?.v ?? '?'}`,
  dataset: `${data.requests.toLocaleString('en')} requests across ${s.suppliers.toLocaleString('en')} suppliers (${scaleKey(scale)}; ${data.reused ? `reused, seeded in ${data.seedSeconds.toFixed(0)} s` : `seeded in this run in ${data.seedSeconds.toFixed(0)} s`}), plus ${data.ledgerTransactions.toLocaleString('en')} ledger transactions (${data.ledgerEntries.toLocaleString('en')} entries) of fees, SPV purchases, collections and settlements (bench/insight/ledger-fill.ts; ${data.ledgerReused ? 'reused' : 'posted in this run'}, ${data.ledgerSeconds.toFixed(0)} s)`,
  callers: [
    'admin: an administrator (every organisation)',
    `supplier: ${p.supplier.name} (${p.supplier.requests} requests)`,
    `investor: ${p.investor.name}, the investor with the most requests (${p.investor.requests})`,
    `spv: ${p.spv.name}, the SPV with the most requests (${p.spv.requests})`,
    `broker: ${p.broker.name}, the broker with the most requests (${p.broker.requests})`,
  ],
  settings: `our server (\`${s.serverEntry}\`, NODE_ENV=production, JOBS=${process.env.JOBS} (no scheduled jobs running beside the requests), pool ${process.env.DB_POOL_SIZE ?? 10}) in its own process; per operation ${WARMUP} unmeasured calls, then ${SAMPLES} calls one after another (${SLOW.slowSamples} when the last warm-up call took ${SLOW.slowMs / 1000} s or more) (one at a time: the latency of a request on an idle server, response body read), nearest-rank percentiles`,
  indexes,
  notes: [
    'Times are wall-clock on a machine shared with other work; the EXPLAIN execution times below depend less on it.',
    'The data set has no payment_allocation rows (the collections of Settled requests are in the ledger only), so the open balance of an Approved request (its invoice amount less its allocations) finds nothing to subtract; with part payments that subquery reads one index entry per allocation.',
    'Each area is measured with the party that has the most requests of its kind, so its figures cover the most rows: the slow end of that area.',
    '“dashboard” rows are what the running server answers: a dashboard whose computation took 1 s or more is kept in memory and answered from there (apps/api/src/insight/dashboard-cache.ts: fresh for 30 s, then served while recomputed in the background, never older than 5 min), so after the first call they mostly measure the cache. “dashboard, computed (cache emptied)” rows time the same GraphQL call through our routes in the bench process with that cache emptied before every call: the time of the first call, and of the background recomputation. A dashboard computed in under 1 s is not kept, so a served row is a computation too unless a computation (the first, on a server just started and a cold cache) took 1 s or more; the computed rows run after all served ones, in the bench process and at whatever load the machine then has.',
  ],
};
console.log(`\n${resultsTable(rows)}\n`);
writeFileSync(RESULTS, markdown(rows, info));
say(`wrote ${RESULTS}; whole run ${((performance.now() - started) / 60_000).toFixed(1)} min`);
