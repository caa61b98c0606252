import { afterAll, beforeAll, expect, it } from 'vitest';
import { REGISTRY } from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { createAccount, statementUpload } from '../testing/payments.ts';
import { sampleInput } from '../testing/samples.ts';
import {
  buildWorld,
  CALLERS,
  fundedLine,
  onPricedPayoutDay,
  ORGS,
  PRICED_PAYOUT,
  readyForApproval,
  type World,
} from '../testing/world.ts';
import { camt053Xml, type CamtEntryInput } from './camt-writer.ts';

type Result<T = Record<string, unknown>> = {
  data?: T | null;
  errors?: { message: string; errorType: string }[];
};

const ALLOCATE = 'mutation ($input: AllocatePaymentInput!) { allocatePayment(input: $input) }';
const UNMATCH = 'mutation ($input: UnmatchAllocationInput!) { unmatchAllocation(input: $input) }';

/**
 * Reconciliation (docs/business-rules.md, “Payments and reconciliation”): the platform matches a
 * payment on its own only when one candidate carries the invoice number and the amount equals its
 * open balance; otherwise it suggests, with reasons. Administrators split a payment, leave part of
 * a request open, unmatch with a reason; a request is Settled exactly when fully allocated; a
 * payout instruction is confirmed by the remittance debit carrying its reference.
 */
