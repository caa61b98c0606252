import { Decimal } from 'decimal.js';
import { MoneyDecimal } from '../money.ts';

/** A figure as a record or a caller may hold it: a decimal string, a number, a Decimal, or nothing. */
export type FigureInput = string | number | Decimal | null | undefined;

const DECIMAL_STRING = /^-?\d+(\.\d+)?$/;

/**
 * Reads one figure: `null`, `undefined` and the empty string are *missing* (null), never zero.
 * Strings must be plain decimals (`1250.50`, `-3`), numbers and Decimals must be finite; anything
 * else is a data error and throws, naming the field, rather than being silently ignored.
 */
export function readFigure(value: unknown, name: string): Decimal | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return null;
    if (!DECIMAL_STRING.test(trimmed)) {
      throw new Error(`${name} must be a decimal number such as 1250.50, got "${value}"`);
    }
    return new MoneyDecimal(trimmed);
  }
  if (typeof value === 'number' && Number.isFinite(value)) return new MoneyDecimal(value);
  if (Decimal.isDecimal(value) && value.isFinite()) return new MoneyDecimal(value);
  throw new Error(`${name} must be a decimal number such as 1250.50`);
}

/** `a / b`, or null when either side is missing or the divisor is zero. */
export function divide(a: Decimal | null, b: Decimal | null): Decimal | null {
  if (a === null || b === null || b.isZero()) return null;
  return a.div(b);
}

/** `a − b`, or null when either side is missing. */
export function subtract(a: Decimal | null, b: Decimal | null): Decimal | null {
  return a === null || b === null ? null : a.minus(b);
}

/**
 * The sum of the parts that are present, or null when none is: a missing part counts as 0 only
 * when at least one part of the sum was entered.
 */
export function sumPresent(parts: readonly (Decimal | null)[]): Decimal | null {
  let total: Decimal | null = null;
  for (const part of parts) {
    if (part !== null) total = total === null ? part : total.plus(part);
  }
  return total;
}

/**
 * Renders a figure for a human: at least two decimals, more only when the value has them
 * (1.5 → "1.50", 1.4999 → "1.4999"), so a reason never rounds a value across a band edge.
 */
export function showFigure(value: Decimal): string {
  const [whole = '', fraction] = value.toFixed(Math.max(2, value.decimalPlaces())).split('.');
  // Thousands grouped for reading ("12,500,000.00"); the sign stays in front.
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction ?? '00'}`;
}
