import { afterAll, beforeAll, expect, it } from 'vitest';
import { REGISTRY } from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { createAccount, createPayment } from '../testing/payments.ts';
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

type Result = { data?: Record<string, unknown> | null; errors?: { message: string; errorType: string }[] };

/**
 * The broker's commission is paid to the broker who introduced the line
 * (docs/business-rules.md, “How a request is priced at approval”): a line with a broker fee rate
 * but no broker prices no broker fee, so its fees and settlement book the whole transaction fee to
 * the platform (a settlement there once failed: the ledger had nobody to credit the commission to).
 */
describeDatabases('broker fee of a line without a broker', (db) => {
  let api: ApiHarness;
  let world: World;

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    world = await buildWorld(api, '');
    await onPricedPayoutDay(api);
  });
  afterAll(async () => api.app.close());

  it('prices no broker fee, books the fees and settles', async () => {
    const line = await fundedLine(api, world, {
      limit: '50000.00',
      advance: '90',
      name: 'Brokerless Metals BV',
      brokerFee: '20',
      broker: false,
    });
    const made = (await api.gql(
      'Supplier',
      'mutation ($input: CreateRequestInput!) { createRequest(input: $input) { id } }',
      {
        input: sampleInput(REGISTRY.Request, {
          buyerId: line,
          supplierId: world.Supplier,
          invoice_amount: '10000.00',
          invoice_currency: 'USD',
          invoice_date: '2026-03-01',
          invoice_due_date: '2026-05-08',
        }),
      },
    )) as Result;
    expect(made.errors).toBeUndefined();
    const id = (made.data!.createRequest as { id: string }).id;
    await readyForApproval(api, id);
    const approved = (await api.gql(
      'Admin',
      'mutation ($input: ApproveRequestInput!) { approveRequest(input: $input) { broker_fee_rate broker_fee_amount transaction_fee_amount } }',
      { input: { id, payout_date: PRICED_PAYOUT } },
    )) as Result;
    expect(approved.errors).toBeUndefined();
    const priced = approved.data!.approveRequest as Record<string, string | null>;
    expect(priced.broker_fee_rate).toBeNull();
    expect(Number(priced.broker_fee_amount)).toBe(0);
    expect(Number(priced.transaction_fee_amount)).toBeGreaterThan(0);

    const [booking] = await db().query('SELECT id FROM "bookkeeping" WHERE "requestId" = $1', [id]);
    const booked = (await api.gql(
      'Admin',
      'mutation ($input: BookFeesInput!) { bookFees(input: $input) { id } }',
      {
        input: { id: String(booking!.id) },
      },
    )) as Result;
    expect(booked.errors).toBeUndefined();

    const collection = await createAccount(api, 'collection', {
      userId: ORGS.investor,
      investorId: world.Investor,
    });
    const payment = await createPayment(api, {
      userId: ORGS.investor,
      investorId: world.Investor,
      recipientaccountId: collection,
      transaction_source_amount: '10000.00',
    });
    api.setToday('2026-06-30');
    const settled = (await api.gql(
      'Admin',
      'mutation ($input: SettleRequestInput!) { settleRequest(input: $input) { request_status } }',
      {
        input: { id, transactionId_payback: payment },
      },
    )) as Result;
    api.setToday(PRICED_PAYOUT);
    expect(settled.errors).toBeUndefined();
    const kinds = await db().query<{ kind: string }>(
      `SELECT DISTINCT a.kind FROM ledger_entry e JOIN ledger_account a ON a.id = e.account_id
         JOIN ledger_transaction t ON t.id = e.transaction_id WHERE t.request_id = $1`,
      [id],
    );
    expect(kinds.map((k) => k.kind)).toContain('platform_fee_revenue');
    expect(kinds.map((k) => k.kind)).not.toContain('broker_commission_payable');
  });
});
