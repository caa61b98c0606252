import { afterAll, beforeAll, expect, it } from 'vitest';
import { yearsBefore } from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { buildWorld, CALLERS, type World } from '../testing/world.ts';

const today = new Date().toISOString().slice(0, 10);

describeDatabases('KYC rules and onboarding submission', (db) => {
  let api: ApiHarness;
  let world: World;
  const gql = (query: string, variables?: Record<string, unknown>) => api.gql('Supplier', query, variables);

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    world = await buildWorld(api, '');
  });
  afterAll(async () => api.app.close());

  const createDirector = (fields: string) =>
    gql(
      `mutation { createDirector(input: { director_name: "D", supplierId: "${world.Supplier}", ${fields} }) { id } }`,
    );

  it('refuses a minor and ID dates out of order, naming the field', async () => {
    const minor = await createDirector(`director_date_of_birth: "${yearsBefore(today, 17)}"`);
    expect(minor.errors?.[0]?.message).toMatch(
      /director_date_of_birth: the person must be at least 18 years old/,
    );
    const adult = await createDirector(`director_date_of_birth: "${yearsBefore(today, 18)}"`);
    expect(adult.errors).toBeUndefined();
    const ids = await createDirector(
      'director_id_issue_date: "2024-05-01", director_id_expiry_date: "2024-05-01"',
    );
    expect(ids.errors?.[0]?.message).toMatch(/director_id_expiry_date must be after the ID's issue date/);
  });

  it('keeps incorporation between 1900 and today', async () => {
    const s = await api.gql<{ getSupplier: { _version: number } }>(
      'Supplier',
      `query { getSupplier(id: "${world.Supplier}") { _version } }`,
    );
    const res = await gql(
      `mutation { updateSupplier(input: { id: "${world.Supplier}", _version: ${s.data!.getSupplier._version}, supplier_date_of_incorporation: "1899-12-31" }) { id } }`,
    );
    expect(res.errors?.[0]?.message).toMatch(
      /supplier_date_of_incorporation must lie between 1900-01-01 and today/,
    );
  });

  it('keeps the UBOs of a company at 100 % or less in total, on create and on update', async () => {
    const ubo = (pct: string) =>
      gql(
        `mutation { createUBO(input: { ubo_name: "U", supplierId: "${world.Supplier}", ubo_ownership_percentage: "${pct}" }) { id _version } }`,
      );
    // The world's UBO has no percentage; 60 + 40 fills the company.
    const first = await ubo('60');
    expect(first.errors).toBeUndefined();
    expect((await ubo('40')).errors).toBeUndefined();
    const over = await ubo('0.01');
    expect(over.errors?.[0]?.message).toMatch(/would own 100.01 % together/);
    const created = first.data!.createUBO as { id: string; _version: number };
    const raise = await gql(
      `mutation { updateUBO(input: { id: "${created.id}", _version: ${created._version}, ubo_ownership_percentage: "61" }) { id } }`,
    );
    expect(raise.errors?.[0]?.message).toMatch(/would own 101 %/);
    expect((await ubo('101')).errors?.[0]?.message).toMatch(/cannot be more than 100 %/);
  });

  it('submits a company for review only when directors, UBOs, IDs and attachments are there', async () => {
    const submit = () =>
      api.gql(
        'Supplier',
        `mutation { changeStatus(input: { model: "Supplier", id: "${world.Supplier}", to: "Under Review" }) }`,
      );
    const refused = await submit();
    expect(refused.errors?.[0]?.message).toMatch(
      /Not ready for review. Still missing: Company data: .*supplier_type.*Company documents: supplier_registration_cert_attachment.*ID documents: ID document of/,
    );
    const s = await api.gql<{ getSupplier: { _version: number } }>(
      'Supplier',
      `query { getSupplier(id: "${world.Supplier}") { _version } }`,
    );
    const complete = await gql(
      `mutation { updateSupplier(input: { id: "${world.Supplier}", _version: ${s.data!.getSupplier._version}, supplier_type: "Corporation", supplier_country: "GB", supplier_register_number: "123", supplier_date_of_incorporation: "2001-02-03", supplier_address_street: "High St", supplier_address_city: "Leeds", supplier_address_postalcode: "LS1", supplier_registration_cert_attachment: "k/1/a.pdf", supplier_articles_of_association_attachment: "k/1/b.pdf", supplier_shareholder_list_attachment: "k/1/c.pdf", supplier_director_list_attachment: "k/1/d.pdf" }) { id } }`,
    );
    expect(complete.errors).toBeUndefined();
    const people = await api.gql<{
      listDirectors: { items: { id: string; _version: number }[] };
      listUBOs: { items: { id: string; _version: number }[] };
    }>(
      'Supplier',
      `query { listDirectors(filter: { supplierId: { eq: "${world.Supplier}" } }) { items { id _version } } listUBOs(filter: { supplierId: { eq: "${world.Supplier}" } }) { items { id _version } } }`,
    );
    for (const d of people.data!.listDirectors.items)
      expect(
        (
          await gql(
            `mutation { updateDirector(input: { id: "${d.id}", _version: ${d._version}, director_id_attachment: "k/1/id.pdf" }) { id } }`,
          )
        ).errors,
      ).toBeUndefined();
    for (const u of people.data!.listUBOs.items)
      expect(
        (
          await gql(
            `mutation { updateUBO(input: { id: "${u.id}", _version: ${u._version}, ubo_id_attachment: "k/1/id.pdf" }) { id } }`,
          )
        ).errors,
      ).toBeUndefined();
    const accepted = await submit();
    expect(accepted.errors).toBeUndefined();
    expect(JSON.parse(String(accepted.data?.changeStatus))).toMatchObject({
      supplier_status: 'Under Review',
    });
  });
});
