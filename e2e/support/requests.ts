import { claims, type Api, type Row } from './api.ts';
import { DEMO_EMAIL } from './config.ts';
import { pdf } from './flows.ts';

/**
 * Lines and requests made through the API as their owners and deciders would make them (the
 * declared operations, docs/architecture.md "Lifecycles"), so a test starts from a record in the
 * state it needs without touching the demo's own.
 */

/** A YYYY-MM-DD date `offset` days from today (UTC, the platform's date). */
export const isoDay = (offset: number): string => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

const token = async (api: Api, email: string) => (await api.signIn(email)).idToken;

/** Uploads a small PDF as the signed-in user; the file's key. */
export async function uploadPdf(api: Api, idToken: string, name: string): Promise<string> {
  const file = pdf(name);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  const res = await fetch(`${api.baseURL}/files`, {
    method: 'POST',
    headers: { authorization: idToken },
    body: form,
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`Upload of ${name} → ${res.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { key: string }).key;
}

/** Runs a declared operation by its own mutation (`approveLine(input: ApproveLineInput!)`). */
export async function runOperation(
  api: Api,
  email: string,
  name: string,
  input: Record<string, unknown>,
): Promise<Row> {
  const type = `${name.charAt(0).toUpperCase()}${name.slice(1)}Input`;
  const data = await api.gql<Record<string, Row>>(
    await token(api, email),
    `mutation ($input: ${type}!) { ${name}(input: $input) { id } }`,
    { input },
  );
  return data[name] as Row;
}

export interface DemoParties {
  readonly supplierId: string;
  readonly supplierGroup: string;
  readonly investorId: string;
  readonly investorGroup: string;
  readonly spvId: string;
}

/** The demo supplier S1, the investor I1 that funds it and the SPV P. */
export async function demoParties(api: Api): Promise<DemoParties> {
  const admin = await token(api, DEMO_EMAIL.admin);
  const groupOf = async (email: string) => String(claims(await token(api, email))['custom:groupid']);
  const supplierGroup = await groupOf(DEMO_EMAIL.supplier);
  const investorGroup = await groupOf(DEMO_EMAIL.investor);
  const [investor] = await api.list(admin, 'Investor', 'userId', { userId: { eq: investorGroup } });
  const [spv] = await api.list(admin, 'Spv', 'userId', { userId: { eq: await groupOf(DEMO_EMAIL.spv) } });
  const [supplier] = await api.list(admin, 'Supplier', 'userId', { userId: { eq: supplierGroup } });
  if (!investor || !spv || !supplier) throw new Error('Demo data: no investor I1, SPV P or supplier S1');
  return {
    supplierId: supplier.id,
    supplierGroup,
    investorId: investor.id,
    investorGroup,
    spvId: spv.id,
  };
}

/**
 * A line of S1 funded by I1 and P: the supplier adds it, the admin proposes the terms
 * (`submitLineTerms`), the investor approves `limit` (`approveLine`).
 */
export async function approvedLine(
  api: Api,
  parties: DemoParties,
  line: { name: string; limit?: string },
): Promise<string> {
  const limit = line.limit ?? '200000.00';
  const created = await api.gql<{ createBuyer: Row & { _version: number } }>(
    await token(api, DEMO_EMAIL.supplier),
    `mutation ($input: CreateBuyerInput!) { createBuyer(input: $input) { id _version } }`,
    {
      input: {
        supplierId: parties.supplierId,
        buyer_name: line.name,
        buyer_country: 'NL',
        buyer_currency: 'USD',
        buyer_date_of_incorporation: '2003-06-02',
        buyer_loan_request_amount: limit,
      },
    },
  );
  const id = created.createBuyer.id;
  await api.gql(
    await token(api, DEMO_EMAIL.admin),
    `mutation ($input: UpdateBuyerInput!) { updateBuyer(input: $input) { id } }`,
    {
      input: {
        id,
        _version: created.createBuyer._version,
        investorId: parties.investorId,
        spvId: parties.spvId,
        buyer_loan_advance_rate: '90',
        buyer_loan_rate: 'SOFR(3M)',
        buyer_loan_discount_fee: '4.5',
        buyer_loan_transaction_fee: '25',
        buyer_loan_broker_fee: '20',
        buyer_loan_spv_fee: '0.5',
      },
    },
  );
  await runOperation(api, DEMO_EMAIL.admin, 'submitLineTerms', { id });
  await runOperation(api, DEMO_EMAIL.investor, 'approveLine', { id, buyer_loan_approved_amount: limit });
  return id;
}

/**
 * A request of S1 on the line, Under Review, with its invoice file and the buyer's signer named
 * (the IPU goes to them for signature); with `signed`, an administrator has uploaded copies of the
 * IPU and offer notice signed on paper (`attachSignedCopies`), so it can be approved without
 * going through the signing, which e2e/tests/esign-flow.test.ts covers.
 */
export async function newRequest(
  api: Api,
  parties: DemoParties,
  request: {
    buyerId: string;
    invoiceNumber: string;
    amount?: string;
    due?: string;
    signed?: boolean;
    extra?: Record<string, unknown>;
  },
): Promise<string> {
  const supplier = await token(api, DEMO_EMAIL.supplier);
  const made = await api.gql<{ createRequest: Row }>(
    supplier,
    `mutation ($input: CreateRequestInput!) { createRequest(input: $input) { id } }`,
    {
      input: {
        buyerId: request.buyerId,
        supplierId: parties.supplierId,
        invoice_number: request.invoiceNumber,
        invoice_amount: request.amount ?? '25000.00',
        invoice_currency: 'USD',
        invoice_date: isoDay(-30),
        invoice_due_date: request.due ?? isoDay(60),
        invoice_attachment: await uploadPdf(api, supplier, `invoice-${request.invoiceNumber}.pdf`),
        ipu_signature_name: 'Bea Buyer',
        ipu_signature_email: `ap-${request.invoiceNumber.toLowerCase().replace(/[^a-z0-9]+/g, '-')}@buyer.test`,
        ...(request.extra ?? {}),
      },
    },
  );
  const id = made.createRequest.id;
  if (request.signed) {
    const admin = await token(api, DEMO_EMAIL.admin);
    await runOperation(api, DEMO_EMAIL.admin, 'attachSignedCopies', {
      id,
      ipu_attachment: await uploadPdf(api, admin, `ipu-${request.invoiceNumber}.pdf`),
      invoice_ipu_signed: isoDay(-1),
      offer_notice_attachment: await uploadPdf(api, admin, `offer-${request.invoiceNumber}.pdf`),
    });
  }
  return id;
}
