import type { EntityDef, ModelName } from '@rf/domain/entity';
import { REGISTRY } from '@rf/domain/registry';
import type { FieldDef } from '@rf/domain/fields';
import { gql, type ApiRecord } from './graphql-client.ts';
import { withScreenLabels } from './labels.ts';
import { listPageOf, listQueryFor, selectionFor, type ListArgs, type Page } from './list-query.ts';

export type { Filter, ListArgs, Page, SortSpec } from './list-query.ts';

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
  return selectionFor(entity(model));
}

export const getQuery = (model: ModelName): string =>
  `query Get${model}($id: ID!) { get${model}(id: $id) { ${selectionOf(model)} } }`;

export const listQuery = (model: ModelName, withTotal: boolean): string =>
  listQueryFor(entity(model), withTotal);

const mutation = (verb: 'create' | 'update' | 'delete', model: ModelName): string => {
  const input = `${verb.charAt(0).toUpperCase()}${verb.slice(1)}${model}Input`;
  return `mutation ${verb}${model}($input: ${input}!) { ${verb}${model}(input: $input) { ${selectionOf(model)} } }`;
};

export async function getRecord(model: ModelName, id: string): Promise<ApiRecord | null> {
  const data = await gql<Record<string, ApiRecord | null>>(getQuery(model), { id });
  return data[`get${model}`] ?? null;
}

export async function listPage(model: ModelName, args: ListArgs, withTotal = false): Promise<Page> {
  return listPageOf(entity(model), args, withTotal);
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
