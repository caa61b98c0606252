import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { insertRow, updateRow } from '../data/rows.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';

const ADMIN_ORG = '30000000-0000-4000-8000-000000000001';
const SUPPLIER_ORG = '30000000-0000-4000-8000-00000000000a';
const CLIENT = { remoteAddress: '203.0.113.9', userAgent: 'audit-test/1.0' };

interface Change {
  field: string;
  old: string | null;
  new: string | null;
}
interface Event {
  action: string;
  model: string;
  recordId: string | null;
  actorSub: string | null;
  actorName: string | null;
  actorGroupId: string | null;
  actorRole: string | null;
  address: string | null;
  userAgent: string | null;
  ownerGroupId: string | null;
  changes: Change[];
}
type Answer<T> = { data?: T | null; errors?: { message: string; errorType: string }[] };

const EVENT_FIELDS =
  'action model recordId actorSub actorName actorGroupId actorRole address userAgent ownerGroupId changes { field old new }';
const LIST = `query ($filter: AuditEventFilterInput, $limit: Int, $nextToken: String) {
  listAuditEvents(filter: $filter, limit: $limit, nextToken: $nextToken) { items { ${EVENT_FIELDS} } nextToken } }`;

/**
 * The audit trail (docs/architecture.md, “Audit trail”): every write leaves one event in its own
 * transaction, naming who, when, from where, the record and each changed field; secrets masked;
 * administrators read it and nobody changes it.
 */
