import { afterAll, beforeAll, expect, it } from 'vitest';
import { MODEL_NAMES, POLICY, REGISTRY, keptBy, recordNoun, type ModelName } from '@rf/domain';
import type { Database } from '../db/database.ts';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { sampleInput } from '../testing/samples.ts';
import { approvedLineFixture } from '../testing/line-fixture.ts';

const ADMIN_GROUP = '00000000-0000-4000-8000-000000000001';

/** References each model needs to its parents, created first. */
async function createParents(api: ApiHarness, db: Database): Promise<Record<string, string>> {
  const create = async (model: ModelName, extra: Record<string, unknown> = {}) => {
    const res = await api.gql<Record<string, { id: string }>>(
      'admin',
      `mutation ($input: Create${model}Input!) { create${model}(input: $input) { id } }`,
      { input: sampleInput(REGISTRY[model], extra) },
    );
    expect(res.errors).toBeUndefined();
    return (res.data?.[`create${model}`] as { id: string }).id;
  };
  const supplierId = await create('Supplier');
  // An approved line with room: requests are refused on any other. The fixture approves it
  // directly; the approval itself is tested with the lifecycles.
  // It is funded: the offer notice a submission sends names the investor and the SPV.
  const investorId = await create('Investor');
  const spvId = await create('Spv');
  const buyerId = await create('Buyer', { supplierId, investorId, spvId, buyer_currency: 'USD' });
  await approvedLineFixture(db, buyerId);
  return { supplierId, buyerId };
}

describeDatabases('GraphQL CRUD for every model', (db) => {
  let api: ApiHarness;
  let parents: Record<string, string>;
  beforeAll(async () => {
    api = await createApiHarness(db());
    api.callers.set('admin', { sub: 'admin-sub', groupId: ADMIN_GROUP, role: 'Admin' });
    parents = await createParents(api, db());
  });
  afterAll(async () => api.app.close());

  it.each(MODEL_NAMES)('%s: create, get, list, update, delete', async (model) => {
    const entity = REGISTRY[model];
    const refs = Object.fromEntries(
      entity.fields.filter((f) => f.required && f.type === 'ref').map((f) => [f.name, parents[f.name]]),
    );
    const created = await api.gql(
      'admin',
      `mutation ($input: Create${model}Input!) { create${model}(input: $input) { id userId _version createdAt ${entity.domainId ?? ''} } }`,
      { input: sampleInput(entity, refs) },
    );
    // Bank transactions come from statements, the bank link and manual entries, never from a
    // create (docs/business-rules.md, “Payments and reconciliation”).
    if (POLICY.Admin[model].create.kind === 'none') {
      expect(created.errors?.[0]).toMatchObject({ errorType: 'Unauthorized' });
      expect(created.data?.[`create${model}`] ?? null).toBeNull();
      return;
    }
    expect(created.errors).toBeUndefined();
    const record = created.data?.[`create${model}`] as Record<string, unknown>;
    expect(record.userId).toBe(ADMIN_GROUP);
    expect(record._version).toBe(1);
    if (entity.domainId) expect(record[entity.domainId]).toBe(record.id);

    const got = await api.gql('admin', `query ($id: ID!) { get${model}(id: $id) { id } }`, { id: record.id });
    expect(got.data?.[`get${model}`]).toEqual({ id: record.id });

    const listed = await api.gql(
      'admin',
      `query { list${entity.plural}(filter: { id: { eq: "${String(record.id)}" } }) { items { id } nextToken total } }`,
    );
    expect(listed.data?.[`list${entity.plural}`]).toEqual({
      items: [{ id: record.id }],
      nextToken: null,
      total: 1,
    });

    const updated = await api.gql(
      'admin',
      `mutation ($input: Update${model}Input!) { update${model}(input: $input) { id _version } }`,
      { input: { id: record.id, _version: 1, sortkey: undefined } },
    );
    expect(updated.errors).toBeUndefined();
    expect(updated.data?.[`update${model}`]).toEqual({ id: record.id, _version: 2 });

    const deleted = await api.gql(
      'admin',
      `mutation ($input: Delete${model}Input!) { delete${model}(input: $input) { id _deleted _version } }`,
      { input: { id: record.id, _version: 2 } },
    );
    // A submitted request is kept: the supplier withdraws it instead.
    const kept = keptBy(model, {});
    if (kept) {
      expect(deleted.errors?.[0]?.message).toBe(
        `Not allowed: a ${recordNoun(model)} that is ${kept} cannot be deleted`,
      );
      return;
    }
    expect(deleted.errors).toBeUndefined();
    expect(deleted.data?.[`delete${model}`]).toEqual({ id: record.id, _deleted: true, _version: 3 });
    const gone = await api.gql('admin', `query ($id: ID!) { get${model}(id: $id) { id } }`, {
      id: record.id,
    });
    expect(gone.data?.[`get${model}`]).toBeNull();
  });
});
