import { Decimal } from 'decimal.js';
import type { DocumentInvoice } from './types.ts';

/** An exact, non-negative decimal as the documents take it: digits, and a fraction after a point. */
export const AMOUNT = /^\d+(\.\d+)?$/;

const fractionDigits = (amount: string): number => amount.split('.')[1]?.length ?? 0;

/** "1234567.5" → "1,234,567.5": the digits as given, grouped by thousands, with no rounding. */
export function formatAmount(amount: string): string {
  if (!AMOUNT.test(amount)) throw new Error(`Not an amount: "${amount}"`);
  const [whole, fraction] = amount.split('.') as [string, string | undefined];
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** The exact sum of `amounts`, written with as many fraction digits as the longest of them. */
export function sumAmounts(amounts: readonly string[]): string {
  for (const amount of amounts) if (!AMOUNT.test(amount)) throw new Error(`Not an amount: "${amount}"`);
  const digits = Math.max(0, ...amounts.map(fractionDigits));
  return amounts.reduce((sum, amount) => sum.plus(amount), new Decimal(0)).toFixed(digits);
}

export interface CurrencyTotal {
  currency: string;
  count: number;
  faceValue: string;
  /** The sum of the purchase amounts, when every invoice of the currency has one. */
  purchaseAmount: string | null;
}

/**
 * The invoices' totals per currency, in the order the currencies first appear: amounts of
 * different currencies are never added together.
 */
export function totalsByCurrency(invoices: readonly DocumentInvoice[]): CurrencyTotal[] {
  const currencies = [...new Set(invoices.map((invoice) => invoice.currency))];
  return currencies.map((currency) => {
    const of = invoices.filter((invoice) => invoice.currency === currency);
    const purchases = of.map((invoice) => invoice.purchaseAmount);
    return {
      currency,
      count: of.length,
      faceValue: sumAmounts(of.map((invoice) => invoice.faceValue)),
      purchaseAmount: purchases.every((p): p is string => typeof p === 'string')
        ? sumAmounts(purchases)
        : null,
    };
  });
}
