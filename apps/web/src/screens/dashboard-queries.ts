import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { listAll } from '../entity/queries.ts';

/**
 * Every record of `model` the user may see: useAll's query (same key, so the cache is shared). A
 * module of its own, so that the dashboard route's loader can start the queries without waiting for
 * the screen's chunk and its components.
 */
export const allOf = (model: 'Buyer' | 'Request') =>
  queryOptions({
    queryKey: [model, 'all', null, 2000],
    queryFn: () => listAll(model, { filter: undefined, limit: 1000 }, 2000),
  });

/** Starts the dashboard's queries (the dashboard route's loader calls it while the screen's chunk loads). */
export async function prefetchDashboard(client: QueryClient): Promise<void> {
  await Promise.all([client.prefetchQuery(allOf('Buyer')), client.prefetchQuery(allOf('Request'))]);
}
