// npm run bench:web — the web app's weight and Lighthouse figures; see bench/web/README.md.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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
  supplier: {
    username: process.env.BENCH_WEB_USER ?? 'supplier@demo.test',
    password: process.env.BENCH_WEB_PASSWORD ?? 'correct-horse-demo',
  } satisfies Credentials,
};

interface PageDef {
  readonly name: string;
  readonly path: string;
  readonly signedIn: boolean;
  /** Page-side check that the screen is there (besides a quiet network). */
  readonly ready: string;
}

const PAGES: readonly PageDef[] = [
  {
    name: 'login',
    path: '/login',
    signedIn: false,
    ready: `[...document.querySelectorAll('button')].some((b) => /sign in/i.test(b.textContent ?? ''))`,
  },
  {
    name: 'supplier dashboard',
    path: '/app/dashboard',
    signedIn: true,
    ready: `!!document.querySelector('main, h1, [role="main"]')`,
  },
];

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
    await waitForHttp(`${base}/healthz`, server);
    await signIn(base, settings.supplier); // the demo users are there

    const results: PageResult[] = [];
    const pageFindings: PageFindings[] = [];
    for (const page of PAGES) {
      const url = `${base}${page.path}`;
      const chrome = await launchChrome();
      let weight: PageWeight;
      try {
        if (page.signedIn) await injectSession(chrome.port, base, await signIn(base, settings.supplier));
        const load = await scriptsLoadedBy(chrome.port, url, { readyExpression: page.ready });
        if (load.finalPath !== page.path) {
          throw new Error(
            `${page.path} ended on ${load.finalPath}${page.signedIn ? ': not signed in?' : ''}`,
          );
        }
        weight = weigh(
          bundle,
          load.scripts.filter((s) => new URL(s.url).origin === base).map((s) => s.path),
        );
        const encodings = new Set(load.scripts.map((s) => s.contentEncoding ?? 'none'));
        weight = { ...weight, contentEncodings: [...encodings] };
      } finally {
        killChrome(chrome);
      }
      results.push({ name: page.name, path: page.path, weight, runs: {} });
    }

    // Interleaved (run 1 of every page and preset, then run 2 …) so that load on the shared machine
    // spreads over all of them.
    for (let i = 1; i <= settings.runs; i++) {
      for (const [p, page] of PAGES.entries()) {
        for (const preset of settings.presets) {
          const url = `${base}${page.path}`;
          const tokens = page.signedIn ? await signIn(base, settings.supplier) : undefined;
          const reportFile = join(settings.workDir, `${page.name.replaceAll(' ', '-')}-${preset}-${i}.json`);
          process.stdout.write(`Lighthouse ${preset.padEnd(7)} ${page.path} run ${i}/${settings.runs} … `);
          const figures = await runLighthouse({
            url,
            preset,
            base,
            reportFile,
            ...(tokens ? { tokens } : {}),
          });
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
