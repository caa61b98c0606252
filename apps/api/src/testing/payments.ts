import { expect } from 'vitest';
import { REGISTRY } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
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

/** A bank account of an investor or SPV (decisions §5 `bank_account_purpose`). */
export const createAccount = (
  api: ApiHarness,
  purpose: 'collection' | 'remittance',
  fields: { userId: string; investorId?: string; spvId?: string },
): Promise<string> =>
  create(api, 'Bank', { bank_account_purpose: purpose, iso_currency_code: 'USD', ...fields });

/**
 * A statement line as the bank feed books it: by default a Posted payment of 4,000.00 USD from a
 * buyer into `recipientaccountId`. `pending: true` leaves it Pending (business-rules §2).
 */
export async function createPayment(
  api: ApiHarness,
  db: Queryable,
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
  // The booking state comes from the feed, not from a plain create.
  const pending = fields.pending === true;
  await db.query(`UPDATE "transaction" SET transaction_status = $1, pending = $2 WHERE id = $3`, [
    pending ? 'Pending' : 'Posted',
    pending,
    id,
  ]);
  return id;
}
