import { afterAll, beforeAll, expect, it } from 'vitest';
import { filterSql } from '../data/filter-sql.ts';
import { SqlParams } from '../data/sql-params.ts';
import { REGISTRY } from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';

const GROUP = '00000000-0000-4000-8000-000000000001';

/**
 * A bank-link access token was recovered through `listPlaidauths(filter: { accessToken1:
 * { beginsWith: … } })` a character at a time: secrets are never compared, whatever the path
 * (docs/architecture.md, “API errors, filters and secrets”).
 */
describeDatabases('secret fields', (db) => {
  let api: ApiHarness;
  let id: string;
  beforeAll(async () => {
    api = await createApiHarness(db());
    api.callers.set('admin', { sub: 'admin-sub', groupId: GROUP, role: 'Admin' });
    const made = await api.gql<{ createPlaidauth: { id: string } }>(
      'admin',
      'mutation { createPlaidauth(input: { accessToken1: "access-sandbox-123" }) { id } }',
    );
    expect(made.errors).toBeUndefined();
    id = made.data!.createPlaidauth.id;
  });
  afterAll(async () => api.app.close());

  it('cannot be filtered on, even by an administrator', async () => {
    for (const op of ['beginsWith: "access"', 'eq: "access-sandbox-123"', 'attributeExists: true']) {
      const res = await api.gql(
        'admin',
        `query { listPlaidauths(filter: { accessToken1: { ${op} } }) { items { id } } }`,
      );
      expect(res.errors?.[0]?.errorType, op).toBe('ValidationError');
      expect(res.data?.listPlaidauths ?? null, op).toBeNull();
    }
    const nested = await api.gql(
      'admin',
      'query { listPlaidauths(filter: { or: [{ not: { accessToken2: { beginsWith: "a" } } }] }) { items { id } } }',
    );
    expect(nested.errors?.[0]?.errorType).toBe('ValidationError');
  });

  it('cannot be a condition of an update, nor a sort key, nor be read back', async () => {
    const conditional = await api.gql(
      'admin',
      `mutation { updatePlaidauth(input: { id: "${id}" }, condition: { accessToken1: { beginsWith: "a" } }) { id } }`,
    );
    expect(conditional.errors?.[0]?.errorType).toBe('ValidationError');
    const sorted = await api.gql(
      'admin',
      'query { listPlaidauths(sort: [{ field: "accessToken1", direction: asc }]) { items { id } } }',
    );
    expect(sorted.errors?.[0]?.message).toBe('accessToken1 is secret: it cannot be sorted on');
    const read = await api.gql<{ getPlaidauth: { accessToken1: string | null } }>(
      'admin',
      `query { getPlaidauth(id: "${id}") { accessToken1 } }`,
    );
    expect(read.data?.getPlaidauth.accessToken1).toBeNull();
  });

  it('are refused by the SQL compiler too, for filters that do not come through the schema', () => {
    expect(() =>
      filterSql(REGISTRY.Plaidauth, { accessToken1: { beginsWith: 'a' } }, new SqlParams()),
    ).toThrow('accessToken1 is secret: it cannot be filtered on');
  });
});
