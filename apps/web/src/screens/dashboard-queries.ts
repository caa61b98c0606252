import type { QueryClient } from '@tanstack/react-query';
import { dashboardQuery } from './dashboard-api.ts';

/**
 * Starts the dashboard's one query (the dashboard route's loader calls it while the screen's chunk
 * loads). A module of its own, so that the loader does not wait for the screen's components.
 */
export async function prefetchDashboard(client: QueryClient): Promise<void> {
  await client.prefetchQuery(dashboardQuery());
}
