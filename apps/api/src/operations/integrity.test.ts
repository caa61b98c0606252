import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { BUYER_SIGNER } from '../testing/samples.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { CALLERS, approveLine, buildWorld, type World } from '../testing/world.ts';

/**
 * Regression tests for what a review found the platform accepted
 * (docs/business-rules.md, “Integrity of requests and lines”), each taken by the path an attacker
 * would take: a raw GraphQL call.
 */
type Errors = { message: string; errorType: string }[] | undefined;

const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describeDatabases('request integrity', (db) => {
  let api: ApiHarness;
  let world: World;
  const call = async (who: string, query: string, variables?: Record<string, unknown>) =>
    api.gql<Record<string, Record<string, unknown>>>(who, query, variables);
  const createRequest = (who: string, input: Record<string, unknown>) =>
    call(who, 'mutation ($input: CreateRequestInput!) { createRequest(input: $input) { id _version } }', {
      input: {
        buyerId: world.Buyer,
        invoice_amount: '1000.00',
        invoice_currency: 'USD',
        invoice_date: day(-5),
        invoice_due_date: day(55),
        invoice_number: `INV-${Math.random().toString(36).slice(2, 8)}`,
        ...BUYER_SIGNER,
        ...input,
      },
    });
  const update = async (who: string, model: string, id: string, values: Record<string, unknown>) => {
    const got = await call('Admin', `query { get${model}(id: "${id}") { _version } }`);
    return call(who, `mutation ($input: Update${model}Input!) { update${model}(input: $input) { id } }`, {
      input: { id, _version: got.data![`get${model}`]!._version, ...values },
    });
  };
  const firstError = (errors: Errors) => errors?.[0]?.message ?? '';

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    world = await buildWorld(api, '');
    await approveLine(api, world.Buyer);
  });
  afterAll(async () => api.app.close());

  it('refuses a request dated 9999-12-31, due before its invoice, overdue, of zero or of 0.0000000001', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ invoice_due_date: '9999-12-31' }, 'invoice_due_date can be at most 365 days ahead'],
      [
        { invoice_date: day(-5), invoice_due_date: day(-6) },
        'invoice_due_date cannot be before the invoice date',
      ],
      [{ invoice_due_date: day(0) }, 'invoice_due_date must be after today'],
      [{ invoice_amount: '0' }, 'invoice_amount must be more than 0'],
      [{ invoice_amount: '0.0000000001' }, 'invoice_amount has at most 2 decimals in USD'],
    ];
    for (const [input, message] of cases) {
      const res = await createRequest('Supplier', input);
      expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError' });
      expect(firstError(res.errors)).toContain(message);
    }
  });

  it('refuses the same invoice number twice on a line', async () => {
    const first = await createRequest('Supplier', { invoice_number: 'DUP-0042' });
    expect(first.errors).toBeUndefined();
    const again = await createRequest('Supplier', { invoice_number: ' dup-00 42 ' });
    expect(firstError(again.errors)).toContain('is already on this line: request DUP-0042');
  });

  it('refuses a request in another currency, and a change of the line’s currency once it has requests', async () => {
    const chf = await createRequest('Supplier', { invoice_currency: 'CHF' });
    expect(firstError(chf.errors)).toContain("invoice_currency must be the line's currency USD");
    for (const who of ['Supplier', 'Broker', 'Admin']) {
      const res = await update(who, 'Buyer', world.Buyer, { buyer_currency: 'CHF' });
      expect(firstError(res.errors), who).toMatch(/buyer_currency cannot (be changed|change)/);
    }
  });

  it('keeps a submitted request’s amount, currency, dates, number and line, and a decided one entirely', async () => {
    const made = await createRequest('Supplier', {});
    const id = String(made.data!.createRequest!.id);
    for (const values of [
      { invoice_amount: '2000.00' },
      { invoice_currency: 'EUR' },
      { invoice_due_date: '2020-01-01' },
      { invoice_number: 'OTHER' },
    ]) {
      const res = await update('Supplier', 'Request', id, values);
      expect(firstError(res.errors)).toContain('cannot be changed: the request is Under Review');
    }
    await db().query(`UPDATE "request" SET request_status = 'Approved' WHERE id = $1`, [id]);
    for (const who of ['Supplier', 'Admin']) {
      const res = await update(who, 'Request', id, { sold_goods_description: 'rewritten' });
      expect(firstError(res.errors), who).toContain('the request is Approved');
    }
    const removed = await call(
      'Admin',
      `mutation { deleteRequest(input: { id: "${id}", _version: 1 }) { id } }`,
    );
    expect(removed.errors?.[0]?.errorType).toBeDefined();
  });

  it('keeps funders out of a supplier’s directors and UBOs', async () => {
    const director = await call(
      'Investor',
      'mutation ($input: CreateDirectorInput!) { createDirector(input: $input) { id } }',
      {
        input: { supplierId: world.Supplier, director_name: 'Planted director' },
      },
    );
    expect(firstError(director.errors)).toContain("a funder cannot add or change another party's directors");
    const ubo = await call(
      'Investor',
      'mutation ($input: CreateUBOInput!) { createUBO(input: $input) { id } }',
      {
        input: { supplierId: world.Supplier, ubo_name: 'Planted owner', ubo_ownership_percentage: '51' },
      },
    );
    expect(firstError(ubo.errors)).toContain("a funder cannot add or change another party's ubos");
  });

  it('keeps a posted bank transaction as the bank reported it', async () => {
    await db().query(`UPDATE "transaction" SET transaction_status = 'Posted' WHERE id = $1`, [
      world.Transaction,
    ]);
    // Nobody edits a bank transaction through the record API: its owner and an administrator alike
    // (docs/business-rules.md, “Payments and reconciliation”).
    for (const who of ['Investor', 'Admin']) {
      const res = await update(who, 'Transaction', world.Transaction, {
        transaction_source_amount: '999999.00',
        transaction_date: '2020-01-01',
      });
      expect(res.errors?.[0]?.errorType, who).toBe('Unauthorized');
    }
    const [row] = await db().query(
      `SELECT transaction_source_amount::text AS amount FROM "transaction" WHERE id = $1`,
      [world.Transaction],
    );
    expect(row!.amount).toBe('4000.00');
  });

  it('approves only with every need met, and lists what is missing', async () => {
    const made = await createRequest('Supplier', {});
    const id = String(made.data!.createRequest!.id);
    const res = await call('Admin', `mutation { approveRequest(input: { id: "${id}" }) { request_status } }`);
    const message = firstError(res.errors);
    expect(message).toContain('Cannot approve:');
    expect(message).toContain('the invoice file is not attached');
    expect(message).toContain('the IPU signed by the buyer and the supplier is not attached');
    expect(message).toContain('the offer notice signed by the supplier is not attached');
  });

  it('counts signed copies for the whole batch, with a history entry on each request', async () => {
    const invoice = () => ({
      invoice_amount: '500.00',
      invoice_currency: 'USD',
      invoice_date: day(-5),
      invoice_due_date: day(55),
      invoice_number: `B-${Math.random().toString(36).slice(2, 8)}`,
      sold_goods_description: 'Steel coils',
      invoice_attachment: 'tests/invoice.pdf',
      bill_of_lading_attachment: 'tests/bol.pdf',
      ...BUYER_SIGNER,
    });
    const batch = await call(
      'Supplier',
      'mutation ($input: SubmitRequestsInput!) { submitRequests(input: $input) { ids } }',
      { input: { buyerId: world.Buyer, requests: JSON.stringify([invoice(), invoice()]) } },
    );
    expect(batch.errors).toBeUndefined();
    const [first, second] = batch.data!.submitRequests!.ids as string[];
    const attached = await call(
      'Admin',
      `mutation { attachSignedCopies(input: { id: "${first}", ipu_attachment: "tests/ipu.pdf", invoice_ipu_signed: "${day(-1)}", offer_notice_attachment: "tests/offer.pdf" }) { id } }`,
    );
    expect(attached.errors).toBeUndefined();
    const other = await call(
      'Supplier',
      `query { getRequest(id: "${second}") { ipu_attachment invoice_ipu_signed offer_notice_attachment } }`,
    );
    expect(other.data!.getRequest).toEqual({
      ipu_attachment: 'tests/ipu.pdf',
      invoice_ipu_signed: day(-1),
      offer_notice_attachment: 'tests/offer.pdf',
    });
    const history = await call(
      'Supplier',
      `query { statusHistory(model: "Request", id: "${second}") { operation actorRole } }`,
    );
    expect(history.data!.statusHistory).toContainEqual({
      operation: 'attachSignedCopies',
      actorRole: 'Admin',
    });
  });
});
