import { entityOf, isUuid, scopeOf, tableOf, type ModelName } from '@rf/domain';
import { q } from '../db/schema-sql.ts';
import type { Queryable, Row } from '../db/database.ts';
import { scopeSql } from '../data/scope-sql.ts';
import { SqlParams } from '../data/sql-params.ts';
import { filterSql, type FilterInput } from '../data/filter-sql.ts';
import { selectList, toRecord } from '../data/columns.ts';
import { requireCaller, type OperationContext } from './context.ts';

/** `getX(id)`: the record when it exists and the caller may read it, otherwise null (also for an id that is no UUID). */
export async function getRecord(
  ctx: OperationContext,
  input: {
    model: ModelName;
    id: string;
    fields?: readonly string[];
    includeDeleted?: boolean;
    filter?: FilterInput | null;
  },
  db: Queryable = ctx.db,
): Promise<Row | null> {
  const caller = requireCaller(ctx);
  const entity = entityOf(input.model);
  if (!isUuid(input.id)) return null;
  const params = new SqlParams();
  const id = params.add(input.id);
  const scope = scopeSql(scopeOf(caller.role, input.model, 'read'), caller, params);
  const deleted = input.includeDeleted ? '' : 'AND NOT "_deleted"';
  const filter = input.filter ? `AND ${filterSql(entity, input.filter, params)}` : '';
  const rows = await db.query(
    `SELECT ${selectList(entity, input.fields)} FROM ${q(tableOf(input.model))} WHERE id = ${id} ${deleted} AND ${scope} ${filter}`,
    params.values,
  );
  return rows[0] ? toRecord(entity, rows[0]) : null;
}
