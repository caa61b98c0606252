import {
  BASE_RATE_SERIES,
  SOFR_COLUMN_OF_SERIES,
  priceRequest,
  selectFixing,
  submissionIssues,
  type BaseRateSeries,
  type IndicativePrice,
} from '@rf/domain';
import { unauthorized, validationError } from '../http/errors.ts';
import { todayOf, type OperationContext } from './context.ts';
import { getRecord } from './get-record.ts';

export interface IndicativePriceInput {
  readonly buyerId: string;
  readonly invoice_amount: string;
  readonly invoice_due_date: string;
}

/**
 * What a request would be priced at if it were approved for payout on the next business day
 * (docs/business-rules.md, “How a request is priced at approval”), for the screens to show
 * while it is entered. It is indicative only: the binding price is fixed at approval, from the
 * payout date the approver sets and the fixing for that date. Amounts are decimal strings in the
 * line's currency; when the request cannot be priced yet (no terms, no fixing, a due date the rules
 * refuse), `unavailable` says why and the figures are null.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const AMOUNT = /^-?\d{1,15}(\.\d{1,10})?$/;

/** The next business day (Monday to Friday) after `today`, YYYY-MM-DD. */
export function nextBusinessDay(today: string): string {
  const d = new Date(`${today}T00:00:00Z`);
  do d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6);
  return d.toISOString().slice(0, 10);
}

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/**
 * `indicativePrice(buyerId, invoice_amount, invoice_due_date)`: the pricing of
 * docs/business-rules.md, “How a request is priced at approval”, with the line's terms and the
 * latest SOFR fixing 2 to 10 days before the planned payout date, the next business day after
 * today. The caller must be able to read the line.
 */
export async function indicativePrice(
  ctx: OperationContext,
  input: IndicativePriceInput,
): Promise<IndicativePrice> {
  if (!DATE.test(input.invoice_due_date)) throw validationError('invoice_due_date must be a date');
  if (!AMOUNT.test(input.invoice_amount))
    throw validationError('invoice_amount must be a decimal number such as "1250.50"');
  const line = await getRecord(ctx, {
    model: 'Buyer',
    id: input.buyerId,
    fields: [
      'id',
      'buyer_currency',
      'buyer_loan_advance_rate',
      'buyer_loan_rate',
      'buyer_loan_discount_fee',
      'buyer_loan_transaction_fee',
      'buyer_loan_broker_fee',
      'buyer_loan_spv_fee',
      'brokerId',
    ],
  });
  if (!line) throw unauthorized(`Buyer ${input.buyerId} not found`);

  const today = todayOf(ctx);
  const payout = nextBusinessDay(today);
  const currency = text(line.buyer_currency);
  const series = (text(line.buyer_loan_rate) ?? 'SOFR(3M)') as BaseRateSeries;
  const advance = text(line.buyer_loan_advance_rate) ?? '100';
  const spread = text(line.buyer_loan_discount_fee);
  const none = (unavailable: string): IndicativePrice => ({
    currency,
    payout_date: payout,
    invoice_purchase_duration: null,
    advance_rate: advance,
    base_rate: series,
    base_rate_amount: null,
    fixing_date: null,
    discount_fee_rate: spread,
    discount_fee_amount: null,
    transaction_fee_amount: null,
    broker_fee_amount: null,
    spv_fee_amount: null,
    invoice_purchase_amount: null,
    unavailable,
  });

  if (!currency) return none('The buyer line has no currency yet');
  if (!spread) return none('The buyer line has no terms yet (no spread)');
  if (!(BASE_RATE_SERIES as readonly string[]).includes(series))
    return none(`Unknown base-rate series ${series}`);
  // The submission rules (docs/business-rules.md, “Submission checks and duplicate invoices”)
  // for what is priced: the amount and the due date.
  const issues = submissionIssues(
    {
      invoice_amount: input.invoice_amount,
      invoice_currency: currency,
      invoice_due_date: input.invoice_due_date,
    },
    currency,
    today,
  );
  if (issues.length) return none(issues.join('; '));
  if (input.invoice_due_date <= payout)
    return none(`invoice_due_date must be after the planned payout date ${payout} (the next business day)`);

  const column = SOFR_COLUMN_OF_SERIES[series];
  const fixings = await ctx.db.query<{ date: string; value: string }>(
    `SELECT date, "${column}" AS value FROM "sofr" WHERE NOT "_deleted" AND "${column}" IS NOT NULL
       AND date BETWEEN ($1::date - 10) AND ($1::date - 2) ORDER BY date DESC`,
    [payout],
  );
  let fixing: { date: string; value: string };
  try {
    fixing = selectFixing(
      fixings.map((f) => ({ date: String(f.date).slice(0, 10), value: text(f.value) })),
      payout,
    );
  } catch (error) {
    return none((error as Error).message);
  }
  const { days, ...amounts } = priceRequest({
    invoiceAmount: input.invoice_amount,
    currency,
    advanceRate: advance,
    baseRate: fixing.value,
    spread,
    transactionFeeRate: text(line.buyer_loan_transaction_fee),
    // As approval prices it: a broker's commission only where a broker introduced the line.
    brokerFeeRate: line.brokerId ? text(line.buyer_loan_broker_fee) : null,
    spvFeeRate: text(line.buyer_loan_spv_fee),
    payoutDate: payout,
    dueDate: input.invoice_due_date,
  });
  return {
    currency,
    payout_date: payout,
    invoice_purchase_duration: days,
    advance_rate: advance,
    base_rate: series,
    base_rate_amount: fixing.value,
    fixing_date: fixing.date,
    discount_fee_rate: spread,
    ...amounts,
    unavailable: null,
  };
}