describeDatabases('reconciliation of payments', (db) => {
  let api: ApiHarness;
  let world: World;
  let collection = '';
  let remittance = '';
  const requests: Record<string, string> = {};
  let statementNo = 0;

  const sql = (text: string, params: unknown[] = []) => db().query(text, params as never[]);
  const gql = <T = Record<string, unknown>>(
    token: string,
    query: string,
    variables?: Record<string, unknown>,
  ) => api.gql<T>(token, query, variables) as Promise<Result<T>>;
  const importInto = async (account: string, entries: Partial<CamtEntryInput>[]) => {
    statementNo += 1;
    const [bank] = await sql('SELECT bank_account_number FROM "bank" WHERE id = $1', [account]);
    const xml = camt053Xml({
      messageId: `REC-${statementNo}`,
      createdAt: '2026-05-01T18:00:00',
      account: { iban: null, number: String(bank!.bank_account_number), currency: 'USD' },
      entries: entries.map((e, i) => ({
        amount: '0.00',
        currency: 'USD',
        bookingDate: '2026-05-01',
        bankReference: `REC-${statementNo}-${i}`,
        counterpartyName: 'Reconcile Metals BV',
        ...e,
      })),
    });
    const { payload, headers } = statementUpload(account, 'statement.xml', xml);
    const res = await api.app.inject({
      method: 'POST',
      url: '/bank/statements',
      headers: { ...headers, authorization: 'Investor' },
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { matched: number; transactionIds: string[] };
  };
  const request = async (id: string) =>
    (
      await sql(
        'SELECT request_status, payback_date::text AS payback_date, "transactionId_payback", "transactionId_payout", payout_date::text AS payout_date FROM "request" WHERE id = $1',
        [id],
      )
    )[0]!;
  const paid = async (id: string) =>
    (
      await sql(
        'SELECT coalesce(sum(amount), 0)::text AS paid FROM payment_allocation WHERE request_id = $1 AND undone_at IS NULL',
        [id],
      )
    )[0]!.paid;
  const state = async (id: string) =>
    (await sql('SELECT reconciliation_status FROM "transaction" WHERE id = $1', [id]))[0]!
      .reconciliation_status;

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    api.callers.set('Broker2', { sub: 'broker2', groupId: ORGS.broker2, role: 'Broker' });
    world = await buildWorld(api, '');
    await onPricedPayoutDay(api);
    const line = await fundedLine(api, world, {
      limit: '50000.00',
      advance: '90',
      name: 'Reconcile Metals BV',
    });
    for (const [invoice, amount] of [
      ['REC-A-100', '1000.00'],
      ['REC-B-200', '2000.00'],
      ['REC-C-300', '3000.00'],
      ['REC-D-400', '2000.00'],
    ] as const) {
      const made = await gql<{ createRequest: { id: string } }>(
        'Supplier',
        'mutation ($input: CreateRequestInput!) { createRequest(input: $input) { id } }',
        {
          input: sampleInput(REGISTRY.Request, {
            buyerId: line,
            supplierId: world.Supplier,
            invoice_number: invoice,
            invoice_amount: amount,
            invoice_currency: 'USD',
            invoice_date: '2026-03-01',
            invoice_due_date: '2026-05-08',
          }),
        },
      );
      expect(made.errors).toBeUndefined();
      const id = made.data!.createRequest.id;
      await readyForApproval(api, id);
      const approved = await gql(
        'Admin',
        'mutation ($input: ApproveRequestInput!) { approveRequest(input: $input) { id } }',
        {
          input: { id, payout_date: PRICED_PAYOUT },
        },
      );
      expect(approved.errors).toBeUndefined();
      requests[invoice] = id;
    }
    collection = await createAccount(api, 'collection', {
      userId: ORGS.investor,
      investorId: world.Investor,
    });
    remittance = await createAccount(api, 'remittance', {
      userId: ORGS.investor,
      investorId: world.Investor,
    });
    api.setToday('2026-05-10');
  });
  afterAll(async () => api.app.close());

  it('confirms the payout from the remittance debit that carries the instruction’s reference', async () => {
    const [instruction] = await sql(
      `SELECT reference, amount::text AS amount FROM payout_instruction WHERE request_id = $1`,
      [requests['REC-A-100']],
    );
    const imported = await importInto(remittance, [
      {
        amount: `-${String(instruction!.amount)}`,
        bookingDate: '2026-03-10',
        endToEndId: String(instruction!.reference),
        remittance: 'Advance',
      },
      { amount: '-12.00', bookingDate: '2026-03-10', remittance: 'Bank charges' },
    ]);
    expect(imported.matched).toBe(1);
    expect(await request(requests['REC-A-100']!)).toMatchObject({
      transactionId_payout: imported.transactionIds[0],
      payout_date: '2026-03-10',
    });
    expect(
      await sql(`SELECT status FROM payout_instruction WHERE request_id = $1`, [requests['REC-A-100']]),
    ).toEqual([{ status: 'Confirmed' }]);
    expect(await state(imported.transactionIds[0]!)).toBe('Matched');
    expect(await state(imported.transactionIds[1]!)).toBe('Unmatched');
    const [posted] = await sql(`SELECT count(*)::int AS n FROM ledger_transaction WHERE event = $1`, [
      `payout:${requests['REC-A-100']}`,
    ]);
    expect(posted!.n).toBe(1);
  });

  it('matches on its own a payment naming one invoice for its open balance, and settles it', async () => {
    const imported = await importInto(collection, [
      { amount: '1000.00', remittance: 'Payment REC-A-100 thank you' },
    ]);
    expect(imported.matched).toBe(1);
    const payment = imported.transactionIds[0]!;
    expect(await request(requests['REC-A-100']!)).toMatchObject({
      request_status: 'Settled',
      payback_date: '2026-05-01',
      transactionId_payback: payment,
    });
    expect(await state(payment)).toBe('Matched');
    const allocations = await gql<{ paymentAllocations: Record<string, unknown>[] }>(
      'Investor',
      `query { paymentAllocations(transactionId: "${payment}") { invoiceNumber amount method requestStatus } }`,
    );
    expect(allocations.data!.paymentAllocations).toEqual([
      { invoiceNumber: 'REC-A-100', amount: '1000.00', method: 'auto', requestStatus: 'Settled' },
    ]);
    const history = await gql<{ statusHistory: { comment: string; operation: string; to: string }[] }>(
      'Admin',
      `query { statusHistory(model: "Request", id: "${requests['REC-A-100']}") { to comment operation } }`,
    );
    expect(history.data!.statusHistory).toContainEqual(
      expect.objectContaining({
        operation: 'matchPayment',
        comment: 'Payment of 2026-05-01 from Reconcile Metals BV: 1000.00 USD allocated; open 0.00 USD',
      }),
    );
    expect(history.data!.statusHistory).toContainEqual(
      expect.objectContaining({ to: 'Settled', operation: 'settleRequest' }),
    );
    // The reserve's rebate to the supplier is instructed from the collection account's owner.
    expect(
      await sql(`SELECT kind, payer_model FROM payout_instruction WHERE request_id = $1 ORDER BY kind`, [
        requests['REC-A-100'],
      ]),
    ).toEqual([
      { kind: 'advance', payer_model: 'Investor' },
      { kind: 'rebate', payer_model: 'Investor' },
    ]);
  });

  it('only suggests when the match is ambiguous, with the reasons of each score', async () => {
    // 2,000.00 is the open balance of two requests, and names none.
    const imported = await importInto(collection, [
      { amount: '2000.00', remittance: 'Payment March deliveries' },
    ]);
    expect(imported.matched).toBe(0);
    const payment = imported.transactionIds[0]!;
    const suggestions = await gql<{
      paymentSuggestions: { invoiceNumber: string; reasons: string[]; automatic: boolean }[];
    }>(
      'Admin',
      `query { paymentSuggestions(transactionId: "${payment}") { invoiceNumber reasons automatic allocatable } }`,
    );
    expect(suggestions.data!.paymentSuggestions.map((s) => s.invoiceNumber)).toEqual([
      'REC-B-200',
      'REC-D-400',
      'REC-C-300',
    ]);
    expect(suggestions.data!.paymentSuggestions[0]).toEqual({
      invoiceNumber: 'REC-B-200',
      reasons: ['amount equals the open balance', "payer name 100 % like the buyer's"],
      automatic: false,
      allocatable: '2000.00',
    });
    // The 3,000.00 request: one click takes what is left of the 2,000.00 payment.
    expect(suggestions.data!.paymentSuggestions[2]).toMatchObject({
      invoiceNumber: 'REC-C-300',
      allocatable: '2000.00',
    });
    expect(
      (await gql('Investor', `query { paymentSuggestions(transactionId: "${payment}") { requestId } }`))
        .errors?.[0]?.message,
    ).toBe('Not allowed: only an administrator may see payment suggestions');
  });

  it('splits one payment across two requests, leaving one partly open; refuses more than is left or open', async () => {
    const [payment] = (
      await importInto(collection, [{ amount: '2500.00', remittance: 'REC-B-200 REC-C-300 part' }])
    ).transactionIds;
    expect(await state(payment!)).toBe('Unmatched');
    const over = await gql('Admin', ALLOCATE, {
      input: {
        transactionId: payment,
        allocations: [
          { requestId: requests['REC-B-200'], amount: '2000.00' },
          { requestId: requests['REC-C-300'], amount: '600.00' },
        ],
      },
    });
    expect(over.errors?.[0]?.message).toBe(
      'The allocations take 2600.00 USD, but only 2500.00 USD of the payment is left',
    );
    const tooMuch = await gql('Admin', ALLOCATE, {
      input: {
        transactionId: payment,
        allocations: [{ requestId: requests['REC-B-200'], amount: '2000.01' }],
      },
    });
    expect(tooMuch.errors?.[0]?.message).toBe(
      'invoice REC-B-200: 2000.01 USD is more than its open balance 2000.00 USD',
    );
    expect(
      (
        await gql('Investor', ALLOCATE, {
          input: {
            transactionId: payment,
            allocations: [{ requestId: requests['REC-B-200'], amount: '1.00' }],
          },
        })
      ).errors?.[0]?.message,
    ).toBe('Not allowed: only an administrator may allocate payments');
    const split = await gql('Admin', ALLOCATE, {
      input: {
        transactionId: payment,
        allocations: [
          { requestId: requests['REC-B-200'], amount: '2000.00' },
          { requestId: requests['REC-C-300'], amount: '500.00' },
        ],
      },
    });
    expect(split.errors).toBeUndefined();
    expect(await state(payment!)).toBe('Matched');
    expect((await request(requests['REC-B-200']!)).request_status).toBe('Settled');
    expect((await request(requests['REC-C-300']!)).request_status).toBe('Approved');
    // The supplier is told of the settlement as soon as the allocation returns
    // (docs/business-rules.md, “Notifications”).
    expect(api.mail).toContainEqual(
      expect.objectContaining({ to: 'owner@supplier.test', subject: 'Request REC-B-200: Settled' }),
    );
    expect(await paid(requests['REC-C-300']!)).toBe('500.00');
    const balance = await gql<{ requestBalance: Record<string, string> }>(
      'Supplier',
      `query { requestBalance(requestId: "${requests['REC-C-300']}") { invoiceAmount paid writtenOff open currency } }`,
    );
    expect(balance.data!.requestBalance).toEqual({
      invoiceAmount: '3000.00',
      paid: '500.00',
      writtenOff: '0.00',
      open: '2500.00',
      currency: 'USD',
    });
    expect(
      (await gql('Broker2', `query { requestBalance(requestId: "${requests['REC-C-300']}") { open } }`))
        .errors?.[0]?.message,
    ).toBe(`Request ${requests['REC-C-300']} not found`);
  });

  it('unmatches with a reason, never a settled request’s allocation; the matcher leaves manual matches alone', async () => {
    const [allocation] = await sql(
      `SELECT id, transaction_id FROM payment_allocation WHERE request_id = $1`,
      [requests['REC-C-300']],
    );
    expect(
      (await gql('Admin', UNMATCH, { input: { allocationId: allocation!.id, reason: '  ' } })).errors?.[0]
        ?.message,
    ).toBe('Say why: a reason is required to unmatch a payment');
    const undone = await gql('Admin', UNMATCH, {
      input: { allocationId: allocation!.id, reason: 'belongs to REC-D-400' },
    });
    expect(undone.errors).toBeUndefined();
    expect(await paid(requests['REC-C-300']!)).toBe('0');
    expect(await state(String(allocation!.transaction_id))).toBe('Partially matched');
    expect(
      (await gql('Admin', UNMATCH, { input: { allocationId: allocation!.id, reason: 'again' } })).errors?.[0]
        ?.message,
    ).toBe('The allocation is undone already');
    const [settled] = await sql(`SELECT id FROM payment_allocation WHERE request_id = $1`, [
      requests['REC-B-200'],
    ]);
    expect(
      (await gql('Admin', UNMATCH, { input: { allocationId: settled!.id, reason: 'wrong' } })).errors?.[0]
        ?.message,
    ).toBe('The request is Settled: its allocations are decided');
    const history = await gql<{ statusHistory: { comment: string }[] }>(
      'Admin',
      `query { statusHistory(model: "Transaction", id: "${String(allocation!.transaction_id)}") { comment } }`,
    );
    expect(history.data!.statusHistory.map((h) => h.comment)).toContain(
      '500.00 USD unmatched from invoice REC-C-300: belongs to REC-D-400',
    );
    // The ledger reversed the allocation: the request's receivable is open again in full.
    const [reversal] = await sql(`SELECT count(*)::int AS n FROM ledger_transaction WHERE event = $1`, [
      `reversal:allocation:${String(allocation!.id)}`,
    ]);
    expect(reversal!.n).toBe(1);
  });

  it('allocates a payment once when two administrators allocate all of it at the same time', async () => {
    const [payment] = (await importInto(collection, [{ amount: '700.00', remittance: 'on account' }]))
      .transactionIds;
    const both = await Promise.all(
      [requests['REC-C-300'], requests['REC-D-400']].map((requestId) =>
        gql('Admin', ALLOCATE, {
          input: { transactionId: payment, allocations: [{ requestId, amount: '700.00' }] },
        }),
      ),
    );
    expect(both.filter((r) => !r.errors).length).toBe(1);
    expect(both.find((r) => r.errors)?.errors?.[0]?.message).toBe(
      'The allocations take 700.00 USD, but only 0.00 USD of the payment is left',
    );
    const [sum] = await sql(
      `SELECT sum(amount)::text AS s FROM payment_allocation WHERE transaction_id = $1 AND undone_at IS NULL`,
      [payment],
    );
    expect(sum!.s).toBe('700.00');
  });
});
