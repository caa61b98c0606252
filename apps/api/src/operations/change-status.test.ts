import { afterAll, beforeAll, expect, it } from 'vitest';
import { priceRequest } from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { CHANGE_CHANNEL, type Change } from '../data/change-feed.ts';
import { buildWorld, CALLERS, readyForApproval, type World } from '../testing/world.ts';
import { FIXING_DATE, PAYOUT } from '../testing/status-expectations.ts';

type Result = { data?: Record<string, unknown> | null; errors?: { message: string; errorType: string }[] };

describeDatabases('status changes', (db) => {
  let api: ApiHarness;
  let world: World;
  let other: World;
  const move = (who: string, input: Record<string, unknown>): Promise<Result> =>
    api.gql(who, 'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }', { input });
  const proposeTerms = async (id: string) => {
    const current = await api.gql<{ getBuyer: { _version: number } }>(
      'Admin',
      `query { getBuyer(id: "${id}") { _version } }`,
    );
    const res = await api.gql(
      'Broker',
      `mutation { updateBuyer(input: { id: "${id}", _version: ${current.data!.getBuyer._version}, buyer_loan_request_amount: "750000", buyer_loan_advance_rate: "90", buyer_loan_rate: "SOFR(3M)", buyer_loan_discount_fee: "4" }) { id } }`,
    );
    expect(res.errors).toBeUndefined();
  };
  const announced: Change[] = [];
  /** Waits for the change feed to announce `change` (NOTIFY is asynchronous on PostgreSQL). */
  const announcement = async (change: Partial<Change>, since: number) => {
    const matches = (c: Change) => Object.entries(change).every(([k, v]) => c[k as keyof Change] === v);
    const found = () => announced.slice(since).find(matches);
    for (let i = 0; i < 100 && !found(); i++) await new Promise((r) => setTimeout(r, 20));
    return found();
  };
  const record = (res: Result) => JSON.parse(String(res.data?.changeStatus)) as Record<string, unknown>;

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS))
      api.callers.set(name, { ...caller, name: `${name} user` });
    await db().listen(CHANGE_CHANNEL, (payload) => announced.push(JSON.parse(payload) as Change));
    world = await buildWorld(api, '');
    other = await buildWorld(api, '2');
  });
  afterAll(async () => api.app.close());

  it('takes a buyer line from review through terms to the investor’s approval, with history', async () => {
    const early = await move('Investor', {
      model: 'Buyer',
      id: world.Buyer,
      to: 'Approved',
      values: JSON.stringify({ buyer_loan_approved_amount: '1' }),
    });
    expect(early.errors?.[0]?.message).toMatch(
      /cannot move from Under Review to Approved; allowed: Investor Offer Pending/,
    );
    const bySupplier = await move('Supplier', {
      model: 'Buyer',
      id: world.Buyer,
      to: 'Investor Offer Pending',
    });
    expect(bySupplier.errors?.[0]?.errorType).toBe('Unauthorized');
    const bare = await move('Broker', { model: 'Buyer', id: world.Buyer, to: 'Investor Offer Pending' });
    expect(bare.errors?.[0]?.message).toMatch(
      /Complete the proposed terms first: requested amount, advance rate, base-rate series, spread missing/,
    );
    await proposeTerms(world.Buyer);
    const fees = await api.gql<{ getBuyer: { _version: number } }>(
      'Admin',
      `query { getBuyer(id: "${world.Buyer}") { _version } }`,
    );
    const feesSet = await api.gql(
      'Admin',
      `mutation { updateBuyer(input: { id: "${world.Buyer}", _version: ${fees.data!.getBuyer._version}, buyer_loan_transaction_fee: "25", buyer_loan_broker_fee: "20", buyer_loan_spv_fee: "0.5" }) { id } }`,
    );
    expect(feesSet.errors).toBeUndefined();
    const submitted = await move('Broker', { model: 'Buyer', id: world.Buyer, to: 'Investor Offer Pending' });
    expect(submitted.errors).toBeUndefined();
    const foreign = await move('Investor', {
      model: 'Buyer',
      id: other.Buyer,
      to: 'Approved',
      values: JSON.stringify({ buyer_loan_approved_amount: '1' }),
    });
    expect(foreign.errors?.[0]?.errorType).toBe('Unauthorized');
    const noAmount = await move('Investor', { model: 'Buyer', id: world.Buyer, to: 'Approved' });
    expect(noAmount.errors?.[0]?.message).toMatch(/buyer_loan_approved_amount is required/);
    // The approved limit: more than 0, in the currency's minor unit, at most the requested 750000.
    const refusal = async (values: Record<string, string>) =>
      (
        await move('Investor', {
          model: 'Buyer',
          id: world.Buyer,
          to: 'Approved',
          values: JSON.stringify(values),
        })
      ).errors?.[0]?.message;
    expect(await refusal({ buyer_loan_approved_amount: '0.00' })).toMatch(
      /more than 0; decline the line instead/,
    );
    expect(await refusal({ buyer_loan_approved_amount: '750000.01' })).toMatch(
      /cannot be more than the requested amount 750000/,
    );
    expect(await refusal({ buyer_loan_approved_amount: '100.005' })).toMatch(/at most 2 decimals/);
    expect(
      await refusal({ buyer_loan_approved_amount: '500000', buyer_loan_discount_fee: '100.01' }),
    ).toMatch(/buyer_loan_discount_fee is a yearly percentage of at most 100/);
    const stillPending = await api.gql<{ getBuyer: Record<string, unknown> }>(
      'Admin',
      `query { getBuyer(id: "${world.Buyer}") { buyer_status buyer_loan_approved_amount } }`,
    );
    expect(stillPending.data?.getBuyer).toEqual({
      buyer_status: 'Investor Offer Pending',
      buyer_loan_approved_amount: null,
    });
    const mailsBefore = api.mail.length;
    const approved = await move('Investor', {
      model: 'Buyer',
      id: world.Buyer,
      to: 'Approved',
      values: JSON.stringify({ buyer_loan_approved_amount: '500000', buyer_loan_discount_fee: '4' }),
    });
    expect(approved.errors).toBeUndefined();
    expect(record(approved)).toMatchObject({
      buyer_status: 'Approved',
      buyer_loan_approved_amount: '500000',
      buyer_loan_discount_fee: '4',
    });
    // The supplier (the line's owner) is told, with the approved limit and spread.
    const told = api.mail.slice(mailsBefore);
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]?.subject).toMatch(/: Approved$/);
    expect(told[0]?.text).toMatch(/Approved limit USD 500,000\.00 \(requested USD 750,000\.00\); spread 4 %/);
    const history = await api.gql<{ statusHistory: Record<string, unknown>[] }>(
      'Supplier',
      `query { statusHistory(model: "Buyer", id: "${world.Buyer}") { field from to actorRole actorName } }`,
    );
    // The world approved the line once to make its request, then reopened it (testing/world.ts).
    expect(history.data?.statusHistory.slice(3)).toEqual([
      {
        field: 'buyer_status',
        from: 'Under Review',
        to: 'Investor Offer Pending',
        actorRole: 'Broker',
        actorName: 'Broker user',
      },
      {
        field: 'buyer_status',
        from: 'Investor Offer Pending',
        to: 'Approved',
        actorRole: 'Investor',
        actorName: 'Investor user',
      },
    ]);
    const foreignHistory = await api.gql<{ statusHistory: unknown[] }>(
      'Supplier',
      `query { statusHistory(model: "Buyer", id: "${other.Buyer}") { to } }`,
    );
    expect(foreignHistory.data?.statusHistory).toEqual([]);
  });

  it('needs a reason to decline and zeroes the approved limit', async () => {
    const current = await api.gql<{ getBuyer: { _version: number } }>(
      'Admin',
      `query { getBuyer(id: "${other.Buyer}") { _version } }`,
    );
    await api.gql(
      'Admin',
      `mutation { updateBuyer(input: { id: "${other.Buyer}", _version: ${current.data!.getBuyer._version}, buyer_loan_request_amount: "1", buyer_loan_advance_rate: "90", buyer_loan_rate: "SOFR(1M)", buyer_loan_discount_fee: "5" }) { id } }`,
    );
    expect(
      (await move('Admin', { model: 'Buyer', id: other.Buyer, to: 'Investor Offer Pending' })).errors,
    ).toBeUndefined();
    const silent = await move('Admin', { model: 'Buyer', id: other.Buyer, to: 'Declined' });
    expect(silent.errors?.[0]?.message).toMatch(/a reason is required to decline/);
    const declined = await move('Admin', {
      model: 'Buyer',
      id: other.Buyer,
      to: 'Declined',
      comment: 'Weak financials',
    });
    expect(record(declined)).toMatchObject({ buyer_status: 'Declined', buyer_loan_approved_amount: '0' });
  });

  it('prices a request on approval from the line and the SOFR fixing, and opens its bookkeeping', async () => {
    await readyForApproval(api, world.Request);
    const noFixing = await move('Investor', {
      model: 'Request',
      id: world.Request,
      to: 'Approved',
      values: JSON.stringify({ payout_date: PAYOUT }),
    });
    expect(noFixing.errors?.[0]?.message).toMatch(/fixing/i);
    const fixing = await api.gql(
      'Admin',
      `mutation { createSOFR(input: { date: "${FIXING_DATE}", SOFR: "4.3", SOFRM3: "4.25" }) { id } }`,
    );
    expect(fixing.errors).toBeUndefined();
    const due = await api.gql<{ getRequest: { invoice_due_date: string } }>(
      'Admin',
      `query { getRequest(id: "${world.Request}") { invoice_due_date } }`,
    );
    const before = announced.length;
    const approved = await move('Investor', {
      model: 'Request',
      id: world.Request,
      to: 'Approved',
      values: JSON.stringify({ payout_date: PAYOUT }),
    });
    expect(approved.errors).toBeUndefined();
    const expected = priceRequest({
      invoiceAmount: '1250.50',
      currency: 'USD',
      advanceRate: '90',
      baseRate: '4.25',
      spread: '4',
      transactionFeeRate: '25',
      brokerFeeRate: '20',
      spvFeeRate: '0.5',
      payoutDate: PAYOUT,
      dueDate: due.data!.getRequest.invoice_due_date,
    });
    expect(record(approved)).toMatchObject({
      request_status: 'Approved',
      payout_date: PAYOUT,
      base_rate: 'SOFR(3M)',
      base_rate_amount: '4.25',
      invoice_purchase_amount: expected.invoice_purchase_amount,
      discount_fee_amount: expected.discount_fee_amount,
      bookkeeping_status_admin: 'Open',
      bookkeeping_status_spv: 'Open',
    });
    const books = await api.gql<{ listBookkeepings: { items: { bookkeeping_status_admin: string }[] } }>(
      'Spv',
      `query { listBookkeepings(filter: { requestId: { eq: "${world.Request}" } }) { items { bookkeeping_status_admin } } }`,
    );
    expect(books.data?.listBookkeepings.items.map((b) => b.bookkeeping_status_admin)).toContain('Open');
    // Subscribers hear of the bookkeeping record the approval opened, not only of the request.
    expect(await announcement({ model: 'Bookkeeping', kind: 'create' }, before)).toBeDefined();
  });

  it('zeroes the fee and purchase amounts of a declined request', async () => {
    const declined = await move('Admin', {
      model: 'Request',
      id: other.Request,
      to: 'Declined',
      comment: 'Invoice disputed',
    });
    expect(record(declined)).toMatchObject({
      request_status: 'Declined',
      invoice_purchase_amount: '0',
      discount_fee_amount: '0',
    });
  });

  it('keeps statuses out of plain updates, even for admin', async () => {
    const current = await api.gql<{ getRequest: { _version: number } }>(
      'Admin',
      `query { getRequest(id: "${other.Request}") { _version } }`,
    );
    const res = await api.gql(
      'Admin',
      `mutation { updateRequest(input: { id: "${other.Request}", _version: ${current.data!.getRequest._version}, request_status: "Settled" }) { id } }`,
    );
    expect(res.errors?.[0]?.message).toMatch(/request_status changes only through its named operations/);
  });

  it('lets only the owner resubmit a declined record', async () => {
    expect(
      (await move('Admin', { model: 'Director', id: world.Director, to: 'Declined', comment: 'ID expired' }))
        .errors,
    ).toBeUndefined();
    expect(api.mail.at(-1)).toMatchObject({
      to: 'owner@supplier.test',
      subject: 'Director sample director_name: Declined',
      text: expect.stringContaining('Comment: ID expired'),
    });
    const byInvestor = await move('Investor', { model: 'Director', id: world.Director, to: 'Under Review' });
    expect(byInvestor.errors?.[0]?.errorType).toBe('Unauthorized');
    const bySupplier = await move('Supplier', { model: 'Director', id: world.Director, to: 'Under Review' });
    expect(bySupplier.errors).toBeUndefined();
  });

  it('keeps the request’s bookkeeping statuses in step with its bookkeeping record', async () => {
    const books = await api.gql<{ listBookkeepings: { items: { id: string }[] } }>(
      'Admin',
      `query { listBookkeepings(filter: { requestId: { eq: "${world.Request}" }, bookkeeping_status_spv: { eq: "Open" } }) { items { id } } }`,
    );
    const id = books.data!.listBookkeepings.items[0]!.id;
    const before = announced.length;
    expect(
      (await move('Spv', { model: 'Bookkeeping', id, field: 'bookkeeping_status_spv', to: 'Approved' }))
        .errors,
    ).toBeUndefined();
    const request = await api.gql<{ getRequest: { bookkeeping_status_spv: string } }>(
      'Supplier',
      `query { getRequest(id: "${world.Request}") { bookkeeping_status_spv } }`,
    );
    expect(request.data?.getRequest.bookkeeping_status_spv).toBe('Approved');
    expect(await announcement({ model: 'Request', kind: 'update', id: world.Request }, before)).toBeDefined();
  });
});
