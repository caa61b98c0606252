import type { Decimal } from 'decimal.js';
import { MoneyDecimal, minorUnitsOf, roundHalfUp } from '../money.ts';

/**
 * Credit limits of buyer lines (docs/business-rules.md, “Line limits and what requests hold”),
 * one rule for the server (which enforces it in the transaction that inserts the requests, with the
 * line's row locked) and the browser (which warns before sending).
 *
 * What a new request "would exceed the available limit" measures. A new request is not priced yet
 * (its `invoice_purchase_amount` is fixed at approval,
 * docs/business-rules.md, “How a request is priced at approval”), so it is counted at the amount
 * that will be advanced: invoice_amount × the line's advance rate / 100 (100 when the line names
 * none). The purchase amount is that advance less the discount fee, so the advance is an upper
 * bound of what the request will use once approved: the check is conservative and an approval can
 * never push the line over a limit that the request fitted in.
 *
 * For the same reason the requests already waiting for a decision (Under Review, Documents
 * Pending) hold their advance against the limit too: otherwise any number of requests, each one
 * fitting on its own, could be submitted before the first approval, and requests sent at the same
 * moment could together overshoot. So, in the line's currency:
 *   utilisation = Σ invoice_purchase_amount of Approved (not Settled) requests
 *   reserved    = Σ advance of Under Review and Documents Pending requests
 *   free        = approved limit − utilisation − reserved
 * and the new requests' advances together must not exceed `free`. Declined and Settled requests
 * use nothing. A new request in another currency than the line's is refused; every request of the
 * line counts in the sums whatever currency it names, and a negative figure counts as zero.
 * There is no override, for administrators either: a larger exposure
 * needs a larger approved limit, which the line's funder decides.
 *
 * All arithmetic is decimal (decimal.js through MoneyDecimal), never binary floats.
 */

/** The line as the rule needs it; amounts as decimal strings, as the API carries them. */
export interface LimitLine {
  readonly name: string;
  readonly status: string | null;
  readonly currency: string | null;
  readonly approvedLimit: string | null;
  /**
   * % of the invoice advanced; null means 100
   * (docs/business-rules.md, “How a request is priced at approval”).
   */
  readonly advanceRate: string | null;
}

/** A request of the line as the rule needs it. */
export interface LimitRequest {
  readonly status: string | null;
  readonly currency: string | null;
  readonly invoiceAmount: string | null;
  readonly purchaseAmount: string | null;
}

/**
 * What a line's requests hold, as the server reads it from the ledger
 * (docs/business-rules.md, “Limits held in the ledger”): decimal strings in the line's currency.
 */
export interface LimitHeld {
  readonly utilisation: string;
  readonly reserved: string;
}

/** The line's requests (summed here), or what the ledger says they hold. */
export type HeldBy = readonly LimitRequest[] | LimitHeld;

/** A new (or changed) request: its invoice amount and currency. */
export interface NewRequest {
  readonly invoiceAmount: string;
  readonly currency: string | null;
}

export interface LineUse {
  readonly currency: string;
  readonly limit: string;
  /**
   * Purchase amounts of Approved requests (the utilisation of
   * docs/business-rules.md, “Line limits and what requests hold”).
   */
  readonly utilisation: string;
  /** Advances of requests awaiting a decision. */
  readonly reserved: string;
  /**
   * limit − utilisation (the available of
   * docs/business-rules.md, “Line limits and what requests hold”).
   */
  readonly available: string;
  /** limit − utilisation − reserved: what new requests may still use; negative when over. */
  readonly free: string;
}

export interface LimitRefusal {
  /** The field the refusal is about, named at the start of `message` as the API reports it. */
  readonly field: 'buyerId' | 'invoice_currency' | 'invoice_amount' | 'buyer_currency';
  readonly message: string;
}

const PENDING = new Set(['Under Review', 'Documents Pending']);
const blank = (v: string | null | undefined): v is null | undefined | '' =>
  v === null || v === undefined || v.trim() === '';
const dec = (v: string | null | undefined): Decimal => new MoneyDecimal(blank(v) ? '0' : v.trim());

/** The amount a request will advance: invoice_amount × advance rate / 100, unrounded. */
export function advanceOf(invoiceAmount: string, advanceRate: string | null): Decimal {
  return dec(invoiceAmount)
    .times(blank(advanceRate) ? 100 : dec(advanceRate))
    .dividedBy(100);
}

function digitsOf(currency: string): number {
  try {
    return minorUnitsOf(currency);
  } catch {
    return 2;
  }
}

