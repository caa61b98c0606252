import {
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfigMap,
  type GraphQLNullableType,
} from 'graphql';
import { fromMinor, isUuid, scopeOf, toMinor, type Caller } from '@rf/domain';
import { minorUnitsOf, roundMoney } from '@rf/domain/money';
import type { Queryable } from '../db/database.ts';
import { scopeSql } from '../data/scope-sql.ts';
import { SqlParams } from '../data/sql-params.ts';
import { validationError } from '../http/errors.ts';
import { lineUses, type LedgerLineUse } from '../ledger/line-uses.ts';
import { requireCaller, todayOf, type OperationContext } from '../operations/context.ts';
import { AWSDate, Decimal } from './scalars.ts';

/**
 * The limits of buyer lines as the ledger holds them
 * (docs/business-rules.md, “Limits held in the ledger”), for every screen that shows a line's
 * utilisation, reserved, available or free limit: the figures are read and summed here, in exact
 * minor units and never across currencies, and the browser only shows them. A caller gets the lines
 * it may read as a Buyer record, nothing else. Beside them, what the line's approved requests owe
 * by due date (overdue and next due), summed here from the requests for the funders' obligors
 * screens.
 */

type Fields = GraphQLFieldConfigMap<unknown, OperationContext>;

const nonNull = <T extends GraphQLNullableType>(type: T): GraphQLNonNull<T> => new GraphQLNonNull(type);

/** Lines one call may name. */
export const MAX_LINE_IDS = 1000;

/** What a line's approved requests (not settled yet) owe in one currency, by due date, as of today. */
export interface LineDues {
  /** Invoice amounts (what the buyer owes) of those due before today. */
  readonly overdue: string;
  readonly overdueRequests: number;
  /** Days the oldest overdue invoice is past its due date; null when none is. */
  readonly daysPastDue: number | null;
  /** The earliest due date from today on; null when there is none. */
  readonly nextDue: string | null;
}

/** One line's limit in one currency; a line the ledger holds nothing for has zeros in its currency. */
export interface LineLimit extends Omit<LedgerLineUse, 'currency'>, LineDues {
  /** The line's currency; null for a line without one (it holds nothing). */
  readonly currency: string | null;
}

/** The sums of the caller's readable Approved lines in one currency. */
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

const FIGURES = ['limit', 'utilisation', 'reserved', 'available', 'free'] as const;

const LineLimitType = new GraphQLObjectType({
  name: 'LineLimit',
  description:
    'A buyer line’s limit as the ledger holds it, in one currency (docs/business-rules.md, “Limits held in the ledger”).',
  fields: {
    lineId: { type: nonNull(GraphQLID), description: 'The Buyer record (the line).' },
    currency: { type: GraphQLString, description: 'The currency; null for a line without one yet.' },
    limit: { type: nonNull(Decimal), description: 'The approved limit posted to the line.' },
    utilisation: {
      type: nonNull(Decimal),
      description: 'Purchase amounts of approved requests not settled yet.',
    },
    reserved: { type: nonNull(Decimal), description: 'Advances of requests awaiting a decision.' },
    available: { type: nonNull(Decimal), description: 'limit − utilisation.' },
    free: {
      type: nonNull(Decimal),
      description: 'What new requests may still use: limit − utilisation − reserved, never below zero.',
    },
    overdue: {
      type: nonNull(Decimal),
      description:
        'Invoice amounts (what the buyer owes) of the line’s approved requests not settled yet in this currency, due before today.',
    },
    overdueRequests: { type: nonNull(GraphQLInt), description: 'How many of those requests are overdue.' },
    daysPastDue: {
      type: GraphQLInt,
      description: 'Days the oldest overdue invoice is past its due date; null when none is.',
    },
    nextDue: {
      type: AWSDate,
      description: 'The earliest due date from today on of those requests; null when there is none.',
    },
  },
});

const LineLimitTotalType = new GraphQLObjectType({
  name: 'LineLimitTotal',
  description:
    'The sums of the caller’s readable Approved lines in one currency; never summed across currencies.',
  fields: {
    currency: { type: nonNull(GraphQLString) },
    lines: { type: nonNull(GraphQLInt), description: 'Approved lines in this currency.' },
    limit: { type: nonNull(Decimal) },
    utilisation: { type: nonNull(Decimal) },
    reserved: { type: nonNull(Decimal) },
    available: { type: nonNull(Decimal) },
    free: { type: nonNull(Decimal) },
    overdue: { type: nonNull(Decimal), description: 'The lines’ overdue invoice amounts.' },
  },
});

interface ReadableLine {
  readonly id: string;
  readonly currency: string | null;
  readonly status: string | null;
}

/**
 * The lines `caller` may read, as reading a Buyer allows
 * (docs/business-rules.md, “Organisations, roles and who sees what”): the ones of `ids` when given,
 * else all of them, by name.
 */
