import { afterAll, beforeAll, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { REGISTRY } from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { CHANGE_CHANNEL, type Change } from '../data/change-feed.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { sampleInput } from '../testing/samples.ts';
import { buildWorld, CALLERS, ORGS, readyForApproval, type World } from '../testing/world.ts';

type Result = { data?: Record<string, unknown> | null; errors?: { message: string; errorType: string }[] };

describeDatabases('credit limits of requests, single and multi-invoice', (db, kind) => {
  let api: ApiHarness;
  let world: World;
  const announced: Change[] = [];
  const sql = (text: string, params: (string | null)[] = []) => db().query(text, params);

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    await db().listen(CHANGE_CHANNEL, (payload) => announced.push(JSON.parse(payload) as Change));
    world = await buildWorld(api, '');
  });
  afterAll(async () => api.app.close());

  const ok = async (who: string, query: string, variables?: Record<string, unknown>) => {
    const res = (await api.gql(who, query, variables)) as Result;
    expect(res.errors, query).toBeUndefined();
    return res.data as Record<string, Record<string, unknown>>;
  };
  const move = (id: string, to: string, values?: Record<string, unknown>) =>
    ok('Admin', 'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }', {
      input: {
        model: 'Buyer',
        id,
        to,
        comment: 'test',
        ...(values ? { values: JSON.stringify(values) } : {}),
      },
    });

  /** A line of the world's supplier, approved with `limit` unless `approve` is false. */
  const line = async (limit: string, advance = '100', approve = true): Promise<string> => {
    const made = await ok(
      'Admin',
      'mutation ($input: CreateBuyerInput!) { createBuyer(input: $input) { id } }',
      {
        input: sampleInput(REGISTRY.Buyer, {
          userId: ORGS.supplier,
          supplierId: world.Supplier,
          investorId: world.Investor,
          spvId: world.Spv,
          buyer_name: 'Keystone Trading Ltd',
          buyer_currency: 'USD',
          buyer_loan_request_amount: limit,
          buyer_loan_advance_rate: advance,
          buyer_loan_rate: 'SOFR(3M)',
          buyer_loan_discount_fee: '4',
        }),
      },
    );
    const id = String(made.createBuyer!.id);
    if (approve) {
      await move(id, 'Investor Offer Pending');
      await move(id, 'Approved', { buyer_loan_approved_amount: limit });
    }
    return id;
  };
  const requestInput = (buyerId: string, amount: string, extra: Record<string, unknown> = {}) =>
    sampleInput(REGISTRY.Request, {
      buyerId,
      supplierId: world.Supplier,
      invoice_amount: amount,
      invoice_currency: 'USD',
      ...extra,
    });
  const create = (buyerId: string, amount: string, who = 'Supplier', extra: Record<string, unknown> = {}) =>
    api.gql(who, 'mutation ($input: CreateRequestInput!) { createRequest(input: $input) { id _version } }', {
      input: requestInput(buyerId, amount, extra),
    }) as Promise<Result>;
  const created = (res: Result) => {
    expect(res.errors).toBeUndefined();
    return String((res.data?.createRequest as { id: string }).id);
  };
  const countOn = async (buyerId: string) =>
    Number((await sql(`SELECT count(*)::int AS n FROM "request" WHERE "buyerId" = $1`, [buyerId]))[0]!.n);
  const submit = (buyerId: string, requests: unknown[], who = 'Supplier') =>
    api.gql(
      who,
      'mutation ($input: SubmitRequestsInput!) { submitRequests(input: $input) { batchId ids requests } }',
      { input: { buyerId, requests: JSON.stringify(requests) } },
    ) as Promise<Result>;
  const invoice = (buyerId: string, amount: string, extra: Record<string, unknown> = {}) => ({
    ...requestInput(buyerId, amount),
    sold_goods_description: 'Steel coils',
    invoice_attachment: 'tests/invoice.pdf',
    bill_of_lading_attachment: 'tests/bol.pdf',
    ipu_signature_email: 'signer@buyer.test',
    ...extra,
  });

  it('refuses requests on a line that is not approved', async () => {
    const id = await line('50000.00', '100', false);
    const res = await create(id, '100.00');
    expect(res.errors?.[0]).toMatchObject({
      errorType: 'ValidationError',
      message:
        'buyerId: the buyer line of Keystone Trading Ltd is Under Review; requests can only be made on an approved line',
    });
    await move(id, 'Investor Offer Pending');
    expect((await create(id, '100.00', 'Admin')).errors?.[0]?.message).toMatch(/is Investor Offer Pending;/);
    expect(await countOn(id)).toBe(0);
  });

  it('accepts requests up to exactly the limit and refuses one cent over, naming the shortfall', async () => {
    const id = await line('50000.00');
    created(await create(id, '37500.00'));
    const over = await create(id, '12500.01');
    expect(over.errors?.[0]).toMatchObject({
      errorType: 'ValidationError',
      message:
        'invoice_amount: the request exceeds the available limit of Keystone Trading Ltd by USD 0.01 (available USD 12,500.00, after USD 37,500.00 held by requests awaiting a decision)',
    });
    // No override, for administrators either (brokers do not create requests at all).
    expect((await create(id, '12500.01', 'Admin')).errors?.[0]?.message).toMatch(/by USD 0\.01/);
    created(await create(id, '12500.00'));
    expect((await create(id, '0.01')).errors?.[0]?.message).toMatch(/by USD 0\.01 \(available USD 0\.00/);
  });

  it('counts a new request at its advance (invoice × the line’s advance rate)', async () => {
    const id = await line('8000.00', '80');
    created(await create(id, '10000.00'));
    expect((await create(id, '1.00')).errors?.[0]?.message).toMatch(
      /by USD 0\.80 \(available USD 0\.00, after USD 8,000\.00 held/,
    );
  });

  it('leaves declined requests out and counts approved ones at their purchase amount', async () => {
    api.setToday('2026-03-09'); // a payout date with base-rate fixings
    try {
      await declinedAndApproved();
    } finally {
      api.setToday(null);
    }
  });
  const declinedAndApproved = async () => {
    const dated = { invoice_date: '2026-03-01', invoice_due_date: '2026-05-08' };
    await ok(
      'Admin',
      'mutation { createSOFR(input: { date: "2026-03-05", SOFR: "4.3", SOFRM3: "4.25" }) { id } }',
    );
    const id = await line('10000.00');
    const first = created(await create(id, '4000.00', 'Supplier', dated));
    const second = created(await create(id, '4000.00', 'Supplier', dated));
    expect((await create(id, '4000.00', 'Supplier', dated)).errors?.[0]?.message).toMatch(/by USD 2,000\.00/);
    // Through the operations, which post to the ledger
    // (docs/business-rules.md, “Limits held in the ledger”): a decline frees what the request held.
    await ok('Admin', 'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }', {
      input: { model: 'Request', id: first, to: 'Declined', comment: 'test: declined' },
    });
    // Approval holds the purchase amount (the advance less the discount), not the advance.
    await readyForApproval(api, second);
    await ok('Admin', 'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }', {
      input: { model: 'Request', id: second, to: 'Approved', comment: 'test' },
    });
    const [row] = await sql(`SELECT invoice_purchase_amount::text AS p FROM "request" WHERE id = $1`, [
      second,
    ]);
    const purchase = new Decimal(String(row!.p));
    expect(purchase.lessThan(4000)).toBe(true);
    const free = new Decimal(10000).minus(purchase);
    const money = (d: Decimal) => d.toNumber().toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(
      (await create(id, free.plus('0.01').toFixed(2), 'Supplier', dated)).errors?.[0]?.message,
    ).toContain(`by USD 0.01 (available USD ${money(free)})`);
    created(await create(id, free.toFixed(2), 'Supplier', dated));
  };

  it('never lets a request under review be changed to a larger amount: its amount is frozen', async () => {
    const id = await line('10000.00');
    const res = await create(id, '6000.00');
    const request = res.data!.createRequest as { id: string; _version: number };
    const update = (amount: string) =>
      api.gql(
        'Supplier',
        `mutation { updateRequest(input: { id: "${request.id}", _version: ${request._version}, invoice_amount: "${amount}" }) { _version } }`,
      ) as Promise<Result>;
    expect((await update('7000.00')).errors?.[0]).toMatchObject({
      errorType: 'Unauthorized',
      message: 'Not allowed: invoice_amount cannot be changed: the request is Under Review',
    });
  });

  it('refuses a request in another currency than its line', async () => {
    const id = await line('10000.00');
    const res = await create(id, '100.00', 'Supplier', { invoice_currency: 'EUR' });
    expect(res.errors?.[0]?.message).toBe("invoice_currency must be the line's currency USD, not EUR");
    expect(
      (await submit(id, [invoice(id, '1.00', { invoice_currency: 'GBP' })])).errors?.[0]?.message,
    ).toMatch(/^invoice_currency must be the line's currency USD/);
  });

  it('creates a multi-invoice request in one go, with one batch id, announced after commit', async () => {
    const id = await line('10000.00');
    const since = announced.length;
    const res = await submit(id, [invoice(id, '3000.00'), invoice(id, '3000.00', { batchId: 'mine' })]);
    expect(res.errors).toBeUndefined();
    const out = res.data!.submitRequests as { batchId: string; ids: string[]; requests: string };
    const rows = JSON.parse(out.requests) as Record<string, unknown>[];
    expect(out.ids).toHaveLength(2);
    expect(rows.map((r) => [r.batchId, r.request_status, r.userId])).toEqual([
      [out.batchId, 'Under Review', ORGS.supplier],
      [out.batchId, 'Under Review', ORGS.supplier],
    ]);
    for (const rid of out.ids) {
      for (let i = 0; i < 100 && !announced.slice(since).some((c) => c.id === rid); i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(announced.slice(since)).toContainEqual(
        expect.objectContaining({ model: 'Request', kind: 'create', id: rid }),
      );
    }
  });

  it('creates nothing of a batch with one bad invoice or over the limit as a whole', async () => {
    const id = await line('10000.00');
    const bad = await submit(id, [
      invoice(id, '1000.00'),
      invoice(id, '1000.00', { invoice_date: '2026-13-01' }),
    ]);
    expect(bad.errors?.[0]?.errorType).toBe('ValidationError');
    expect(bad.errors?.[0]?.message).toMatch(/^Invoice 2: invoice_date/);
    const missing = await submit(id, [invoice(id, '1000.00', { bill_of_lading_attachment: null })]);
    expect(missing.errors?.[0]?.message).toBe(
      'Invoice 1: bill_of_lading_attachment is required for a multi-invoice request',
    );
    // A row refused inside the transaction (after the others were inserted) rolls them back too.
    const foreign = await submit(id, [
      invoice(id, '1000.00'),
      invoice(id, '1000.00', { supplierId: '00000000-0000-4000-8000-000000000001' }),
    ]);
    expect(foreign.errors?.[0]?.message).toMatch(/^Invoice 2: supplierId does not name a Supplier/);
    const over = await submit(id, [invoice(id, '6000.00'), invoice(id, '4000.01')]);
    expect(over.errors?.[0]?.message).toBe(
      'invoice_amount: the 2 invoices (USD 10,000.01 advanced) exceed the available limit of Keystone Trading Ltd by USD 0.01 (available USD 10,000.00)',
    );
    expect((await submit(id, [])).errors?.[0]?.message).toMatch(/1 to 50 invoices, not 0/);
    const many = Array.from({ length: 51 }, () => invoice(id, '1.00'));
    expect((await submit(id, many)).errors?.[0]?.message).toMatch(/1 to 50 invoices, not 51/);
    expect(await countOn(id)).toBe(0);
    // A line the caller cannot see is not named, nor its limit.
    const unknown = '00000000-0000-4000-8000-000000000002';
    const hidden = await submit(unknown, [invoice(unknown, '1.00')]);
    expect(hidden.errors?.[0]?.message).toBe('buyerId does not name a Buyer you can see');
  });

  it(`lets requests made at the same time together use at most the limit [${kind}]`, async () => {
    const id = await line('5000.00');
    const results = await Promise.all(Array.from({ length: 8 }, () => create(id, '1000.00')));
    expect(results.filter((r) => !r.errors).length).toBe(5);
    expect(
      results.filter((r) => r.errors).every((r) => /exceeds the available limit/.test(r.errors![0]!.message)),
    ).toBe(true);
    const batches = await Promise.all(Array.from({ length: 3 }, () => submit(id, [invoice(id, '0.01')])));
    expect(batches.every((b) => b.errors?.[0]?.message.includes('exceed'))).toBe(true);
    const [held] = await sql(`SELECT sum(invoice_amount)::text AS s FROM "request" WHERE "buyerId" = $1`, [
      id,
    ]);
    expect(held!.s).toBe('5000.00');
  });
  it('takes its parties and names from its buyer line, whatever the client sent', async () => {
    const id = await line('50000.00');
    const requestId = created(await create(id, '100.00', 'Supplier', { buyer_name: 'Someone Else Ltd' }));
    const read = await ok(
      'Admin',
      `query { getRequest(id: "${requestId}") { supplierId investorId spvId buyer_name } }`,
    );
    expect(read.getRequest).toEqual({
      supplierId: world.Supplier,
      investorId: world.Investor,
      spvId: world.Spv,
      buyer_name: 'Keystone Trading Ltd',
    });
  });
  it('lets the supplier change the requested amount only while the line is under review', async () => {
    const change = async (id: string, amount: string) => {
      const current = await ok('Admin', `query { getBuyer(id: "${id}") { _version } }`);
      return api.gql(
        'Supplier',
        `mutation { updateBuyer(input: { id: "${id}", _version: ${String(current.getBuyer!._version)}, buyer_loan_request_amount: "${amount}" }) { buyer_loan_request_amount } }`,
      ) as Promise<Result>;
    };
    const draft = await line('50000.00', '100', false);
    expect((await change(draft, '60000.00')).errors).toBeUndefined();
    const approved = await line('50000.00');
    expect((await change(approved, '90000.00')).errors?.[0]).toMatchObject({
      errorType: 'Unauthorized',
      message: 'Not allowed: buyer_loan_request_amount cannot be changed: the buyer line is Approved',
    });
  });
});
