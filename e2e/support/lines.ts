import { DEMO_EMAIL } from './config.ts';
import type { Api, Row } from './api.ts';

/** `USD 1,234.50` from an amount in minor units (2 decimals): as the screens show money. */
export function money(cents: bigint, currency: string): string {
  const neg = cents < 0n;
  const s = (neg ? -cents : cents).toString().padStart(3, '0');
  const int = s.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency} ${neg ? '−' : ''}${int}.${s.slice(-2)}`;
}
/** An API decimal string with at most 2 decimals in minor units, exactly (no floats). */
export function cents(v: unknown): bigint {
  const [int = '0', frac = ''] = String(v ?? '0').split('.');
  return BigInt(int + (frac + '00').slice(0, 2));
}

/**
 * A new line of the demo supplier S1 with the given investor and SPV, taken to Investor Offer
 * Pending through the API: the supplier adds it, the admin proposes the terms and submits them.
 */
export async function pendingLine(
  api: Api,
  line: {
    name: string;
    currency: string;
    amount: string;
    investorId: string;
    spvId: string;
    supplierGroup: string;
  },
): Promise<string> {
  const supplierToken = (await api.signIn(DEMO_EMAIL.supplier)).idToken;
  const [supplier] = await api.list(supplierToken, 'Supplier', 'userId', {
    userId: { eq: line.supplierGroup },
  });
  if (!supplier) throw new Error('Demo data: no supplier S1');
  const created = await api.gql<{ createBuyer: Row & { _version: number } }>(
    supplierToken,
    `mutation ($input: CreateBuyerInput!) { createBuyer(input: $input) { id _version } }`,
    {
      input: {
        supplierId: supplier.id,
        buyer_name: line.name,
        buyer_country: 'DE',
        buyer_currency: line.currency,
        buyer_date_of_incorporation: '2001-04-02',
        buyer_loan_request_amount: line.amount,
      },
    },
  );
  const adminToken = (await api.signIn(DEMO_EMAIL.admin)).idToken;
  const id = created.createBuyer.id;
  await api.gql(adminToken, `mutation ($input: UpdateBuyerInput!) { updateBuyer(input: $input) { id } }`, {
    input: {
      id,
      _version: created.createBuyer._version,
      investorId: line.investorId,
      spvId: line.spvId,
      buyer_loan_advance_rate: '90',
      buyer_loan_rate: 'SOFR(3M)',
      buyer_loan_discount_fee: '4.5',
      buyer_loan_transaction_fee: '25',
      buyer_loan_broker_fee: '20',
      buyer_loan_spv_fee: '0.5',
    },
  });
  await api.gql(adminToken, 'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }', {
    input: { model: 'Buyer', id, to: 'Investor Offer Pending' },
  });
  return id;
}

/** A line's status, approved limit and spread, read as the admin. */
export async function lineState(api: Api, id: string): Promise<Row | null> {
  const data = await api.gql<{ getBuyer: Row | null }>(
    (await api.signIn(DEMO_EMAIL.admin)).idToken,
    `query ($id: ID!) { getBuyer(id: $id) { id buyer_status buyer_loan_approved_amount buyer_loan_discount_fee } }`,
    { id },
  );
  return data.getBuyer;
}

/**
 * The e-mail the demo supplier S1 got about the line named `name` since `since` (epoch ms), as
 * subject and text; '' while there is none.
 */
export async function supplierMailAbout(api: Api, name: string, since: number): Promise<string> {
  const mail = (await api.mails()).find(
    (m) => m.to === DEMO_EMAIL.supplier && m.subject.includes(name) && Date.parse(m.sentAt) >= since - 1000,
  );
  return mail ? `${mail.subject}\n${mail.text}` : '';
}
