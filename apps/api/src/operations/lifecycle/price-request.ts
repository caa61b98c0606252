import { SOFR_COLUMN_OF_SERIES, priceRequest, selectFixing, type BaseRateSeries } from '@rf/domain';
import type { Queryable, Row } from '../../db/database.ts';
import { validationError } from '../../http/errors.ts';

/**
 * The pricing of a request from its approved buyer line and the SOFR fixing
 * (docs/business-rules.md, “How a request is priced at approval”), as the request fields to
 * store. No fixing in the window is an error, never a silent zero.
 */
export async function pricingOnApproval(tx: Queryable, request: Row, payoutDate: string): Promise<Row> {
  const [line] = await tx.query(
    `SELECT buyer_loan_advance_rate, buyer_loan_rate, buyer_loan_discount_fee, buyer_loan_transaction_fee,
            buyer_loan_broker_fee, buyer_loan_spv_fee, "brokerId" FROM "buyer" WHERE id = $1`,
    [String(request.buyerId)],
  );
  if (!line) throw validationError('The request has no buyer line to price it from');
  const series = (line.buyer_loan_rate ?? 'SOFR(3M)') as BaseRateSeries;
  const column = SOFR_COLUMN_OF_SERIES[series];
  if (!column) throw validationError(`Unknown base-rate series ${String(line.buyer_loan_rate)}`);
  if (!line.buyer_loan_discount_fee) throw validationError('The buyer line has no spread (discount fee) yet');
  const fixings = await tx.query<{ date: string; value: string }>(
    `SELECT date, "${column}" AS value FROM "sofr" WHERE NOT "_deleted" AND "${column}" IS NOT NULL
       AND date BETWEEN ($1::date - 10) AND ($1::date - 2) ORDER BY date DESC`,
    [payoutDate],
  );
  let fixing: { date: string; value: string };
  try {
    fixing = selectFixing(fixings, payoutDate) as { date: string; value: string };
  } catch (error) {
    throw validationError((error as Error).message);
  }
  // A broker's commission only where a broker introduced the line: nobody else could be paid it.
  const brokerFeeRate = line.brokerId ? (line.buyer_loan_broker_fee as string | null) : null;
  const { days, ...amounts } = priceRequest({
    invoiceAmount: String(request.invoice_amount),
    currency: String(request.invoice_currency),
    advanceRate: (line.buyer_loan_advance_rate as string | null) ?? '100',
    baseRate: fixing.value,
    spread: String(line.buyer_loan_discount_fee),
    transactionFeeRate: line.buyer_loan_transaction_fee as string | null,
    brokerFeeRate,
    spvFeeRate: line.buyer_loan_spv_fee as string | null,
    payoutDate,
    dueDate: String(request.invoice_due_date),
  });
  return {
    payout_date: payoutDate,
    base_rate: series,
    base_rate_amount: fixing.value,
    advance_rate: (line.buyer_loan_advance_rate as string | null) ?? '100',
    discount_fee_rate: line.buyer_loan_discount_fee,
    transaction_fee_rate: line.buyer_loan_transaction_fee,
    broker_fee_rate: brokerFeeRate,
    spv_fee_rate: line.buyer_loan_spv_fee,
    invoice_purchase_duration: days,
    ...amounts,
  };
}
