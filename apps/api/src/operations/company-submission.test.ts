import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  REGISTRY,
  requiredAttachments,
  requiredCompanyFields,
  type CompanyModel,
  type ModelName,
} from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { sampleValue } from '../testing/samples.ts';
import { buildWorld, CALLERS, ORGS, type World } from '../testing/world.ts';

type Result = { data?: Record<string, unknown> | null; errors?: { message: string; errorType: string }[] };

const today = new Date().toISOString().slice(0, 10);
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const COMPANIES: readonly CompanyModel[] = ['Supplier', 'Investor', 'Spv', 'Broker'];
const ORG_OF: Record<CompanyModel, string> = {
  Supplier: ORGS.supplier,
  Investor: ORGS.investor,
  Spv: ORGS.spv,
  Broker: ORGS.broker,
};
const DIRECTOR = 'Dana Director';
const OWNER = 'Uma Owner';

/** What a company lacks, generated from the onboarding requirements, and the blocker it names. */
type Gap = { skip?: 'director' | 'ubo'; drop?: string; noId?: 'director' | 'ubo' };
const gaps = (model: CompanyModel): [string, Gap, string][] => [
  ['no director', { skip: 'director' }, 'Directors: at least one director'],
  ['no UBO', { skip: 'ubo' }, 'Beneficial owners: at least one UBO'],
  ['a director without ID document', { noId: 'director' }, `ID documents: ID document of ${DIRECTOR}`],
  ['a UBO without ID document', { noId: 'ubo' }, `ID documents: ID document of ${OWNER}`],
  ...requiredAttachments(model).map((f): [string, Gap, string] => [
    `no ${f}`,
    { drop: f },
    `Company documents: ${f}`,
  ]),
  // The name is required from creation on, so it is never missing at submission.
  ...requiredCompanyFields(model)
    .filter((f) => !REGISTRY[model].fieldsByName.get(f)?.required)
    .map((f): [string, Gap, string] => [`no ${f}`, { drop: f }, `Company data: ${f}`]),
];
const INCORPORATED: [ModelName, string][] = [
  ['Supplier', 'supplier_date_of_incorporation'],
  ['Buyer', 'buyer_date_of_incorporation'],
  ['Investor', 'investor_date_of_incorporation'],
  ['Spv', 'spv_date_of_incorporation'],
  ['Broker', 'broker_date_of_incorporation'],
];

