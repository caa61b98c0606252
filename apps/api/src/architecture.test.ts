import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MODEL_NAMES, tableOf } from '@rf/domain';
import { parseDependencyTree } from 'dpdm';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import graph has no cycles: not between files (packages/domain/src, apps/api/src,
 * apps/web/src; type-only and dynamic imports count too), not between the folders of
 * apps/api/src, and the folders of apps/web/src are layers.
 * dpdm reads the imports with the TypeScript parser; the cycles are the graph's strongly connected
 * components, so every file of a cycle is named, however many cycles share it.
 */

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const ROOTS = ['packages/domain/src', 'apps/api/src', 'apps/web/src'] as const;
const API = 'apps/api/src/';
const WEB = 'apps/web/src/';
/**
 * The folders of apps/web/src, lowest first (docs/architecture.md, “Folders and layers”): a folder
 * imports only from itself and the ones before it, so `app/` stays the composition root that only
 * main.tsx imports.
 */
const WEB_LAYERS = ['shared', 'auth', 'entity', 'layout', 'screens', 'areas', 'app'] as const;

/** Test files and test support, left out of the folder check (a test may use any folder's helpers). */
const isTestOnly = (file: string): boolean =>
  /\.test\.tsx?$/.test(file) || /(^|\/)(testing\/|test-[\w-]+\.ts$)/.test(file.slice(API.length));

type Graph = ReadonlyMap<string, ReadonlySet<string>>;

/** The strongly connected components with more than one node (or a node importing itself). */
function cyclesOf(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.has(node)) cycles.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

const inRoots = (file: string): boolean => ROOTS.some((root) => file.startsWith(`${root}/`));

let files: Graph;
let unresolved: string[];

beforeAll(async () => {
  const tree = await parseDependencyTree(
    ROOTS.map((root) => `${root}/**/*.{ts,tsx}`),
    { context: REPO, cwd: REPO, transform: false, skipDynamicImports: false },
  );
  const graph = new Map<string, Set<string>>();
  unresolved = [];
  for (const [file, dependencies] of Object.entries(tree)) {
    if (!inRoots(file)) continue;
    const imports = new Set<string>();
    for (const dependency of dependencies ?? []) {
      if (dependency.id && inRoots(dependency.id)) imports.add(dependency.id);
      else if (!dependency.id && dependency.request.startsWith('.'))
        unresolved.push(`${file}: ${dependency.request}`);
    }
    graph.set(file, imports);
  }
  files = graph;
}, 120_000);

/** The folder of a file under apps/api/src (`auth`, `graphql`…), or null for the root's files. */
const apiFolderOf = (file: string): string | null => {
  const parts = file.slice(API.length).split('/');
  return parts.length > 1 ? parts[0]! : null;
};

