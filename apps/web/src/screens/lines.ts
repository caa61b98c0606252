/**
 * What the screens of buyer lines share
 * (docs/business-rules.md, “Line limits and what requests hold”): how exposure is explained and the
 * check of an approved limit as typed. A line's utilisation, available and free limit and their
 * totals are not computed here: the server reads them from the ledger (entity/line-limits-api.ts).
 * Amounts stay decimal strings (summed with BigInt by sumDecimals), never binary floats, and an
 * amount is only ever added to amounts of the same currency.
 */
import { approvedLimitProblem } from '@rf/domain/rules/approved-limit';
import { sumDecimals } from '../entity/decimal-sum.ts';
import { formatMoney } from '../entity/format.ts';

export { sumDecimals };

/**
 * How the screens label and explain exposure
 * (docs/business-rules.md, “Line limits and what requests hold”: it is the line's utilisation).
 */
export const EXPOSURE_NOTE =
  'Exposure = outstanding purchase amounts of the line’s approved requests that are not settled yet; available = approved limit − exposure.';

const AMOUNT = /^\d{1,15}(\.\d+)?$/;

/**
 * The approved limit an approver types
 * (docs/business-rules.md, “Line limits and what requests hold”): a positive amount in the line's
 * currency with at most its minor-unit decimals, and no more than the requested amount. A funder
 * may approve less than was asked (a counter-offer); a higher limit was never requested nor
 * assessed, so it needs the line reopened with a higher requested amount. The server checks the
 * same rule (the guards of approveLine and changeLineLimit, lifecycle/buyer-line.ts). Returns the
 * message, or null when the limit is fine.
 */
export function approvedLimitError(typed: string, requested: unknown, currency?: string): string | null {
  const limit = typed.replace(/[,\s]/g, '');
  if (!limit) return 'Enter the approved limit';
  if (!AMOUNT.test(limit)) return 'Enter an amount such as 500000.00';
  const problem = approvedLimitProblem(limit, requested, currency);
  if (problem?.kind === 'tooManyDecimals')
    return problem.digits === 0
      ? `${currency ?? 'This currency'} amounts have no decimals`
      : `Use at most ${problem.digits} decimals`;
  if (problem?.kind === 'notPositive')
    return 'The approved limit must be more than 0; decline the line instead';
  if (problem?.kind === 'aboveRequested')
    return `At most the requested ${formatMoney(requested, currency)}; a higher limit needs a new request`;
  return null;
}
