import { afterAll, beforeAll, expect, it } from 'vitest';
import { adjustedDiscountFeeRate, REGISTRY } from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { createAccount, createPayment } from '../testing/payments.ts';
import { sampleInput } from '../testing/samples.ts';
import { buildWorld, CALLERS, ORGS, readyForApproval, type World } from '../testing/world.ts';

type Result = { data?: Record<string, unknown> | null; errors?: { message: string; errorType: string }[] };

/** The requests are made and approved on the payout date, invoiced a week before. */
const PAYOUT = '2026-03-09';
const INVOICED = '2026-03-01';
/** 60 days after the payout. */
const DUE = '2026-05-08';
/** The day the settlements are made, after every payment of the tests. */
const SETTLED_ON = '2026-06-30';

/**
 * Request Approved → Settled
 * (docs/business-rules.md, “Bank accounts, transactions and settlement”): the admin links the
 * collection transaction that paid the request; the adjusted discount fee rate follows the payback
 * date and the line's limit is freed.
 */
describeDatabases('settling a request by its collection transaction', (db) => {
  let api: ApiHarness;
  let world: World;
  let other: World;
  let line: string;
  let collection: string;
  let remittance: string;
  const sql = (text: string, params: (string | null)[] = []) => db().query(text, params);

  const ok = async (query: string, variables?: Record<string, unknown>) => {
    const res = (await api.gql('Admin', query, variables)) as Result;
    expect(res.errors, query).toBeUndefined();
    return res.data as Record<string, Record<string, unknown>>;
  };
  const move = (who: string, id: string, to: string, values?: Record<string, unknown>, model = 'Request') =>
    api.gql(who, 'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }', {
      input: { model, id, to, comment: 'test', ...(values ? { values: JSON.stringify(values) } : {}) },
    }) as Promise<Result>;
  const settle = (id: string, values: Record<string, unknown>, who = 'Admin') =>
    move(who, id, 'Settled', values);
  const row = async (id: string) => (await sql(`SELECT * FROM "request" WHERE id = $1`, [id]))[0]!;

  /** The supplier submits a request on the payout date; the clock then moves on to SETTLED_ON. */
  const submitRequest = async (amount: string) => {
    api.setToday(PAYOUT);
    const made = await api.gql<{ createRequest: { id: string } }>(
      'Supplier',
      'mutation ($input: CreateRequestInput!) { createRequest(input: $input) { id } }',
      {
        input: sampleInput(REGISTRY.Request, {
          buyerId: line,
          supplierId: world.Supplier,
          invoice_amount: amount,
          invoice_currency: 'USD',
          invoice_date: INVOICED,
          invoice_due_date: DUE,
        }),
      },
    );
    api.setToday(SETTLED_ON);
    return made;
  };
  const createRequest = async (amount: string) => {
    const made = await submitRequest(amount);
    expect(made.errors).toBeUndefined();
    return made.data!.createRequest.id;
  };
  /** A request approved on the payout date with what approval needs attached. */
  const approvedRequest = async (amount = '4000.00') => {
    const id = await createRequest(amount);
    api.setToday(PAYOUT);
    await readyForApproval(api, id);
    const approved = await move('Admin', id, 'Approved', { payout_date: PAYOUT });
    api.setToday(SETTLED_ON);
    expect(approved.errors).toBeUndefined();
    return id;
  };
  /** A posted payment to the world's investor, into its collection account unless told otherwise. */
  const payment = (fields: Record<string, unknown> = {}) =>
    createPayment(api, {
      userId: ORGS.investor,
      investorId: world.Investor,
      recipientaccountId: collection,
      ...fields,
    });
  const bank = (purpose: 'collection' | 'remittance', party: { investorId: string }, userId: string) =>
    createAccount(api, purpose, { userId, ...party });

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS))
      api.callers.set(name, { ...caller, name: `${name} user` });
    world = await buildWorld(api, '');
    other = await buildWorld(api, '2');
    const made = await ok('mutation ($input: CreateBuyerInput!) { createBuyer(input: $input) { id } }', {
      input: sampleInput(REGISTRY.Buyer, {
        userId: ORGS.supplier,
        supplierId: world.Supplier,
        investorId: world.Investor,
        spvId: world.Spv,
        buyer_name: 'Keystone Trading Ltd',
        buyer_currency: 'USD',
        buyer_loan_request_amount: '10000.00',
        buyer_loan_advance_rate: '100',
        buyer_loan_rate: 'SOFR(3M)',
        buyer_loan_discount_fee: '4',
      }),
    });
    line = String(made.createBuyer!.id);
    expect((await move('Admin', line, 'Investor Offer Pending', undefined, 'Buyer')).errors).toBeUndefined();
    const approve = await move(
      'Admin',
      line,
      'Approved',
      { buyer_loan_approved_amount: '10000.00' },
      'Buyer',
    );
    expect(approve.errors).toBeUndefined();
    await ok('mutation { createSOFR(input: { date: "2026-03-05", SOFR: "4.3", SOFRM3: "4.25" }) { id } }');
    collection = await bank('collection', { investorId: world.Investor }, ORGS.investor);
    remittance = await bank('remittance', { investorId: world.Investor }, ORGS.investor);
  });
  afterAll(async () => {
    api.setToday(null);
    await api.app.close();
  });

  it('settles a request paid late, with the adjusted rate, payback link and date, and a history entry', async () => {
    const id = await approvedRequest();
    const paid = await payment({ transaction_date: '2026-05-18' });
    const res = await settle(id, { transactionId_payback: paid });
    expect(res.errors).toBeUndefined();
    const settled = JSON.parse(String(res.data!.changeStatus)) as Record<string, unknown>;
    // (4.25 + 4) × 60 / 70 − 4.25, to 6 places
    expect(settled).toMatchObject({
      request_status: 'Settled',
      transactionId_payback: paid,
      payback_date: '2026-05-18',
      discount_fee_rate_adjusted: '2.821429',
    });
    const history = await api.gql<{ statusHistory: Record<string, unknown>[] }>(
      'Supplier',
      `query { statusHistory(model: "Request", id: "${id}") { from to actorRole } }`,
    );
    expect(history.data?.statusHistory.at(-1)).toEqual({
      from: 'Approved',
      to: 'Settled',
      actorRole: 'Admin',
    });
    // Settled is final.
    expect((await move('Admin', id, 'Approved', { payout_date: PAYOUT })).errors?.[0]?.message).toMatch(
      /cannot move from Settled to Approved$/,
    );
  });

  it('settles a request paid early, and one paid on the due date at an adjusted rate of 0', async () => {
    const early = await approvedRequest('3000.00');
    const paidEarly = await payment({ transaction_date: '2026-04-08', transaction_source_amount: '3000.00' });
    const res = await settle(early, { transactionId_payback: paidEarly });
    expect(res.errors).toBeUndefined();
    const expected = adjustedDiscountFeeRate({
      baseRate: '4.25',
      spread: '4',
      payoutDate: PAYOUT,
      dueDate: DUE,
      paybackDate: '2026-04-08',
    });
    // (4.25 + 4) × 60 / 30 − 4.25: paid in half the time, the planned fee earns twice the rate.
    expect(expected).toBe('12.25');
    expect(await row(early)).toMatchObject({
      discount_fee_rate_adjusted: '12.25',
      payback_date: '2026-04-08',
    });

    const onTime = await approvedRequest('2000.00');
    // Booked a day after the due date, but the admin gives the value date: the due date itself.
    const paidOnTime = await payment({
      transaction_date: '2026-05-09',
      transaction_source_amount: '2000.00',
    });
    const due = await settle(onTime, { transactionId_payback: paidOnTime, payback_date: DUE });
    expect(due.errors).toBeUndefined();
    expect(Number((await row(onTime)).discount_fee_rate_adjusted)).toBe(0);
    expect((await row(onTime)).payback_date).toBe(DUE);
  });

  it('refuses other roles and requests that are not approved', async () => {
    const id = await approvedRequest('100.00');
    const paid = await payment({ transaction_source_amount: '100.00' });
    for (const who of ['Supplier', 'Investor', 'Spv', 'Broker']) {
      const res = await settle(id, { transactionId_payback: paid }, who);
      expect(res.errors?.[0]?.errorType, who).toBe('Unauthorized');
    }
    const review = await createRequest('100.00');
    expect((await settle(review, { transactionId_payback: paid })).errors?.[0]?.message).toBe(
      'Not allowed: Request cannot move from Under Review to Settled; allowed: Documents Pending, Approved, Declined',
    );
    expect((await row(id)).request_status).toBe('Approved');
    expect((await row(review)).request_status).toBe('Under Review');
    expect((await settle(id, { transactionId_payback: paid })).errors).toBeUndefined();
    expect((await move('Admin', review, 'Declined')).errors).toBeUndefined();
  });

  it('refuses a missing, unknown, deleted, pending, outgoing, foreign, short or fully allocated payment', async () => {
    const id = await approvedRequest('500.00');
    // Without a reason: a short payment then cannot settle.
    const refusal = async (values: Record<string, unknown>) => {
      const res = (await api.gql(
        'Admin',
        'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }',
        {
          input: { model: 'Request', id, to: 'Settled', values: JSON.stringify(values) },
        },
      )) as Result;
      expect(res.errors?.[0]?.errorType).toBe('ValidationError');
      return res.errors?.[0]?.message;
    };
    expect(await refusal({})).toBe(
      'No payment is allocated to this request: link the collection transaction that paid it, or allocate one in reconciliation',
    );
    expect(await refusal({ transactionId_payback: 'abc' })).toBe(
      'transactionId_payback must be the id of a Transaction',
    );
    const unknown = '30000000-0000-4000-8000-000000000001';
    expect(await refusal({ transactionId_payback: unknown })).toBe(`Transaction ${unknown} does not exist`);
    const deleted = await payment({ transaction_source_amount: '500.00' });
    await sql(`UPDATE "transaction" SET "_deleted" = true WHERE id = $1`, [deleted]);
    expect(await refusal({ transactionId_payback: deleted })).toBe(`Transaction ${deleted} does not exist`);
    const pending = await payment({ transaction_source_amount: '500.00', pending: true });
    expect(await refusal({ transactionId_payback: pending })).toBe(
      'Transaction of 2026-05-08 is still pending at the bank: settle once it is posted',
    );
    const notCollection =
      'The transaction is not a payment into a collection account of the request’s investor or SPV';
    const outgoing = await payment({
      transaction_source_amount: '-500.00',
      recipientaccountId: null,
      senderaccountId: remittance,
    });
    expect(await refusal({ transactionId_payback: outgoing })).toBe(notCollection);
    const intoRemittance = await payment({
      transaction_source_amount: '500.00',
      recipientaccountId: remittance,
    });
    expect(await refusal({ transactionId_payback: intoRemittance })).toBe(notCollection);
    const foreignAccount = await bank('collection', { investorId: other.Investor }, ORGS.investor2);
    const elsewhere = await payment({
      transaction_source_amount: '500.00',
      recipientaccountId: foreignAccount,
    });
    expect(await refusal({ transactionId_payback: elsewhere })).toBe(notCollection);
    const euros = await payment({ transaction_source_amount: '500.00', transaction_source_currency: 'EUR' });
    expect(await refusal({ transactionId_payback: euros })).toBe(
      'The transaction is in EUR, the invoice in USD',
    );
    // A short payment is allocated, but settles only with a reason (then the shortfall is written
    // off): here the refusal rolls the allocation back with it.
    const short = await payment({ transaction_source_amount: '499.99' });
    expect(await refusal({ transactionId_payback: short })).toBe(
      'The payments allocated pay 499.99 USD, 0.01 short of the invoice amount 500.00 USD: allocate the rest, or settle with a reason to write the shortfall off as dilution',
    );
    expect(
      await sql('SELECT count(*)::int AS n FROM payment_allocation WHERE transaction_id = $1', [short]),
    ).toEqual([{ n: 0 }]);
    const good = await payment({ transaction_source_amount: '500.00' });
    expect(await refusal({ transactionId_payback: good, payback_date: '2026-03-01' })).toBe(
      `payback_date 2026-03-01 cannot be before the payout date ${PAYOUT}`,
    );
    expect(await refusal({ transactionId_payback: good, payback_date: '2999-01-01' })).toBe(
      'payback_date 2999-01-01 cannot be in the future',
    );
    expect(await refusal({ transactionId_payback: good, payback_date: '8 May' })).toBe(
      'payback_date must be a date in the form YYYY-MM-DD',
    );
    // Allocated in full to another request first: nothing of it is left for this one.
    const first = await approvedRequest('500.00');
    expect((await settle(first, { transactionId_payback: good })).errors).toBeUndefined();
    expect(await refusal({ transactionId_payback: good })).toBe(
      'The transaction is allocated in full already',
    );
    expect(await row(id)).toMatchObject({
      request_status: 'Approved',
      transactionId_payback: null,
      payback_date: null,
      discount_fee_rate_adjusted: null,
    });
    const right = await payment({ transaction_source_amount: '500.00' });
    expect((await settle(id, { transactionId_payback: right })).errors).toBeUndefined();
  });

  it('settles a short-paid request with a reason, writing the shortfall off against the reserve', async () => {
    const id = await approvedRequest('1000.00');
    const short = await payment({ transaction_source_amount: '900.00' });
    const res = await api.gql<{ changeStatus: string }>(
      'Admin',
      'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }',
      {
        input: {
          model: 'Request',
          id,
          to: 'Settled',
          comment: 'buyer deducted a quality claim',
          values: JSON.stringify({ transactionId_payback: short }),
        },
      },
    );
    expect(res.errors).toBeUndefined();
    expect(await row(id)).toMatchObject({ request_status: 'Settled', transactionId_payback: short });
    const written = await sql(
      `SELECT e.amount::text AS amount FROM ledger_entry e JOIN ledger_transaction t ON t.id = e.transaction_id
         JOIN ledger_account a ON a.id = e.account_id WHERE t.event = $1 AND a.kind = 'dilution_writeoffs'`,
      [`writeoff:${id}`],
    );
    expect(written).toEqual([{ amount: '10000' }]);
    const balance = await api.gql<{ requestBalance: Record<string, string> }>(
      'Admin',
      `query { requestBalance(requestId: "${id}") { paid writtenOff open } }`,
    );
    expect(balance.data!.requestBalance).toEqual({ paid: '900.00', writtenOff: '100.00', open: '0.00' });
    // The whole advance rate (100 %) was advanced: the reserve is the discount's rounding only, so
    // the shortfall takes all of it and no rebate is due.
    expect(
      await sql(`SELECT kind FROM payout_instruction WHERE request_id = $1 ORDER BY kind`, [id]),
    ).toEqual([{ kind: 'advance' }]);
  });

  it('allocates only the open balance of an overpayment: the rest stays unapplied on the payment', async () => {
    const id = await approvedRequest('700.00');
    const over = await payment({ transaction_source_amount: '750.00' });
    expect((await settle(id, { transactionId_payback: over })).errors).toBeUndefined();
    expect(
      await sql(`SELECT amount::text AS amount FROM payment_allocation WHERE transaction_id = $1`, [over]),
    ).toEqual([{ amount: '700.00' }]);
    expect(await sql(`SELECT reconciliation_status FROM "transaction" WHERE id = $1`, [over])).toEqual([
      { reconciliation_status: 'Partially matched' },
    ]);
  });

  it('frees the line’s limit: a settled request no longer counts towards utilisation', async () => {
    // Every earlier request of the line is settled; fill what is left of the 10,000 limit.
    const held = await sql(
      `SELECT coalesce(sum(invoice_purchase_amount), 0)::text AS n FROM "request" WHERE "buyerId" = $1 AND request_status = 'Approved'`,
      [line],
    );
    expect(Number(held[0]!.n)).toBe(0);
    const a = await approvedRequest('5000.00');
    await approvedRequest('4000.00');
    const refused = await submitRequest('4000.00');
    expect(refused.errors?.[0]?.message).toMatch(/exceeds the available limit of Keystone Trading Ltd/);
    const paid = await payment({ transaction_source_amount: '5000.00' });
    expect((await settle(a, { transactionId_payback: paid })).errors).toBeUndefined();
    await createRequest('4000.00');
  });
});
