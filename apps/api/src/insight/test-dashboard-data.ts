import { expect } from 'vitest';
import { REGISTRY, type Caller, type Dashboard } from '@rf/domain';
import type { Database } from '../db/database.ts';
import { sweepEnvelopes } from '../esign/sweep.ts';
import type { ApiHarness } from '../testing/api-harness.ts';
import { createAccount, createPayment } from '../testing/payments.ts';
import { sampleInput } from '../testing/samples.ts';
import { buildWorld, CALLERS, ORGS, readyForApproval, type World } from '../testing/world.ts';

/**
 * The data the dashboard tests read (docs/business-rules.md, “Dashboards”), made through the
 * product's operations: two worlds (world 1's supplier introduced by its broker), lines in EUR,
 * JPY and GBP, requests in every state submitted and approved on PAYOUT, payments allocated, and
 * the figures read on VIEW.
 */

export const PAYOUT = '2026-03-09';
export const VIEW = '2026-05-20';

export const WHO: Record<string, Caller> = {
  ...CALLERS,
  Supplier2: { sub: 'supplier2', groupId: ORGS.supplier2, role: 'Supplier' },
  Investor2: { sub: 'investor2', groupId: ORGS.investor2, role: 'Investor' },
  Spv2: { sub: 'spv2', groupId: ORGS.spv2, role: 'Spv' },
  Broker2: { sub: 'broker2', groupId: ORGS.broker2, role: 'Broker' },
};

export const DASHBOARD = `query { dashboard { area today months organisation { name status }
  currencies { currency approvedLimit utilisation available requestCount
    byStatus { status count volume } volume
    approvalProgress { awaiting approved declined settled approvedShare }
    averageAdvanceRate averageSpread feesEarned
    pastDue { count amount oldestDueDate maxDays averageDays }
    aging { bucket count amount }
    exposure { lineId buyerName limit utilisation available outstanding pastDue }
    volumeByMonth { month status count volume } }
  queues { key count }
  dueSoon { id invoiceNumber buyerName dueDate amount currency }
  latestLines { id buyerName status requestedAmount currency createdAt } } }`;

type Result = { data?: Record<string, unknown> | null; errors?: { message: string }[] };

export interface DashboardData {
  readonly one: World;
  readonly two: World;
  readonly lines: Record<'A' | 'A2' | 'B' | 'C' | 'D' | 'E', string>;
  readonly requests: Record<'A1' | 'A2' | 'A3' | 'A4' | 'A5' | 'A6' | 'A21' | 'B1' | 'C1' | 'C2', string>;
}

export async function ok<T = Record<string, unknown>>(
  api: ApiHarness,
  who: string,
  query: string,
  variables?: Record<string, unknown>,
): Promise<T> {
  const res = (await api.gql(who, query, variables)) as Result;
  expect(res.errors, query).toBeUndefined();
  return res.data as T;
}

export async function dashboardOf(api: ApiHarness, who: string): Promise<Dashboard> {
  return (await ok<{ dashboard: Dashboard }>(api, who, DASHBOARD)).dashboard;
}

const move = (api: ApiHarness, model: string, id: string, to: string, values?: Record<string, unknown>) =>
  ok(api, 'Admin', 'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }', {
    input: {
      model,
      id,
      to,
      comment: 'dashboard test',
      ...(values ? { values: JSON.stringify(values) } : {}),
    },
  });

interface LinePlan {
  readonly world: World;
  readonly owner: string;
  readonly name: string;
  readonly currency: string;
  readonly amount: string;
  readonly advance: string;
  readonly spread: string;
  readonly broker: boolean;
  readonly to: 'Under Review' | 'Investor Offer Pending' | 'Approved';
}

