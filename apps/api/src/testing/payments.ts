import { expect } from 'vitest';
import { REGISTRY } from '@rf/domain';
import type { ApiHarness } from './api-harness.ts';
import { sampleInput } from './samples.ts';
import { camt053Xml } from '../bank/camt-writer.ts';

/** Admin creates a record that must be accepted; its id. */
async function create(api: ApiHarness, model: 'Bank', fields: Record<string, unknown>) {
  const res = await api.gql<Record<string, { id: string }>>(
    'Admin',
    `mutation ($input: Create${model}Input!) { create${model}(input: $input) { id } }`,
    { input: sampleInput(REGISTRY[model], fields) },
  );
  expect(res.errors, model).toBeUndefined();
  return res.data![`create${model}`]!.id;
}

/**
 * A bank account of an investor or SPV (`bank_account_purpose`,
 * docs/business-rules.md, “Bank accounts, transactions and settlement”), approved by the
 * administrator so that its bank data can be imported.
 */
export async function createAccount(
  api: ApiHarness,
  purpose: 'collection' | 'remittance',
  fields: { userId: string; investorId?: string; spvId?: string; iso_currency_code?: string },
): Promise<string> {
  const id = await create(api, 'Bank', {
    bank_account_purpose: purpose,
    iso_currency_code: 'USD',
    iban: null,
    bic_swift_code: null,
    bank_country: 'US',
    bank_account_number: '000123456789',
    bank_routing_number: '026009593',
    ...fields,
  });
  const approved = await api.gql('Admin', `mutation { approveBank(input: { id: "${id}" }) { id } }`);
  expect(approved.errors, 'approveBank').toBeUndefined();
  return id;
}

let statementNo = 0;

/**
 * A payment as the bank books it, imported from a camt.053 statement into the account
 * `recipientaccountId` (or `senderaccountId`, for a debit) (docs/business-rules.md, “Payments and reconciliation”): by default a
 * posted credit of 4,000.00 USD from a buyer on 2026-05-08; `pending: true` makes it a pending
 * entry, a negative amount a debit. The new transaction's id.
 */
export async function createPayment(
  api: ApiHarness,
  fields: Record<string, unknown> & { recipientaccountId: string | null; senderaccountId?: string | null },
): Promise<string> {
  const bankId = fields.recipientaccountId ?? fields.senderaccountId;
  if (!bankId) throw new Error('createPayment: name the account (recipientaccountId or senderaccountId)');
  statementNo += 1;
  const reference = `TEST-${process.pid}-${statementNo}-${Math.random().toString(36).slice(2, 10)}`;
  const [account] = await accountOf(api, bankId);
  const xml = camt053Xml({
    messageId: reference,
    createdAt: '2026-05-08T18:00:00',
    account: { iban: null, number: account!.number, currency: account!.currency },
    entries: [
      {
        amount: String(fields.transaction_source_amount ?? '4000.00'),
        currency: String(fields.transaction_source_currency ?? fields.iso_currency_code ?? 'USD'),
        bookingDate: String(fields.transaction_date ?? '2026-05-08'),
        status: fields.pending === true ? 'PDNG' : 'BOOK',
        bankReference: reference,
        counterpartyName: String(fields.sender_account_name ?? 'Keystone Trading Ltd'),
        remittance: (fields.remittance_information as string | undefined) ?? null,
      },
    ],
  });
  const { payload, headers } = statementUpload(bankId, `${reference}.xml`, xml);
  const res = await api.app.inject({
    method: 'POST',
    url: '/bank/statements',
    headers: { ...headers, authorization: 'Admin' },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  const [id] = (res.json() as { transactionIds: string[] }).transactionIds;
  return id!;
}

async function accountOf(api: ApiHarness, id: string) {
  const res = await api.gql<{ getBank: { bank_account_number: string; iso_currency_code: string } }>(
    'Admin',
    `query { getBank(id: "${id}") { bank_account_number iso_currency_code } }`,
  );
  expect(res.errors).toBeUndefined();
  return [{ number: res.data!.getBank.bank_account_number, currency: res.data!.getBank.iso_currency_code }];
}

/** A multipart body with the account id and the statement file, as the import screen sends it. */
export function statementUpload(
  accountId: string,
  fileName: string,
  content: string | Buffer,
  extra: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----rf-statement-boundary';
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head =
    field('accountId', accountId) +
    Object.entries(extra)
      .map(([k, v]) => field(k, v))
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