describe('import graph', () => {
  it('reads every file of the three source trees and resolves every relative import', () => {
    for (const root of ROOTS) expect([...files.keys()].some((f) => f.startsWith(root))).toBe(true);
    expect(files.size).toBeGreaterThan(300);
    expect(unresolved).toEqual([]);
  });

  it('has no import cycle between files', () => {
    expect(cyclesOf(files).map((cycle) => cycle.join(' ⇄ '))).toEqual([]);
  });

  it('has no cycle between the folders of apps/api/src', () => {
    const folders = new Map<string, Set<string>>();
    const because = new Map<string, string>();
    for (const [file, imports] of files) {
      const from = file.startsWith(API) && !isTestOnly(file) ? apiFolderOf(file) : null;
      if (!from) continue;
      for (const target of imports) {
        const to = target.startsWith(API) ? apiFolderOf(target) : null;
        if (!to || to === from) continue;
        if (!folders.has(from)) folders.set(from, new Set());
        folders.get(from)!.add(to);
        because.set(`${from} → ${to}`, `${file} imports ${target}`);
      }
    }
    const explained = cyclesOf(folders).map((cycle) => ({
      folders: cycle.join(' ⇄ '),
      edges: [...because].filter(([edge]) => cycle.some((a) => cycle.some((b) => edge === `${a} → ${b}`))),
    }));
    expect(explained).toEqual([]);
  });

  it('layers the folders of apps/web/src: each imports only from itself and the folders below it', () => {
    const webFolderOf = (file: string): string | null => {
      const parts = file.slice(WEB.length).split('/');
      return parts.length > 1 ? parts[0]! : null;
    };
    const folders = new Set(
      [...files.keys()]
        .filter((f) => f.startsWith(WEB))
        .map(webFolderOf)
        .filter((f): f is string => f !== null),
    );
    expect([...folders].sort(), 'a new folder needs its place in WEB_LAYERS').toEqual([...WEB_LAYERS].sort());
    const rank = (folder: string): number => WEB_LAYERS.indexOf(folder as (typeof WEB_LAYERS)[number]);
    const upward = [...files].flatMap(([file, imports]) => {
      const from = file.startsWith(WEB) ? webFolderOf(file) : null;
      if (!from) return [];
      return [...imports]
        .filter((target) => target.startsWith(WEB))
        .filter((target) => {
          const to = webFolderOf(target);
          return to !== null && rank(to) > rank(from);
        })
        .map((target) => `${file} imports ${target}`);
    });
    expect(upward).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set(['d'])],
      ['e', new Set(['a'])],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c'], ['d']]);
  });
});

/**
 * Model rows are written only by apps/api/src/data/rows.ts (docs/architecture.md, “Layers”): no other
 * product file composes an INSERT, UPDATE or DELETE of a model table. The benchmark's bulk seed
 * (seed/scale.ts with seed/insert.ts) and the SOFR reference data are the stated exceptions.
 */
describe('writes of model rows', () => {
  const EXCEPTIONS = [
    'apps/api/src/data/rows.ts',
    'apps/api/src/seed/insert.ts',
    'apps/api/src/seed/sofr.ts',
  ];
  const tables = MODEL_NAMES.map((m) => tableOf(m)).join('|');
  const WRITE = new RegExp(
    `\\b(INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+("?(${tables})"?\\b|\\$\\{q\\(tableOf)`,
    'i',
  );

  it('finds a write when there is one', () => {
    expect(WRITE.test('await tx.query(`UPDATE "request" SET a = 1`)')).toBe(true);
    expect(WRITE.test('`INSERT INTO usergroup (id) VALUES ($1)`')).toBe(true);
    expect(WRITE.test('`UPDATE ${q(tableOf(model))} SET`')).toBe(true);
    expect(WRITE.test('`UPDATE auth_users SET disabled = $2`')).toBe(false);
  });

  it('happen only in apps/api/src/data/rows.ts', () => {
    const offending = [...files.keys()].filter(
      (file) =>
        file.startsWith(API) &&
        !isTestOnly(file) &&
        !EXCEPTIONS.includes(file) &&
        WRITE.test(readFileSync(`${REPO}${file}`, 'utf8')),
    );
    expect(offending).toEqual([]);
  });
});

/**
 * The audit trail is written in one place (docs/architecture.md, “Audit trail”): only
 * apps/api/src/data/audit-trail.ts inserts into audit_event, and no product file updates or
 * deletes its rows.
 */
describe('writes of the audit trail', () => {
  const WRITE = /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE)\s+"?audit_event\b/i;

  it('finds a write when there is one', () => {
    expect(WRITE.test('`INSERT INTO audit_event (at) VALUES ($1)`')).toBe(true);
    expect(WRITE.test("`DELETE FROM audit_event WHERE at < '2020-01-01'`")).toBe(true);
    expect(WRITE.test('`SELECT * FROM audit_event`')).toBe(false);
  });

  it('happen only in apps/api/src/data/audit-trail.ts', () => {
    const offending = [...files.keys()].filter(
      (file) =>
        file.startsWith(API) &&
        !isTestOnly(file) &&
        file !== 'apps/api/src/data/audit-trail.ts' &&
        WRITE.test(readFileSync(`${REPO}${file}`, 'utf8')),
    );
    expect(offending).toEqual([]);
  });
});
