import type { Decimal } from 'decimal.js';
import { MoneyDecimal, minorUnitsOf, roundHalfUp, toDecimal, type DecimalInput } from './money.ts';

/** Base-rate series a buyer line may choose (`Buyer.buyer_loan_rate`, `Request.base_rate`). */
export const BASE_RATE_SERIES = ['SOFR(Daily)', 'SOFR(1M)', 'SOFR(3M)', 'SOFR(6M)', 'SOFR(12M)'] as const;
export type BaseRateSeries = (typeof BASE_RATE_SERIES)[number];

/**
 * The `SOFR` record column holding each series (one record per date, all series:
 * docs/business-rules.md, “How a request is priced at approval”).
 */
export const SOFR_COLUMN_OF_SERIES = {
  'SOFR(Daily)': 'SOFR',
  'SOFR(1M)': 'SOFRM1',
  'SOFR(3M)': 'SOFRM3',
  'SOFR(6M)': 'SOFRM6',
  'SOFR(12M)': 'SOFRM12',
} as const satisfies Record<BaseRateSeries, string>;
export type SofrColumn = (typeof SOFR_COLUMN_OF_SERIES)[BaseRateSeries];

/**
 * Fixing window (docs/business-rules.md, “How a request is priced at approval”): at least 2 and
 * at most 10 days before the payout date.
 */
export const FIXING_MIN_DAYS_BEFORE = 2;
export const FIXING_MAX_DAYS_BEFORE = 10;

/** Decimal places kept for derived rates; the `rate` wire format allows up to 10. */
const RATE_DECIMALS = 6;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a YYYY-MM-DD date; arithmetic, not Date parsing, since bulk pricing calls it often. */
function epochDay(value: string, name: string): number {
  const match = DATE.exec(value);
  const [y, m, d] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const ms = Date.UTC(y, m - 1, d);
  const check = new Date(ms);
  if (!match || check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) {
    throw new Error(`${name} must be a date in the form YYYY-MM-DD, got "${value}"`);
  }
  return ms / 86_400_000;
}

/**
 * Calendar days from `from` to `to`, not counting `from`, and never less than 1
 * (docs/business-rules.md, “How a request is priced at approval”).
 */
export function pricingDays(from: string, to: string): number {
  return Math.max(1, epochDay(to, 'to date') - epochDay(from, 'from date'));
}

export interface PriceRequestInput {
  readonly invoiceAmount: DecimalInput;
  readonly currency: string;
  /** % of the invoice paid out; the pricing rules default it to 100. */
  readonly advanceRate?: DecimalInput | null;
  /** The SOFR fixing value (% p.a.), see `selectFixing`. */
  readonly baseRate: DecimalInput;
  /** % p.a. over the base rate (the line's "discount fee"). */
  readonly spread: DecimalInput;
  /** % of the spread amount; a line without one charges none. */
  readonly transactionFeeRate?: DecimalInput | null;
  /** % of the transaction fee; a line without a broker has none. */
  readonly brokerFeeRate?: DecimalInput | null;
  /** % p.a. of the invoice amount. */
  readonly spvFeeRate?: DecimalInput | null;
  readonly payoutDate: string;
  readonly dueDate: string;
}

/** The priced figures, named as the Request fields they are stored in; amounts in minor units. */
export interface RequestPricing {
  /** Pricing days; stored as `invoice_purchase_duration`. */
  readonly days: number;
  readonly discount_fee_amount: string;
  readonly transaction_fee_amount: string;
  readonly broker_fee_amount: string;
  readonly spv_fee_amount: string;
  readonly invoice_purchase_amount: string;
}

function nonNegative(value: DecimalInput | null | undefined, name: string, fallback: number): Decimal {
  const d = value === null || value === undefined ? new MoneyDecimal(fallback) : toDecimal(value, name);
  if (d.isNegative() && !d.isZero()) throw new Error(`${name} must not be negative, got ${d.toString()}`);
  return d;
}

/**
 * Prices one invoice (docs/business-rules.md, “How a request is priced at approval”: ACT/360,
 * decimal arithmetic, half-up at the minor unit).
 */
