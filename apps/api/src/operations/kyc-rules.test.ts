import { afterAll, beforeAll, expect, it } from 'vitest';
import { MODEL_NAMES, REGISTRY, needsEnhancedDueDiligence, yearsBefore, type ModelName } from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { buildWorld, CALLERS, ORGS, type World } from '../testing/world.ts';

type Result<T = Record<string, unknown>> = {
  data?: T | null;
  errors?: { message: string; errorType: string }[];
};
type Created = { id: string; _version: number };

const today = new Date().toISOString().slice(0, 10);
const dayAfter = (date: string, days = 1) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const PEOPLE = [
  ['Director', 'director'],
  ['UBO', 'ubo'],
] as const;

/** Every e-mail and phone field of every model, from the registry. */
const CONTACT_FIELDS = MODEL_NAMES.flatMap((model) =>
  REGISTRY[model].fields
    .filter((f) => f.type === 'email' || f.type === 'phone')
    .map((f) => [`${model}.${f.name}`, model, f.name, f.type as 'email' | 'phone'] as const),
);
const BAD = {
  email: ['not-an-email', 'name@', '@example.com', 'two words@example.com', 'name@example'],
  phone: ['15550001234', '+0155500012', '+1 555 000 1234', '+123456', '+1234567890123456', '+1555-000'],
};
const GOOD = {
  email: ['name@example.com', 'first.last+tag@sub.example.co.uk'],
  phone: ['+1234567', '+123456789012345'],
};

