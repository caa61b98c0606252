import { entityOf, scopeOf, tableOf, type EntityDef, type ModelName } from '@rf/domain';
import { q } from '../db/schema-sql.ts';
import type { Row } from '../db/database.ts';
import { ApiError, validationError } from '../http/errors.ts';
import { filterSql, type FilterInput } from '../data/filter-sql.ts';
import { scopeSql } from '../data/scope-sql.ts';
import { SqlParams } from '../data/sql-params.ts';
import { apiColumns, selectList, toRecord } from '../data/columns.ts';
import { queryBinding, signCursor, verifyCursor, type CursorPosition } from '../data/cursor.ts';
import { requireCaller, type OperationContext } from './context.ts';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

export interface SortInput {
  readonly field: string;
  readonly direction?: 'asc' | 'desc' | null;
}

export interface ListInput {
  readonly model: ModelName;
  readonly filter?: FilterInput | null;
  readonly limit?: number | null;
  readonly nextToken?: string | null;
  readonly sort?: readonly SortInput[] | null;
  readonly fields?: readonly string[];
  readonly withTotal?: boolean;
}

export interface Connection {
  items: Row[];
  nextToken: string | null;
  total?: number;
}

/**
 * `listXs`: the caller's readable rows matching the filter, newest first (or in the given sort),
 * one page at a time. Filter, policy and paging all run in SQL.
 */
export async function listRecords(ctx: OperationContext, input: ListInput): Promise<Connection> {
  const caller = requireCaller(ctx);
  const entity = entityOf(input.model);
  const limit = input.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1) throw validationError('limit must be a positive whole number');
  if (limit > MAX_LIMIT) throw new ApiError('LimitExceeded', `limit must be at most ${MAX_LIMIT}`);
  const sort = normaliseSort(input, entity);
  const binding = queryBinding({
    sub: caller.sub,
    model: input.model,
    filter: input.filter,
    sort: input.sort,
  });
  const position = input.nextToken ? verifyCursor(ctx.keys.secret, binding, input.nextToken) : null;

  const params = new SqlParams();
  const where = [
    'NOT "_deleted"',
    scopeSql(scopeOf(caller.role, input.model, 'read'), caller, params),
    filterSql(entity, input.filter, params),
  ].filter((c) => c !== 'TRUE');
  const table = q(tableOf(input.model));
  const countWhere = where.join(' AND ');
  const countParams = [...params.values];

  let order = '"createdAt" DESC, id DESC';
  let offset = 0;
  if (sort) {
    order = `${sort.map((s) => `${q(s.field)} ${s.direction === 'asc' ? 'ASC' : 'DESC'} NULLS LAST`).join(', ')}, id DESC`;
    offset = position && 'offset' in position ? position.offset : 0;
  } else if (position && 'after' in position) {
    where.push(
      `("createdAt", id) < (${params.add(position.after[0])}::timestamptz, ${params.add(position.after[1])}::uuid)`,
    );
  }
  const sql = `SELECT ${selectList(entity, input.fields)} FROM ${table} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${limit + 1}${offset ? ` OFFSET ${offset}` : ''}`;
  const rows = await ctx.db.query(sql, params.values);

  const hasMore = rows.length > limit;
  const items = rows.slice(0, limit).map((r) => toRecord(entity, r));
  let nextToken: string | null = null;
  if (hasMore) {
    const last = items[items.length - 1] as Row;
    const next: CursorPosition = sort
      ? { offset: offset + limit }
      : { after: [String(last.createdAt), String(last.id)] };
    nextToken = signCursor(ctx.keys.secret, binding, next);
  }
  const connection: Connection = { items, nextToken };
  if (input.withTotal) {
    const [count] = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE ${countWhere || 'TRUE'}`,
      countParams,
    );
    connection.total = count?.n ?? 0;
  }
  return connection;
}

function normaliseSort(input: ListInput, entity: EntityDef): SortInput[] | null {
  const columns = apiColumns(entity);
  if (!input.sort?.length) return null;
  for (const s of input.sort) {
    if (!columns.includes(s.field)) throw validationError(`Cannot sort by unknown field ${s.field}`);
    // The order of rows (and the cursor, which carries the last sort value) would give a secret away.
    if (entity.fieldsByName.get(s.field)?.type === 'secret')
      throw validationError(`${s.field} is secret: it cannot be sorted on`);
  }
  return [...input.sort];
}
