import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';

const ADMIN_GROUP = '00000000-0000-4000-8000-000000000001';
const CREATE = 'mutation ($input: CreateInsuranceInput!) { createInsurance(input: $input) { id _version } }';
const UPDATE = 'mutation ($input: UpdateInsuranceInput!) { updateInsurance(input: $input) { id } }';

/** The insurance record rules (packages/domain/src/rules/insurance.ts) on the server, on every path. */
describeDatabases('Insurance records on the server', (db) => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await createApiHarness(db());
    api.callers.set('admin', { sub: 'admin-sub', groupId: ADMIN_GROUP, role: 'Admin' });
  });
  afterAll(async () => api.app.close());

  it('refuses an empty insurance record, naming the missing fields', async () => {
    const res = await api.gql('admin', CREATE, { input: {} });
    expect(res.errors?.[0]?.errorType).toBe('ValidationError');
    const message = String(res.errors?.[0]?.message);
    for (const field of ['insurance_name', 'insurance_type', 'insurance_cover_amount'])
      expect(message).toContain(field);
  });

  it('accepts insurer, type and a cover, and refuses an update that empties it', async () => {
    const res = await api.gql<{ createInsurance: { id: string; _version: number } }>('admin', CREATE, {
      input: {
        insurance_name: 'Atradius',
        insurance_type: 'Single buyer',
        insurance_cover_amount: '250000.00',
        insurance_cover_currency: 'EUR',
      },
    });
    expect(res.errors).toBeUndefined();
    const created = res.data!.createInsurance;
    const emptied = await api.gql('admin', UPDATE, {
      input: { id: created.id, _version: created._version, insurance_cover_currency: null },
    });
    expect(emptied.errors?.[0]?.errorType).toBe('ValidationError');
    expect(String(emptied.errors?.[0]?.message)).toContain('insurance_cover_currency');
  });
});
