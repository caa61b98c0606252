// What is in the web app's chunks: tsx bench/web/chunks.ts [chunk-name-prefix …]
// Builds the app in memory with its own Vite config (nothing is written) and prints, for each chunk
// (or the ones whose file name starts with a given prefix), its gzip size, what imports it statically
// and the packages / source folders it holds, by rendered bytes.
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { build, type Rollup } from 'vite';
import { REPO_ROOT } from '../../scripts/node-processes.ts';

const root = join(REPO_ROOT, 'apps/web');
const prefixes = process.argv.slice(2);
const top = Number(process.env.TOP ?? 12);

const out = await build({
  root,
  configFile: join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: { write: false },
});
const outputs = (Array.isArray(out) ? out : [out]) as Rollup.RollupOutput[];
const chunks = outputs
  .flatMap((o) => o.output)
  .filter((c): c is Rollup.OutputChunk => c.type === 'chunk')
  .map((c) => ({ c, gzip: gzipSync(c.code).length }))
  .sort((a, b) => b.gzip - a.gzip);

function owner(id: string): string {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '');
  const nm = clean.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = clean.slice(nm + '/node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? clean);
  }
  const rel = clean.startsWith(REPO_ROOT) ? clean.slice(REPO_ROOT.length) : clean;
  return rel.split('/').slice(0, 4).join('/');
}

const importers = new Map<string, string[]>();
for (const { c } of chunks) {
  for (const i of c.imports) importers.set(i, [...(importers.get(i) ?? []), c.fileName]);
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
for (const { c, gzip } of chunks) {
  const file = c.fileName.split('/').pop() ?? c.fileName;
  if (prefixes.length && !prefixes.some((p) => file.startsWith(p))) continue;
  console.log(
    `\n${file}: ${kb(gzip)} gzip, ${kb(c.code.length)} raw${c.isEntry ? ' (entry)' : ''}${c.isDynamicEntry ? ' (lazy)' : ''}`,
  );
  const by = new Map<string, number>();
  for (const [id, m] of Object.entries(c.modules))
    by.set(owner(id), (by.get(owner(id)) ?? 0) + m.renderedLength);
  for (const [who, n] of [...by].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${kb(n).padStart(9)}  ${who}`);
  }
  const from = importers.get(c.fileName) ?? [];
  if (from.length) {
    console.log(
      `  imported statically by: ${from
        .map((f) => f.split('/').pop())
        .slice(0, 8)
        .join(', ')}${from.length > 8 ? ` and ${from.length - 8} more` : ''}`,
    );
  }
}
