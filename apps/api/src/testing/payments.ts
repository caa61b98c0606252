import { expect } from 'vitest';
import { REGISTRY } from '@rf/domain';
import type { ApiHarness } from './api-harness.ts';
import { sampleInput } from './samples.ts';

/** Admin creates a record that must be accepted; its id. */
async function create(api: ApiHarness, model: 'Bank' | 'Transaction', fields: Record<string, unknown>) {
  const res = await api.gql<Record<string, { id: string }>>(
    'Admin',
    `mutation ($input: Create${model}Input!) { create${model}(input: $input) { id } }`,
    { input: sampleInput(REGISTRY[model], fields) },
  );
  expect(res.errors, model).toBeUndefined();
  return res.data![`create${model}`]!.id;
}

/**
 * A bank account of an investor or SPV (`bank_account_purpose`, docs/business-rules.md, “Bank
 * accounts, transactions and settlement”).
 */
export const createAccount = (
  api: ApiHarness,
  purpose: 'collection' | 'remittance',
  fields: { userId: string; investorId?: string; spvId?: string },
): Promise<string> =>
  create(api, 'Bank', { bank_account_purpose: purpose, iso_currency_code: 'USD', ...fields });

/**
 * A statement line as the bank feed books it: by default a Posted payment of 4,000.00 USD from a
 * buyer into `recipientaccountId`. `pending: true` leaves it Pending; otherwise admin marks it posted.
 */
export async function createPayment(
  api: ApiHarness,
  fields: Record<string, unknown> & { userId: string },
): Promise<string> {
  const id = await create(api, 'Transaction', {
    transaction_date: '2026-05-08',
    transaction_description: 'Payment from buyer',
    transaction_source_amount: '4000.00',
    transaction_source_currency: 'USD',
    iso_currency_code: 'USD',
    sender_account_name: 'Keystone Trading Ltd',
    senderaccountId: null,
    ...fields,
  });
  // Pending until the bank books it (docs/business-rules.md, “Frozen fields per state”).
  if (fields.pending !== true) {
    const posted = await api.gql('Admin', `mutation { postTransaction(input: { id: "${id}" }) { id } }`);
    expect(posted.errors, 'postTransaction').toBeUndefined();
  }
  return id;
}