describeDatabases('company onboarding: incorporation dates and submission for review', (db) => {
  let api: ApiHarness;
  let world: World;
  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    world = await buildWorld(api, '');
  });
  afterAll(async () => api.app.close());

  const create = async (model: ModelName, input: Record<string, unknown>): Promise<Result> =>
    api.gql('Admin', `mutation ($input: Create${model}Input!) { create${model}(input: $input) { id } }`, {
      input,
    });
  const idOf = (res: Result, model: ModelName) => {
    expect(res.errors, model).toBeUndefined();
    return (res.data![`create${model}`] as { id: string }).id;
  };
  const update = async (who: string, model: ModelName, id: string, values: Record<string, unknown>) => {
    const got = await api.gql<Record<string, { _version: number }>>(
      'Admin',
      `query { get${model}(id: "${id}") { _version } }`,
    );
    return api.gql(who, `mutation ($input: Update${model}Input!) { update${model}(input: $input) { id } }`, {
      input: { id, _version: got.data![`get${model}`]!._version, ...values },
    }) as Promise<Result>;
  };
  const move = (who: string, model: ModelName, id: string, to: string, comment?: string): Promise<Result> =>
    api.gql(who, 'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }', {
      input: { model, id, to, comment },
    });

  /** A company with everything a review needs, less the gap; its director and UBO when made. */
  const company = async (model: CompanyModel, gap: Gap = {}) => {
    const entity = REGISTRY[model];
    const fields = [...requiredCompanyFields(model), ...requiredAttachments(model)].filter(
      (f) => f !== gap.drop,
    );
    const input = Object.fromEntries(fields.map((f) => [f, sampleValue(entity.fieldsByName.get(f)!)]));
    const id = idOf(
      await create(model, {
        ...input,
        [`${model.toLowerCase()}_name`]: `${model} Co`,
        userId: ORG_OF[model],
      }),
      model,
    );
    const link = { userId: ORG_OF[model], [`${model.toLowerCase()}Id`]: id };
    const people: { director?: string; ubo?: string } = {};
    if (gap.skip !== 'director') {
      const idFile = gap.noId === 'director' ? {} : { director_id_attachment: 'tests/id.pdf' };
      people.director = idOf(
        await create('Director', { ...link, director_name: DIRECTOR, ...idFile }),
        'Director',
      );
    }
    if (gap.skip !== 'ubo') {
      const idFile = gap.noId === 'ubo' ? {} : { ubo_id_attachment: 'tests/id.pdf' };
      people.ubo = idOf(
        await create('UBO', { ...link, ubo_name: OWNER, ubo_ownership_percentage: '60', ...idFile }),
        'UBO',
      );
    }
    return { id, ...people };
  };

  it.each(
    INCORPORATED.flatMap(
      ([model, field]) =>
        [
          [model, field, '1899-12-31', false],
          [model, field, '1900-01-01', true],
          [model, field, today, true],
          [model, field, tomorrow, false],
        ] as const,
    ),
  )('%s.%s = %s allowed: %s (on create and on update)', async (model, field, date, allowed) => {
    const refusal = `${field} must lie between 1900-01-01 and today`;
    const base =
      model === 'Buyer' ? { supplierId: world.Supplier } : { userId: ORG_OF[model as CompanyModel] };
    const created = await create(model, {
      [`${model.toLowerCase()}_name`]: 'Dated Co',
      ...base,
      [field]: date,
    });
    const updated = await update('Admin', model, world[model], { [field]: date });
    for (const res of [created, updated])
      if (allowed) expect(res.errors).toBeUndefined();
      else expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: refusal });
  });

  it.each(COMPANIES)('a complete %s goes to review when its owner submits it', async (model) => {
    const { id } = await company(model);
    const res = await move(model, model, id, 'Under Review');
    expect(res.errors).toBeUndefined();
    expect(JSON.parse(String(res.data!.changeStatus))).toMatchObject({
      [`${model.toLowerCase()}_status`]: 'Under Review',
    });
  });

  it.each(
    COMPANIES.flatMap((model) =>
      gaps(model).map(([what, gap, blocker]) => [model, what, gap, blocker] as const),
    ),
  )('a %s with %s is refused, naming it', async (model, _what, gap, blocker) => {
    const { id } = await company(model, gap);
    const res = await move(model, model, id, 'Under Review');
    expect(res.errors?.[0]).toMatchObject({
      errorType: 'ValidationError',
      message: `Not ready for review. Still missing: ${blocker}`,
    });
    const status = await api.gql<Record<string, Record<string, string>>>(
      'Admin',
      `query { get${model}(id: "${id}") { ${model.toLowerCase()}_status } }`,
    );
    expect(status.data![`get${model}`]![`${model.toLowerCase()}_status`]).toBe('Draft');
  });

  it('lets a declined company be corrected and resubmitted, checking it again', async () => {
    const { id, director } = await company('Supplier');
    expect((await move('Supplier', 'Supplier', id, 'Under Review')).errors).toBeUndefined();
    const mails = api.mail.length;
    expect(
      (await move('Admin', 'Supplier', id, 'Declined', 'Register number is wrong')).errors,
    ).toBeUndefined();
    expect(api.mail.slice(mails)).toContainEqual(
      expect.objectContaining({
        to: 'owner@supplier.test',
        subject: 'Supplier Supplier Co: Declined',
        text: expect.stringContaining('Comment: Register number is wrong'),
      }),
    );
    expect(
      (await update('Supplier', 'Supplier', id, { supplier_register_number: 'HRB 42' })).errors,
    ).toBeUndefined();
    // The correction lost the director: the resubmission names that.
    const version = (
      await api.gql<{ getDirector: { _version: number } }>(
        'Admin',
        `query { getDirector(id: "${director}") { _version } }`,
      )
    ).data!.getDirector._version;
    expect(
      (
        await api.gql(
          'Supplier',
          `mutation { deleteDirector(input: { id: "${director}", _version: ${version} }) { id } }`,
        )
      ).errors,
    ).toBeUndefined();
    expect((await move('Supplier', 'Supplier', id, 'Under Review')).errors?.[0]?.message).toBe(
      'Not ready for review. Still missing: Directors: at least one director',
    );
    idOf(
      await create('Director', {
        userId: ORGS.supplier,
        supplierId: id,
        director_name: 'New',
        director_id_attachment: 'tests/id.pdf',
      }),
      'Director',
    );
    expect((await move('Supplier', 'Supplier', id, 'Under Review')).errors).toBeUndefined();
    const history = await api.gql<{
      statusHistory: { from: string; to: string; actorRole: string; comment: string | null }[];
    }>('Supplier', `query { statusHistory(model: "Supplier", id: "${id}") { from to actorRole comment } }`);
    expect(history.data!.statusHistory).toEqual([
      { from: 'Draft', to: 'Under Review', actorRole: 'Supplier', comment: null },
      { from: 'Under Review', to: 'Declined', actorRole: 'Admin', comment: 'Register number is wrong' },
      { from: 'Declined', to: 'Under Review', actorRole: 'Supplier', comment: null },
    ]);
  });

  it('lets a declined director be corrected and resubmitted by its owner', async () => {
    const { director } = await company('Supplier');
    expect((await move('Admin', 'Director', director!, 'Declined', 'ID expired')).errors).toBeUndefined();
    expect(
      (
        await update('Supplier', 'Director', director!, {
          director_id_expiry_date: '2036-01-01',
          director_id_issue_date: '2026-01-01',
        })
      ).errors,
    ).toBeUndefined();
    expect((await move('Supplier', 'Director', director!, 'Under Review')).errors).toBeUndefined();
    const read = await api.gql<{ getDirector: Record<string, string> }>(
      'Supplier',
      `query { getDirector(id: "${director}") { director_status director_id_expiry_date } }`,
    );
    expect(read.data!.getDirector).toEqual({
      director_status: 'Under Review',
      director_id_expiry_date: '2036-01-01',
    });
  });
});
