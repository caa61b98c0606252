import { parseDependencyTree } from 'dpdm';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The web app's folders are layers (docs/architecture.md, “Web app”): each folder imports only from
 * itself and the folders below it, so no two folders import each other, and no two files do either.
 * dpdm reads the imports with the TypeScript parser; type-only and dynamic imports count too.
 */

const REPO = new URL('../../../', import.meta.url).pathname;
const WEB = 'apps/web/src/';

/** The folders of apps/web/src, lowest first; main.tsx, at the root, may import any of them. */
const LAYERS = ['shared', 'auth', 'entity', 'layout', 'screens', 'areas', 'app'] as const;

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

/** The folder of a file under apps/web/src (`auth`, `entity`…), or null for the root's files. */
const folderOf = (file: string): string | null => {
  const parts = file.slice(WEB.length).split('/');
  return parts.length > 1 ? parts[0]! : null;
};

let files: Graph;
let unresolved: string[];

beforeAll(async () => {
  const tree = await parseDependencyTree([`${WEB}**/*.{ts,tsx}`], {
    context: REPO,
    cwd: REPO,
    transform: false,
    skipDynamicImports: false,
  });
  const graph = new Map<string, Set<string>>();
  unresolved = [];
  for (const [file, dependencies] of Object.entries(tree)) {
    if (!file.startsWith(WEB)) continue;
    const imports = new Set<string>();
    for (const dependency of dependencies ?? []) {
      if (dependency.id?.startsWith(WEB)) imports.add(dependency.id);
      else if (!dependency.id && dependency.request.startsWith('.'))
        unresolved.push(`${file}: ${dependency.request}`);
    }
    graph.set(file, imports);
  }
  files = graph;
}, 120_000);

/** Each import from one folder into another, as `from → to` with the files that make it. */
function folderEdges(): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const [file, imports] of files) {
    const from = folderOf(file);
    if (!from) continue;
    for (const target of imports) {
      const to = folderOf(target);
      if (!to || to === from) continue;
      const edge = `${from} → ${to}`;
      edges.set(edge, [...(edges.get(edge) ?? []), `${file} imports ${target}`]);
    }
  }
  return edges;
}

describe('web import graph', () => {
  it('reads every file of apps/web/src and resolves every relative import', () => {
    expect(files.size).toBeGreaterThan(100);
    expect(unresolved).toEqual([]);
    const folders = new Set([...files.keys()].map(folderOf).filter((f): f is string => f !== null));
    expect([...folders].sort(), 'a new folder needs its place in LAYERS').toEqual([...LAYERS].sort());
  });

  it('has no import cycle between files', () => {
    expect(cyclesOf(files).map((cycle) => cycle.join(' ⇄ '))).toEqual([]);
  });

  it('has no import cycle between folders', () => {
    const edges = folderEdges();
    const graph = new Map<string, Set<string>>();
    for (const edge of edges.keys()) {
      const [from, to] = edge.split(' → ') as [string, string];
      graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
    const explained = cyclesOf(graph).map((cycle) => ({
      folders: cycle.join(' ⇄ '),
      imports: [...edges].filter(([edge]) => cycle.some((a) => cycle.some((b) => edge === `${a} → ${b}`))),
    }));
    expect(explained).toEqual([]);
  });

  it('imports only from the same folder or a lower one (shared, auth, entity, layout, screens, areas, app)', () => {
    const rank = (folder: string): number => LAYERS.indexOf(folder as (typeof LAYERS)[number]);
    const upward = [...folderEdges()].filter(([edge]) => {
      const [from, to] = edge.split(' → ') as [string, string];
      return rank(to) > rank(from);
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
