import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { BUYER_SIGNER } from '../testing/samples.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { approvedLineFixture } from '../testing/line-fixture.ts';

const GROUP = '00000000-0000-4000-8000-000000000001';

describeDatabases('list filters run every operator in SQL', (db) => {
  let api: ApiHarness;
  let supplierId: string;
  const numbers: Record<string, string> = {};
  const list = async (filter: string): Promise<string[]> => {
    const res = await api.gql<{ listRequests: { items: { invoice_number: string }[] } }>(
      'admin',
      `query { listRequests(filter: ${filter}) { items { invoice_number } } }`,
    );
    expect(res.errors).toBeUndefined();
    return (res.data?.listRequests.items ?? []).map((i) => i.invoice_number).sort();
  };

  beforeAll(async () => {
    api = await createApiHarness(db());
    api.callers.set('admin', { sub: 'a', groupId: GROUP, role: 'Admin' });
    const s = await api.gql<{ createSupplier: { id: string } }>(
      'admin',
      'mutation { createSupplier(input: { supplier_name: "Acme", supplier_contact_email: "contact@acme.test" }) { id } }',
    );
    supplierId = s.data!.createSupplier.id;
    // Funded lines: a submission's offer notice names the investor and the SPV.
    const funder = async (model: 'Investor' | 'Spv') => {
      const res = await api.gql<Record<string, { id: string }>>(
        'admin',
        `mutation { create${model}(input: { ${model.toLowerCase()}_name: "${model} Co" }) { id } }`,
      );
      return res.data![`create${model}`]!.id;
    };
    const funders = `investorId: "${await funder('Investor')}", spvId: "${await funder('Spv')}"`;
    // Requests need an approved line in their currency with room; the fixture sets the states
    // directly, as only the filters are under test here.
    const line = async (currency: string) => {
      const res = await api.gql<{ createBuyer: { id: string } }>(
        'admin',
        `mutation { createBuyer(input: { buyer_name: "Globex", supplierId: "${supplierId}", ${funders}, buyer_currency: "${currency}" }) { id } }`,
      );
      expect(res.errors).toBeUndefined();
      const id = res.data!.createBuyer.id;
      await approvedLineFixture(db(), id);
      return id;
    };
    // Submitted on the invoice date, before the invoices fell due.
    api.setToday('2026-01-01');
    const lines: Record<string, string> = { USD: await line('USD'), EUR: await line('EUR') };
    const rows = [
      ['INV-001', '100.00', '2026-01-10', 'USD', 'Under Review', 'steel beams'],
      ['INV-002', '99.99', '2026-02-10', 'EUR', 'Approved', 'copper wire'],
      ['INV-010', '1000', '2026-03-10', 'USD', 'Settled', null],
    ];
    for (const [number, amount, due, currency, status, goods] of rows) {
      const res = await api.gql<{ createRequest: { id: string } }>(
        'admin',
        `mutation ($input: CreateRequestInput!) { createRequest(input: $input) { id } }`,
        {
          input: {
            buyerId: lines[currency as string],
            invoice_number: number,
            invoice_amount: amount,
            invoice_currency: currency,
            invoice_date: '2026-01-01',
            invoice_due_date: due,
            sold_goods_description: goods,
            ...BUYER_SIGNER,
          },
        },
      );
      expect(res.errors).toBeUndefined();
      numbers[number as string] = res.data!.createRequest.id;
      await db().query(`UPDATE "request" SET request_status = $1 WHERE id = $2`, [
        String(status),
        numbers[number as string]!,
      ]);
    }
    api.setToday(null);
  });
  afterAll(async () => api.app.close());

  it('eq and ne', async () => {
    expect(await list('{ invoice_currency: { eq: "USD" } }')).toEqual(['INV-001', 'INV-010']);
    expect(await list('{ invoice_currency: { ne: "USD" } }')).toEqual(['INV-002']);
  });
  it('compares decimals numerically, not as text', async () => {
    expect(await list('{ invoice_amount: { gt: "99.995" } }')).toEqual(['INV-001', 'INV-010']);
    expect(await list('{ invoice_amount: { le: "100" } }')).toEqual(['INV-001', 'INV-002']);
    expect(await list('{ invoice_amount: { lt: 200 } }')).toEqual(['INV-001', 'INV-002']);
    expect(await list('{ invoice_amount: { ge: "1000.000" } }')).toEqual(['INV-010']);
  });
  it('compares dates as dates and supports between', async () => {
    expect(await list('{ invoice_due_date: { between: ["2026-02-01", "2026-03-10"] } }')).toEqual([
      'INV-002',
      'INV-010',
    ]);
  });
  it('contains, notContains and beginsWith', async () => {
    expect(await list('{ sold_goods_description: { contains: "wire" } }')).toEqual(['INV-002']);
    expect(await list('{ sold_goods_description: { notContains: "wire" } }')).toEqual(['INV-001', 'INV-010']);
    expect(await list('{ invoice_number: { beginsWith: "INV-00" } }')).toEqual(['INV-001', 'INV-002']);
  });
  it('attributeExists and attributeType', async () => {
    expect(await list('{ sold_goods_description: { attributeExists: false } }')).toEqual(['INV-010']);
    expect(await list('{ sold_goods_description: { attributeExists: true } }')).toEqual([
      'INV-001',
      'INV-002',
    ]);
    expect(await list('{ invoice_amount: { attributeType: number } }')).toHaveLength(3);
    expect(await list('{ invoice_amount: { attributeType: string } }')).toEqual([]);
    expect(await list('{ sold_goods_description: { attributeType: _null } }')).toEqual(['INV-010']);
  });
  it('and, or, not', async () => {
    expect(
      await list('{ or: [{ invoice_number: { eq: "INV-001" } }, { request_status: { eq: "Settled" } }] }'),
    ).toEqual(['INV-001', 'INV-010']);
    expect(
      await list('{ and: [{ invoice_currency: { eq: "USD" } }, { invoice_amount: { gt: "500" } }] }'),
    ).toEqual(['INV-010']);
    expect(await list('{ not: { invoice_currency: { eq: "USD" } } }')).toEqual(['INV-002']);
  });
  it('filters on ids, and a malformed id matches nothing instead of failing', async () => {
    expect(await list(`{ id: { eq: "${numbers['INV-002']}" } }`)).toEqual(['INV-002']);
    expect(await list('{ id: { eq: "not-a-uuid" } }')).toEqual([]);
  });
  it('refuses an unknown field in a filter', async () => {
    const res = await api.gql(
      'admin',
      'query { listRequests(filter: { nope: { eq: "x" } }) { items { id } } }',
    );
    expect(res.errors?.[0]?.errorType).toBe('ValidationError');
  });
});