/** "USD 12,500.00": the amount rounded half-up to the currency's minor unit, thousands grouped. */
export function formatLimitAmount(value: Decimal, currency: string): string {
  const [whole = '0', part] = roundHalfUp(value, digitsOf(currency)).split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = sign ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency} ${sign}${grouped}${part === undefined ? '' : `.${part}`}`.trim();
}

/**
 * A request's use of the limit is never negative: a negative figure cannot free limit
 * (docs/business-rules.md, “Every request counts, never below zero”).
 */
const atLeastZero = (value: Decimal): Decimal => (value.isNegative() ? new MoneyDecimal(0) : value);

/**
 * Unrounded utilisation and reservation of the line's requests. Every request of the line counts,
 * whatever currency it names: a request's currency is the line's
 * (docs/business-rules.md, “Submission checks and duplicate invoices”), and one that is not cannot
 * be left out to free limit.
 */
function usedBy(line: LimitLine, requests: HeldBy): { utilisation: Decimal; reserved: Decimal } {
  if (!Array.isArray(requests)) {
    const held = requests as LimitHeld;
    return { utilisation: dec(held.utilisation), reserved: dec(held.reserved) };
  }
  let utilisation = new MoneyDecimal(0);
  let reserved = new MoneyDecimal(0);
  for (const r of requests as readonly LimitRequest[]) {
    const advance = atLeastZero(advanceOf(r.invoiceAmount ?? '0', line.advanceRate));
    if (r.status === 'Approved')
      utilisation = utilisation.plus(blank(r.purchaseAmount) ? advance : atLeastZero(dec(r.purchaseAmount)));
    else if (r.status !== null && PENDING.has(r.status)) reserved = reserved.plus(advance);
  }
  return { utilisation, reserved };
}

/**
 * What the line could still take after `added` (unrounded, negative when short): limit − used −
 * held − the added requests' advances. Approval checks it for the request being approved, with the
 * request itself left out of `existing`.
 */
export function headroomAfter(line: LimitLine, existing: HeldBy, added: readonly NewRequest[]): Decimal {
  const { utilisation, reserved } = usedBy(line, existing);
  const asked = added.reduce(
    (sum, r) => sum.plus(atLeastZero(advanceOf(r.invoiceAmount, line.advanceRate))),
    new MoneyDecimal(0),
  );
  return dec(line.approvedLimit).minus(utilisation).minus(reserved).minus(asked);
}

/** What the line uses and has left, in its currency. */
export function lineUse(line: LimitLine, requests: HeldBy): LineUse {
  const currency = line.currency ?? '';
  const { utilisation, reserved } = usedBy(line, requests);
  const limit = dec(line.approvedLimit);
  const digits = digitsOf(currency);
  return {
    currency,
    limit: roundHalfUp(limit, digits),
    utilisation: roundHalfUp(utilisation, digits),
    reserved: roundHalfUp(reserved, digits),
    available: roundHalfUp(limit.minus(utilisation), digits),
    free: roundHalfUp(limit.minus(utilisation).minus(reserved), digits),
  };
}

/**
 * Why the new requests (one, or a whole multi-invoice batch) may not be made on the line, or null
 * when they fit: the line must be Approved and have a currency, every request must be in that
 * currency, and their advances together must not exceed the free limit. The advances are summed
 * unrounded and compared with the unrounded free amount, so a batch at exactly the limit passes and
 * one cent over does not.
 */
export function creditLimitRefusal(
  line: LimitLine,
  existing: HeldBy,
  added: readonly NewRequest[],
): LimitRefusal | null {
  const who = line.name.trim() || 'this buyer';
  if (line.status !== 'Approved')
    return {
      field: 'buyerId',
      message: `buyerId: the buyer line of ${who} is ${line.status ?? 'not approved'}; requests can only be made on an approved line`,
    };
  if (blank(line.currency))
    return {
      field: 'buyer_currency',
      message: `buyer_currency: the buyer line of ${who} has no currency, so its limit cannot be checked; set the line's currency first`,
    };
  const currency = line.currency;
  const foreign = added.filter((r) => r.currency !== currency).map((r) => r.currency ?? 'none');
  if (foreign.length)
    return {
      field: 'invoice_currency',
      message: `invoice_currency must be the line's currency ${currency}: the limit of ${who} is in ${currency}, not ${[...new Set(foreign)].join(', ')}`,
    };
  const { reserved } = usedBy(line, existing);
  const asked = added.reduce(
    (sum, r) => sum.plus(atLeastZero(advanceOf(r.invoiceAmount, line.advanceRate))),
    new MoneyDecimal(0),
  );
  const free = headroomAfter(line, existing, added).plus(asked);
  if (asked.lte(free)) return null;
  const what =
    added.length === 1
      ? 'the request'
      : `the ${added.length} invoices (${formatLimitAmount(asked, currency)} advanced)`;
  const shown = free.isNegative() ? new MoneyDecimal(0) : free;
  const held = reserved.isZero()
    ? ''
    : `, after ${formatLimitAmount(reserved, currency)} held by requests awaiting a decision`;
  return {
    field: 'invoice_amount',
    message: `invoice_amount: ${what} ${added.length === 1 ? 'exceeds' : 'exceed'} the available limit of ${who} by ${formatLimitAmount(asked.minus(shown), currency)} (available ${formatLimitAmount(shown, currency)}${held})`,
  };
}
