import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * dist/preload.json, written by the web build (apps/web/scripts/chunk-groups.ts): the script
 * chunks of the sign-in screens, of the area layout and of the dashboard that index.html does not
 * load already.
 */
export interface PreloadMap {
  readonly sets: {
    readonly login: readonly string[];
    readonly area: readonly string[];
    readonly data: readonly string[];
    /** The organisation's profile query (builds since 2026-11-25 05:00; `data` held it before). */
    readonly profile?: readonly string[];
    readonly dashboard: readonly string[];
  };
  /** Base paths of the signed-in areas: /app, /admin, … */
  readonly areaBases: readonly string[];
  /**
   * The areas whose pages read the organisation's profile at start (`profile`) and whose screens
   * but the dashboard read through the list queries (`data`): all but /admin.
   */
  readonly dataBases: readonly string[];
}

const SCRIPT = /^\/static\/js\/[\w.-]+\.js$/;

/**
 * The chunks a client route opens first (docs/architecture.md, “Web bundle and first load”): the
 * sign-in screens for /, /login and an area's login; the area layout for any other address in an
 * area, with the organisation's profile query but in the administrator's area; and with the
 * dashboard's chunks for the area's landing page and its dashboard, else the list queries (again
 * but in the administrator's area).
 */
export function preloadsFor(pathname: string, map: PreloadMap): string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const { login, area, dashboard } = map.sets;
  const data = map.sets.data ?? []; // builds before the list queries had a set of their own
  // Builds before the profile had a set of its own read it through the list queries.
  const profile = map.sets.profile ?? data;
  let sets: (readonly string[])[] = [];
  if (path === '/' || path === '/login') sets = [login];
  for (const base of map.areaBases) {
    const reads = (map.dataBases ?? []).includes(base);
    if (path === `${base}/login`) sets = [login];
    else if (path === base || path === `${base}/dashboard`)
      sets = reads ? [area, profile, dashboard] : [area, dashboard];
    else if (path.startsWith(`${base}/`) && path !== `${base}/register`)
      sets = reads ? [area, profile, data] : [area];
  }
  return [...new Set(sets.flat())].filter((p) => SCRIPT.test(p));
}

/**
 * The client configuration every page asks for at start (the demo banner, bank linking): fetched
 * with the HTML instead of after the entry script ran, since the demo banner is often the page's
 * largest text.
 */
const CONFIG_PRELOAD = '<link rel="preload" href="/config.json" as="fetch" crossorigin>';

/**
 * index.html with `<link rel="modulepreload">` for the given scripts it does not link already, and
 * the preload of /config.json.
 */
export function withPreloads(html: string, scripts: readonly string[]): string {
  const links = [
    ...scripts
      .filter((s) => !html.includes(`"${s}"`))
      .map((s) => `<link rel="modulepreload" crossorigin href="${s}">`),
    ...(html.includes('"/config.json"') ? [] : [CONFIG_PRELOAD]),
  ].join('\n    ');
  return links ? html.replace('</head>', `  ${links}\n  </head>`) : html;
}

interface Loaded {
  readonly stamp: string;
  readonly html: string;
  readonly map: PreloadMap | null;
}

/**
 * Reads index.html and preload.json of `root`, again whenever either changes (a rebuilt bundle is
 * served without a restart); a build without preload.json gets index.html as it is.
 */
export function indexPages(root: string): (pathname: string) => string {
  let loaded: Loaded | undefined;
  const stampOf = (file: string) => {
    try {
      const s = statSync(file);
      return `${s.mtimeMs}:${s.size}`;
    } catch {
      return 'none';
    }
  };
  return (pathname) => {
    const index = join(root, 'index.html');
    const preload = join(root, 'preload.json');
    const stamp = `${stampOf(index)}|${stampOf(preload)}`;
    if (loaded?.stamp !== stamp) {
      let map: PreloadMap | null = null;
      try {
        map = JSON.parse(readFileSync(preload, 'utf8')) as PreloadMap;
      } catch {
        map = null;
      }
      loaded = { stamp, html: readFileSync(index, 'utf8'), map };
    }
    return loaded.map ? withPreloads(loaded.html, preloadsFor(pathname, loaded.map)) : loaded.html;
  };
}
