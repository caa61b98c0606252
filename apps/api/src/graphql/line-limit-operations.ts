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
import { minorUnitsOf } from '@rf/domain/money';
import type { Queryable } from '../db/database.ts';
import { scopeSql } from '../data/scope-sql.ts';
import { SqlParams } from '../data/sql-params.ts';
import { validationError } from '../http/errors.ts';
import { lineUses, type LedgerLineUse } from '../ledger/read-ledger.ts';
import { requireCaller, type OperationContext } from '../operations/context.ts';
import { Decimal } from './scalars.ts';

/**
 * The limits of buyer lines as the ledger holds them (docs/business-rules.md, “Limits held in the
 * ledger”), for every screen that shows a line's utilisation, reserved, available or free limit:
 * the figures are read and summed here, in exact minor units and never across currencies, and the
 * browser only shows them. A caller gets the lines it may read as a Buyer record, nothing else.
 */

type Fields = GraphQLFieldConfigMap<unknown, OperationContext>;

const nonNull = <T extends GraphQLNullableType>(type: T): GraphQLNonNull<T> => new GraphQLNonNull(type);

/** Lines one call may name. */
export const MAX_LINE_IDS = 1000;

/** One line's limit in one currency; a line the ledger holds nothing for has zeros in its currency. */
export interface LineLimit extends Omit<LedgerLineUse, 'currency'> {
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
  },
});

interface ReadableLine {
  readonly id: string;
  readonly currency: string | null;
  readonly status: string | null;
}

/**
 * The lines `caller` may read, as reading a Buyer allows (docs/business-rules.md, “Organisations,
 * roles and who sees what”): the ones of `ids` when given, else all of them, by name.
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

/** The figures of `lines`: the ledger's, plus zeros in a line's currency the ledger holds nothing in. */
async function limitsOf(tx: Queryable, lines: readonly ReadableLine[]): Promise<LineLimit[]> {
  const uses = await lineUses(
    tx,
    lines.map((l) => l.id),
  );
  const byLine = new Map<string, LedgerLineUse[]>();
  for (const u of uses) byLine.set(u.lineId, [...(byLine.get(u.lineId) ?? []), u]);
  return lines.flatMap((line): LineLimit[] => {
    const held = (byLine.get(line.id) ?? []).sort((a, b) => a.currency.localeCompare(b.currency));
    if (held.some((u) => u.currency === line.currency)) return held;
    return [zeroOf(line), ...held];
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
function zeroOf(line: ReadableLine): LineLimit {
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
  return limitsOf(ctx.db, await readableLines(ctx.db, caller, ids));
}

/**
 * `lineLimitTotals`: per currency, the sums of the figures of the caller's readable Approved lines,
 * added in minor units (BigInt), so exact whatever the number of lines.
 */
export async function lineLimitTotals(ctx: OperationContext): Promise<LineLimitTotal[]> {
  const caller = requireCaller(ctx);
  const limits = await limitsOf(ctx.db, await readableLines(ctx.db, caller, null, true));
  const sums = new Map<string, { lines: Set<string>; figures: Record<(typeof FIGURES)[number], bigint> }>();
  for (const l of limits) {
    if (!postable(l.currency)) continue;
    const sum = sums.get(l.currency) ?? {
      lines: new Set<string>(),
      figures: { limit: 0n, utilisation: 0n, reserved: 0n, available: 0n, free: 0n },
    };
    sum.lines.add(l.lineId);
    for (const f of FIGURES) sum.figures[f] += toMinor(l[f], l.currency);
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