async function readableLines(
  tx: Queryable,
  caller: Caller,
  ids: readonly string[] | null,
  approvedOnly = false,
): Promise<ReadableLine[]> {
  const params = new SqlParams();
  const scope = scopeSql(scopeOf(caller.role, 'Buyer', 'read'), caller, params);
  const rows = await tx.query<{ id: string; currency: string | null; status: string | null }>(
    `SELECT id::text AS id, buyer_currency AS currency, buyer_status AS status
       FROM "buyer"
      WHERE NOT "_deleted" AND ${scope}
        ${ids ? `AND id = ANY(${params.add([...ids])}::uuid[])` : ''}
        ${approvedOnly ? `AND buyer_status = 'Approved'` : ''}
      ORDER BY buyer_name, id`,
    params.values,
  );
  return rows.map((r) => ({ id: r.id, currency: r.currency || null, status: r.status }));
}

/** Calendar days from `from` to `to` (both YYYY-MM-DD). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * What the approved requests of `lineIds` owe as of `today`, by line and currency (a request
 * without a currency is in its line's), summed by the database (numeric, exact) and rounded to the
 * currency's minor unit.
 */
async function duesOf(
  tx: Queryable,
  lineIds: readonly string[],
  today: string,
): Promise<Map<string, LineDues & { readonly lineId: string; readonly currency: string }>> {
  const dues = new Map<string, LineDues & { lineId: string; currency: string }>();
  if (!lineIds.length) return dues;
  const rows = await tx.query<{
    line_id: string;
    currency: string | null;
    overdue: string;
    overdue_requests: number;
    oldest: string | null;
    next_due: string | null;
  }>(
    `SELECT r."buyerId"::text AS line_id,
            COALESCE(NULLIF(r.invoice_currency, ''), b.buyer_currency) AS currency,
            COALESCE(sum(r.invoice_amount) FILTER (WHERE r.invoice_due_date < $2::date), 0)::text AS overdue,
            (count(*) FILTER (WHERE r.invoice_due_date < $2::date))::int AS overdue_requests,
            (min(r.invoice_due_date) FILTER (WHERE r.invoice_due_date < $2::date))::text AS oldest,
            (min(r.invoice_due_date) FILTER (WHERE r.invoice_due_date >= $2::date))::text AS next_due
       FROM "request" r
       JOIN "buyer" b ON b.id = r."buyerId"
      WHERE r."buyerId" = ANY($1::uuid[]) AND NOT r."_deleted" AND r.request_status = 'Approved'
      GROUP BY 1, 2`,
    [lineIds as string[], today],
  );
  for (const r of rows) {
    if (!postable(r.currency)) continue;
    dues.set(`${r.line_id} ${r.currency}`, {
      lineId: r.line_id,
      currency: r.currency,
      overdue: roundMoney(r.overdue, r.currency),
      overdueRequests: Number(r.overdue_requests),
      daysPastDue: r.oldest ? daysBetween(r.oldest.slice(0, 10), today) : null,
      nextDue: r.next_due ? r.next_due.slice(0, 10) : null,
    });
  }
  return dues;
}

/** Nothing owed, in `currency`'s digits. */
const noDues = (currency: string | null): LineDues => ({
  overdue: postable(currency) ? fromMinor(0n, currency) : '0',
  overdueRequests: 0,
  daysPastDue: null,
  nextDue: null,
});

/**
 * The figures of `lines`: the ledger's, plus zeros in a line's currency the ledger holds nothing in
 * (or in a currency only its requests' dues are in), each with what the line's requests owe in it.
 */
async function limitsOf(tx: Queryable, lines: readonly ReadableLine[], today: string): Promise<LineLimit[]> {
  const ids = lines.map((l) => l.id);
  // One after the other: a transaction's client runs one query at a time.
  const uses = await lineUses(tx, ids);
  const dues = await duesOf(tx, ids, today);
  const byLine = new Map<string, LedgerLineUse[]>();
  for (const u of uses) byLine.set(u.lineId, [...(byLine.get(u.lineId) ?? []), u]);
  const owing = new Map<string, string[]>();
  for (const d of dues.values()) owing.set(d.lineId, [...(owing.get(d.lineId) ?? []), d.currency]);
  return lines.flatMap((line): LineLimit[] => {
    const held: Omit<LineLimit, keyof LineDues>[] = byLine.get(line.id) ?? [];
    const currencies = new Set(held.map((u) => u.currency));
    const rows = [...held];
    if (!currencies.has(line.currency)) rows.push(zeroOf(line));
    for (const c of owing.get(line.id) ?? [])
      if (!currencies.has(c) && c !== line.currency) rows.push(zeroOf({ ...line, currency: c }));
    return rows
      .sort((a, b) =>
        a.currency === line.currency
          ? -1
          : b.currency === line.currency
            ? 1
            : (a.currency ?? '').localeCompare(b.currency ?? ''),
      )
      .map((row) => ({
        ...row,
        ...(dues.get(`${line.id} ${row.currency}`) ?? noDues(row.currency)),
        lineId: line.id,
        currency: row.currency,
      }));
  });
}

