import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { buildWorld, CALLERS, type World } from '../testing/world.ts';

type Fields = Record<string, unknown> & { id: string; _version: number };

describeDatabases('approved KYC records changed by their owner go back to review', (db) => {
  let api: ApiHarness;
  let world: World;

  const create = async (who: string, model: string, input: Record<string, unknown>) => {
    const res = await api.gql<Record<string, Fields>>(
      who,
      `mutation ($input: Create${model}Input!) { create${model}(input: $input) { id _version } }`,
      { input },
    );
    expect(res.errors).toBeUndefined();
    return res.data![`create${model}`]!;
  };
  const approve = async (model: string, id: string) => {
    const res = await api.gql(
      'Admin',
      'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }',
      {
        input: { model, id, to: 'Approved' },
      },
    );
    expect(res.errors).toBeUndefined();
  };
  const update = async (who: string, model: string, statusField: string, id: string, values: object) => {
    const current = await api.gql<Record<string, Fields>>(
      'Admin',
      `query { get${model}(id: "${id}") { _version } }`,
    );
    const res = await api.gql<Record<string, Fields>>(
      who,
      `mutation ($input: Update${model}Input!) { update${model}(input: $input) { ${statusField} } }`,
      { input: { id, _version: current.data![`get${model}`]!._version, ...values } },
    );
    expect(res.errors).toBeUndefined();
    return res.data![`update${model}`]![statusField];
  };
  const history = async (model: string, id: string) => {
    const res = await api.gql<{ statusHistory: Record<string, unknown>[] }>(
      'Admin',
      `query { statusHistory(model: "${model}", id: "${id}") { from to comment actorRole } }`,
    );
    expect(res.errors).toBeUndefined();
    return res.data!.statusHistory;
  };

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS))
      api.callers.set(name, { ...caller, name: `${name} user` });
    world = await buildWorld(api, '');
  });
  afterAll(async () => api.app.close());

  it('a director whose ID number the supplier changes after approval is Under Review again, with the reason in its history', async () => {
    const director = await create('Supplier', 'Director', {
      supplierId: world.Supplier,
      director_name: 'Ada Approved',
      director_id_number: 'P1234567',
    });
    await approve('Director', director.id);
    expect(
      await update('Supplier', 'Director', 'director_status', director.id, {
        director_id_number: 'P7654321',
      }),
    ).toBe('Under Review');
    expect((await history('Director', director.id)).at(-1)).toMatchObject({
      from: 'Approved',
      to: 'Under Review',
      comment: 'Changed after approval (director_id_number): to be reviewed again',
      actorRole: 'Supplier',
    });
  });

  it('an administrator’s correction, or a save that changes nothing, keeps the approval', async () => {
    const ubo = await create('Supplier', 'UBO', {
      supplierId: world.Supplier,
      ubo_name: 'Uma Owner',
      ubo_ownership_percentage: '10',
    });
    await approve('UBO', ubo.id);
    expect(await update('Admin', 'UBO', 'ubo_status', ubo.id, { ubo_name: 'Uma Owner-Smith' })).toBe(
      'Approved',
    );
    expect(await update('Supplier', 'UBO', 'ubo_status', ubo.id, { ubo_ownership_percentage: '10.00' })).toBe(
      'Approved',
    );
  });

  it('a changed payee account is checked again; its balance figures are not', async () => {
    const bank = await create('Investor', 'Bank', {
      investorId: world.Investor,
      bank_account_name: 'Collections',
      iban: 'GB33BUKB20201555555555',
    });
    await approve('Bank', bank.id);
    expect(await update('Investor', 'Bank', 'bank_status', bank.id, { balance: '1250.00' })).toBe('Approved');
    expect(await update('Investor', 'Bank', 'bank_status', bank.id, { iban: 'GB94BARC10201530093459' })).toBe(
      'Under Review',
    );
  });
});
