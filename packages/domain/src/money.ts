import { Decimal } from 'decimal.js';
import { minorUnits } from './reference-lists.ts';

/**
 * Decimal constructor for money: 40 significant digits so that products of a 15-digit amount and
 * several rates stay exact until the one final division, and half-up rounding as the business
 * rules require (docs/business-rules.md, “How a request is priced at approval”).
 */
export const MoneyDecimal = Decimal.clone({
  precision: 40,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 40,
});

/** A decimal value as the API carries it: a decimal string, or a Decimal already parsed. */
export type DecimalInput = string | Decimal;

const DECIMAL_STRING = /^-?\d+(\.\d+)?$/;

/** Parses a decimal input, naming the field in the error so that a caller can fix it. */
export function toDecimal(value: DecimalInput, name: string): Decimal {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (!DECIMAL_STRING.test(trimmed)) {
      throw new Error(`${name} must be a decimal number such as 1250.50, got "${value}"`);
    }
    return new MoneyDecimal(trimmed);
  }
  if (!value.isFinite()) throw new Error(`${name} must be a finite decimal number`);
  return new MoneyDecimal(value);
}

// Building an Intl.NumberFormat per call dominated bulk pricing; the answer per code never changes.
const minorUnitsCache = new Map<string, number>();

/** Minor-unit digits of a currency, with an error that names the bad code. */
export function minorUnitsOf(currency: string): number {
  let digits = minorUnitsCache.get(currency);
  if (digits === undefined) {
    try {
      digits = minorUnits(currency);
    } catch {
      throw new Error(`${currency} is not an ISO 4217 currency code (e.g. USD)`);
    }
    minorUnitsCache.set(currency, digits);
  }
  return digits;
}

/** Rounds half-up to `digits` places as a plain decimal string; never "-0.00". */
export function roundHalfUp(value: Decimal, digits: number): string {
  const rounded = value.toDecimalPlaces(digits, Decimal.ROUND_HALF_UP);
  return (rounded.isZero() ? rounded.abs() : rounded).toFixed(digits);
}

/** Rounds an amount half-up to the currency's minor unit and renders it as a plain decimal string. */
export function roundMoney(value: DecimalInput, currency: string): string {
  return roundHalfUp(toDecimal(value, 'amount'), minorUnitsOf(currency));
}
