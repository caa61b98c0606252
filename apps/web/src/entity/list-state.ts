import type { SortSpec } from './queries.ts';

/**
 * What a list shows, kept in the page's query string so that Back, reload and "open in new tab"
 * bring the same list back: `q` (search), `status` (status chip), `sort` (`field` or `-field`,
 * comma-separated), `page` (1-based), `size` (page size) and `after`, the server's nextToken of
 * each page after the first up to the one shown (`~`-separated), since the server pages by key.
 */
export interface ListState {
  readonly q: string;
  readonly status: string | null;
  readonly sort: readonly SortSpec[];
  /** 0-based. */
  readonly page: number;
  readonly pageSize: number;
  /** `cursors[i]` is the nextToken that fetches page `i + 1`; as many as `page`. */
  readonly cursors: readonly string[];
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface ListStateOptions {
  /** Parameter prefix, for two lists on one screen (`buyers.q`). */
  readonly prefix?: string | undefined;
  readonly pageSize?: number | undefined;
  /** The status values the chips offer; another value in the URL is ignored. */
  readonly statuses?: readonly string[] | undefined;
  /** Whether a field may be sorted on; other sort fields in the URL are ignored. */
  readonly sortable?: ((field: string) => boolean) | undefined;
  /** Lists paged in the browser have no cursors: any page number is taken as it is. */
  readonly cursorless?: boolean | undefined;
}

const KEYS = ['q', 'status', 'sort', 'page', 'size', 'after'] as const;
type Key = (typeof KEYS)[number];

const keyOf = (options: ListStateOptions, k: Key) => `${options.prefix ? `${options.prefix}.` : ''}${k}`;

export function defaultListState(options: ListStateOptions = {}): ListState {
  return { q: '', status: null, sort: [], page: 0, pageSize: options.pageSize ?? 25, cursors: [] };
}

/** The list state a query string describes; anything malformed falls back to the default. */
export function readListState(params: URLSearchParams, options: ListStateOptions = {}): ListState {
  const get = (k: Key) => params.get(keyOf(options, k));
  const base = defaultListState(options);
  const q = (get('q') ?? '').slice(0, 200);
  const statusParam = get('status');
  const status =
    statusParam && (!options.statuses || options.statuses.includes(statusParam)) ? statusParam : null;
  const sort: SortSpec[] = [];
  for (const part of (get('sort') ?? '').split(',')) {
    const m = /^(-?)([A-Za-z_][A-Za-z0-9_]*)$/.exec(part.trim());
    if (!m) continue;
    const field = m[2] as string;
    if (options.sortable && !options.sortable(field)) continue;
    if (sort.some((s) => s.field === field)) continue;
    sort.push({ field, direction: m[1] ? 'desc' : 'asc' });
  }
  const sizeParam = Number(get('size'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : base.pageSize;
  const cursors = (get('after') ?? '')
    .split('~')
    .filter((c) => /^[A-Za-z0-9_\-.]+$/.test(c))
    .slice(0, 500);
  const pageParam = Number(get('page'));
  const wanted = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam - 1 : 0;
  // Key-paged lists can only show a page whose token they have; the rest of the stack is kept.
  const page = options.cursorless ? wanted : Math.min(wanted, cursors.length);
  return { q, status, sort, page, pageSize, cursors: options.cursorless ? [] : cursors.slice(0, page) };
}

/** The query string with the list's state written in (other parameters kept), defaults left out. */
export function writeListState(
  params: URLSearchParams,
  state: ListState,
  options: ListStateOptions = {},
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const k of KEYS) next.delete(keyOf(options, k));
  const set = (k: Key, v: string) => next.set(keyOf(options, k), v);
  const base = defaultListState(options);
  if (state.q) set('q', state.q);
  if (state.status) set('status', state.status);
  if (state.sort.length)
    set('sort', state.sort.map((s) => `${s.direction === 'desc' ? '-' : ''}${s.field}`).join(','));
  if (state.pageSize !== base.pageSize) set('size', String(state.pageSize));
  if (state.page > 0) {
    set('page', String(state.page + 1));
    if (!options.cursorless) set('after', state.cursors.slice(0, state.page).join('~'));
  }
  return next;
}

/**
 * A change of what is listed (search, status, sort, page size) starts again on the first page;
 * a change of page keeps the rest.
 */
export function changeList(state: ListState, change: Partial<ListState>): ListState {
  const listed =
    (change.q !== undefined && change.q !== state.q) ||
    (change.status !== undefined && change.status !== state.status) ||
    (change.sort !== undefined && JSON.stringify(change.sort) !== JSON.stringify(state.sort)) ||
    (change.pageSize !== undefined && change.pageSize !== state.pageSize);
  const next = { ...state, ...change };
  return listed ? { ...next, page: 0, cursors: [] } : next;
}

/** The state after moving to `page`, given the nextToken of the page shown (for the next one). */
export function goToPage(state: ListState, page: number, nextToken: string | null): ListState {
  if (page === state.page + 1 && nextToken)
    return { ...state, page, cursors: [...state.cursors.slice(0, state.page), nextToken] };
  if (page < state.page && page >= 0) return { ...state, page, cursors: state.cursors.slice(0, page) };
  return state;
}

/** The nextToken that fetches the page shown (null for the first page). */
export function cursorOf(state: ListState): string | null {
  return state.page > 0 ? (state.cursors[state.page - 1] ?? null) : null;
}
