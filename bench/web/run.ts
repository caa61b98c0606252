// npm run bench:web — the web app's weight and Lighthouse figures; see bench/web/README.md.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { preloadsFor, type PreloadMap } from '../../apps/api/src/http/web-preload.ts';
import { freePort, REPO_ROOT, startNode, waitForHttp, type Started } from '../../scripts/node-processes.ts';
import {
  injectSession,
  killChrome,
  launchChrome,
  scriptsLoadedBy,
  signIn,
  type Credentials,
} from './browser.ts';
import { buildWeb, largestRouteChunk, readBundle, snapshotDist, type Bundle, type Chunk } from './bundle.ts';
import { runLighthouse, type LighthouseFigures, type Preset } from './lighthouse-run.ts';
import { findings, type PageFindings } from './findings.ts';
import { printTable, writeResults, type PageResult, type PageWeight } from './report.ts';

const settings = {
  runs: Number(process.env.BENCH_WEB_RUNS ?? 3),
  workDir: resolve(process.env.BENCH_WORK_DIR ?? '/tmp/rf-bench', 'web'),
  resultsFile: resolve(REPO_ROOT, process.env.BENCH_WEB_RESULTS_FILE ?? 'bench/WEB-RESULTS.md'),
  /** Build into this folder instead of apps/web/dist (and serve it from there). */
  distDir: process.env.BENCH_WEB_DIST ? resolve(process.env.BENCH_WEB_DIST) : undefined,
  skipBuild: process.env.BENCH_WEB_SKIP_BUILD === '1',
  presets: (process.env.BENCH_WEB_PRESETS ?? 'desktop,mobile').split(',') as Preset[],
  /** Only the pages whose path is listed (comma-separated), e.g. `/login,/app/dashboard`. */
  pages: process.env.BENCH_WEB_PAGES?.split(',').filter(Boolean),
  password: process.env.BENCH_WEB_PASSWORD ?? 'correct-horse-demo',
};

/** The demo user who opens a signed-in page (the password is the demo's, `BENCH_WEB_PASSWORD`). */
const user = (username: string): Credentials => ({ username, password: settings.password });

interface PageDef {
  readonly name: string;
  readonly path: string;
  /** Signed in as this user (else signed out). */
  readonly signedInAs?: Credentials;
  /** Page-side check that the screen is there (besides a quiet network). */
  readonly ready: string;
}

/** The dashboard's heading is there and the area is not "Loading..." any more. */
const DASHBOARD_READY = `!!document.querySelector('main h1') && ![...document.querySelectorAll('[role="status"]')].some((e) => /^Loading/.test(e.textContent ?? ''))`;

const ALL_PAGES: readonly PageDef[] = [
  {
    name: 'login',
    path: '/login',
    ready: `[...document.querySelectorAll('button')].some((b) => /sign in/i.test(b.textContent ?? ''))`,
  },
  {
    name: 'supplier dashboard',
    path: '/app/dashboard',
    signedInAs: user(process.env.BENCH_WEB_USER ?? 'supplier@demo.test'),
    ready: DASHBOARD_READY,
  },
  {
    name: 'admin dashboard',
    path: '/admin/dashboard',
    signedInAs: user('admin@demo.test'),
    ready: DASHBOARD_READY,
  },
  {
    name: 'investor dashboard',
    path: '/investor/dashboard',
    signedInAs: user('investor@demo.test'),
    ready: DASHBOARD_READY,
  },
];
const PAGES = ALL_PAGES.filter((p) => !settings.pages || settings.pages.includes(p.path));

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

function weigh(bundle: Bundle, paths: readonly string[]): PageWeight {
  const chunks: Chunk[] = [];
  for (const p of new Set(paths)) {
    const c = bundle.chunks.get(p);
    if (!c) throw new Error(`${p} was loaded but is not in ${bundle.distDir}`);
    chunks.push(c);
  }
  chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    chunks,
    gzipBytes: chunks.reduce((n, c) => n + c.gzipBytes, 0),
    rawBytes: chunks.reduce((n, c) => n + c.rawBytes, 0),
  };
}

