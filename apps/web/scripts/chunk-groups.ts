// How the build groups the web app's modules into chunks, and which chunks a first page load can
// fetch at once (docs/architecture.md, “Web bundle and first load”).
import type { Plugin, Rollup } from 'vite';
import { AREAS } from '../src/shared/areas.ts';

const src = (path: string) => new RegExp(`[\\\\/]apps[\\\\/]web[\\\\/]src[\\\\/]${path}$`);

/** The sign-in screens: what /login needs beyond the entry. */
const LOGIN = [src('auth/auth-screens\\.tsx')];
/** The list queries with the entities' field lists: most signed-in screens read through them. */
const DATA = [src('entity/queries\\.ts')];
/**
 * The organisation's profile query with the four party declarations only, and the Usergroup
 * declaration the pending-approval check reads memberships with: every signed-in page but the
 * administrator's reads them at start, the dashboard without the `data` chunk.
 */
const PROFILE = [
  src('entity/profile-query\\.ts'),
  /[\\/]packages[\\/]domain[\\/]src[\\/]entities[\\/]usergroup\.ts$/,
];
/**
 * The area layout and what every signed-in screen starts with: page frame, session checks, the
 * formatting helpers and the MUI components the dashboard's first render is built of. Tables,
 * cards and toggle buttons, which only its panels below the figures (a chunk of their own) and
 * other screens use, are left to the chunks of the screens that use them.
 */
const AREA = [
  src('layout/area-gate\\.tsx'),
  src('layout/pending-check\\.ts'),
  src('shared/page\\.tsx'),
  src('screens/dashboard-queries\\.ts'),
  src('entity/format\\.ts'),
  src('entity/row-link\\.tsx'),
  /[\\/]@mui[\\/]material[\\/](Grid|Skeleton|ListItem)[\\/]/,
  /[\\/]@mui[\\/]system[\\/]Grid[\\/]/,
];
/** The dashboard, every area's landing screen. */
const DASHBOARD = [src('screens/dashboard-screen\\.tsx')];
/**
 * What both the sign-in screens and the signed-in screens use beyond the entry: MUI's utilities,
 * styles and the components of the forms' frame, buttons, alerts, menus and dialogs.
 */
const COMMON = [
  /[\\/]@mui[\\/](utils|system)[\\/]/,
  /[\\/]@mui[\\/]material[\\/](utils|internal|styles|Alert|Stack|Link|IconButton|Button|ButtonBase|Typography|Box|Paper|Divider|Menu|MenuItem|MenuList|List|Popover|Modal|Grow|Fade|Backdrop|Portal|Unstable_TrapFocus|SvgIcon)[\\/]/,
  src('auth/auth-frame\\.tsx'),
];
/** ... but not the parts of those folders that only checkboxes, radios and grids use. */
const NOT_COMMON = [
  /[\\/]@mui[\\/]material[\\/]internal[\\/](SwitchBase|switchBaseClasses|svg-icons[\\/](CheckBox|IndeterminateCheckBox|RadioButton))/,
  /[\\/]@mui[\\/]system[\\/](Grid|useMediaQuery)[\\/]/,
];

const matches = (patterns: readonly RegExp[]) => (id: string) => patterns.some((p) => p.test(id));

/**
 * Rolldown's `codeSplitting.groups`. Left to itself, Rolldown puts every set of modules shared by a
 * different set of lazy screens in a chunk of its own: /login loaded 18 scripts and a dashboard 49,
 * over HTTP/1.1's six connections. Here a group takes its modules and everything they import
 * (`includeDependenciesRecursively`, after tree-shaking) that no group of a higher priority took:
 *
 * - `index`: the entry and everything it imports statically (React, the router, the data layer,
 *   MUI's core);
 * - `common`: what the sign-in screens share with the signed-in ones (COMMON), so that neither
 *   loads the other's chunk;
 * - `profile`: the organisation's profile query with the party declarations it reads with (so
 *   that `data` imports it, not the other way round);
 * - `data`: the list queries and the entities' field lists;
 * - `area`: the area layout, page frame and session checks;
 * - `login`: the sign-in screens with their inputs (the area gate loads them lazily, for who is
 *   signed out).
 *
 * Screens stay lazy chunks of their own, importing these.
 */
export const CHUNK_GROUPS: Rollup.CodeSplittingGroup[] = [
  { name: 'index', tags: ['$initial'], priority: 50 },
  { name: 'common', test: (id) => matches(COMMON)(id) && !matches(NOT_COMMON)(id), priority: 40 },
  { name: 'profile', test: matches(PROFILE), priority: 35 },
  { name: 'data', test: matches(DATA), priority: 30 },
  { name: 'area', test: matches(AREA), priority: 20 },
  { name: 'login', test: matches(LOGIN), priority: 10 },
];

/** dist/preload.json: what apps/api/src/http/web-preload.ts adds to index.html per route. */
export interface PreloadMap {
  /** Script paths (/static/js/…) per set, beyond what index.html loads. */
  readonly sets: {
    readonly login: string[];
    readonly area: string[];
    readonly data: string[];
    readonly profile: string[];
    readonly dashboard: string[];
  };
  /** Base paths of the signed-in areas (/app, /admin, …). */
  readonly areaBases: string[];
  /**
   * The areas whose pages read the organisation's profile (`profile`) at start and whose screens
   * but the dashboard read through the list queries (`data`) with it: every role's but the
   * administrator's (PROFILE_MODEL in src/auth/user-context.tsx).
   */
  readonly dataBases: string[];
}

/**
 * Writes dist/preload.json: for the sign-in screens, the area layout and the dashboard, the chunks
 * they need (the chunk holding them and its static imports) that index.html does not load already.
 * The server links them from index.html for the routes that open them, so the browser fetches them
 * with the entry instead of after running it.
 */
export function preloadMap(): Plugin {
  return {
    name: 'rf-preload-map',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (files: readonly string[]): Set<string> => {
        const seen = new Set<string>();
        const queue = [...files];
        for (let f = queue.pop(); f !== undefined; f = queue.pop()) {
          if (seen.has(f)) continue;
          seen.add(f);
          queue.push(...(byFile.get(f)?.imports ?? []));
        }
        return seen;
      };
      const entry = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
      const set = (patterns: readonly RegExp[]): string[] => {
        const holders = patterns.map((p) => {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => p.test(id)));
          if (!chunk) this.error(`no chunk holds a module matching ${p}`);
          return chunk.fileName;
        });
        return [...closure(holders)].filter((f) => !entry.has(f)).map((f) => `/${f}`);
      };
      const map: PreloadMap = {
        sets: {
          login: set(LOGIN),
          area: set(AREA),
          data: set(DATA),
          profile: set(PROFILE),
          dashboard: set(DASHBOARD),
        },
        areaBases: Object.values(AREAS).map((a) => a.base),
        dataBases: Object.values(AREAS)
          .filter((a) => a.role !== 'Admin')
          .map((a) => a.base),
      };
      this.emitFile({ type: 'asset', fileName: 'preload.json', source: JSON.stringify(map) });
    },
  };
}
