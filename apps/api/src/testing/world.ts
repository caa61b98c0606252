import { expect } from 'vitest';
import { MODEL_NAMES, REGISTRY, type Caller, type ModelName } from '@rf/domain';
import type { ApiHarness } from './api-harness.ts';
import { sampleInput } from './samples.ts';
import { createAccount, createPayment } from './payments.ts';

/** Organisation ids of the two worlds of the access tests plus the platform admin. */
export const ORGS = {
  admin: '10000000-0000-4000-8000-000000000000',
  supplier: '10000000-0000-4000-8000-00000000000a',
  investor: '10000000-0000-4000-8000-00000000000b',
  spv: '10000000-0000-4000-8000-00000000000c',
  broker: '10000000-0000-4000-8000-00000000000d',
  supplier2: '20000000-0000-4000-8000-00000000000a',
  investor2: '20000000-0000-4000-8000-00000000000b',
  spv2: '20000000-0000-4000-8000-00000000000c',
  broker2: '20000000-0000-4000-8000-00000000000d',
} as const;

export const CALLERS: Record<'Admin' | 'Supplier' | 'Investor' | 'Spv' | 'Broker', Caller> = {
  Admin: { sub: 'admin', groupId: ORGS.admin, role: 'Admin' },
  Supplier: { sub: 'supplier', groupId: ORGS.supplier, role: 'Supplier' },
  Investor: { sub: 'investor', groupId: ORGS.investor, role: 'Investor' },
  Spv: { sub: 'spv', groupId: ORGS.spv, role: 'Spv' },
  Broker: { sub: 'broker', groupId: ORGS.broker, role: 'Broker' },
};

export type World = Record<ModelName, string>;

/**
 * One record of every model in a world: a supplier introduced by a broker, its buyer line funded
 * by an investor and an SPV, with the line's KYC records, requests, bookkeeping, bank data.
 */
export async function buildWorld(api: ApiHarness, suffix: '' | '2'): Promise<World> {
  const org = (name: 'supplier' | 'investor' | 'spv' | 'broker') =>
    ORGS[`${name}${suffix}` as keyof typeof ORGS];
  const ids: Partial<World> = {};
  const create = async (model: ModelName, owner: string, extra: Record<string, unknown> = {}) => {
    const res = await api.gql<Record<string, { id: string }>>(
      'Admin',
      `mutation ($input: Create${model}Input!) { create${model}(input: $input) { id } }`,
      { input: sampleInput(REGISTRY[model], { userId: owner, ...extra }) },
    );
    expect(res.errors, `${model}`).toBeUndefined();
    ids[model] = res.data![`create${model}`]!.id;
    return ids[model] as string;
  };
  const broker = await create('Broker', org('broker'));
  const investor = await create('Investor', org('investor'));
  const spv = await create('Spv', org('spv'));
  const supplier = await create('Supplier', org('supplier'), { brokerId: suffix ? null : broker });
  const line = { supplierId: supplier, investorId: investor, spvId: spv };
  // Each world's buyer is a company of its own, known by its D-U-N-S number whatever name it is
  // given later (docs/business-rules.md, “Credit insurance”).
  const company = {
    buyer_name: `World${suffix || '1'} Buyer Ltd`,
    buyer_country: suffix ? 'CA' : 'US',
    buyer_duns_number: `10000000${suffix || '1'}`,
  };
  const buyer = await create('Buyer', org('supplier'), {
    ...line,
    ...company,
    brokerId: suffix ? null : broker,
  });
  await create('Director', org('supplier'), { supplierId: supplier });
  await create('UBO', org('supplier'), { supplierId: supplier });
  await create('Document', org('supplier'), { supplierId: supplier });
  await create('Financials', org('supplier'), { buyerId: buyer });
  const request = await onApprovedLine(api, buyer, () =>
    create('Request', org('supplier'), { ...line, buyerId: buyer }),
  );
  await create('Bookkeeping', org('supplier'), {
    requestId: request,
    investorId: investor,
    spvId: spv,
    buyerId: buyer,
  });
  await create('Esign', ORGS.admin, { ...line, buyerId: buyer });
  await create('Bank', org('investor'), { investorId: investor });
  // The investor's collection account, approved, and a payment its statement brought in.
  const collection = await createAccount(api, 'collection', {
    userId: org('investor'),
    investorId: investor,
  });
  ids.Transaction = await createPayment(api, { recipientaccountId: collection });
  await create('Plaidauth', org('investor'));
  // The funders' signers of the RAA offer notice: two SPV officers and an investor user.
  for (const [name, n] of [
    ['spv', 1],
    ['spv', 2],
    ['investor', 1],
  ] as const)
    await create('Usergroup', org(name), {
      groupId: org(name),
      group_type: name === 'spv' ? 'Spv' : 'Investor',
      user_email: `officer${n}${suffix}@${name}.test`,
    });
  await create('Usergroup', org('supplier'), {
    groupId: org('supplier'),
    group_type: 'Supplier',
    user_email: `owner${suffix}@supplier.test`,
  });
  // A policy on the world's buyer company, held by the platform.
  await create('Insurance', ORGS.admin, {
    insurance_buyer_name: company.buyer_name,
    insurance_buyer_country: company.buyer_country,
    insurance_buyer_duns: company.buyer_duns_number,
  });
  await create('SOFR', ORGS.admin);
  for (const model of MODEL_NAMES) if (!ids[model]) throw new Error(`world lacks ${model}`);
  return ids as World;
}

/** Admin's GraphQL call that must succeed. */
async function admin(api: ApiHarness, query: string, variables?: Record<string, unknown>) {
  const res = await api.gql('Admin', query, variables);
  expect(res.errors, query).toBeUndefined();
  return res.data as Record<string, Record<string, unknown>>;
}