describeDatabases('audit trail', (db) => {
  let api: ApiHarness;
  let supplierId: string;

  /** A GraphQL call from CLIENT's address and user agent. */
  const gql = async <T>(token: string, query: string, variables?: Record<string, unknown>) => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { authorization: token, 'user-agent': CLIENT.userAgent },
      remoteAddress: CLIENT.remoteAddress,
      payload: { query, variables },
    });
    return res.json<Answer<T>>();
  };
  const events = async (filter: Record<string, unknown>, limit?: number): Promise<Event[]> => {
    const res = await gql<{ listAuditEvents: { items: Event[] } }>('admin', LIST, { filter, limit });
    expect(res.errors).toBeUndefined();
    return res.data!.listAuditEvents.items;
  };
  const versionOf = async (model: string, id: string): Promise<number> => {
    const res = await gql<Record<string, { _version: number }>>(
      'admin',
      `query { get${model}(id: "${id}") { _version } }`,
    );
    return res.data![`get${model}`]!._version;
  };

  beforeAll(async () => {
    api = await createApiHarness(db());
    api.callers.set('admin', { sub: 'admin-sub', groupId: ADMIN_ORG, role: 'Admin', name: 'Ada Admin' });
    api.callers.set('supplier', { sub: 'supplier-sub', groupId: SUPPLIER_ORG, role: 'Supplier' });
    const made = await gql<{ createSupplier: { id: string } }>(
      'admin',
      `mutation { createSupplier(input: { userId: "${SUPPLIER_ORG}", supplier_name: "Acme Ltd", supplier_country: "US" }) { id } }`,
    );
    expect(made.errors).toBeUndefined();
    supplierId = made.data!.createSupplier.id;
  });
  afterAll(async () => api.app.close());

  it('records a create: who, from where, the record and every field it set', async () => {
    const [event, ...more] = await events({ recordId: supplierId });
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      action: 'create',
      model: 'Supplier',
      recordId: supplierId,
      actorSub: 'admin-sub',
      actorName: 'Ada Admin',
      actorGroupId: ADMIN_ORG,
      actorRole: 'Admin',
      address: CLIENT.remoteAddress,
      userAgent: CLIENT.userAgent,
      ownerGroupId: SUPPLIER_ORG,
    });
    expect(event!.changes).toEqual(
      expect.arrayContaining([
        { field: 'supplier_name', old: null, new: '"Acme Ltd"' },
        { field: 'supplier_country', old: null, new: '"US"' },
        { field: 'userId', old: null, new: `"${SUPPLIER_ORG}"` },
      ]),
    );
    // The write path's own bookkeeping is not news.
    expect(event!.changes.map((c) => c.field)).not.toContain('updatedAt');
  });

  it('records an update with each changed field before and after, and no unchanged field', async () => {
    const res = await gql(
      'admin',
      `mutation { updateSupplier(input: { id: "${supplierId}", _version: ${await versionOf('Supplier', supplierId)}, supplier_name: "Acme Holdings", supplier_country: "US" }) { id } }`,
    );
    expect(res.errors).toBeUndefined();
    const [latest] = await events({ recordId: supplierId });
    expect(latest).toMatchObject({ action: 'update', actorSub: 'admin-sub', address: CLIENT.remoteAddress });
    expect(latest!.changes).toEqual([{ field: 'supplier_name', old: '"Acme Ltd"', new: '"Acme Holdings"' }]);
  });

  it('records a named operation under its name, with the status it moved', async () => {
    const director = await gql<{ createDirector: { id: string } }>(
      'admin',
      `mutation { createDirector(input: { userId: "${SUPPLIER_ORG}", supplierId: "${supplierId}", director_name: "Dana Director" }) { id } }`,
    );
    const id = director.data!.createDirector.id;
    const approved = await gql('admin', `mutation { approveDirector(input: { id: "${id}" }) { id } }`);
    expect(approved.errors).toBeUndefined();
    const [latest, created] = await events({ recordId: id });
    expect(created!.action).toBe('create');
    expect(latest).toMatchObject({ action: 'approveDirector', model: 'Director', actorSub: 'admin-sub' });
    expect(latest!.changes).toEqual([{ field: 'director_status', old: '"Under Review"', new: '"Approved"' }]);
  });

  it('records a delete', async () => {
    const made = await gql<{ createDirector: { id: string } }>(
      'admin',
      `mutation { createDirector(input: { userId: "${SUPPLIER_ORG}", supplierId: "${supplierId}", director_name: "Short Lived" }) { id } }`,
    );
    const id = made.data!.createDirector.id;
    const res = await gql(
      'admin',
      `mutation { deleteDirector(input: { id: "${id}", _version: ${await versionOf('Director', id)} }) { id } }`,
    );
    expect(res.errors).toBeUndefined();
    const [latest] = await events({ recordId: id });
    expect(latest).toMatchObject({ action: 'delete', model: 'Director', ownerGroupId: SUPPLIER_ORG });
    expect(latest!.changes).toEqual([{ field: '_deleted', old: 'false', new: 'true' }]);
  });

  it('writes each event in the write’s transaction: a rolled-back write leaves none', async () => {
    const by = { sub: 'admin-sub', groupId: ADMIN_ORG, role: 'Admin' };
    let id = '';
    await expect(
      db().transaction(async (tx) => {
        id = await insertRow(
          tx,
          'Director',
          { director_name: 'Never' },
          { by, at: new Date(), owner: SUPPLIER_ORG },
        );
        await updateRow(tx, 'Supplier', supplierId, { supplier_name: 'Never' }, { by, at: new Date() });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await events({ recordId: id })).toEqual([]);
    expect((await events({ recordId: supplierId })).map((e) => e.changes[0]?.new)).not.toContain('"Never"');
  });

  it('masks secrets: their values are never recorded', async () => {
    const made = await gql<{ createPlaidauth: { id: string } }>(
      'admin',
      `mutation { createPlaidauth(input: { userId: "${SUPPLIER_ORG}", accessToken1: "access-sandbox-first" }) { id } }`,
    );
    const id = made.data!.createPlaidauth.id;
    await gql(
      'admin',
      `mutation { updatePlaidauth(input: { id: "${id}", _version: ${await versionOf('Plaidauth', id)}, accessToken1: "access-sandbox-second" }) { id } }`,
    );
    const [updated, created] = await events({ recordId: id });
    expect(created!.changes).toContainEqual({ field: 'accessToken1', old: null, new: '"•••• changed"' });
    expect(updated!.changes).toEqual([{ field: 'accessToken1', old: '"••••"', new: '"•••• changed"' }]);
    const stored = await db().query(`SELECT changes::text AS t FROM audit_event WHERE record_id = $1`, [id]);
    expect(stored.map((r) => String(r.t)).join()).not.toMatch(/access-sandbox/);
  });

  it('is read by administrators only', async () => {
    for (const token of ['supplier', null]) {
      const res = await api.gql(token, LIST, {});
      expect(res.errors?.[0]?.errorType, String(token)).toBe('Unauthorized');
      expect(res.data ?? null).toBeNull();
    }
  });

  it('cannot be changed: no mutation touches it, and the database refuses updates and deletes', async () => {
    const schema = await api.gql<{ __schema: { mutationType: { fields: { name: string }[] } } }>(
      'admin',
      '{ __schema { mutationType { fields { name } } } }',
    );
    const mutations = schema.data!.__schema.mutationType.fields.map((f) => f.name);
    expect(mutations.length).toBeGreaterThan(50);
    expect(mutations.filter((m) => /audit/i.test(m))).toEqual([]);
    for (const statement of [
      `UPDATE audit_event SET action = 'forged'`,
      'DELETE FROM audit_event',
      'TRUNCATE audit_event',
    ])
      await expect(db().query(statement), statement).rejects.toThrow(/cannot be changed or deleted/);
    expect((await events({ recordId: supplierId })).length).toBe(2);
  });

  it('filters by user, organisation, model, record and period, and pages with a signed token', async () => {
    expect((await events({ userId: 'supplier-sub' })).length).toBe(0);
    const own = await gql<{ createDirector: { id: string } }>(
      'supplier',
      `mutation { createDirector(input: { supplierId: "${supplierId}", director_name: "Sam Supplier" }) { id } }`,
    );
    expect(own.errors).toBeUndefined();
    const bySupplier = await events({ userId: 'supplier-sub' });
    expect(bySupplier.map((e) => [e.action, e.model, e.recordId])).toEqual([
      ['create', 'Director', own.data!.createDirector.id],
    ]);
    // An organisation's trail: what its users did and what was done to its records.
    const org = await events({ organisationId: SUPPLIER_ORG });
    expect(org.some((e) => e.actorSub === 'admin-sub')).toBe(true);
    expect(org.some((e) => e.actorSub === 'supplier-sub')).toBe(true);
    expect((await events({ organisationId: ADMIN_ORG })).every((e) => e.actorGroupId === ADMIN_ORG)).toBe(
      true,
    );
    expect((await events({ model: 'Plaidauth' })).every((e) => e.model === 'Plaidauth')).toBe(true);
    expect(await events({ model: 'Plaidauth', userId: 'supplier-sub' })).toEqual([]);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect(await events({ from: future })).toEqual([]);
    expect((await events({ to: future })).length).toBeGreaterThan(5);
    expect(await events({ to: '2020-01-01T00:00:00Z' })).toEqual([]);

    const all = await events({ organisationId: SUPPLIER_ORG }, 1000);
    const first = await gql<{ listAuditEvents: { items: Event[]; nextToken: string } }>('admin', LIST, {
      filter: { organisationId: SUPPLIER_ORG },
      limit: 2,
    });
    const token = first.data!.listAuditEvents.nextToken;
    const second = await gql<{ listAuditEvents: { items: Event[] } }>('admin', LIST, {
      filter: { organisationId: SUPPLIER_ORG },
      limit: 2,
      nextToken: token,
    });
    expect([...first.data!.listAuditEvents.items, ...second.data!.listAuditEvents.items]).toEqual(
      all.slice(0, 4),
    );
    const foreign = await gql('admin', LIST, { filter: { model: 'Director' }, limit: 2, nextToken: token });
    expect(foreign.errors?.[0]?.errorType).toBe('ValidationError');
    const badDate = await gql('admin', LIST, { filter: { from: 'yesterday' } });
    expect(badDate.errors?.[0]?.message).toBe('from must be an ISO 8601 date-time');
  });
});
