import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';

const ADMIN_GROUP = '00000000-0000-4000-8000-000000000001';
const SUPPLIER_GROUP = '00000000-0000-4000-8000-000000000002';

describeDatabases('GraphQL contract', (db) => {
  let api: ApiHarness;
  let supplierId: string;
  beforeAll(async () => {
    api = await createApiHarness(db());
    api.callers.set('admin', { sub: 'admin', groupId: ADMIN_GROUP, role: 'Admin' });
    api.callers.set('admin2', { sub: 'admin2', groupId: ADMIN_GROUP, role: 'Admin' });
    api.callers.set('supplier', { sub: 'sup', groupId: SUPPLIER_GROUP, role: 'Supplier' });
    const s = await api.gql<{ createSupplier: { id: string } }>(
      'supplier',
      'mutation { createSupplier(input: { supplier_name: "Acme" }) { id } }',
    );
    supplierId = s.data!.createSupplier.id;
    for (let i = 0; i < 25; i++) {
      const res = await api.gql(
        'supplier',
        `mutation { createDirector(input: { director_name: "Director ${i}", supplierId: "${supplierId}" }) { id } }`,
      );
      expect(res.errors).toBeUndefined();
    }
  });
  afterAll(async () => api.app.close());

  describe('paging', () => {
    const page = (token: string, limit: number | string, nextToken?: string | null, filter = '') =>
      api.gql<{ listDirectors: { items: { id: string }[]; nextToken: string | null } }>(
        token,
        `query ($nextToken: String) { listDirectors(limit: ${limit}, nextToken: $nextToken${filter}) { items { id director_name } nextToken } }`,
        { nextToken },
      );

    it('walks every record once, newest first, with opaque tokens', async () => {
      const seen: string[] = [];
      let token: string | null | undefined;
      do {
        const res = await page('supplier', 10, token);
        expect(res.errors).toBeUndefined();
        seen.push(...res.data!.listDirectors.items.map((i) => i.id));
        token = res.data!.listDirectors.nextToken;
      } while (token);
      expect(seen).toHaveLength(25);
      expect(new Set(seen).size).toBe(25);
      const first = await api.gql<{ listDirectors: { items: { director_name: string }[] } }>(
        'supplier',
        'query { listDirectors(limit: 1) { items { director_name } } }',
      );
      expect(first.data!.listDirectors.items[0]!.director_name).toBe('Director 24');
    });

    it('defaults to 100 and refuses more than 1000', async () => {
      const res = await api.gql<{ listDirectors: { items: unknown[]; nextToken: string | null } }>(
        'supplier',
        'query { listDirectors { items { id } nextToken } }',
      );
      expect(res.data!.listDirectors.items).toHaveLength(25);
      const tooMany = await page('supplier', 1001);
      expect(tooMany.errors?.[0]?.errorType).toBe('LimitExceeded');
    });

    it('refuses a tampered token, another caller’s token and a token of another query', async () => {
      const res = await page('supplier', 5);
      const token = res.data!.listDirectors.nextToken!;
      const [payload, mac] = token.split('.');
      const tampered = `${payload!.slice(0, -2)}xx.${mac}`;
      expect((await page('supplier', 5, tampered)).errors?.[0]?.errorType).toBe('ValidationError');
      expect((await page('admin', 5, token)).errors?.[0]?.message).toMatch(/Invalid nextToken/);
      const otherFilter = ', filter: { director_name: { beginsWith: "Director" } }';
      expect((await page('supplier', 5, token, otherFilter)).errors?.[0]?.message).toMatch(
        /Invalid nextToken/,
      );
      // The limit is not part of the binding: the same query with another page size continues.
      expect((await page('supplier', 7, token)).errors).toBeUndefined();
    });
  });

  describe('optimistic concurrency', () => {
    it('refuses a stale _version with ConflictUnhandled and the current record', async () => {
      const created = await api.gql<{ createBuyer: { id: string } }>(
        'supplier',
        `mutation { createBuyer(input: { buyer_name: "Globex", supplierId: "${supplierId}" }) { id } }`,
      );
      const id = created.data!.createBuyer.id;
      const update = (version: number, name: string) =>
        api.gql(
          'supplier',
          `mutation { updateBuyer(input: { id: "${id}", _version: ${version}, buyer_name: "${name}" }) { id buyer_name _version } }`,
        );
      expect((await update(1, 'Globex Inc')).errors).toBeUndefined();
      const stale = await update(1, 'Globex Ltd');
      expect(stale.errors?.[0]?.errorType).toBe('ConflictUnhandled');
      expect(stale.errors?.[0]?.data).toMatchObject({ id, buyer_name: 'Globex Inc', _version: 2 });
      const missing = await api.gql(
        'supplier',
        `mutation { updateBuyer(input: { id: "${id}", buyer_name: "x" }) { id } }`,
      );
      expect(missing.errors?.[0]?.message).toMatch(/_version is required/);
    });
  });

  describe('validation', () => {
    const countDirectors = async () => {
      const res = await api.gql<{ listDirectors: { total: number } }>(
        'admin',
        'query { listDirectors { total } }',
      );
      return res.data!.listDirectors.total;
    };
    it.each([
      ['director_email', '"not-an-email"', /director_email must be an e-mail/],
      ['director_id_type', '"Library Card"', /director_id_type must be one of/],
      ['director_date_of_birth', '"1990-02-30"', /director_date_of_birth must be a date/],
      ['director_nationality', '"Atlantis"', /director_nationality must be an ISO 3166/],
      ['director_phone_number', '"555-1234"', /director_phone_number must be a phone number/],
    ])('refuses a bad %s, naming it, and writes nothing', async (field, value, message) => {
      const before = await countDirectors();
      const res = await api.gql(
        'supplier',
        `mutation { createDirector(input: { director_name: "X", supplierId: "${supplierId}", ${field}: ${value} }) { id } }`,
      );
      expect(res.errors?.[0]?.errorType).toBe('ValidationError');
      expect(res.errors?.[0]?.message).toMatch(message);
      expect(await countDirectors()).toBe(before);
    });
    it('refuses a negative amount and a missing required field', async () => {
      const neg = await api.gql(
        'supplier',
        `mutation { createBuyer(input: { buyer_name: "N", supplierId: "${supplierId}", buyer_loan_request_amount: "-5" }) { id } }`,
      );
      expect(neg.errors?.[0]?.message).toMatch(/buyer_loan_request_amount must not be negative/);
      const missing = await api.gql(
        'supplier',
        `mutation { createBuyer(input: { supplierId: "${supplierId}" }) { id } }`,
      );
      expect(missing.errors?.[0]?.message).toMatch(/buyer_name is required/);
    });
    it('refuses server-owned and role-restricted fields (mass assignment)', async () => {
      const own = await api.gql(
        'supplier',
        `mutation { createBuyer(input: { id: "00000000-0000-4000-8000-00000000abcd", buyer_name: "N", supplierId: "${supplierId}" }) { id } }`,
      );
      expect(own.errors?.[0]?.message).toMatch(/id is set by the server/);
      const status = await api.gql(
        'supplier',
        `mutation { createBuyer(input: { buyer_name: "N", supplierId: "${supplierId}", buyer_status: "Approved" }) { id } }`,
      );
      expect(status.errors?.[0]?.errorType).toBe('Unauthorized');
      expect(status.errors?.[0]?.message).toMatch(/buyer_status cannot be set by a Supplier user/);
      const terms = await api.gql(
        'supplier',
        `mutation { createBuyer(input: { buyer_name: "N", supplierId: "${supplierId}", buyer_loan_approved_amount: "1000000" }) { id } }`,
      );
      expect(terms.errors?.[0]?.message).toMatch(/buyer_loan_approved_amount cannot be set/);
      const created = await api.gql<{ createBuyer: { buyer_status: string; userId: string } }>(
        'supplier',
        `mutation { createBuyer(input: { buyer_name: "N", supplierId: "${supplierId}" }) { buyer_status userId } }`,
      );
      expect(created.data!.createBuyer).toEqual({ buyer_status: 'Under Review', userId: SUPPLIER_GROUP });
    });
  });

  describe('hardening', () => {
    it('limits aliases, depth and batches', async () => {
      const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: getBuyer(id: "x") { id }`).join(' ');
      expect((await api.gql('supplier', `query { ${aliases} }`)).errors?.[0]?.message).toMatch(/aliases/);
      const deep =
        'query { __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } }';
      expect((await api.gql('supplier', deep)).errors?.[0]?.message).toMatch(/too deep/);
      const batch = Array.from({ length: 11 }, () => ({ query: '{ __typename }' }));
      const res = await api.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { authorization: 'supplier' },
        payload: batch,
      });
      expect(res.statusCode).toBe(400);
      const ok = await api.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { authorization: 'supplier' },
        payload: batch.slice(0, 2),
      });
      expect(ok.json()).toHaveLength(2);
    });
    it('limits the cost of a query', async () => {
      const costly = Array.from(
        { length: 12 },
        (_, i) => `l${i}: listDirectors(limit: 1000) { items { id director_name director_email } }`,
      ).join(' ');
      expect((await api.gql('supplier', `query { ${costly} }`)).errors?.[0]?.message).toMatch(
        /too expensive/,
      );
    });
    it('counts a limit given in a variable at its value, with one budget for a whole batch', async () => {
      const aliased = Array.from(
        { length: 15 },
        (_, i) => `l${i}: listDirectors(limit: $l) { items { id director_name } }`,
      ).join(' ');
      const query = `query Many($l: Int) { ${aliased} }`;
      const small = await api.gql('supplier', query, { l: 10 });
      expect(small.errors).toBeUndefined();
      const post = (payload: object) =>
        api.app.inject({ method: 'POST', url: '/graphql', headers: { authorization: 'supplier' }, payload });
      const huge = await post({ query, variables: { l: 1000 } });
      expect(huge.statusCode).toBe(400);
      expect(huge.json()).toMatchObject({
        errors: [{ errorType: 'LimitExceeded', message: /too expensive/ }],
      });
      // Ten operations each under the budget are one request over it.
      const single = `query One($l: Int) { listDirectors(limit: $l) { items { id director_name director_email } } }`;
      const batch = await post(Array.from({ length: 10 }, () => ({ query: single, variables: { l: 1000 } })));
      expect(batch.statusCode).toBe(400);
      expect(batch.json()).toMatchObject({ errors: [{ errorType: 'LimitExceeded' }] });
      expect((await post([{ query: single, variables: { l: 1000 } }])).statusCode).toBe(200);
    });
    it('refuses an invalid token and answers Unauthorized without one', async () => {
      const res = await api.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { authorization: 'forged' },
        payload: { query: '{ __typename }' },
      });
      expect(res.statusCode).toBe(401);
      const anonymous = await api.gql(null, 'query { listBuyers { items { id } } }');
      expect(anonymous.errors?.[0]?.errorType).toBe('Unauthorized');
    });
  });
});

describeDatabases('GraphQL in production', (db) => {
  it('turns introspection off', async () => {
    const api = await createApiHarness(db(), { production: true });
    api.callers.set('admin', { sub: 'a', groupId: ADMIN_GROUP, role: 'Admin' });
    const res = await api.gql('admin', '{ __schema { queryType { name } } }');
    expect(res.errors?.[0]?.message).toMatch(/introspection/i);
    await api.app.close();
  });
});

describeDatabases('GraphQL filters passed as variables', (db) => {
  it('answers list queries whose filter is a variable (recursive input types)', async () => {
    const api = await createApiHarness(db());
    api.callers.set('admin', { sub: 'a', groupId: ADMIN_GROUP, role: 'Admin' });
    const query =
      'query ($filter: ModelRequestFilterInput) { listRequests(filter: $filter, limit: 10) { items { id } } }';
    const filters = [
      null,
      { or: [{ invoice_number: { eq: 'x' } }, { not: { invoice_number: { eq: 'y' } } }] },
    ];
    for (const filter of filters) {
      const res = await api.gql('admin', query, { filter });
      expect(res.errors).toBeUndefined();
    }
    await api.app.close();
  }, 10_000);
});
