import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { buildWorld, type World } from '../testing/world.ts';
import { dashboardOf, WHO } from './test-dashboard-data.ts';

/** The dashboard names the caller's organisation (docs/architecture.md, “Web bundle and first load”). */
describeDatabases('dashboard organisation', (db) => {
  let api: ApiHarness;
  let world: World;
  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(WHO)) api.callers.set(name, caller);
    world = await buildWorld(api, '');
  }, 120_000);
  afterAll(async () => {
    await api.app.close();
  });

  it('names each caller’s own organisation with its status, read afresh, and none for administrators', async () => {
    expect((await dashboardOf(api, 'Admin')).organisation).toBeNull();
    for (const who of ['Supplier', 'Investor', 'Spv', 'Broker'] as const) {
      const t = who.toLowerCase();
      const [row] = await db().query(
        `SELECT ${t}_name AS name, ${t}_status AS status FROM ${t} WHERE id = $1`,
        [world[who]],
      );
      expect((await dashboardOf(api, who)).organisation, who).toEqual(row);
    }
    // Not kept with the figures: a status moved since shows on the next read.
    await db().query(`UPDATE supplier SET supplier_status = 'Under Review' WHERE id = $1`, [world.Supplier]);
    expect((await dashboardOf(api, 'Supplier')).organisation?.status).toBe('Under Review');
  });
});
