import { Decimal } from 'decimal.js';
import { minorUnits } from '../reference-lists.ts';

export type ApprovedLimitProblem =
  | { readonly kind: 'notPositive' }
  | { readonly kind: 'tooManyDecimals'; readonly digits: number }
  | { readonly kind: 'aboveRequested' };

/**
 * What is wrong with an approved limit
 * (docs/business-rules.md, “Line limits and what requests hold”), or null: it is more than 0
 * (declining is the way to grant nothing), in the line currency's minor unit (2 decimals for an
 * unknown code), and at most the requested amount: a funder may offer less than was asked, while a
 * higher limit was never requested nor assessed (the line is reopened with a higher request). The
 * server and the approve dialog put it in their own words.
 */
export function approvedLimitProblem(
  limit: string,
  requested: unknown,
  currency: string | null | undefined,
): ApprovedLimitProblem | null {
  const value = new Decimal(limit);
  if (value.lte(0)) return { kind: 'notPositive' };
  let digits = 2;
  try {
    if (currency) digits = minorUnits(currency);
  } catch {
    // an unknown code keeps 2 decimals
  }
  if (value.decimalPlaces() > digits) return { kind: 'tooManyDecimals', digits };
  if (
    requested !== null &&
    requested !== undefined &&
    requested !== '' &&
    value.gt(new Decimal(String(requested)))
  )
    return { kind: 'aboveRequested' };
  return null;
}