export function priceRequest(input: PriceRequestInput): RequestPricing {
  const digits = minorUnitsOf(input.currency);
  const amount = toDecimal(input.invoiceAmount, 'invoiceAmount');
  if (!amount.isPositive() || amount.isZero()) {
    throw new Error(`invoiceAmount must be greater than 0, got ${amount.toString()}`);
  }
  const advance = nonNegative(input.advanceRate, 'advanceRate', 100);
  if (advance.greaterThan(100))
    throw new Error(`advanceRate must be at most 100 %, got ${advance.toString()}`);
  // SOFR has been negative in other currencies' histories; only the spread and fees must not be.
  const base = toDecimal(input.baseRate, 'baseRate');
  const spread = nonNegative(input.spread, 'spread', 0);
  const transactionRate = nonNegative(input.transactionFeeRate, 'transactionFeeRate', 0);
  const brokerRate = nonNegative(input.brokerFeeRate, 'brokerFeeRate', 0);
  const spvRate = nonNegative(input.spvFeeRate, 'spvFeeRate', 0);
  const days = pricingDays(input.payoutDate, input.dueDate);

  // Every product is exact; each figure divides once, so only the final rounding loses digits.
  const amountDays = amount.times(days);
  const discount = amountDays.times(base.plus(spread)).dividedBy(36_000);
  const transactionExact = amountDays.times(spread).times(transactionRate).dividedBy(3_600_000);
  // The broker fee is a share of the exact transaction fee, not of its rounded value (rounding only when stored).
  const broker = amountDays.times(spread).times(transactionRate).times(brokerRate).dividedBy(360_000_000);
  const spv = amountDays.times(spvRate).dividedBy(36_000);
  const discountStored = roundHalfUp(discount, digits);
  // Purchase = the advanced amount at the minor unit less the stored discount, so that purchase +
  // discount equals the advanced amount exactly in the ledger, whatever the signs (rounding the
  // difference would round a negative purchase's tie away from zero and lose that equality).
  const advanced = new MoneyDecimal(roundHalfUp(amount.times(advance).dividedBy(100), digits));
  const purchase = advanced.minus(discountStored);
  return {
    days,
    discount_fee_amount: discountStored,
    transaction_fee_amount: roundHalfUp(transactionExact, digits),
    broker_fee_amount: roundHalfUp(broker, digits),
    spv_fee_amount: roundHalfUp(spv, digits),
    invoice_purchase_amount: roundHalfUp(purchase, digits),
  };
}

export interface AdjustedRateInput {
  readonly baseRate: DecimalInput;
  readonly spread: DecimalInput;
  readonly payoutDate: string;
  readonly dueDate: string;
  readonly paybackDate: string;
}

/**
 * `discount_fee_rate_adjusted` on settlement
 * (docs/business-rules.md, “How a request is priced at approval”): the spread that earns the
 * planned discount over the actual period, (base + spread) × planned / actual − base; "0" when paid
 * on the due date.
 */
export function adjustedDiscountFeeRate(input: AdjustedRateInput): string {
  epochDay(input.paybackDate, 'paybackDate');
  if (input.paybackDate === input.dueDate) return '0';
  const base = toDecimal(input.baseRate, 'baseRate');
  const spread = toDecimal(input.spread, 'spread');
  const planned = pricingDays(input.payoutDate, input.dueDate);
  const actual = pricingDays(input.payoutDate, input.paybackDate);
  const adjusted = base.plus(spread).times(planned).dividedBy(actual).minus(base);
  // Rates travel without trailing zeros ("4.5", not "4.500000"): they are not amounts of a currency.
  const rounded = adjusted.toDecimalPlaces(RATE_DECIMALS, MoneyDecimal.ROUND_HALF_UP);
  return (rounded.isZero() ? rounded.abs() : rounded).toFixed();
}

export interface Fixing {
  /** Fixing date, YYYY-MM-DD. */
  readonly date: string;
  /** The series value in % p.a.; null when the series was not published that day. */
  readonly value: string | null;
}

/**
 * The fixing that prices a payout: the latest published value dated at least 2 and at most 10 days
 * before the payout date. Throws when there is none, since a silent zero would misprice the request.
 */
export function selectFixing(fixings: readonly Fixing[], payoutDate: string): Fixing & { value: string } {
  const payout = epochDay(payoutDate, 'payoutDate');
  let best: (Fixing & { value: string }) | undefined;
  let bestDay = Number.NEGATIVE_INFINITY;
  for (const fixing of fixings) {
    if (fixing.value === null || fixing.value === undefined || fixing.value === '') continue;
    const day = epochDay(fixing.date, 'fixing date');
    const before = payout - day;
    if (before < FIXING_MIN_DAYS_BEFORE || before > FIXING_MAX_DAYS_BEFORE || day <= bestDay) continue;
    best = { date: fixing.date, value: fixing.value };
    bestDay = day;
  }
  if (!best) {
    throw new Error(
      `No base-rate fixing dated ${FIXING_MIN_DAYS_BEFORE} to ${FIXING_MAX_DAYS_BEFORE} days before the payout date ${payoutDate}; import the SOFR fixings for that period and price again`,
    );
  }
  return best;
}

/** An indicative price as the server answers it (`indicativePrice`); amounts as decimal strings. */
export interface IndicativePrice {
  readonly currency: string | null;
  readonly payout_date: string;
  readonly invoice_purchase_duration: number | null;
  readonly advance_rate: string | null;
  readonly base_rate: string | null;
  readonly base_rate_amount: string | null;
  readonly fixing_date: string | null;
  readonly discount_fee_rate: string | null;
  readonly discount_fee_amount: string | null;
  readonly transaction_fee_amount: string | null;
  readonly broker_fee_amount: string | null;
  readonly spv_fee_amount: string | null;
  readonly invoice_purchase_amount: string | null;
  readonly unavailable: string | null;
}
