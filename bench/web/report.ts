// The results table, on the console and in bench/WEB-RESULTS.md.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { CHROME_PATH } from './browser.ts';
import type { Bundle, Chunk } from './bundle.ts';
import type { PageFindings } from './findings.ts';
import type { LighthouseFigures, Preset } from './lighthouse-run.ts';

export const TARGETS = {
  initialJsKb: 200,
  performance: { desktop: 95, mobile: 90 } as Record<Preset, number>,
  cls: 0.05,
};

export interface PageWeight {
  readonly chunks: readonly Chunk[];
  readonly gzipBytes: number;
  readonly rawBytes: number;
  /** Content-Encoding of the script responses as served ("none": not compressed). */
  readonly contentEncodings?: readonly string[];
}

export interface Medians {
  readonly performance: number;
  readonly cls: number;
  readonly lcp: number;
  readonly tbt: number;
  readonly fcp: number;
  readonly speedIndex: number;
  /** Report of the run with the median score. */
  readonly reportFile: string;
}

export interface PageResult {
  readonly name: string;
  readonly path: string;
  /** The "initial JS": what the page needs to show its screen (bench/web/run.ts, readPreloadMap). */
  readonly weight: PageWeight;
  /** Every script until the network was quiet (charts and other chunks loaded after the screen showed). */
  readonly allWeight?: PageWeight;
  readonly runs: Partial<Record<Preset, LighthouseFigures[]>>;
  medians?: Partial<Record<Preset, Medians>>;
}