/** The line's terms an approval needs; put back to blank afterwards. */
const TERMS = {
  buyer_currency: 'USD',
  buyer_loan_request_amount: '1000000',
  buyer_loan_advance_rate: '90',
  buyer_loan_rate: 'SOFR(3M)',
  buyer_loan_discount_fee: '4',
};

/**
 * A request can only be made on an approved line with room
 * (docs/business-rules.md, “Line limits and what requests hold”), while the tests start from a line
 * under review without terms: the world's line gets terms and is approved, the request is made,
 * then admin reopens the line and clears the terms, as can happen in real life. The line keeps the
 * three moves in its status history.
 */
async function onApprovedLine<T>(api: ApiHarness, buyer: string, make: () => Promise<T>): Promise<T> {
  await approveLine(api, buyer);
  const made = await make();
  await moveLine(api, buyer, 'Under Review');
  // The currency stays: a line's currency never changes once it has requests
  // (docs/business-rules.md, “Submission checks and duplicate invoices”).
  await updateLine(api, buyer, {
    ...Object.fromEntries(
      Object.keys(TERMS)
        .filter((k) => k !== 'buyer_currency')
        .map((k) => [k, null]),
    ),
    buyer_loan_approved_amount: null,
  });
  return made;
}

/**
 * Gives a world's line terms (USD, 90 % advance) and has admin approve it with a limit of
 * 1,000,000, for tests that make requests on it
 * (docs/business-rules.md, “Line limits and what requests hold”).
 */
export async function approveLine(api: ApiHarness, buyer: string): Promise<void> {
  await updateLine(api, buyer, TERMS);
  await moveLine(api, buyer, 'Investor Offer Pending');
  await moveLine(api, buyer, 'Approved', { buyer_loan_approved_amount: '1000000' });
}

async function updateLine(api: ApiHarness, buyer: string, values: Record<string, unknown>) {
  const current = await admin(api, `query { getBuyer(id: "${buyer}") { _version } }`);
  await admin(api, 'mutation ($input: UpdateBuyerInput!) { updateBuyer(input: $input) { id } }', {
    input: { id: buyer, _version: current.getBuyer!._version, ...values },
  });
}

async function moveLine(api: ApiHarness, buyer: string, to: string, values?: Record<string, unknown>) {
  await admin(api, 'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }', {
    input: {
      model: 'Buyer',
      id: buyer,
      to,
      comment: 'test world',
      ...(values ? { values: JSON.stringify(values) } : {}),
    },
  });
}

/**
 * Attaches what an approval needs to a request under review
 * (docs/business-rules.md, “Preconditions of approving a request”): the invoice file by a plain
 * update, the signed IPU and offer notice by the attachSignedCopies operation, as an administrator
 * would.
 */
export async function readyForApproval(api: ApiHarness, request: string, signedOn?: string): Promise<void> {
  const current = await admin(api, `query { getRequest(id: "${request}") { _version invoice_date } }`);
  await admin(api, 'mutation ($input: UpdateRequestInput!) { updateRequest(input: $input) { id } }', {
    input: { id: request, _version: current.getRequest!._version, invoice_attachment: 'tests/invoice.pdf' },
  });
  await admin(
    api,
    'mutation ($input: AttachSignedCopiesInput!) { attachSignedCopies(input: $input) { id } }',
    {
      input: {
        id: request,
        ipu_attachment: 'tests/ipu.pdf',
        invoice_ipu_signed: signedOn ?? String(current.getRequest!.invoice_date),
        offer_notice_attachment: 'tests/offer.pdf',
      },
    },
  );
}

/**
 * A new USD line of the world's supplier, funded by its investor and SPV (and introduced by its
 * broker unless `broker` is false), approved through the operations with `limit`
 * (docs/business-rules.md, “Limits held in the ledger”): the ledger holds its limit as the approval
 * posted it.
 */
export async function fundedLine(
  api: ApiHarness,
  world: World,
  opts: { limit: string; advance: string; name: string; brokerFee?: string; broker?: boolean },
): Promise<string> {
  const made = await admin(
    api,
    'mutation ($input: CreateBuyerInput!) { createBuyer(input: $input) { id } }',
    {
      input: sampleInput(REGISTRY.Buyer, {
        userId: ORGS.supplier,
        supplierId: world.Supplier,
        investorId: world.Investor,
        spvId: world.Spv,
        brokerId: opts.broker === false ? null : world.Broker,
        buyer_name: opts.name,
        buyer_currency: 'USD',
        buyer_loan_request_amount: opts.limit,
        buyer_loan_advance_rate: opts.advance,
        buyer_loan_rate: 'SOFR(3M)',
        buyer_loan_discount_fee: '4',
        // A transaction fee of 25 % of the spread, and the broker's share of it when asked for.
        ...(opts.brokerFee
          ? { buyer_loan_transaction_fee: '25', buyer_loan_broker_fee: opts.brokerFee }
          : {}),
      }),
    },
  );
  const id = String(made.createBuyer!.id);
  await moveLine(api, id, 'Investor Offer Pending');
  await moveLine(api, id, 'Approved', { buyer_loan_approved_amount: opts.limit });
  return id;
}

/** The day requests are approved and paid out in tests that price them, with its SOFR fixing. */
export const PRICED_PAYOUT = '2026-03-09';

/** Sets the harness's day to PRICED_PAYOUT and stores a fixing that prices it. */
export async function onPricedPayoutDay(api: ApiHarness): Promise<void> {
  api.setToday(PRICED_PAYOUT);
  await admin(
    api,
    'mutation { createSOFR(input: { date: "2026-03-05", SOFR: "4.3", SOFRM3: "4.25" }) { id } }',
  );
}
