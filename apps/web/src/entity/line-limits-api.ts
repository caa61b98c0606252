import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { gql, type ApiRecord } from './graphql-client.ts';

/**
 * Buyer lines' limits as the ledger holds them
 * (docs/business-rules.md, “Limits held in the ledger”): per line its limit, utilisation, reserved,
 * available and free limit, and their sums per currency. The server reads and sums them; the
 * browser only shows them, and which lines a user gets figures for is the server's decision (the
 * lines it may read).
 */

export interface LineLimit {
  readonly lineId: string;
  /** The line's currency; null for a line without one (it holds nothing). */
  readonly currency: string | null;
  readonly limit: string;
  /** Purchase amounts of approved requests not settled yet. */
  readonly utilisation: string;
  /** Advances of requests awaiting a decision. */
  readonly reserved: string;
  /** limit − utilisation. */
  readonly available: string;
  /** What new requests may still use: limit − utilisation − reserved, never below zero. */
  readonly free: string;
  /** Invoice amounts of the line's approved requests not settled yet, due before today (the server's). */
  readonly overdue: string;
  readonly overdueRequests: number;
  /** Days the oldest overdue invoice is past its due date; null when none is. */
  readonly daysPastDue: number | null;
  /** The earliest due date from today on; null when there is none. */
  readonly nextDue: string | null;
}

/** The sums of the user's readable Approved lines in one currency. */
export interface LineLimitTotal {
  readonly currency: string;
  readonly lines: number;
  readonly limit: string;
  readonly utilisation: string;
  readonly reserved: string;
  readonly available: string;
  readonly free: string;
  readonly overdue: string;
}

/** Lines one call may name (the server refuses more). */
export const MAX_LINE_IDS = 1000;

const FIGURES = 'limit utilisation reserved available free overdue';

export const LINE_LIMITS = `query LineLimits($buyerIds: [ID!]) {
  lineLimits(buyerIds: $buyerIds) { lineId currency ${FIGURES} overdueRequests daysPastDue nextDue }
}`;

export const LINE_LIMIT_TOTALS = `query LineLimitTotals { lineLimitTotals { currency lines ${FIGURES} } }`;

/** The figures of the lines `ids` (MAX_LINE_IDS a call), or of every line the user may read (null). */
export async function fetchLineLimits(ids: readonly string[] | null): Promise<LineLimit[]> {
  const call = async (buyerIds: readonly string[] | null) =>
    (await gql<{ lineLimits: LineLimit[] }>(LINE_LIMITS, buyerIds ? { buyerIds } : {})).lineLimits;
  if (ids === null) return call(null);
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += MAX_LINE_IDS) chunks.push(ids.slice(i, i + MAX_LINE_IDS));
  return (await Promise.all(chunks.map(call))).flat();
}

/**
 * What the figures follow besides requests: the lines themselves (an approval, a new limit, a
 * decline changes their version). The queries are keyed under Request, so a request's change
 * refreshes them, and carry this stamp, so a line's change does.
 */
export function linesStamp(lines: readonly ApiRecord[]): string {
  let versions = 0;
  for (const l of lines) versions += Number(l._version ?? 0);
  return `${lines.length}:${versions}`;
}

/** The rows by line. */
export type LineLimitIndex = ReadonlyMap<string, readonly LineLimit[]>;

export function indexLineLimits(rows: readonly LineLimit[]): LineLimitIndex {
  const index = new Map<string, LineLimit[]>();
  for (const r of rows) index.set(r.lineId, [...(index.get(r.lineId) ?? []), r]);
  return index;
}

/** The answer of useLineLimits: the rows by line, and the version of each line they were asked for. */
export interface LineLimitsAnswer {
  readonly index: LineLimitIndex;
  readonly versions: ReadonlyMap<string, unknown>;
}

/** A line's figures in its own currency (or its only row), or null when there are none. */
export function limitOf(index: LineLimitIndex | undefined, line: ApiRecord): LineLimit | null {
  const rows = index?.get(line.id) ?? [];
  const currency =
    typeof line.buyer_currency === 'string' && line.buyer_currency ? line.buyer_currency : null;
  return rows.find((r) => r.currency === currency) ?? rows[0] ?? null;
}

/** One line's figures as a screen shows them: the row, or that it is still loading or failed. */
export interface LineFigures {
  readonly row: LineLimit | null;
  /** Not answered yet for this line as it is now (a skeleton is shown). */
  readonly loading: boolean;
  readonly error: Error | null;
}

/**
 * The state of `line`'s figures in the answer of useLineLimits. Figures asked for another version
 * of the line (before its approval or a new limit) are not shown while the new ones load.
 */
export function figuresOfLine(
  query: {
    data?: LineLimitsAnswer | undefined;
    isPending: boolean;
    isFetching: boolean;
    error: Error | null;
  },
  line: ApiRecord,
): LineFigures {
  const fetching = !query.error && (query.isPending || query.isFetching);
  const stale = query.data !== undefined && query.data.versions.get(line.id) !== line._version;
  const row = stale && fetching ? null : limitOf(query.data?.index, line);
  return { row, loading: !row && fetching, error: query.error };
}

/**
 * The figures of `lines` (once they are loaded); with `every`, of every line the user may read in
 * one call (for screens that list them all).
 */
export function useLineLimits(lines: readonly ApiRecord[] | undefined, options: { every?: boolean } = {}) {
  const ids = options.every ? null : (lines ?? []).map((l) => l.id);
  return useQuery({
    queryKey: ['Request', 'lineLimits', ids, linesStamp(lines ?? [])],
    enabled: lines !== undefined,
    queryFn: async (): Promise<LineLimitsAnswer> => ({
      index: indexLineLimits(await fetchLineLimits(ids)),
      versions: new Map((lines ?? []).map((l) => [l.id, l._version])),
    }),
    // Unchanged lines keep their figures while a changed line's load.
    placeholderData: keepPreviousData,
  });
}

/** Per currency, the sums over the user's readable Approved lines (`lines`: those the screen has). */
export function useLineLimitTotals(lines: readonly ApiRecord[] | undefined) {
  return useQuery({
    queryKey: ['Request', 'lineLimitTotals', linesStamp(lines ?? [])],
    enabled: lines !== undefined,
    queryFn: async () =>
      (await gql<{ lineLimitTotals: LineLimitTotal[] }>(LINE_LIMIT_TOTALS)).lineLimitTotals,
    placeholderData: keepPreviousData,
  });
}
