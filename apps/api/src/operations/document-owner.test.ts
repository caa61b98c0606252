import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { buildWorld, CALLERS, ORGS, type World } from '../testing/world.ts';

/**
 * `adminnewdocument/{id}` (docs/business-rules.md, “Organisations, roles and who sees what”): a
 * document created for any record it links to, without a userId, belongs to that record's
 * organisation, so its owners (and those who see them) can read it.
 */
describeDatabases('the owner of a new document is its linked record’s organisation', (db) => {
  let api: ApiHarness;
  let world: World;
  const ids: Record<string, string> = {};

  const create = async (token: string, model: string, input: Record<string, unknown>) => {
    const res = await api.gql<Record<string, { id: string; userId: string }>>(
      token,
      `mutation ($input: Create${model}Input!) { create${model}(input: $input) { id userId } }`,
      { input },
    );
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    return res.data![`create${model}`]!;
  };

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    world = await buildWorld(api, '');
    ids.investorDirector = (
      await create('Admin', 'Director', {
        director_name: 'Ida Investor-Director',
        investorId: world.Investor,
        userId: ORGS.investor,
      })
    ).id;
    ids.brokerUbo = (
      await create('Admin', 'UBO', {
        ubo_name: 'Bo Broker-Owner',
        brokerId: world.Broker,
        userId: ORGS.broker,
      })
    ).id;
    ids.investorStatements = (
      await create('Admin', 'Financials', { investorId: world.Investor, userId: ORGS.investor })
    ).id;
  });
  afterAll(async () => api.app.close());

  const cases: [string, () => Record<string, string>, string][] = [
    ['an investor', () => ({ investorId: world.Investor }), ORGS.investor],
    ['an SPV', () => ({ spvId: world.Spv }), ORGS.spv],
    ['a broker', () => ({ brokerId: world.Broker }), ORGS.broker],
    ['a buyer line', () => ({ buyerId: world.Buyer }), ORGS.supplier],
    ['an investor’s director', () => ({ directorId: ids.investorDirector! }), ORGS.investor],
    ['a broker’s UBO', () => ({ uboId: ids.brokerUbo! }), ORGS.broker],
    ['an investor’s financial statements', () => ({ financialsId: ids.investorStatements! }), ORGS.investor],
    ['an investor’s bank account', () => ({ bankId: world.Bank }), ORGS.investor],
    ['a request', () => ({ requestId: world.Request }), ORGS.supplier],
    ['a transaction', () => ({ transactionId: world.Transaction }), ORGS.investor],
  ];
  it.each(cases)(
    'a document of %s created by the admin belongs to its organisation',
    async (_, link, owner) => {
      const doc = await create('Admin', 'Document', { ...link(), document_type: 'Company Credit Report' });
      expect(doc.userId).toBe(owner);
    },
  );

  it('the organisation that owns the linked record reads the document; another does not', async () => {
    const doc = await create('Admin', 'Document', { brokerId: world.Broker, document_type: 'RPA' });
    const query = `query { getDocument(id: "${doc.id}") { id brokerId } }`;
    const own = await api.gql<{ getDocument: { id: string } | null }>('Broker', query);
    expect(own.data?.getDocument?.id).toBe(doc.id);
    const other = await api.gql<{ getDocument: { id: string } | null }>('Investor', query);
    expect(other.data?.getDocument ?? null).toBeNull();
  });

  it('an explicit userId still wins, and a supplier’s introducing broker never becomes its owner', async () => {
    const doc = await create('Admin', 'Document', {
      investorId: world.Investor,
      userId: ORGS.spv,
      document_type: 'RAA',
    });
    expect(doc.userId).toBe(ORGS.spv);
    const supplier = await create('Admin', 'Supplier', {
      supplier_name: 'Introduced Ltd',
      brokerId: world.Broker,
    });
    expect(supplier.userId).toBe(ORGS.admin);
  });
});
