import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { buildWorld, CALLERS, type World } from '../testing/world.ts';

describeDatabases('initial statuses of new records', (db) => {
  let api: ApiHarness;
  let world: World;
  const createFinancials = (who: string, parent: string) =>
    api.gql<{ createFinancials: { financials_status: string | null } }>(
      who,
      `mutation { createFinancials(input: { ${parent}, financials_reporting_period: 2025 }) { financials_status } }`,
    );
  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    world = await buildWorld(api, '');
  });
  afterAll(async () => api.app.close());

  it('starts a party’s own financial statements Under Review, ready for the admin’s decision', async () => {
    const res = await createFinancials('Supplier', `supplierId: "${world.Supplier}"`);
    expect(res.errors).toBeUndefined();
    expect(res.data!.createFinancials.financials_status).toBe('Under Review');
  });

  it('leaves a buyer’s statements without one: there the field holds the audit type', async () => {
    const res = await createFinancials('Admin', `buyerId: "${world.Buyer}"`);
    expect(res.errors).toBeUndefined();
    expect(res.data!.createFinancials.financials_status).toBeNull();
  });
});
