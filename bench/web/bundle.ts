// The production bundle: building it and weighing its scripts (gzip, as apps/web/scripts/login-weight.mjs).
import { spawn } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface Chunk {
  /** URL path, e.g. /static/js/index-abc.js */
  readonly path: string;
  readonly rawBytes: number;
  readonly gzipBytes: number;
}

export interface Bundle {
  readonly distDir: string;
  readonly chunks: ReadonlyMap<string, Chunk>;
  /** What index.html loads before any route code: its module scripts and modulepreload links. */
  readonly entryPaths: readonly string[];
  /** Stylesheets index.html links (render-blocking). */
  readonly stylesheetPaths: readonly string[];
}

/** The lock that helpers sharing the working tree take around a build of apps/web/dist. */
const BUILD_LOCK = '/tmp/web-build.lock';

/**
 * `NODE_ENV=production npm run build -w @rf/web` under the shared build lock (when `flock` is there),
 * output to `logFile`; with `outDir`, the build is then copied there (the build script's compression
 * step writes next to apps/web/dist only, so vite's own --outDir would leave the copy uncompressed).
 */
export async function buildWeb(repoRoot: string, logFile: string, outDir?: string): Promise<void> {
  const build = ['env', 'NODE_ENV=production', 'npm', 'run', 'build', '-w', '@rf/web'];
  const [cmd, ...args] = existsSync('/usr/bin/flock') ? ['flock', BUILD_LOCK, ...build] : build;
  const out = createWriteStream(logFile);
  const child = spawn(cmd as string, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise((r) => out.end(r));
  if (code !== 0) {
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
    throw new Error(`${[cmd, ...args].join(' ')} failed (exit ${code}):\n${tail}`);
  }
  if (outDir) await snapshotDist(join(repoRoot, 'apps/web/dist'), outDir);
}

/** Script files that the HTML and scripts under `dir` refer to but that are not there. */
function missingScripts(dir: string): string[] {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return ['index.html'];
  const missing = new Set<string>();
  const files = [index, ...walk(dir).filter((f) => f.endsWith('.js'))];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const [, ref] of text.matchAll(/["'](?:\/?static\/js\/|\.\/)([\w.-]+\.js)["']/g)) {
      if (ref && !existsSync(join(dir, 'static/js', ref))) missing.add(ref);
    }
  }
  return [...missing];
}

/**
 * Copies the built app to `to`, so that the bench weighs and serves one bundle throughout even when
 * something rebuilds apps/web/dist meanwhile (the server looks files up per request). Retries while
 * the copy is incomplete (a build in progress).
 */
export async function snapshotDist(from: string, to: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    rmSync(to, { recursive: true, force: true });
    cpSync(from, to, { recursive: true });
    const missing = missingScripts(to);
    if (!missing.length) return;
    if (attempt >= 20) throw new Error(`${from} is incomplete: ${missing.slice(0, 5).join(', ')} missing`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

export function gzipSize(file: string): number {
  return gzipSync(readFileSync(file)).length;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

export function readBundle(distDir: string): Bundle {
  const chunks = new Map<string, Chunk>();
  for (const file of walk(distDir)) {
    if (!file.endsWith('.js')) continue;
    const path = file.slice(distDir.length).replaceAll('\\', '/');
    chunks.set(path, { path, rawBytes: statSync(file).size, gzipBytes: gzipSize(file) });
  }
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];
  const entryPaths: string[] = [];
  const stylesheetPaths: string[] = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    if (tag.startsWith('<script') && attr(tag, 'src')) entryPaths.push(attr(tag, 'src') as string);
    const rel = attr(tag, 'rel');
    const href = attr(tag, 'href');
    if (rel === 'modulepreload' && href) entryPaths.push(href);
    if (rel === 'stylesheet' && href) stylesheetPaths.push(href);
  }
  return { distDir, chunks, entryPaths, stylesheetPaths };
}

/** The largest chunk that index.html does not load up front: the heaviest lazily loaded (route) chunk. */
export function largestRouteChunk(bundle: Bundle): Chunk | undefined {
  const entry = new Set(bundle.entryPaths);
  return [...bundle.chunks.values()]
    .filter((c) => !entry.has(c.path))
    .sort((a, b) => b.gzipBytes - a.gzipBytes)[0];
}