async function line(api: ApiHarness, p: LinePlan): Promise<string> {
  const made = await ok<{ createBuyer: { id: string } }>(
    api,
    'Admin',
    'mutation ($input: CreateBuyerInput!) { createBuyer(input: $input) { id } }',
    {
      input: sampleInput(REGISTRY.Buyer, {
        userId: p.owner,
        supplierId: p.world.Supplier,
        investorId: p.world.Investor,
        spvId: p.world.Spv,
        brokerId: p.broker ? p.world.Broker : null,
        buyer_name: p.name,
        buyer_country: 'DE',
        buyer_duns_number: null,
        buyer_currency: p.currency,
        buyer_loan_request_amount: p.amount,
        buyer_loan_advance_rate: p.advance,
        buyer_loan_rate: 'SOFR(3M)',
        buyer_loan_discount_fee: p.spread,
        buyer_loan_transaction_fee: '25',
        buyer_loan_broker_fee: p.broker ? '20' : null,
        buyer_loan_spv_fee: '0.5',
      }),
    },
  );
  const id = made.createBuyer.id;
  if (p.to !== 'Under Review') await move(api, 'Buyer', id, 'Investor Offer Pending');
  if (p.to === 'Approved') await move(api, 'Buyer', id, 'Approved', { buyer_loan_approved_amount: p.amount });
  return id;
}

async function request(
  api: ApiHarness,
  who: 'Supplier' | 'Supplier2',
  world: World,
  buyerId: string,
  r: { amount: string; currency: string; number: string; due: string },
): Promise<string> {
  const made = await ok<{ createRequest: { id: string } }>(
    api,
    who,
    'mutation ($input: CreateRequestInput!) { createRequest(input: $input) { id } }',
    {
      input: sampleInput(REGISTRY.Request, {
        buyerId,
        supplierId: world.Supplier,
        invoice_amount: r.amount,
        invoice_currency: r.currency,
        invoice_number: r.number,
        invoice_date: '2026-03-01',
        invoice_due_date: r.due,
      }),
    },
  );
  return made.createRequest.id;
}

async function approve(api: ApiHarness, id: string): Promise<void> {
  await readyForApproval(api, id);
  await move(api, 'Request', id, 'Approved', { payout_date: PAYOUT });
}

/** An allocation of `amount` of a payment to a request (the administrator's step). */
async function allocate(api: ApiHarness, transactionId: string, requestId: string, amount: string) {
  await ok(api, 'Admin', 'mutation ($input: AllocatePaymentInput!) { allocatePayment(input: $input) }', {
    input: { transactionId, allocations: [{ requestId, amount }] },
  });
}