describeDatabases('people and ownership rules at their edges', (db) => {
  let api: ApiHarness;
  let world: World;
  let other: World;
  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    world = await buildWorld(api, '');
    other = await buildWorld(api, '2');
  });
  afterAll(async () => api.app.close());

  const create = (who: string, model: ModelName, input: Record<string, unknown>) =>
    api.gql<Record<string, Created>>(
      who,
      `mutation ($input: Create${model}Input!) { create${model}(input: $input) { id _version } }`,
      { input },
    ) as Promise<Result<Record<string, Created>>>;
  const update = async (who: string, model: ModelName, id: string, values: Record<string, unknown>) => {
    const got = await api.gql<Record<string, { _version: number }>>(
      'Admin',
      `query { get${model}(id: "${id}") { _version } }`,
    );
    return api.gql(who, `mutation ($input: Update${model}Input!) { update${model}(input: $input) { id } }`, {
      input: { id, _version: got.data![`get${model}`]!._version, ...values },
    }) as Promise<Result>;
  };
  /** A company of its own for each ownership test, so totals start at 0. */
  const freshSupplier = async () => {
    const res = await create('Admin', 'Supplier', { supplier_name: 'Fresh Ltd', userId: ORGS.supplier });
    expect(res.errors).toBeUndefined();
    return res.data!.createSupplier!.id;
  };
  const ubo = (supplierId: string, pct: string | null, who = 'Supplier') =>
    create(who, 'UBO', { ubo_name: `U ${pct}`, supplierId, ubo_ownership_percentage: pct });
  const sumOf = async (supplierId: string) => {
    const res = await api.gql<{ listUBOs: { items: { ubo_ownership_percentage: string | null }[] } }>(
      'Admin',
      `query { listUBOs(filter: { supplierId: { eq: "${supplierId}" } }) { items { ubo_ownership_percentage } } }`,
    );
    return res.data!.listUBOs.items.reduce((s, u) => s + Number(u.ubo_ownership_percentage ?? 0), 0);
  };

  it.each([
    ['-0.01', /ubo_ownership_percentage must not be negative/],
    ['0', null],
    ['100', null],
    ['100.01', /ubo_ownership_percentage cannot be more than 100 %/],
    ['abc', /ubo_ownership_percentage must be a decimal number/],
  ])('a single UBO may own %s %%: %s', async (pct, refusal) => {
    const res = await ubo(await freshSupplier(), pct);
    if (refusal)
      expect(res.errors?.[0]).toMatchObject({
        errorType: 'ValidationError',
        message: expect.stringMatching(refusal),
      });
    else expect(res.errors).toBeUndefined();
  });

  it('keeps the total of a company at most 100 % across creates, updates, deletes and moves', async () => {
    const company = await freshSupplier();
    const a = (await ubo(company, '50')).data!.createUBO!;
    expect((await ubo(company, '50')).errors).toBeUndefined();
    expect((await ubo(company, '0')).errors).toBeUndefined();
    expect((await ubo(company, null)).errors).toBeUndefined();
    expect((await ubo(company, '0.01')).errors?.[0]?.message).toMatch(
      /the company's UBOs would own 100.01 % together; at most 100 % is possible/,
    );
    // Updating a UBO counts its new share once, not on top of its old one.
    expect(
      (await update('Supplier', 'UBO', a.id, { ubo_ownership_percentage: '50' })).errors,
    ).toBeUndefined();
    expect(
      (await update('Supplier', 'UBO', a.id, { ubo_ownership_percentage: '50.5' })).errors?.[0]?.message,
    ).toMatch(/would own 100.5 %/);
    expect(
      (await update('Supplier', 'UBO', a.id, { ubo_ownership_percentage: '20' })).errors,
    ).toBeUndefined();
    expect((await ubo(company, '30')).errors).toBeUndefined();
    // A deleted UBO's share is free again.
    const version = (
      await api.gql<{ getUBO: { _version: number } }>('Admin', `query { getUBO(id: "${a.id}") { _version } }`)
    ).data!.getUBO._version;
    expect(
      (
        await api.gql(
          'Supplier',
          `mutation { deleteUBO(input: { id: "${a.id}", _version: ${version} }) { id } }`,
        )
      ).errors,
    ).toBeUndefined();
    expect((await ubo(company, '20')).errors).toBeUndefined();
    expect(await sumOf(company)).toBe(100);
    // Moving a UBO onto a full company counts it there.
    const second = await freshSupplier();
    const mover = (await ubo(second, '10')).data!.createUBO!;
    expect((await update('Supplier', 'UBO', mover.id, { supplierId: company })).errors?.[0]?.message).toMatch(
      /would own 110 %/,
    );
  });

  it("counts each company's UBOs apart, for every kind of company", async () => {
    const full = await freshSupplier();
    expect((await ubo(full, '100')).errors).toBeUndefined();
    expect((await ubo(await freshSupplier(), '100')).errors).toBeUndefined();
    expect((await ubo(other.Supplier, '100', 'Admin')).errors).toBeUndefined();
    for (const [party, who] of [
      ['investorId', 'Investor'],
      ['spvId', 'Spv'],
      ['brokerId', 'Broker'],
    ] as const) {
      const id = world[who];
      expect(
        (await create(who, 'UBO', { ubo_name: 'A', [party]: id, ubo_ownership_percentage: '70' })).errors,
      ).toBeUndefined();
      expect(
        (await create(who, 'UBO', { ubo_name: 'B', [party]: id, ubo_ownership_percentage: '30.01' }))
          .errors?.[0]?.message,
      ).toMatch(/would own 100.01 %/);
    }
  });

  it('keeps the total at most 100 % when UBOs are created at the same time', async () => {
    const company = await freshSupplier();
    const results = await Promise.all(['30', '30', '30', '30', '30'].map((pct) => ubo(company, pct)));
    const accepted = results.filter((r) => !r.errors).length;
    expect(accepted).toBe(3);
    for (const r of results.filter((x) => x.errors))
      expect(r.errors![0]!.message).toMatch(/at most 100 % is possible/);
    expect(await sumOf(company)).toBe(90);
  });

  it.each(PEOPLE)(
    'a %s must be 18 on the day: the birthday counts, the day before does not',
    async (model, p) => {
      const adult = yearsBefore(today, 18);
      const minor = dayAfter(adult);
      const base = { supplierId: world.Supplier, [`${p}_name`]: 'P' };
      const ok = await create('Supplier', model, { ...base, [`${p}_date_of_birth`]: adult });
      expect(ok.errors).toBeUndefined();
      const young = await create('Supplier', model, { ...base, [`${p}_date_of_birth`]: minor });
      expect(young.errors?.[0]).toMatchObject({
        errorType: 'ValidationError',
        message: `${p}_date_of_birth: the person must be at least 18 years old`,
      });
      // The same rule holds when an existing record is changed.
      const made = ok.data![`create${model}`]!;
      expect(
        (await update('Supplier', model, made.id, { [`${p}_date_of_birth`]: minor })).errors?.[0]?.message,
      ).toBe(`${p}_date_of_birth: the person must be at least 18 years old`);
    },
  );

  it.each(PEOPLE)(
    'a %s ID expires after it was issued, and is not issued in the future',
    async (model, p) => {
      const person = (issue: string | null, expiry: string | null) =>
        create('Supplier', model, {
          supplierId: world.Supplier,
          [`${p}_name`]: 'P',
          [`${p}_id_issue_date`]: issue,
          [`${p}_id_expiry_date`]: expiry,
        });
      const after = `${p}_id_expiry_date must be after the ID's issue date`;
      expect((await person('2024-05-01', '2024-05-02')).errors).toBeUndefined();
      expect((await person('2024-05-01', '2024-05-01')).errors?.[0]?.message).toContain(after);
      expect((await person('2024-05-01', '2024-04-30')).errors?.[0]?.message).toContain(after);
      expect((await person(today, null)).errors).toBeUndefined();
      expect((await person(dayAfter(today), null)).errors?.[0]?.message).toBe(
        `${p}_id_issue_date cannot be in the future`,
      );
      // On update the stored issue date counts.
      const made = (await person('2024-05-01', '2034-05-01')).data![`create${model}`]!;
      expect(
        (await update('Supplier', model, made.id, { [`${p}_id_expiry_date`]: '2024-01-01' })).errors?.[0]
          ?.message,
      ).toContain(`${p}_id_expiry_date must be after the ID's issue date (2024-05-01)`);
    },
  );

  it.each(PEOPLE)('a politically exposed %s is marked for enhanced due diligence', async (model, p) => {
    for (const pep of [true, false]) {
      const made = await create('Supplier', model, {
        supplierId: world.Supplier,
        [`${p}_name`]: 'P',
        [`${p}_pep_status`]: pep,
      });
      expect(made.errors).toBeUndefined();
      const read = await api.gql<Record<string, Record<string, unknown>>>(
        'Investor',
        `query { get${model}(id: "${made.data![`create${model}`]!.id}") { ${p}_pep_status } }`,
      );
      const record = read.data![`get${model}`]!;
      expect(record[`${p}_pep_status`]).toBe(pep);
      expect(needsEnhancedDueDiligence(model, record)).toBe(pep);
    }
  });

  it.each(CONTACT_FIELDS)('%s accepts only a valid format', async (_name, model, field, type) => {
    const id = world[model];
    for (const bad of BAD[type]) {
      const res = await update('Admin', model, id, { [field]: bad });
      expect(res.errors?.[0], `${field} = ${bad}`).toMatchObject({
        errorType: 'ValidationError',
        message: expect.stringContaining(
          type === 'email'
            ? `${field} must be an e-mail address`
            : `${field} must be a phone number in international format`,
        ),
      });
    }
    for (const good of GOOD[type]) {
      expect(
        (await update('Admin', model, id, { [field]: good })).errors,
        `${field} = ${good}`,
      ).toBeUndefined();
      const read = await api.gql<Record<string, Record<string, string>>>(
        'Admin',
        `query { get${model}(id: "${id}") { ${field} } }`,
      );
      expect(read.data![`get${model}`]![field]).toBe(good);
    }
  });
});
