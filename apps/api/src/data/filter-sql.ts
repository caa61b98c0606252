import type { EntityDef, FieldType } from '@rf/domain';
import { validationError } from '../http/errors.ts';
import { q } from '../db/schema-sql.ts';
import type { SqlParams } from './sql-params.ts';

/** How values of a field type compare in SQL: the cast applied to parameters and the JSON type name. */
interface Comparison {
  readonly cast: string;
  readonly jsonType: 'string' | 'number' | 'boolean';
}

const TEXT: Comparison = { cast: 'text', jsonType: 'string' };
const COMPARISONS: Record<FieldType, Comparison> = {
  id: { cast: 'uuid', jsonType: 'string' },
  ref: { cast: 'uuid', jsonType: 'string' },
  text: TEXT,
  longtext: TEXT,
  email: TEXT,
  phone: TEXT,
  url: TEXT,
  country: TEXT,
  currency: TEXT,
  enum: TEXT,
  risk: TEXT,
  attachment: TEXT,
  secret: TEXT,
  integer: { cast: 'integer', jsonType: 'number' },
  money: { cast: 'numeric', jsonType: 'number' },
  rate: { cast: 'numeric', jsonType: 'number' },
  ratio: { cast: 'numeric', jsonType: 'number' },
  date: { cast: 'date', jsonType: 'string' },
  datetime: { cast: 'timestamptz', jsonType: 'string' },
  boolean: { cast: 'boolean', jsonType: 'boolean' },
};

/**
 * AppSync's attribute type names mapped to the JSON type names (docs/architecture.md, “API errors,
 * filters and secrets”).
 */
const ATTRIBUTE_TYPES: Record<string, string> = {
  string: 'string',
  number: 'number',
  bool: 'boolean',
  boolean: 'boolean',
  _null: 'null',
  null: 'null',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXTRA_COLUMNS: Record<string, FieldType> = { _version: 'integer', _deleted: 'boolean', _lastChangedAt: 'integer' };

export type FilterInput = { readonly [key: string]: unknown };

/** Compiles an AppSync filter (`and`/`or`/`not` and per-field operators) to a SQL condition. */
export function filterSql(entity: EntityDef, filter: FilterInput | null | undefined, params: SqlParams): string {
  if (!filter) return 'TRUE';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null) continue;
    if (key === 'and' || key === 'or') {
      const list = (value as FilterInput[]).map((f) => filterSql(entity, f, params));
      if (list.length) parts.push(`(${list.join(key === 'and' ? ' AND ' : ' OR ')})`);
    } else if (key === 'not') {
      parts.push(`NOT COALESCE(${filterSql(entity, value as FilterInput, params)}, FALSE)`);
    } else {
      const type = entity.fieldsByName.get(key)?.type ?? EXTRA_COLUMNS[key];
      if (!type) throw validationError(`Unknown filter field ${key} on ${entity.name}`);
      if (type === 'secret') throw validationError(`${key} is secret: it cannot be filtered on`);
      parts.push(fieldConditions(key, COMPARISONS[type], value as FilterInput, params));
    }
  }
  return parts.length ? parts.join(' AND ') : 'TRUE';
}

function fieldConditions(name: string, cmp: Comparison, ops: FilterInput, params: SqlParams): string {
  const col = q(name);
  const parts: string[] = [];
  const isUuid = cmp.cast === 'uuid';
  // A malformed id cannot match a uuid column: compare as text instead of failing the query.
  const val = (v: unknown): string =>
    isUuid && !(typeof v === 'string' && UUID.test(v)) ? `${params.add(String(v))}::text` : `${params.add(v as string)}::${cmp.cast}`;
  const colFor = (v: unknown): string => (isUuid && !(typeof v === 'string' && UUID.test(v)) ? `${col}::text` : col);
  const text = isUuid || cmp.cast !== 'text' ? `${col}::text` : col;
  for (const [op, v] of Object.entries(ops)) {
    if (v === undefined || v === null) continue;
    switch (op) {
      case 'eq':
        parts.push(`${colFor(v)} = ${val(v)}`);
        break;
      case 'ne':
        parts.push(`${colFor(v)} IS DISTINCT FROM ${val(v)}`);
        break;
      case 'lt':
      case 'le':
      case 'gt':
      case 'ge': {
        const sign = { lt: '<', le: '<=', gt: '>', ge: '>=' }[op];
        parts.push(`${colFor(v)} ${sign} ${val(v)}`);
        break;
      }
      case 'between': {
        const range = v as unknown[];
        if (range.length !== 2) throw validationError(`${name}.between needs exactly two values`);
        parts.push(`${colFor(range[0])} BETWEEN ${val(range[0])} AND ${val(range[1])}`);
        break;
      }
      case 'contains':
        parts.push(`strpos(${text}, ${params.add(String(v))}) > 0`);
        break;
      case 'notContains':
        parts.push(`COALESCE(strpos(${text}, ${params.add(String(v))}) = 0, TRUE)`);
        break;
      case 'beginsWith':
        parts.push(`starts_with(${text}, ${params.add(String(v))})`);
        break;
      case 'attributeExists':
        parts.push(v ? `${col} IS NOT NULL` : `${col} IS NULL`);
        break;
      case 'attributeType': {
        const wanted = ATTRIBUTE_TYPES[String(v)];
        if (!wanted) throw validationError(`${name}.attributeType must be one of string, number, bool, _null`);
        parts.push(wanted === 'null' ? `${col} IS NULL` : wanted === cmp.jsonType ? `${col} IS NOT NULL` : 'FALSE');
        break;
      }
      default:
        throw validationError(`Unknown filter operator ${op} on ${name}`);
    }
  }
  return parts.length ? parts.join(' AND ') : 'TRUE';
}
