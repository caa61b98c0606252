import type { PayoutPayment } from './types.ts';

/**
 * Checks both payout writers (pain.001 and CSV) apply to every payment, with errors that name the
 * payment by its end-to-end id and say what is wrong.
 */

/** Longest end-to-end id and message id (ISO 20022 Max35Text). */
export const MAX_ID_LENGTH = 35;
/** Longest remittance text (ISO 20022 Max140Text); longer text is cut. */
export const MAX_REMITTANCE_LENGTH = 140;

/**
 * A positive decimal without sign, exponent or leading zeros and with at most 5 decimals (ISO 20022
 * ActiveOrHistoricCurrencyAndAmount): "1250.50", "150000", "0.01".
 */
const AMOUNT = /^(0|[1-9]\d*)(\.\d{1,5})?$/;
/** ISO 20022 amounts have at most 18 digits in all. */
const MAX_AMOUNT_DIGITS = 18;
const CURRENCY = /^[A-Z]{3}$/;

/** Length in characters (code points), as the schema counts it, not UTF-16 units. */
export const characterCount = (text: string): number => [...text].length;

/** The payment as error messages name it: its end-to-end id, or its position when it has none. */
export function paymentLabel(payment: PayoutPayment, index: number): string {
  return payment.endToEndId.trim() === ''
    ? `Payment #${index + 1} (no end-to-end id)`
    : `Payment "${payment.endToEndId}"`;
}

/** Significant digits of a plain decimal string (leading zeros and trailing decimal zeros left out). */
export function significantDigits(decimal: string): number {
  const [whole = '', fraction = ''] = decimal.split('.');
  return whole.replace(/^0+/, '').length + fraction.replace(/0+$/, '').length;
}

/** The amount, checked: a plain positive decimal of at most 5 decimals and 18 digits. */
export function checkedAmount(payment: PayoutPayment, index: number): string {
  const { amount } = payment;
  const label = paymentLabel(payment, index);
  if (!AMOUNT.test(amount)) {
    throw new Error(
      `${label}: amount "${amount}" is not a plain decimal with at most 5 decimals, such as 1250.50`,
    );
  }
  if (!/[1-9]/.test(amount)) throw new Error(`${label}: amount "${amount}" must be greater than 0`);
  if (significantDigits(amount) > MAX_AMOUNT_DIGITS) {
    throw new Error(`${label}: amount "${amount}" has more than ${MAX_AMOUNT_DIGITS} digits`);
  }
  return amount;
}

/** The currency, checked: three capital letters (ISO 4217). */
export function checkedCurrency(payment: PayoutPayment, index: number): string {
  if (!CURRENCY.test(payment.currency)) {
    throw new Error(
      `${paymentLabel(payment, index)}: currency "${payment.currency}" is not an ISO 4217 code of three capital letters`,
    );
  }
  return payment.currency;
}

/** Every end-to-end id is present, at most 35 characters long, and used once in the file. */
export function checkEndToEndIds(payments: readonly PayoutPayment[]): void {
  const seen = new Set<string>();
  payments.forEach((payment, index) => {
    const id = payment.endToEndId;
    const label = paymentLabel(payment, index);
    if (id.trim() === '') throw new Error(`${label}: the end-to-end id is empty`);
    if (characterCount(id) > MAX_ID_LENGTH) {
      throw new Error(
        `${label}: the end-to-end id is ${characterCount(id)} characters long, more than ${MAX_ID_LENGTH}`,
      );
    }
    if (seen.has(id)) throw new Error(`${label}: the end-to-end id is used by another payment of the file`);
    seen.add(id);
  });
}

/**
 * The remittance text as it goes to the bank: tabs and line breaks become spaces (a payment file
 * field is one line), ends trimmed, cut to 140 characters; null when nothing is left.
 */
export function remittanceText(remittance: string): string | null {
  const oneLine = remittance.replace(/[\t\r\n]+/g, ' ').trim();
  if (oneLine === '') return null;
  return [...oneLine].slice(0, MAX_REMITTANCE_LENGTH).join('').trimEnd();
}