/** Builds the data set; the harness's clock is left on VIEW. */
export async function buildDashboardData(api: ApiHarness, db: Database): Promise<DashboardData> {
  for (const [name, caller] of Object.entries(WHO)) api.callers.set(name, caller);
  const one = await buildWorld(api, '');
  const two = await buildWorld(api, '2');
  api.setToday(PAYOUT);
  await ok(
    api,
    'Admin',
    'mutation { createSOFR(input: { date: "2026-03-05", SOFR: "4.3", SOFRM3: "4.25" }) { id } }',
  );
  const base = { world: one, owner: ORGS.supplier, broker: true, to: 'Approved' } as const;
  const lines = {
    A: await line(api, {
      ...base,
      name: 'Alder Steel GmbH',
      currency: 'EUR',
      amount: '100000.00',
      advance: '80',
      spread: '4',
    }),
    A2: await line(api, {
      ...base,
      name: 'Aspen Werke AG',
      currency: 'EUR',
      amount: '50000.00',
      advance: '100',
      spread: '2.5',
      broker: false,
    }),
    B: await line(api, {
      ...base,
      name: 'Bonsai Shoji KK',
      currency: 'JPY',
      amount: '5000000',
      advance: '90',
      spread: '3',
    }),
    D: await line(api, {
      ...base,
      name: 'Dogwood Foods Ltd',
      currency: 'GBP',
      amount: '20000.00',
      advance: '90',
      spread: '4',
      to: 'Under Review',
    }),
    // World 2's line to the same buyer company as line A (same name and country).
    C: await line(api, {
      ...base,
      world: two,
      owner: ORGS.supplier2,
      broker: false,
      name: 'Alder Steel GmbH',
      currency: 'EUR',
      amount: '50000.00',
      advance: '80',
      spread: '4',
    }),
    E: await line(api, {
      ...base,
      world: two,
      owner: ORGS.supplier2,
      broker: false,
      name: 'Elm Trading Ltd',
      currency: 'GBP',
      amount: '30000.00',
      advance: '90',
      spread: '4',
      to: 'Investor Offer Pending',
    }),
  };
  const eur = (amount: string, number: string, due: string) => ({ amount, currency: 'EUR', number, due });
  const one1 = (buyer: string, r: ReturnType<typeof eur>) => request(api, 'Supplier', one, buyer, r);
  const requests = {
    A1: await one1(lines.A, eur('10000.00', 'A-1', '2026-03-20')),
    A2: await one1(lines.A, eur('6000.00', 'A-2', '2026-04-15')),
    A3: await one1(lines.A, eur('4000.00', 'A-3', '2026-05-25')),
    A4: await one1(lines.A, eur('2000.00', 'A-4', '2026-06-30')),
    A5: await one1(lines.A, eur('1000.00', 'A-5', '2026-06-30')),
    A6: await one1(lines.A, eur('3000.00', 'A-6', '2026-04-30')),
    A21: await one1(lines.A2, eur('5000.00', 'A2-1', '2026-06-10')),
    B1: await request(api, 'Supplier', one, lines.B, {
      amount: '1000000',
      currency: 'JPY',
      number: 'B-1',
      due: '2026-04-01',
    }),
    C1: await request(api, 'Supplier2', two, lines.C, eur('5000.00', 'C-1', '2026-05-01')),
    // The number and amount of A-2 on another supplier's line to the same company: flagged.
    C2: await request(api, 'Supplier2', two, lines.C, eur('6000.00', 'A-2', '2026-06-15')),
  };
  for (const id of [
    requests.A1,
    requests.A2,
    requests.A3,
    requests.A6,
    requests.A21,
    requests.B1,
    requests.C1,
  ])
    await approve(api, id);
  await move(api, 'Request', requests.A4, 'Documents Pending', { documents_requested: 'Invoice' });
  await move(api, 'Request', requests.A5, 'Declined');
  // Payments into the investor's EUR collection account: A-6 in full (settled), 2,500 of A-1.
  api.setToday(VIEW);
  const collection = await createAccount(api, 'collection', {
    userId: ORGS.investor,
    investorId: one.Investor,
    iso_currency_code: 'EUR',
  });
  const pay = (amount: string, date: string) =>
    createPayment(api, {
      recipientaccountId: collection,
      transaction_source_amount: amount,
      transaction_source_currency: 'EUR',
      transaction_date: date,
    });
  await allocate(api, await pay('3000.00', '2026-04-30'), requests.A6, '3000.00');
  await allocate(api, await pay('3000.00', '2026-04-01'), requests.A1, '2500.00');
  // Policies on other companies: one expiring within 30 days of VIEW, one later.
  for (const [name, end] of [
    ['Fir Industries', '2026-06-10'],
    ['Gum Tree Pty', '2026-07-01'],
  ] as const)
    await ok(
      api,
      'Admin',
      'mutation ($input: CreateInsuranceInput!) { createInsurance(input: $input) { id } }',
      {
        input: sampleInput(REGISTRY.Insurance, {
          userId: ORGS.admin,
          insurance_buyer_name: name,
          insurance_buyer_country: 'DE',
          insurance_cover_start_date: '2026-01-01',
          insurance_cover_end_date: end,
        }),
      },
    );
  // The envelopes sent on PAYOUT and never signed have expired by VIEW; the worlds' are still out.
  await sweepEnvelopes({
    db,
    keys: api.keys,
    publicUrl: 'http://localhost',
    clock: { now: () => new Date(`${VIEW}T12:00:00Z`) },
  });
  return { one, two, lines, requests };
}
