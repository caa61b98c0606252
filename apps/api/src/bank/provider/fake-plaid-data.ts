import {
  AccountSubtype,
  AccountType,
  TransactionPaymentChannelEnum,
  type AccountBase,
  type Transaction,
} from 'plaid';

/**
 * Plaid JSON objects for the fake server (`fake-plaid.ts`) and the tests that script it: every field
 * Plaid's schema requires, with plain defaults that `overrides` replace.
 */

/** A depository (checking) account in USD. */
export function fakeAccount(overrides: Partial<AccountBase> & { account_id: string }): AccountBase {
  return {
    balances: {
      available: 1000,
      current: 1000,
      limit: null,
      iso_currency_code: 'USD',
      unofficial_currency_code: null,
    },
    mask: '0000',
    name: 'Checking',
    official_name: null,
    type: AccountType.Depository,
    subtype: AccountSubtype.Checking,
    ...overrides,
  };
}

/** A posted USD transaction of 10.00 out of `acc-checking` on 2025-01-15. */
export function fakeTransaction(overrides: Partial<Transaction> & { transaction_id: string }): Transaction {
  return {
    account_id: 'acc-checking',
    amount: 10,
    iso_currency_code: 'USD',
    unofficial_currency_code: null,
    category: null,
    category_id: null,
    check_number: null,
    date: '2025-01-15',
    location: {
      address: null,
      city: null,
      region: null,
      postal_code: null,
      country: null,
      lat: null,
      lon: null,
      store_number: null,
    },
    name: 'Payment',
    merchant_name: null,
    original_description: 'PAYMENT',
    payment_meta: {
      reference_number: null,
      ppd_id: null,
      payee: null,
      by_order_of: null,
      payer: null,
      payment_method: null,
      payment_processor: null,
      reason: null,
    },
    pending: false,
    pending_transaction_id: null,
    account_owner: null,
    authorized_date: null,
    authorized_datetime: null,
    datetime: null,
    payment_channel: TransactionPaymentChannelEnum.Other,
    transaction_code: null,
    counterparties: [],
    ...overrides,
  };
}
