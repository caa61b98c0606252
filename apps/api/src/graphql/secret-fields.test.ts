import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PLATFORM } from '../data/audit-trail.ts';
import { updateRow } from '../data/rows.ts';
import { secretCipher } from '../data/secret-fields.ts';
import { resealSecrets } from '../operations/reseal-secrets.ts';
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

  it('are stored sealed: not the token, and only the key store opens it', async () => {
    const [row] = await db().query<{ accessToken1: string }>(
      'SELECT "accessToken1" FROM plaidauth WHERE id = $1',
      [id],
    );
    expect(row?.accessToken1).toMatch(/^enc:v1:/);
    expect(row?.accessToken1).not.toContain('access-sandbox-123');
    expect(secretCipher(api.keys).open(row!.accessToken1)).toBe('access-sandbox-123');
    const other = secretCipher({ secret: randomBytes(32), previousSecrets: [] });
    expect(() => other.open(row!.accessToken1)).toThrow(/key this server does not know/);
  });

  it('are sealed on update too, and every writer must seal them', async () => {
    const current = await api.gql<{ getPlaidauth: { _version: number } }>(
      'admin',
      `query { getPlaidauth(id: "${id}") { _version } }`,
    );
    const version = current.data!.getPlaidauth._version;
    const updated = await api.gql(
      'admin',
      `mutation { updatePlaidauth(input: { id: "${id}", _version: ${version}, accessToken2: "access-sandbox-456" }) { id } }`,
    );
    expect(updated.errors).toBeUndefined();
    const [row] = await db().query<{ accessToken2: string }>(
      'SELECT "accessToken2" FROM plaidauth WHERE id = $1',
      [id],
    );
    expect(secretCipher(api.keys).open(row!.accessToken2)).toBe('access-sandbox-456');
    const write = { by: PLATFORM, at: new Date() };
    await expect(
      db().transaction((tx) => updateRow(tx, 'Plaidauth', id, { accessToken2: 'in the clear' }, write)),
    ).rejects.toThrow(/needs the secret cipher/);
  });

  it('are sealed again with a new secret after a rotation, the old one still opening them meanwhile', async () => {
    // A token stored in the clear by an earlier version is sealed too.
    await db().query('UPDATE plaidauth SET "accessToken2" = $2 WHERE id = $1', [id, 'legacy-plain']);
    const rotated = { ...api.keys, secret: randomBytes(32), previousSecrets: [api.keys.secret] };
    const resealed = await resealSecrets({ db: db(), keys: rotated }, PLATFORM);
    expect(resealed).toBeGreaterThanOrEqual(1);
    const [row] = await db().query<{ accessToken1: string; accessToken2: string }>(
      'SELECT "accessToken1", "accessToken2" FROM plaidauth WHERE id = $1',
      [id],
    );
    const now = secretCipher({ secret: rotated.secret, previousSecrets: [] });
    expect(now.open(row!.accessToken1)).toBe('access-sandbox-123');
    expect(now.open(row!.accessToken2)).toBe('legacy-plain');
    expect(await resealSecrets({ db: db(), keys: rotated }, PLATFORM)).toBe(0);
    const [event] = await db().query<{ changes: unknown }>(
      `SELECT changes FROM audit_event WHERE action = 'resealSecrets' AND record_id = $1`,
      [id],
    );
    expect(JSON.stringify(event?.changes)).not.toMatch(/access-sandbox|legacy-plain|enc:v1/);
  });

  it('are refused by the SQL compiler too, for filters that do not come through the schema', () => {
    expect(() =>
      filterSql(REGISTRY.Plaidauth, { accessToken1: { beginsWith: 'a' } }, new SqlParams()),
    ).toThrow('accessToken1 is secret: it cannot be filtered on');
  });
});
