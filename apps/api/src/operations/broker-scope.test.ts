import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRY, type ModelName } from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { sampleInput } from '../testing/samples.ts';
import { buildWorld, CALLERS, ORGS, type World } from '../testing/world.ts';
import { canReadFile } from './can-read-file.ts';

type Answer = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; errorType: string }[];
};

/**
 * The broker's scope on the server (docs/business-rules.md, “Party records and inviting users”):
 * the broker proposes and submits terms only on its introduced suppliers' lines, names the investor
 * and SPV without reading them, never approves, sees no bank data, its records belong to the
 * supplier's organisation, and no write can pull another organisation into its scope. (What every
 * role may read and write of every model is the policy matrix's.)
 */
describeDatabases('broker scope', (db) => {
  let api: ApiHarness;
  let world: World;
  let other: World;
  let investor = '';
  let spv = '';
  let draftInvestor = '';
  let invited: { groupId: string; supplierId: string } = { groupId: '', supplierId: '' };

  const create = async (who: string, model: ModelName, values: Record<string, unknown>): Promise<Answer> =>
    api.gql(who, `mutation ($input: Create${model}Input!) { create${model}(input: $input) { id userId } }`, {
      input: sampleInput(REGISTRY[model], values),
    });
  const created = async (who: string, model: ModelName, values: Record<string, unknown>) => {
    const res = await create(who, model, values);
    expect(res.errors, model).toBeUndefined();
    return res.data![`create${model}`] as { id: string; userId: string };
  };
  const version = async (model: ModelName, id: string): Promise<number> => {
    const res = await api.gql<Record<string, { _version: number }>>(
      'Admin',
      `query { get${model}(id: "${id}") { _version } }`,
    );
    return res.data![`get${model}`]!._version;
  };
  const update = async (who: string, model: ModelName, id: string, values: Record<string, unknown>) =>
    api.gql(who, `mutation ($input: Update${model}Input!) { update${model}(input: $input) { id } }`, {
      input: { id, _version: await version(model, id), ...values },
    }) as Promise<Answer>;
  const move = (who: string, input: Record<string, unknown>): Promise<Answer> =>
    api.gql(who, 'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }', { input });
  const statusOf = async (id: string) =>
    (
      await api.gql<{ getBuyer: { buyer_status: string } }>(
        'Admin',
        `query { getBuyer(id: "${id}") { buyer_status } }`,
      )
    ).data!.getBuyer.buyer_status;
  const terms = (extra: Record<string, unknown> = {}) => ({
    buyer_currency: 'USD',
    buyer_loan_request_amount: '750000',
    buyer_loan_advance_rate: '90',
    buyer_loan_rate: 'SOFR(3M)',
    buyer_loan_discount_fee: '4',
    buyer_loan_transaction_fee: '25',
    buyer_loan_broker_fee: '20',
    buyer_loan_spv_fee: '0.5',
    investorId: investor,
    spvId: spv,
    ...extra,
  });

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS))
      api.callers.set(name, { ...caller, name: `${name} user` });
    world = await buildWorld(api, '');
    other = await buildWorld(api, '2');
    // Funders a line may be offered to: approved ones, and one still in onboarding.
    investor = (await created('Admin', 'Investor', { userId: ORGS.investor2 })).id;
    spv = (await created('Admin', 'Spv', { userId: ORGS.spv2 })).id;
    // Approved as onboarding would leave them (the fixture skips the KYC steps).
    await db().query(`UPDATE "investor" SET investor_status = 'Approved' WHERE id = $1`, [investor]);
    await db().query(`UPDATE "spv" SET spv_status = 'Approved' WHERE id = $1`, [spv]);
    draftInvestor = (await created('Admin', 'Investor', { userId: ORGS.investor2 })).id;
  });
  afterAll(async () => api.app.close());

  describe('buyer lines', () => {
    it('lists the approved investors and SPVs by name for brokers and admin only', async () => {
      const res = await api.gql<{ funders: { id: string; model: string; name: string }[] }>(
        'Broker',
        'query { funders { id model name } }',
      );
      expect(res.errors).toBeUndefined();
      const ids = res.data!.funders.map((f) => f.id);
      expect(ids).toEqual(expect.arrayContaining([investor, spv]));
      expect(ids).not.toContain(draftInvestor);
      expect(res.data!.funders.find((f) => f.id === investor)).toMatchObject({ model: 'Investor' });
      for (const role of ['Supplier', 'Investor', 'Spv'])
        expect((await api.gql(role, 'query { funders { id } }')).errors?.[0]?.errorType, role).toBe(
          'Unauthorized',
        );
      // Naming them does not let the broker read the companies.
      const read = await api.gql<{ getInvestor: unknown }>(
        'Broker',
        `query { getInvestor(id: "${investor}") { id } }`,
      );
      expect(read.data?.getInvestor).toBeNull();
    });

    it('adds a line for its supplier, proposes terms and submits it, but never approves it', async () => {
      const line = await created('Broker', 'Buyer', {
        supplierId: world.Supplier,
        userId: ORGS.supplier,
        buyer_name: 'Broker Line GmbH',
        buyer_loan_request_amount: '500000',
      });
      expect(line.userId).toBe(ORGS.supplier);
      expect(await statusOf(line.id)).toBe('Under Review');

      const draft = await update('Broker', 'Buyer', line.id, { investorId: draftInvestor });
      expect(draft.errors?.[0]?.message).toMatch(/investorId does not name an approved Investor/);
      expect(await update('Broker', 'Buyer', line.id, terms())).not.toHaveProperty('errors');
      const limit = await update('Broker', 'Buyer', line.id, { buyer_loan_approved_amount: '1' });
      expect(limit.errors?.[0]?.errorType).toBe('Unauthorized');

      const submitted = await move('Broker', { model: 'Buyer', id: line.id, to: 'Investor Offer Pending' });
      expect(submitted.errors).toBeUndefined();
      expect(await statusOf(line.id)).toBe('Investor Offer Pending');

      const approve = await move('Broker', {
        model: 'Buyer',
        id: line.id,
        to: 'Approved',
        values: JSON.stringify({ buyer_loan_approved_amount: '500000' }),
      });
      expect(approve.errors?.[0]?.errorType).toBe('Unauthorized');
      const decline = await move('Broker', { model: 'Buyer', id: line.id, to: 'Declined', comment: 'no' });
      expect(decline.errors?.[0]?.errorType).toBe('Unauthorized');
      const reopen = await move('Broker', {
        model: 'Buyer',
        id: line.id,
        to: 'Under Review',
        comment: 'again',
      });
      expect(reopen.errors?.[0]?.errorType).toBe('Unauthorized');
      expect(await statusOf(line.id)).toBe('Investor Offer Pending');
      // Submitted terms are what the investor decides on: frozen, an unchanged value aside.
      const fee = await update('Broker', 'Buyer', line.id, { buyer_loan_broker_fee: '35' });
      expect(fee.errors?.[0]?.message).toMatch(
        /buyer_loan_broker_fee cannot be changed: the buyer line is Investor Offer Pending/,
      );
      expect(await update('Broker', 'Buyer', line.id, { buyer_loan_broker_fee: '20.00' })).not.toHaveProperty(
        'errors',
      );
      expect(await update('Broker', 'Buyer', line.id, { buyer_description: 'Dairy' })).not.toHaveProperty(
        'errors',
      );
      // Admin too: an administrator reopens the line to change its terms.
      expect(
        (await update('Admin', 'Buyer', line.id, { buyer_loan_broker_fee: '15' })).errors?.[0]?.message,
      ).toMatch(/buyer_loan_broker_fee cannot be changed: the buyer line is Investor Offer Pending/);
      const history = await api.gql<{ statusHistory: { to: string; actorRole: string }[] }>(
        'Broker',
        `query { statusHistory(model: "Buyer", id: "${line.id}") { to actorRole } }`,
      );
      expect(history.data?.statusHistory).toEqual([{ to: 'Investor Offer Pending', actorRole: 'Broker' }]);
    });

    it('cannot propose terms for or submit a line of a supplier it did not introduce', async () => {
      const terms2 = await update('Broker', 'Buyer', other.Buyer, terms());
      expect(terms2.errors?.[0]?.errorType).toMatch(/Unauthorized|NotFound/);
      await update('Admin', 'Buyer', other.Buyer, terms());
      const submit = await move('Broker', { model: 'Buyer', id: other.Buyer, to: 'Investor Offer Pending' });
      expect(submit.errors?.[0]?.errorType).toBe('Unauthorized');
      expect(await statusOf(other.Buyer)).toBe('Under Review');
      const line = await create('Broker', 'Buyer', { supplierId: other.Supplier, buyer_name: 'Not mine' });
      expect(line.errors?.[0]?.message).toMatch(/supplierId does not name a Supplier you can see/);
    });
  });

  describe('records the broker creates', () => {
    it('belong to the supplier’s organisation and carry the supplier or buyer they describe', async () => {
      for (const [model, parent] of [
        ['Director', { supplierId: world.Supplier }],
        ['UBO', { supplierId: world.Supplier, ubo_ownership_percentage: '5' }],
        ['Document', { supplierId: world.Supplier }],
        ['Document', { buyerId: world.Buyer }],
        ['Director', { buyerId: world.Buyer }],
        ['UBO', { buyerId: world.Buyer, ubo_ownership_percentage: '5' }],
        ['Financials', { buyerId: world.Buyer }],
      ] as const) {
        // Without an owner the parent's organisation owns it; with the parent's owner, the same.
        expect((await created('Broker', model, parent)).userId, `${model} ${Object.keys(parent)[0]}`).toBe(
          ORGS.supplier,
        );
        expect((await created('Broker', model, { ...parent, userId: ORGS.supplier })).userId).toBe(
          ORGS.supplier,
        );
      }
    });

    it('cannot be owned by a third organisation, even one in its scope', async () => {
      // A second introduced supplier: in the broker's scope, but not the owner of world.Supplier.
      const second = await created('Admin', 'Supplier', { userId: ORGS.spv, brokerId: world.Broker });
      expect(second.userId).toBe(ORGS.spv);
      const res = await create('Broker', 'Director', { supplierId: world.Supplier, userId: ORGS.spv });
      expect(res.errors?.[0]?.message).toMatch(
        /userId must be your organisation or the one that owns the Supplier/,
      );
      const moved = await update('Broker', 'Document', world.Document, { userId: ORGS.spv });
      expect(moved.errors?.[0]?.message).toMatch(/userId must be/);
      const foreign = await create('Broker', 'Director', {
        supplierId: world.Supplier,
        userId: ORGS.supplier2,
      });
      expect(foreign.errors?.[0]?.errorType).toMatch(/ValidationError|Unauthorized/);
    });
  });

  describe('introductions', () => {
    it('invites a supplier organisation, which comes out introduced by the broker', async () => {
      const res = await api.gql<{ createOrganisation: { groupId: string; supplierId: string } }>(
        'Broker',
        `mutation ($input: CreateOrganisationInput!) { createOrganisation(input: $input) { groupId supplierId } }`,
        {
          input: {
            group_type: 'Supplier',
            group_name: 'Introduced Trading Ltd',
            user: { name: 'Ivy Invitee', email: 'ivy.invitee@example.test' },
          },
        },
      );
      expect(res.errors).toBeUndefined();
      invited = res.data!.createOrganisation;
      const supplier = await api.gql<{ getSupplier: Record<string, unknown> }>(
        'Broker',
        `query { getSupplier(id: "${invited.supplierId}") { userId brokerId supplier_status } }`,
      );
      expect(supplier.data?.getSupplier).toEqual({
        userId: invited.groupId,
        brokerId: world.Broker,
        supplier_status: 'Draft',
      });
      expect(api.mail.some((m) => m.to.includes('ivy.invitee@example.test'))).toBe(true);
      // The broker completes the company record and adds the supplier's first buyer line.
      expect(
        await update('Broker', 'Supplier', invited.supplierId, { supplier_country: 'GB' }),
      ).not.toHaveProperty('errors');
      const line = await created('Broker', 'Buyer', {
        supplierId: invited.supplierId,
        userId: invited.groupId,
      });
      expect(line.userId).toBe(invited.groupId);
    });

    it('refuses supplier records that would pull another organisation into its scope', async () => {
      // Another organisation's supplier record, claimed as introduced: refused, nothing leaks.
      const claim = await create('Broker', 'Supplier', { userId: ORGS.supplier2, brokerId: world.Broker });
      expect(claim.errors?.[0]?.errorType).toBe('Unauthorized');
      const handOver = await update('Broker', 'Supplier', world.Supplier, { userId: ORGS.supplier2 });
      expect(handOver.errors?.[0]?.errorType).toBe('Unauthorized');
      const seen = await api.gql<{ listSuppliers: { items: { userId: string }[] } }>(
        'Broker',
        'query { listSuppliers(limit: 1000) { items { userId } } }',
      );
      expect(seen.data!.listSuppliers.items.map((s) => s.userId)).not.toContain(ORGS.supplier2);
      expect(
        (await api.gql('Broker', `query { getBuyer(id: "${other.Buyer}") { id } }`)).data?.getBuyer,
      ).toBeNull();
      // A further record for an organisation it introduced, or its own, stays possible.
      expect(
        (await created('Broker', 'Supplier', { userId: invited.groupId, brokerId: world.Broker })).userId,
      ).toBe(invited.groupId);
      expect((await created('Broker', 'Supplier', {})).userId).toBe(ORGS.broker);
    });
  });

  it('sees no bank data of its suppliers, neither the records nor their files', async () => {
    const key = 'supplier-a/bank/statement.pdf';
    const bank = await created('Admin', 'Bank', {
      userId: ORGS.supplier,
      supplierId: world.Supplier,
      account_statement_attachment: key,
    });
    expect((await api.gql('Supplier', `query { getBank(id: "${bank.id}") { id } }`)).data?.getBank).toEqual({
      id: bank.id,
    });
    expect((await api.gql('Broker', `query { getBank(id: "${bank.id}") { id } }`)).data?.getBank).toBeNull();
    const list = await api.gql<{ listBanks: { items: { id: string }[] } }>(
      'Broker',
      'query { listBanks(limit: 1000) { items { id } } }',
    );
    expect(list.data!.listBanks.items.map((b) => b.id)).not.toContain(bank.id);
    expect(await canReadFile(db(), CALLERS.Supplier, key)).toBe(true);
    expect(await canReadFile(db(), CALLERS.Broker, key)).toBe(false);
    const create2 = await create('Broker', 'Bank', { userId: ORGS.supplier, supplierId: world.Supplier });
    expect(create2.errors?.[0]?.errorType).toMatch(/Unauthorized|ValidationError/);
  });
});
