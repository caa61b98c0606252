import { fileURLToPath } from 'node:url';
import { parseDependencyTree } from 'dpdm';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import graph has no cycles: not between files (packages/domain/src, apps/api/src,
 * apps/web/src; type-only and dynamic imports count too), not between the folders of
 * apps/api/src, and nothing outside the web's composition root `app/` imports from it.
 * dpdm reads the imports with the TypeScript parser; the cycles are the graph's strongly connected
 * components, so every file of a cycle is named, however many cycles share it.
 */

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const ROOTS = ['packages/domain/src', 'apps/api/src', 'apps/web/src'] as const;
const API = 'apps/api/src/';
const WEB = 'apps/web/src/';

/**
 * Known cycles inside apps/api/src/operations/, left while those files are being rewritten
 * (docs/architecture.md, “Operations”: one shape for every operation). Each entry is the set of
 * files of one cycle; a cycle passes while its files are all inside one entry. Nothing outside
 * operations/ may be listed, and an entry whose files are no longer in any cycle fails the test, so
 * the list only shrinks: delete entries as the rewrite removes them.
 */
const ALLOWED_OPERATIONS_CYCLES: readonly (readonly string[])[] = [
  // Empty since the operations rewrite: status-effects.ts ⇄ settle-request.ts, submit-company.ts
  // (they imported its StatusEffect type back) is gone with operations/lifecycle/.
];

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

  it('has no import cycle between files (but the allow-listed ones inside apps/api/src/operations/)', () => {
    for (const entry of ALLOWED_OPERATIONS_CYCLES)
      for (const file of entry) expect(file).toMatch(/^apps\/api\/src\/operations\//);
    const cycles = cyclesOf(files);
    const allowed = (cycle: readonly string[]): boolean =>
      ALLOWED_OPERATIONS_CYCLES.some((entry) => cycle.every((file) => entry.includes(file)));
    expect(cycles.filter((cycle) => !allowed(cycle)).map((cycle) => cycle.join(' ⇄ '))).toEqual([]);
    const stale = ALLOWED_OPERATIONS_CYCLES.filter(
      (entry) => !cycles.some((cycle) => cycle.some((file) => entry.includes(file))),
    );
    expect(stale, 'these cycles are gone: delete them from ALLOWED_OPERATIONS_CYCLES').toEqual([]);
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

  it('keeps the web app/ folder the composition root: nothing but main.tsx imports from it', () => {
    const offending = [...files].flatMap(([file, imports]) =>
      file.startsWith(WEB) && !file.startsWith(`${WEB}app/`) && file !== `${WEB}main.tsx`
        ? [...imports].filter((target) => target.startsWith(`${WEB}app/`)).map((t) => `${file} → ${t}`)
        : [],
    );
    expect(offending).toEqual([]);
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
