/**
 * Figures of buyer lines (docs/business-rules.md, “Line limits and what requests hold”). Pure
 * and exact: amounts stay decimal strings (summed with BigInt by sumDecimals), never binary floats,
 * and an amount is only ever added to amounts of the same currency.
 */
import { approvedLimitProblem } from '@rf/domain/rules/approved-limit';
import { sumDecimals } from '../entity/decimal-sum.ts';
import { formatMoney } from '../entity/format.ts';
import type { ApiRecord } from '../entity/graphql-client.ts';

export { sumDecimals };

/**
 * How the screens label and explain exposure (docs/business-rules.md,
 * “Line limits and what requests hold”: it is the line's utilisation).
 */
export const EXPOSURE_NOTE =
  'Exposure = outstanding purchase amounts of the line’s approved requests that are not settled yet; available = approved limit − exposure.';

const isBlank = (v: unknown) => v === null || v === undefined || v === '';

export function subtractDecimals(a: unknown, b: unknown): string {
  return sumDecimals([
    a,
    isBlank(b) ? '0' : String(b).startsWith('-') ? String(b).slice(1) : `-${String(b)}`,
  ]);
}

/** The sign of a − b: -1, 0 or 1 (exact). */
export function compareDecimals(a: unknown, b: unknown): -1 | 0 | 1 {
  const d = subtractDecimals(isBlank(a) ? '0' : a, b);
  return d === '0' ? 0 : d.startsWith('-') ? -1 : 1;
}

/** Calendar days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  const utc = (d: string) =>
    Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/** What an approved line stands at: every amount in the line's currency. */
export interface LineFigures {
  readonly currency: string;
  readonly limit: string;
  /** Outstanding purchase amounts of Approved, not Settled requests in the line's currency. */
  readonly exposure: string;
  /** limit − exposure; negative when the line is over its limit. */
  readonly available: string;
  readonly overLimit: boolean;
  /** Invoice amounts (what the buyer owes) of outstanding requests due before today. */
  readonly overdue: string;
  readonly overdueCount: number;
  /** Days the oldest overdue invoice is past its due date. */
  readonly daysPastDue: number | null;
  readonly nextDue: string | null;
  /** Outstanding purchases in another currency than the line's, by currency: shown apart, never added in. */
  readonly otherCurrencies: ReadonlyMap<string, string>;
}

/** The figures of one line from the requests the viewer sees (any line's requests may be passed). */
export function lineFigures(line: ApiRecord, requests: readonly ApiRecord[], today: string): LineFigures {
  const currency = typeof line.buyer_currency === 'string' ? line.buyer_currency : '';
  const outstanding = requests.filter((r) => r.buyerId === line.id && r.request_status === 'Approved');
  const currencyOf = (r: ApiRecord) =>
    typeof r.invoice_currency === 'string' && r.invoice_currency ? r.invoice_currency : currency;
  const own = outstanding.filter((r) => currencyOf(r) === currency);
  const other = new Map<string, unknown[]>();
  for (const r of outstanding) {
    const c = currencyOf(r);
    if (c !== currency) other.set(c, [...(other.get(c) ?? []), r.invoice_purchase_amount]);
  }
  const overdueRows = own.filter((r) => typeof r.invoice_due_date === 'string' && r.invoice_due_date < today);
  const oldest = overdueRows.map((r) => r.invoice_due_date as string).sort()[0];
  const limit = isBlank(line.buyer_loan_approved_amount)
    ? '0'
    : sumDecimals([line.buyer_loan_approved_amount]);
  const exposure = sumDecimals(own.map((r) => r.invoice_purchase_amount));
  const available = subtractDecimals(limit, exposure);
  const upcoming = own
    .map((r) => r.invoice_due_date)
    .filter((d): d is string => typeof d === 'string' && d >= today)
    .sort();
  return {
    currency,
    limit,
    exposure,
    available,
    overLimit: available.startsWith('-'),
    overdue: sumDecimals(overdueRows.map((r) => r.invoice_amount)),
    overdueCount: overdueRows.length,
    daysPastDue: oldest ? daysBetween(oldest, today) : null,
    nextDue: upcoming[0] ?? null,
    otherCurrencies: new Map([...other].map(([c, vs]) => [c, sumDecimals(vs)])),
  };
}

export interface CurrencyTotals {
  readonly currency: string;
  readonly lines: number;
  readonly limit: string;
  readonly exposure: string;
  readonly available: string;
  readonly overdue: string;
}

/** Totals of several lines, one row per currency (amounts of different currencies are never added). */
export function totalsByCurrency(figures: readonly LineFigures[]): CurrencyTotals[] {
  const groups = new Map<string, LineFigures[]>();
  for (const f of figures) groups.set(f.currency, [...(groups.get(f.currency) ?? []), f]);
  return [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, fs]) => ({
      currency,
      lines: fs.length,
      limit: sumDecimals(fs.map((f) => f.limit)),
      exposure: sumDecimals(fs.map((f) => f.exposure)),
      available: sumDecimals(fs.map((f) => f.available)),
      overdue: sumDecimals(fs.map((f) => f.overdue)),
    }));
}

const AMOUNT = /^\d{1,15}(\.\d+)?$/;

/**
 * The approved limit an approver types (docs/business-rules.md,
 * “Line limits and what requests hold”): a positive amount in the line's currency with at most
 * its minor-unit decimals, and no more than the requested amount. A funder may approve less than
 * was asked (a counter-offer); a higher limit was never requested nor assessed, so it needs the
 * line reopened with a higher requested amount. The server checks the same rule (the guards of
 * approveLine and changeLineLimit, lifecycle/buyer-line.ts). Returns the message, or null when the
 * limit is fine.
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

/** Amounts per currency, e.g. for dashboards that mix currencies. */
export function sumByCurrency(
  rows: readonly ApiRecord[],
  amount: string,
  currency: string,
): Map<string, string> {
  const groups = new Map<string, unknown[]>();
  for (const r of rows) {
    const c = typeof r[currency] === 'string' ? (r[currency] as string) : '';
    const list = groups.get(c) ?? [];
    list.push(r[amount]);
    groups.set(c, list);
  }
  return new Map([...groups].map(([c, vs]) => [c, sumDecimals(vs)]));
}