export interface Summary {
  readonly entry: PageWeight;
  readonly largest: Chunk | undefined;
  readonly bundle: Bundle;
  readonly results: readonly PageResult[];
  readonly findings: readonly PageFindings[];
  readonly runs: number;
  /** e.g. "Lighthouse 13.5.0, Chromium 140.0.0.0" */
  readonly versions: string;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (v: number | undefined) => (v === undefined ? '–' : `${Math.round(v)} ms`);
const name = (path: string) => path.split('/').pop() ?? path;
const mark = (ok: boolean) => (ok ? '✓' : '✗');

/** Rows of the main table: one per page, desktop and mobile side by side. */
function rows(s: Summary): string[][] {
  const header = [
    'page',
    `initial JS KB gzip (≤ ${TARGETS.initialJsKb})`,
    'all JS until quiet, KB gzip',
    'largest chunk it loads, KB gzip',
    `perf desktop (≥ ${TARGETS.performance.desktop})`,
    `perf mobile (≥ ${TARGETS.performance.mobile})`,
    `CLS desktop / mobile (≤ ${TARGETS.cls})`,
    'LCP desktop / mobile',
    'TBT desktop / mobile',
    'FCP desktop / mobile',
  ];
  const out = [header];
  for (const r of s.results) {
    const d = r.medians?.desktop;
    const m = r.medians?.mobile;
    const js = r.weight.gzipBytes / 1024;
    const perf = (x: Medians | undefined, preset: Preset) =>
      x ? `${x.performance} ${mark(x.performance >= TARGETS.performance[preset])}` : '–';
    const cls = (x: Medians | undefined) => (x ? `${x.cls.toFixed(3)} ${mark(x.cls <= TARGETS.cls)}` : '–');
    out.push([
      `${r.path}`,
      `${kb(r.weight.gzipBytes)} ${mark(js <= TARGETS.initialJsKb)} (${r.weight.chunks.length} files)`,
      r.allWeight ? `${kb(r.allWeight.gzipBytes)} (${r.allWeight.chunks.length} files)` : '–',
      r.weight.chunks[0] ? `${kb(r.weight.chunks[0].gzipBytes)} ${name(r.weight.chunks[0].path)}` : '–',
      perf(d, 'desktop'),
      perf(m, 'mobile'),
      `${cls(d)} / ${cls(m)}`,
      `${ms(d?.lcp)} / ${ms(m?.lcp)}`,
      `${ms(d?.tbt)} / ${ms(m?.tbt)}`,
      `${ms(d?.fcp)} / ${ms(m?.fcp)}`,
    ]);
  }
  return out;
}

function pad(table: string[][]): string {
  const widths = table[0]?.map((_, i) => Math.max(...table.map((r) => [...(r[i] ?? '')].length))) ?? [];
  return table
    .map((r) => r.map((c, i) => c + ' '.repeat((widths[i] ?? 0) - [...c].length)).join('  '))
    .join('\n');
}

function markdownTable(table: string[][]): string {
  const [head, ...body] = table;
  if (!head) return '';
  return [head, head.map(() => '---'), ...body].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

function bundleLines(s: Summary): string[] {
  const lines = [
    `index.html entry + modulepreload: ${kb(s.entry.gzipBytes)} KB gzip (${kb(s.entry.rawBytes)} KB raw, ${s.entry.chunks.length} files)`,
  ];
  if (s.largest) {
    lines.push(
      `largest route chunk (largest file not loaded by index.html): ${kb(s.largest.gzipBytes)} KB gzip (${kb(s.largest.rawBytes)} KB raw) ${name(s.largest.path)}`,
    );
  }
  const all = [...s.bundle.chunks.values()];
  lines.push(`whole bundle: ${all.length} scripts, ${kb(all.reduce((n, c) => n + c.gzipBytes, 0))} KB gzip`);
  return lines;
}

export function printTable(s: Summary): void {
  console.log(`\nWeb app: medians of ${s.runs} Lighthouse runs per page and preset\n`);
  console.log(pad(rows(s)));
  console.log('');
  for (const l of bundleLines(s)) console.log(l);
  for (const r of s.results) {
    const enc = r.weight.contentEncodings?.join(', ') ?? '?';
    console.log(`${r.path}: ${kb(r.weight.rawBytes)} KB raw JS, served with Content-Encoding: ${enc}`);
  }
  for (const f of s.findings) {
    if (f.preset !== 'mobile') continue;
    const page = s.results.find((r) => r.name === f.page)?.path ?? f.page;
    console.log(`\nWhat Lighthouse points at, ${page} mobile (median run):`);
    for (const l of f.lines) console.log(`  - ${l}`);
  }
}

export function writeResults(file: string, s: Summary): void {
  const out: string[] = [];
  out.push('# Web app results', '');
  out.push(
    `Latest \`npm run bench:web\` (bench/web/run.ts), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ` +
      `${cpus().length} cores, ${s.versions} (${CHROME_PATH}, headless); ` +
      `medians of ${s.runs} Lighthouse runs (performance category; mobile = Lighthouse's default ` +
      `simulated Moto G Power on slow 4G with 4× CPU slow-down, desktop = its desktop preset). ` +
      `JS sizes are gzip (zlib default level) of the files in dist, as apps/web/scripts/login-weight.mjs counts them; ` +
      `"initial JS" is what the page loads to show its screen: the entry with its static imports and the route's ` +
      `lazy chunks with theirs (what the server preloads for the route, apps/api/src/http/web-preload.ts); ` +
      `"all JS" is every script it loads until the network is quiet, chunks its screen loads itself afterwards ` +
      `(the dashboard's charts) included.`,
    '',
  );
  out.push(markdownTable(rows(s)), '');
  for (const l of bundleLines(s)) out.push(`- ${l}`);
  out.push('');
  for (const r of s.results) {
    out.push(`## ${r.path}`, '');
    out.push(
      `Initial scripts: ${kb(r.weight.gzipBytes)} KB gzip, ${kb(r.weight.rawBytes)} KB raw` +
        (r.allWeight ? `; all until the network was quiet: ${kb(r.allWeight.gzipBytes)} KB gzip` : '') +
        '; ' +
        `served with Content-Encoding: ${r.weight.contentEncodings?.join(', ') ?? '?'}.`,
      '',
    );
    out.push('| script | KB gzip | KB raw | requested |', '| --- | --- | --- | --- |');
    const initial = new Set(r.weight.chunks.map((c) => c.path));
    for (const c of r.allWeight?.chunks ?? r.weight.chunks) {
      const when = initial.has(c.path) ? 'initial' : 'by the screen, later';
      out.push(`| ${name(c.path)} | ${kb(c.gzipBytes)} | ${kb(c.rawBytes)} | ${when} |`);
    }
    out.push('');
    out.push(
      '| preset | run | perf | CLS | LCP | TBT | FCP | Speed Index |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const [preset, runs] of Object.entries(r.runs)) {
      runs.forEach((x, i) =>
        out.push(
          `| ${preset} | ${i + 1} | ${x.performance} | ${x.cls.toFixed(3)} | ${ms(x.lcp)} | ${ms(x.tbt)} | ${ms(x.fcp)} | ${ms(x.speedIndex)} |`,
        ),
      );
    }
    out.push('');
    for (const f of s.findings.filter((x) => x.page === r.name)) {
      out.push(`### What Lighthouse points at: ${r.path}, ${f.preset} (median run)`, '');
      out.push(...f.lines.map((l) => `- ${l}`), '');
    }
  }
  writeFileSync(file, out.join('\n'));
}
