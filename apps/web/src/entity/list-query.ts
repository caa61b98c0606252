import type { EntityDef } from '@rf/domain/entity';
import { gql, type ApiRecord } from './graphql-client.ts';

/**
 * The data API's list query for one entity's declaration: what queries.ts asks for every model
 * through the registry, and profile-query.ts for the organisation's party record through that
 * party's declaration alone (docs/architecture.md, “Web bundle and first load”).
 */

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

/** The fields the API returns: every declared field except secrets, plus `_version`. */
export function selectionFor(def: EntityDef): string {
  return [...def.allFields.filter((f) => f.type !== 'secret').map((f) => f.name), '_version'].join(' ');
}

export function listQueryFor(def: EntityDef, withTotal: boolean): string {
  const op = `list${def.plural}`;
  return `query List${def.plural}($filter: Model${def.name}FilterInput, $limit: Int, $nextToken: String, $sort: [ModelSortInput!]) { ${op}(filter: $filter, limit: $limit, nextToken: $nextToken, sort: $sort) { items { ${selectionFor(def)} } nextToken${withTotal ? ' total' : ''} } }`;
}

/** One page of `def`'s list. */
export async function listPageOf(def: EntityDef, args: ListArgs, withTotal = false): Promise<Page> {
  const data = await gql<
    Record<string, { items: ApiRecord[]; nextToken?: string | null; total?: number | null }>
  >(listQueryFor(def, withTotal), {
    filter: args.filter && Object.keys(args.filter).length ? args.filter : null,
    limit: args.limit ?? 100,
    nextToken: args.nextToken ?? null,
    sort: args.sort?.length ? args.sort : null,
  });
  const conn = data[`list${def.plural}`];
  return {
    items: (conn?.items ?? []).filter(Boolean),
    nextToken: conn?.nextToken ?? null,
    total: typeof conn?.total === 'number' ? conn.total : null,
  };
}