/** An ISO 4217 code the ledger posts in (a line kept from before the checks may name another). */
function postable(currency: string | null): currency is string {
  if (!currency) return false;
  try {
    minorUnitsOf(currency);
    return true;
  } catch {
    return false;
  }
}

/** A line the ledger holds nothing for in its currency: zeros, in the currency's digits. */
function zeroOf(line: ReadableLine): Omit<LineLimit, keyof LineDues> {
  const zero = postable(line.currency) ? fromMinor(0n, line.currency) : '0';
  const figures = Object.fromEntries(FIGURES.map((f) => [f, zero])) as Record<
    (typeof FIGURES)[number],
    string
  >;
  return { lineId: line.id, currency: line.currency, ...figures };
}

/** Ids as asked: at most MAX_LINE_IDS UUIDs, each once; null for every readable line. */
function lineIdsOf(buyerIds: readonly string[] | null | undefined): string[] | null {
  if (buyerIds === null || buyerIds === undefined) return null;
  if (buyerIds.length > MAX_LINE_IDS)
    throw validationError(
      `buyerIds: at most ${MAX_LINE_IDS.toLocaleString('en-US')} lines at a time, not ${buyerIds.length.toLocaleString('en-US')}`,
    );
  const ids = [...new Set(buyerIds.map(String))];
  const bad = ids.find((id): boolean => !isUuid(id));
  if (bad !== undefined)
    throw validationError(`buyerIds: ${JSON.stringify(bad.slice(0, 40))} is not an id (a UUID)`);
  return ids;
}

/** `lineLimits`: the figures of each asked line the caller may read (all of them without `buyerIds`). */
export async function lineLimits(
  ctx: OperationContext,
  buyerIds: readonly string[] | null | undefined,
): Promise<LineLimit[]> {
  const caller = requireCaller(ctx);
  const ids = lineIdsOf(buyerIds);
  if (ids && !ids.length) return [];
  return limitsOf(ctx.db, await readableLines(ctx.db, caller, ids), todayOf(ctx));
}

/**
 * `lineLimitTotals`: per currency, the sums of the figures of the caller's readable Approved lines,
 * added in minor units (BigInt), so exact whatever the number of lines.
 */
export async function lineLimitTotals(ctx: OperationContext): Promise<LineLimitTotal[]> {
  const caller = requireCaller(ctx);
  const limits = await limitsOf(ctx.db, await readableLines(ctx.db, caller, null, true), todayOf(ctx));
  const SUMMED = [...FIGURES, 'overdue'] as const;
  const sums = new Map<string, { lines: Set<string>; figures: Record<(typeof SUMMED)[number], bigint> }>();
  for (const l of limits) {
    if (!postable(l.currency)) continue;
    const sum = sums.get(l.currency) ?? {
      lines: new Set<string>(),
      figures: { limit: 0n, utilisation: 0n, reserved: 0n, available: 0n, free: 0n, overdue: 0n },
    };
    sum.lines.add(l.lineId);
    for (const f of SUMMED) sum.figures[f] += toMinor(l[f], l.currency);
    sums.set(l.currency, sum);
  }
  return [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, s]) => ({
      currency,
      lines: s.lines.size,
      limit: fromMinor(s.figures.limit, currency),
      utilisation: fromMinor(s.figures.utilisation, currency),
      reserved: fromMinor(s.figures.reserved, currency),
      available: fromMinor(s.figures.available, currency),
      free: fromMinor(s.figures.free, currency),
      overdue: fromMinor(s.figures.overdue, currency),
    }));
}

/** The line-limit read operations: any signed-in caller, for the lines it may read. */
export const lineLimitQueries: Fields = {
  lineLimits: {
    type: nonNull(new GraphQLList(nonNull(LineLimitType))),
    description: `The ledger’s figures of each buyer line the caller may read, per currency: the lines of buyerIds (at most ${MAX_LINE_IDS}), or all of them. Lines it may not read are left out.`,
    args: { buyerIds: { type: new GraphQLList(nonNull(GraphQLID)) } },
    resolve: (_src, args: { buyerIds?: string[] | null }, ctx) => lineLimits(ctx, args.buyerIds),
  },
  lineLimitTotals: {
    type: nonNull(new GraphQLList(nonNull(LineLimitTotalType))),
    description:
      'Per currency, the sums of the ledger’s figures over the Approved lines the caller may read.',
    resolve: (_src, _args, ctx) => lineLimitTotals(ctx),
  },
};
