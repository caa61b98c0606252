import type { EntityDef, ModelName } from '@rf/domain/entity';
import { REGISTRY } from '@rf/domain/registry';
import type { FieldDef } from '@rf/domain/fields';
import { gql, type ApiRecord } from './graphql-client.ts';
import { withScreenLabels } from './labels.ts';

export type Filter = Record<string, unknown>;
export interface SortSpec {
  readonly field: string;
  readonly direction: 'asc' | 'desc';
}
export interface ListArgs {
  readonly filter?: Filter | undefined;
  readonly limit?: number | undefined;
  readonly nextToken?: string | null | undefined;
  readonly sort?: readonly SortSpec[] | undefined;
}
export interface Page {
  readonly items: ApiRecord[];
  readonly nextToken: string | null;
  readonly total: number | null;
}

const labelled = new Map<ModelName, EntityDef>();

/** The registry's entity, with labels made for screens (see labels.ts). */
export function entity(model: ModelName): EntityDef {
  let e = labelled.get(model);
  if (!e) {
    e = withScreenLabels(REGISTRY[model]);
    labelled.set(model, e);
  }
  return e;
}

/** Fields the API returns: every registry field except secrets, plus `_version`. */
export function readableFields(model: ModelName): FieldDef[] {
  return entity(model).allFields.filter((f) => f.type !== 'secret');
}

export function selectionOf(model: ModelName): string {
  return [...readableFields(model).map((f) => f.name), '_version'].join(' ');
}

export const getQuery = (model: ModelName): string =>
  `query Get${model}($id: ID!) { get${model}(id: $id) { ${selectionOf(model)} } }`;

export const listQuery = (model: ModelName, withTotal: boolean): string => {
  const op = `list${entity(model).plural}`;
  return `query List${entity(model).plural}($filter: Model${model}FilterInput, $limit: Int, $nextToken: String, $sort: [ModelSortInput!]) { ${op}(filter: $filter, limit: $limit, nextToken: $nextToken, sort: $sort) { items { ${selectionOf(model)} } nextToken${withTotal ? ' total' : ''} } }`;
};

const mutation = (verb: 'create' | 'update' | 'delete', model: ModelName): string => {
  const input = `${verb.charAt(0).toUpperCase()}${verb.slice(1)}${model}Input`;
  return `mutation ${verb}${model}($input: ${input}!) { ${verb}${model}(input: $input) { ${selectionOf(model)} } }`;
};

export async function getRecord(model: ModelName, id: string): Promise<ApiRecord | null> {
  const data = await gql<Record<string, ApiRecord | null>>(getQuery(model), { id });
  return data[`get${model}`] ?? null;
}

export async function listPage(model: ModelName, args: ListArgs, withTotal = false): Promise<Page> {
  const data = await gql<
    Record<string, { items: ApiRecord[]; nextToken?: string | null; total?: number | null }>
  >(listQuery(model, withTotal), {
    filter: args.filter && Object.keys(args.filter).length ? args.filter : null,
    limit: args.limit ?? 100,
    nextToken: args.nextToken ?? null,
    sort: args.sort?.length ? args.sort : null,
  });
  const conn = data[`list${entity(model).plural}`];
  return {
    items: (conn?.items ?? []).filter(Boolean),
    nextToken: conn?.nextToken ?? null,
    total: typeof conn?.total === 'number' ? conn.total : null,
  };
}

/**
 * The server refuses a query that costs more than 20,000: one per field, times the rows of every
 * list above it (docs/architecture.md, “Sessions, limits and enumeration”).
 */
export const QUERY_BUDGET = 20_000;

/** The most rows of `model` one page of `listQuery` may ask for within the budget (at most 1,000). */
export function pageSizeOf(model: ModelName): number {
  // listXs, then per row: items, its fields and _version (the selection), nextToken.
  const perRow = selectionOf(model).split(' ').length + 2;
  return Math.min(1000, Math.floor((QUERY_BUDGET - 1) / perRow));
}

/** Every page of a list, up to `max` records. */
export async function listAll(model: ModelName, args: ListArgs, max = 5000): Promise<ApiRecord[]> {
  const out: ApiRecord[] = [];
  let nextToken: string | null = null;
  do {
    const page: Page = await listPage(model, {
      ...args,
      nextToken,
      limit: Math.min(pageSizeOf(model), args.limit ?? 1000),
    });
    out.push(...page.items);
    nextToken = page.nextToken;
  } while (nextToken && out.length < max);
  return out;
}

export async function createRecord(model: ModelName, input: Record<string, unknown>): Promise<ApiRecord> {
  const data = await gql<Record<string, ApiRecord>>(mutation('create', model), { input });
  return data[`create${model}`] as ApiRecord;
}

export async function updateRecord(model: ModelName, input: Record<string, unknown>): Promise<ApiRecord> {
  const data = await gql<Record<string, ApiRecord>>(mutation('update', model), { input });
  return data[`update${model}`] as ApiRecord;
}

export async function deleteRecord(
  model: ModelName,
  id: string,
  version: number | undefined,
): Promise<ApiRecord> {
  const data = await gql<Record<string, ApiRecord>>(mutation('delete', model), {
    input: { id, _version: version },
  });
  return data[`delete${model}`] as ApiRecord;
}
