import { minorUnits } from '@rf/domain';
import { Decimal } from 'decimal.js';
import type { Transaction } from 'plaid';
import type { StatementEntry } from '../statements/types.ts';
import { ProviderError, type ProviderTransaction } from './provider.ts';

/** Digits of an ISO 4217 currency; null for a code Intl does not know (Plaid's unofficial ones). */
function currencyDigits(currency: string): number | null {
  try {
    return minorUnits(currency);
  } catch {
    return null;
  }
}

/**
 * Plaid's amount as a statement amount: Plaid counts money out of the account positive, a
 * statement counts credits positive, so the sign flips. The number is read through its shortest
 * decimal form (12.1 stays 12.1, not its binary neighbour) and written with at least the currency's
 * digits ("-12.10", "-1500" in JPY); a figure with more digits is kept exact, never rounded, as the
 * statement import rounds (`StatementEntry.amount`).
 */
export function statementAmount(plaidAmount: number, currency: string): string {
  const signed = new Decimal(String(plaidAmount)).negated();
  const places = Math.max(currencyDigits(currency) ?? 0, signed.decimalPlaces());
  return (signed.isZero() ? signed.abs() : signed).toFixed(places);
}

/** A string with something in it, else null. */
const text = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** The other party's account details, from the first counterparty Plaid gives numbers for. */
function counterpartyNumbers(transaction: Transaction): {
  iban: string | null;
  bic: string | null;
  accountNumber: string | null;
} {
  for (const counterparty of transaction.counterparties ?? []) {
    const numbers = counterparty.account_numbers;
    if (!numbers) continue;
    const iban: unknown = numbers.international?.iban;
    const found = {
      iban: typeof iban === 'string' ? text(iban) : null,
      bic: text(numbers.international?.bic),
      accountNumber: text(numbers.bacs?.account),
    };
    if (found.iban || found.bic || found.accountNumber) return found;
  }
  return { iban: null, bic: null, accountNumber: null };
}

/**
 * One Plaid transaction as a statement entry: `date` (the posted date) books it,
 * `authorized_date` is its value date, `pending` makes it Pending, and Plaid's transaction id is the
 * bank reference (docs/business-rules.md, “Bank accounts, transactions and settlement”).
 */
export function providerTransactionOf(transaction: Transaction): ProviderTransaction {
  const id = transaction.transaction_id;
  const currency = text(transaction.iso_currency_code) ?? text(transaction.unofficial_currency_code);
  if (!currency)
    throw new ProviderError(
      'PROVIDER_DATA_INVALID',
      `Plaid transaction ${id} has neither iso_currency_code nor unofficial_currency_code`,
      null,
    );
  if (typeof transaction.amount !== 'number' || !Number.isFinite(transaction.amount))
    throw new ProviderError('PROVIDER_DATA_INVALID', `Plaid transaction ${id} has no numeric amount`, null);
  const code = text(transaction.transaction_code);
  const entry: StatementEntry = {
    bookingDate: transaction.date,
    valueDate: text(transaction.authorized_date),
    amount: statementAmount(transaction.amount, currency),
    currency,
    status: transaction.pending ? 'Pending' : 'Posted',
    reversal: false,
    bankReference: id,
    endToEndId: null,
    counterparty: {
      name: text(transaction.merchant_name) ?? text(transaction.counterparties?.[0]?.name),
      ...counterpartyNumbers(transaction),
    },
    remittanceInformation: text(transaction.name) ?? text(transaction.original_description),
    description: text(transaction.original_description),
    // Plaid's enum has a "null" member for "no code".
    transactionCode: code === 'null' ? null : code,
  };
  return { transactionId: id, accountId: transaction.account_id, entry };
}
