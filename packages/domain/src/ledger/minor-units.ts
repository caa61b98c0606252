import type { Decimal } from 'decimal.js';
import { MoneyDecimal, minorUnitsOf, roundHalfUp } from '../money.ts';

/**
 * Amounts in the ledger are whole minor units of their currency
 * (docs/business-rules.md, “The ledger”), as bigint: exact, and the database stores them as bigint
 * too.
 */
export function toMinor(amount: string, currency: string): bigint {
  const digits = minorUnitsOf(currency);
  const scaled = new MoneyDecimal(amount.trim()).times(new MoneyDecimal(10).pow(digits));
  if (!scaled.isInteger())
    throw new Error(`${amount} ${currency} is not a whole number of minor units (${digits} digits)`);
  return BigInt(scaled.toFixed(0));
}

/** A minor-unit amount as a decimal string with the currency's digits ("-1234.50"). */
export function fromMinor(minor: bigint, currency: string): string {
  const digits = minorUnitsOf(currency);
  const negative = minor < 0n;
  const text = (negative ? -minor : minor).toString().padStart(digits + 1, '0');
  const whole = digits ? text.slice(0, -digits) : text;
  const part = digits ? `.${text.slice(-digits)}` : '';
  return `${negative ? '-' : ''}${whole}${part}`;
}

/** A decimal amount rounded half-up to whole minor units (a request's advance, which is unrounded). */
export function roundToMinor(amount: Decimal, currency: string): bigint {
  return toMinor(roundHalfUp(amount, minorUnitsOf(currency)), currency);
}
