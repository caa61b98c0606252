import { describeIssues, fieldSchema, isUuid, type EntityDef, type FieldDef, type FieldType } from '@rf/domain';
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
 * AppSync's attribute type names mapped to the JSON type names
 * (docs/architecture.md, “API errors, filters and secrets”).
 */
const ATTRIBUTE_TYPES: Record<string, string> = {
  string: 'string',
  number: 'number',
  bool: 'boolean',
  boolean: 'boolean',
  _null: 'null',
  null: 'null',
};

const EXTRA_COLUMNS: Record<string, FieldType> = { _version: 'integer', _deleted: 'boolean', _lastChangedAt: 'integer' };

export type FilterInput = { readonly [key: string]: unknown };

/**
 * How far a filter may reach (docs/architecture.md, “API errors, filters and secrets”): `and`,
 * `or` and `not` nest at most 10 levels, and a filter holds at most 1,000 conditions in all (the
 * web asks for up to 500 records by id in one `or`).
 */
export const MAX_FILTER_DEPTH = 10;
export const MAX_FILTER_CONDITIONS = 1000;

/**
 * Refuses a filter beyond the bounds, walking it with an explicit stack before anything recurses
 * into it: the compiler below, and the database's parser of the statement it makes.
 */
function checkFilterBounds(filter: FilterInput): void {
  const stack: { filter: FilterInput; depth: number }[] = [{ filter, depth: 0 }];
  let conditions = 0;
  for (let item = stack.pop(); item; item = stack.pop()) {
    for (const [key, value] of Object.entries(item.filter)) {
      if (value === undefined || value === null) continue;
      conditions += 1;
      if (key !== 'and' && key !== 'or' && key !== 'not') continue;
      if (item.depth >= MAX_FILTER_DEPTH)
        throw validationError(`filter: and, or and not nest at most ${MAX_FILTER_DEPTH} levels deep`);
      for (const child of Array.isArray(value) ? value : [value])
        if (child && typeof child === 'object') stack.push({ filter: child as FilterInput, depth: item.depth + 1 });
    }
    if (conditions > MAX_FILTER_CONDITIONS)
      throw validationError(`filter: at most ${MAX_FILTER_CONDITIONS} conditions are allowed`);
  }
}

/** Compiles an AppSync filter (`and`/`or`/`not` and per-field operators) to a SQL condition. */
export function filterSql(entity: EntityDef, filter: FilterInput | null | undefined, params: SqlParams): string {
  if (!filter) return 'TRUE';
  checkFilterBounds(filter);
  return compile(entity, filter, params);
}

function compile(entity: EntityDef, filter: FilterInput | null | undefined, params: SqlParams): string {
  if (!filter) return 'TRUE';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null) continue;
    if (key === 'and' || key === 'or') {
      const list = (value as FilterInput[]).map((f) => compile(entity, f, params));
      if (list.length) parts.push(`(${list.join(key === 'and' ? ' AND ' : ' OR ')})`);
    } else if (key === 'not') {
      parts.push(`NOT COALESCE(${compile(entity, value as FilterInput, params)}, FALSE)`);
    } else {
      const field = entity.fieldsByName.get(key);
      const type = field?.type ?? EXTRA_COLUMNS[key];
      if (!type) throw validationError(`Unknown filter field ${key} on ${entity.name}`);
      if (type === 'secret') throw validationError(`${key} is secret: it cannot be filtered on`);
      parts.push(fieldConditions(key, field, COMPARISONS[type], value as FilterInput, params));
    }
  }
  return parts.length ? parts.join(' AND ') : 'TRUE';
}

/** Field types whose values the database casts, so a malformed one would fail the statement. */
const CAST_CHECKED = new Set<FieldType>(['date', 'datetime', 'money', 'rate', 'ratio']);
/** The operators that cast their value to the field's type (the others compare text or test null). */
const CAST_OPERATORS = new Set(['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'between']);

/**
 * A value compared with a date or a decimal, validated as the field's own values are (an
 * impossible date or a word is refused naming the field; negative amounts may be compared).
 */
function operand(field: FieldDef | undefined, op: string, value: unknown): unknown {
  if (value === undefined || value === null || !field || !CAST_CHECKED.has(field.type) || !CAST_OPERATORS.has(op))
    return value;
  const parsed = fieldSchema({ ...field, signed: true }).safeParse(value);
  if (!parsed.success) throw validationError(`filter ${field.name}.${op}: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

function fieldConditions(
  name: string,
  field: FieldDef | undefined,
  cmp: Comparison,
  ops: FilterInput,
  params: SqlParams,
): string {
  const col = q(name);
  const parts: string[] = [];
  const uuidColumn = cmp.cast === 'uuid';
  // A malformed id cannot match a uuid column: compare as text instead of failing the query, all
  // the values of one comparison alike (a range of an id and a word is compared as text).
  const asText = (values: readonly unknown[]): boolean => uuidColumn && !values.every(isUuid);
  const colFor = (...values: unknown[]): string => (asText(values) ? `${col}::text` : col);
  const val = (v: unknown, ...others: unknown[]): string =>
    asText([v, ...others]) ? `${params.add(String(v))}::text` : `${params.add(v as string)}::${cmp.cast}`;
  const text = uuidColumn || cmp.cast !== 'text' ? `${col}::text` : col;
  for (const [op, raw] of Object.entries(ops)) {
    if (raw === undefined || raw === null) continue;
    const v = Array.isArray(raw) ? raw.map((r) => operand(field, op, r)) : operand(field, op, raw);
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
        parts.push(`${colFor(...range)} BETWEEN ${val(range[0], range[1])} AND ${val(range[1], range[0])}`);
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