/**
 * Lighthouse now and then fails to record a trace on the loaded machine (NO_NAVSTART, NO_FCP):
 * such a run is repeated, up to twice.
 */
async function withRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|NO_LCP|PROTOCOL_TIMEOUT/.test(String(e))) throw e;
      process.stdout.write(`(${String(e).split('\n')[0]}; again) `);
    }
  }
}

/**
 * dist/preload.json (apps/web/scripts/chunk-groups.ts): with it, a page's initial JS is the entry,
 * its static imports and the route's chunks that the server links from index.html
 * (apps/api/src/http/web-preload.ts), as far as the page loaded them; chunks its screen loads
 * itself afterwards (the dashboard's charts) are not. Without it (older builds), the scripts
 * requested before the screen showed.
 */
function readPreloadMap(dist: string): PreloadMap | undefined {
  const file = join(dist, 'preload.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PreloadMap) : undefined;
}

/** Chromium and Lighthouse as the reports name them. */
function versions(results: readonly PageResult[]): string {
  const report = results.flatMap((r) => Object.values(r.runs).flat())[0]?.reportFile;
  if (!report) return '';
  const lhr = JSON.parse(readFileSync(report, 'utf8')) as {
    lighthouseVersion?: string;
    environment?: { hostUserAgent?: string };
  };
  const chrome = /(?:Headless)?Chrome\/([\d.]+)/.exec(lhr.environment?.hostUserAgent ?? '')?.[1];
  return `Lighthouse ${lhr.lighthouseVersion ?? '?'}, Chromium ${chrome ?? '?'}`;
}

async function main(): Promise<void> {
  mkdirSync(settings.workDir, { recursive: true });
  const distDir = settings.distDir ?? join(REPO_ROOT, 'apps/web/dist');

  if (!settings.skipBuild) {
    console.log(
      `Building the web app (npm run build -w @rf/web${settings.distDir ? ` → ${distDir}` : ''}) …`,
    );
    await buildWeb(REPO_ROOT, join(settings.workDir, 'build.log'), settings.distDir);
  }
  // Weighed and served from a copy: a rebuild of the folder by anyone else cannot change it mid-run.
  const snapshot = join(settings.workDir, 'dist');
  await snapshotDist(distDir, snapshot);
  const bundle = readBundle(snapshot);
  const entry = weigh(bundle, bundle.entryPaths);
  const largest = largestRouteChunk(bundle);
  const preloadMap = readPreloadMap(snapshot);

  const dataDir = mkdtempSync(join(tmpdir(), 'rf-bench-web-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: snapshot,
    PUBLIC_URL: base,
    LOG_LEVEL: 'silent',
  };
  // Demo data (and its sign-ins) are loaded only outside production.
  delete env.NODE_ENV;
  delete env.DEMO;
  delete env.DATABASE_URL;
  let server: Started | undefined;
  try {
    console.log(`Starting the server on ${base} (DATA_DIR ${dataDir}) …`);
    server = startNode({ name: 'web-server', entry: 'apps/api/src/main.ts', env, logDir: settings.workDir });
    // Seeding the demo data takes minutes when the shared machine is busy.
    await waitForHttp(`${base}/healthz`, server, { timeoutMs: 600_000 });
    for (const page of PAGES) if (page.signedInAs) await signIn(base, page.signedInAs); // demo users are there

    const results: PageResult[] = [];
    const pageFindings: PageFindings[] = [];
    for (const page of PAGES) {
      const url = `${base}${page.path}`;
      const chrome = await launchChrome();
      let weight: PageWeight;
      let allWeight: PageWeight;
      try {
        if (page.signedInAs) await injectSession(chrome.port, base, await signIn(base, page.signedInAs));
        const load = await scriptsLoadedBy(chrome.port, url, { readyExpression: page.ready });
        if (load.finalPath !== page.path) {
          throw new Error(
            `${page.path} ended on ${load.finalPath}${page.signedInAs ? ': not signed in?' : ''}`,
          );
        }
        const own = load.scripts.filter((s) => new URL(s.url).origin === base);
        const planned = preloadMap && new Set([...bundle.entryPaths, ...preloadsFor(page.path, preloadMap)]);
        const missing = [...(planned ?? [])].filter((p) => !own.some((s) => s.path === p));
        if (missing.length) console.log(`${page.path}: preloaded but not used: ${missing.join(', ')}`);
        const encodings = [...new Set(load.scripts.map((s) => s.contentEncoding ?? 'none'))];
        weight = {
          ...weigh(
            bundle,
            own.filter((s) => (planned ? planned.has(s.path) : s.beforeReady)).map((s) => s.path),
          ),
          contentEncodings: encodings,
        };
        allWeight = {
          ...weigh(
            bundle,
            own.map((s) => s.path),
          ),
          contentEncodings: encodings,
        };
      } finally {
        killChrome(chrome);
      }
      results.push({ name: page.name, path: page.path, weight, allWeight, runs: {} });
    }

    // Interleaved (run 1 of every page and preset, then run 2 …) so that load on the shared machine
    // spreads over all of them.
    for (let i = 1; i <= settings.runs; i++) {
      for (const [p, page] of PAGES.entries()) {
        for (const preset of settings.presets) {
          const url = `${base}${page.path}`;
          const tokens = page.signedInAs ? await signIn(base, page.signedInAs) : undefined;
          const reportFile = join(settings.workDir, `${page.name.replaceAll(' ', '-')}-${preset}-${i}.json`);
          process.stdout.write(`Lighthouse ${preset.padEnd(7)} ${page.path} run ${i}/${settings.runs} … `);
          const figures = await withRetries(() =>
            runLighthouse({ url, preset, base, reportFile, ...(tokens ? { tokens } : {}) }),
          );
          if (new URL(figures.finalUrl).pathname !== page.path) {
            throw new Error(`Lighthouse on ${page.path} ended on ${figures.finalUrl} (see ${reportFile})`);
          }
          console.log(
            `${figures.performance}  CLS ${figures.cls.toFixed(3)}  LCP ${Math.round(figures.lcp)} ms  TBT ${Math.round(figures.tbt)} ms`,
          );
          const result = results[p] as PageResult;
          (result.runs[preset] ??= []).push(figures);
        }
      }
    }

    for (const r of results) {
      const medians: PageResult['medians'] = {};
      for (const preset of settings.presets) {
        const runs = r.runs[preset] ?? [];
        if (!runs.length) continue; // BENCH_WEB_RUNS=0: weights only
        const perf = median(runs.map((x) => x.performance));
        // The report of the run whose score is the median explains that figure.
        const representative = [...runs].sort((a, b) => a.performance - b.performance)[
          Math.floor(runs.length / 2)
        ] as LighthouseFigures;
        medians[preset] = {
          performance: perf,
          cls: median(runs.map((x) => x.cls)),
          lcp: median(runs.map((x) => x.lcp)),
          tbt: median(runs.map((x) => x.tbt)),
          fcp: median(runs.map((x) => x.fcp)),
          speedIndex: median(runs.map((x) => x.speedIndex)),
          reportFile: representative.reportFile,
        };
        pageFindings.push(findings(r.name, preset, representative.reportFile));
      }
      r.medians = medians;
    }

    const summary = {
      entry,
      largest,
      bundle,
      results,
      findings: pageFindings,
      runs: settings.runs,
      versions: versions(results),
    };
    printTable(summary);
    writeResults(settings.resultsFile, summary);
    writeFileSync(
      join(settings.workDir, 'summary.json'),
      JSON.stringify({ ...summary, bundle: undefined }, null, 2),
    );
    console.log(`\nWrote ${settings.resultsFile}; Lighthouse reports in ${settings.workDir}`);
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
