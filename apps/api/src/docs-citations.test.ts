import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments, test titles and documents cite the repository's own documents by path and heading: a
 * path to a Markdown file, a comma, then one or more curly-quoted titles (a citation may wrap
 * across comment lines). Every cited file must exist and hold a heading with each title, so a
 * renamed section cannot leave citations pointing nowhere. Nothing may point at documents kept
 * outside the repository either.
 */

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const ROOTS = ['apps', 'packages', 'e2e', 'scripts', 'bench', 'docs', 'README.md'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report']);
const SOURCE = /\.(ts|tsx|mts|mjs|cjs|js|sql|md|json|css|html)$/;

/** Every source file under `path` (a folder or a file), relative to the repository. */
function sourceFiles(path: string): string[] {
  const absolute = join(REPO, path);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return SOURCE.test(path) ? [path] : [];
  return readdirSync(absolute)
    .filter((name) => !name.startsWith('.') && !SKIPPED_DIRS.has(name))
    .flatMap((name) => sourceFiles(join(path, name)));
}

/** A line break inside a comment, with the next line's comment marker (` * `, `// `, `-- `). */
const BREAK = String.raw`\n[ \t]*(?:\*|//|--|#)?[ \t]*`;
const TITLE = String.raw`“([^”]*)”`;
const CITATION = new RegExp(
  String.raw`([\w./-]+\.md),[ \t]*(?:${BREAK})?${TITLE}((?:(?:,|\s+and)[ \t]*(?:${BREAK})?“[^”]*”)*)`,
  'g',
);
const titleText = (raw: string): string => raw.replace(new RegExp(BREAK, 'g'), ' ').trim();

/** The headings of a Markdown file, numbering ("3. ") and code blocks left out. */
const headingsOf = (() => {
  const cache = new Map<string, ReadonlySet<string>>();
  return (file: string): ReadonlySet<string> => {
    const cached = cache.get(file);
    if (cached) return cached;
    const headings = new Set<string>();
    let fenced = false;
    for (const line of readFileSync(join(REPO, file), 'utf8').split('\n')) {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      const heading = fenced ? null : /^#{1,6}\s+(?:\d+(?:\.\d+)*\.?\s+)?(.*?)\s*#*\s*$/.exec(line);
      if (heading) headings.add(heading[1]!);
    }
    cache.set(file, headings);
    return headings;
  };
})();

/**
 * The file a cited path names: `docs/…` from the repository root; other paths from the citing
 * document's folder in Markdown, from the repository root elsewhere.
 */
function citedFile(citing: string, path: string): string {
  const base = path.startsWith('docs/') || !citing.endsWith('.md') ? REPO : join(REPO, dirname(citing));
  return relative(REPO, resolve(base, path));
}

const lineOf = (text: string, index: number): number => text.slice(0, index).split('\n').length;

/** Each citation in `text` (of `file`) whose document or heading does not exist, with why. */
function badCitations(file: string, text: string): string[] {
  const bad: string[] = [];
  for (const match of text.matchAll(CITATION)) {
    const [, path, first, more] = match;
    const titles = [first!, ...[...more!.matchAll(/“([^”]*)”/g)].map((m) => m[1]!)].map(titleText);
    const target = citedFile(file, path!);
    const where = `${file}:${lineOf(text, match.index)}: ${path}`;
    if (!existsSync(join(REPO, target))) bad.push(`${where}: no such file (${target})`);
    else
      for (const title of titles)
        if (!headingsOf(target).has(title)) bad.push(`${where}, “${title}”: no such heading in ${target}`);
  }
  return bad;
}

/**
 * The folder of the working brief beside the repository, spelt in parts so that this file does not
 * itself mention it.
 */
const BRIEF = ['sha', 'red'].join('');
const OUTSIDE = new RegExp(`((?:\\.\\./)+)${BRIEF}\\b|${BRIEF}/spec`, 'g');

/** Mentions in `text` (of `file`) of the brief's folder, or of a path to it leaving the repository. */
function outsideReferences(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(OUTSIDE)) {
    const up = match[1];
    const leaves = up === undefined || relative(REPO, resolve(REPO, dirname(file), up)).startsWith('..');
    if (leaves) found.push(`${file}:${lineOf(text, match.index)}: ${match[0]}`);
  }
  return found;
}

const THIS_FILE = relative(REPO, fileURLToPath(import.meta.url));
const FILES = ROOTS.flatMap(sourceFiles).filter((file) => file !== THIS_FILE);
const scan = (check: (file: string, text: string) => string[]): string[] =>
  FILES.flatMap((file) => check(file, readFileSync(join(REPO, file), 'utf8')));

describe('citations of the repository’s documents', () => {
  it('reads a citation however it is wrapped, and refuses a missing heading or file', () => {
    const comment = [
      '/**',
      ' * Checked twice (docs/business-rules.md, “Line limits and what requests hold”, “Frozen fields',
      ' * per state” and “Pricing of a request”), see also docs/nowhere.md, “Anything”.',
      ' */',
    ].join('\n');
    expect(badCitations('apps/api/src/example.ts', comment)).toEqual([
      'apps/api/src/example.ts:2: docs/business-rules.md, “Pricing of a request”: no such heading in docs/business-rules.md',
      'apps/api/src/example.ts:3: docs/nowhere.md: no such file (docs/nowhere.md)',
    ]);
    expect(badCitations('docs/decisions/0099-example.md', 'As (../architecture.md, “Layers”) says.')).toEqual(
      [],
    );
  });

  it('tells a folder of the repository from one outside it', () => {
    const imports = `import { x } from '../${BRIEF}/page.tsx';\nconst spec = '../../../../../${BRIEF}/spec/brief.md';`;
    expect(outsideReferences('apps/web/src/screens/example.tsx', imports)).toEqual([
      `apps/web/src/screens/example.tsx:2: ../../../../../${BRIEF}`,
    ]);
  });

  it('scans the documents and the code that cite them', () => {
    expect(FILES).toContain('docs/business-rules.md');
    expect(FILES).toContain('apps/api/src/architecture.test.ts');
    expect(FILES.some((file) => file.startsWith('e2e/tests/'))).toBe(true);
  });

  it('every cited document exists and has every heading cited', () => {
    expect(scan(badCitations)).toEqual([]);
  });

  it('nothing points at documents kept outside the repository', () => {
    expect(scan(outsideReferences)).toEqual([]);
  });
});
