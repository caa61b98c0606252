import { Decimal } from 'decimal.js';
import { adjustedDiscountFeeRate, fromMinor, minorAmounts, toMinor, writeOffLegs } from '@rf/domain';
import type { Row } from '../../db/database.ts';
import type { Write } from '../../data/rows.ts';
import { post } from '../../ledger/post.ts';
import { heldRequest, postSettlement, type PostingContext } from '../../ledger/request-postings.ts';
import {
  allocate,
  allocatedOfPayment,
  allocatedOfRequest,
  collectorOf,
  currencyOf,
  paymentMinor,
} from '../../payments/allocations.ts';
import { createInstruction } from '../../payments/instructions.ts';
import { postingContext } from '../ledger-postings.ts';
import { validationError } from '../../http/errors.ts';
import type { Effect } from './effect.ts';

/** A date column as `YYYY-MM-DD` (drivers may hand back a Date or a timestamp string). */
function isoDate(value: unknown): string | null {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'string' && value.length >= 10) return value.slice(0, 10);
  return null;
}

const present = (value: unknown): value is string | number =>
  value !== null && value !== undefined && value !== '';

/**
 * Request Approved → Settled (docs/business-rules.md, “Payments and reconciliation”), from the
 * payments allocated to it. The administrator may link a collection transaction in the move
 * (`transactionId_payback`): what of it is unallocated is allocated to the request first, up to its
 * open balance. Then:
 * - allocations adding up to the invoice amount settle it; the platform runs this move itself when
 *   an allocation completes a request;
 * - a short-paid request settles only with a reason: the shortfall is written off as dilution.
 *
 * The transaction must exist, be Posted, be a credit into a collection account of the request's
 * investor or SPV, in the invoice currency, with something left to allocate. `payback_date`
 * (default: the booking date of the last payment allocated) may not be before the payout date or in
 * the future; `discount_fee_rate_adjusted` is the domain's adjustedDiscountFeeRate from the stored
 * fixing, spread, payout, due and payback dates. Settlement posts the write-off, the split of the
 * discount, the reserve and the release, and instructs the reserve's rebate to the supplier.
 */
export const settleRequest: Effect = async ({ ctx, tx, row, input: values, today, reason, write }) => {
  const currency = String(row.invoice_currency ?? '');
  const face = toMinor(String(row.invoice_amount ?? '0'), currency);
  const c = { ...postingContext(ctx, tx, 'settleRequest') };
  if (present(values.transactionId_payback))
    await allocateLinked(c, write, row, String(values.transactionId_payback), face);

  const allocated = await allocatedOfRequest(tx, String(row.id), currency);
  if (allocated === 0n)
    throw validationError(
      'No payment is allocated to this request: link the collection transaction that paid it, or allocate one in reconciliation',
    );
  const shortfall = face > allocated ? face - allocated : 0n;
  if (shortfall > 0n && !reason)
    throw validationError(
      `The payments allocated pay ${fromMinor(allocated, currency)} ${currency}, ${fromMinor(shortfall, currency)} short of the invoice amount ${fromMinor(face, currency)} ${currency}: allocate the rest, or settle with a reason to write the shortfall off as dilution`,
    );
  const [last] = await tx.query<{ id: string; transaction_date: string; bankId: string | null }>(
    `SELECT t.id, t.transaction_date::text AS transaction_date, t."bankId" FROM payment_allocation a JOIN "transaction" t ON t.id = a.transaction_id
      WHERE a.request_id = $1 AND a.undone_at IS NULL ORDER BY t.transaction_date DESC, a.created_at DESC LIMIT 1`,
    [String(row.id)],
  );
  const payback = present(values.payback_date)
    ? String(values.payback_date)
    : String(last!.transaction_date).slice(0, 10);
  const payout = isoDate(row.payout_date);
  const due = isoDate(row.invoice_due_date);
  if (!payout || !due || !present(row.base_rate_amount) || !present(row.discount_fee_rate))
    throw validationError(
      'The request has no pricing to settle against (payout date, due date, base rate and spread)',
    );
  if (payback < payout)
    throw validationError(`payback_date ${payback} cannot be before the payout date ${payout}`);
  if (payback > today) throw validationError(`payback_date ${payback} cannot be in the future`);

  let adjusted: string;
  try {
    adjusted = adjustedDiscountFeeRate({
      baseRate: String(row.base_rate_amount),
      spread: String(row.discount_fee_rate),
      payoutDate: payout,
      dueDate: due,
      paybackDate: payback,
    });
  } catch (error) {
    throw validationError((error as Error).message);
  }
  const booking = { ...c, today: payback };
  const r = await heldRequest(tx, row);
  if (shortfall > 0n)
    await post(
      tx,
      {
        event: `writeoff:${String(row.id)}`,
        kind: 'write_off',
        effectiveDate: payback,
        description:
          `shortfall of invoice ${String(row.invoice_number ?? row.id)} written off: ${reason ?? ''}`.trim(),
        requestId: String(row.id),
        lineId: r.lineId,
        operation: c.operation,
        actor: c.actor,
        idempotencyKey: c.idempotencyKey ?? null,
        legs: writeOffLegs(r, shortfall),
      },
      c.at,
    );
  await postSettlement(booking, row, shortfall, payback);
  const { reserve } = minorAmounts(r);
  const rebate = reserve - (shortfall < reserve ? shortfall : reserve);
  const [payment] = await tx.query(`SELECT * FROM "transaction" WHERE id = $1`, [last!.id]);
  const collector = payment ? await collectorOf(tx, payment) : null;
  if (rebate > 0n && collector)
    await createInstruction(tx, {
      requestId: String(row.id),
      kind: 'rebate',
      amount: fromMinor(rebate, currency),
      currency,
      payer: collector,
      at: c.at,
    });
  const result: Row = {
    transactionId_payback: last!.id,
    payback_date: payback,
    discount_fee_rate_adjusted: adjusted,
  };
  return result;
};

/**
 * The payment the administrator links in the move, checked and allocated to the request up to its
 * open balance (what of it is left stays unapplied).
 */
async function allocateLinked(
  c: PostingContext,
  write: Write,
  row: Row,
  id: string,
  face: bigint,
): Promise<void> {
  const { tx } = c;
  // Locked, so that two settlements cannot take the same payment at once.
  const [payment] = await tx.query(`SELECT * FROM "transaction" WHERE id = $1 FOR UPDATE`, [id]);
  if (!payment || payment._deleted) throw validationError(`Transaction ${id} does not exist`);
  const paid = isoDate(payment.transaction_date);
  if (payment.pending === true || payment.transaction_status !== 'Posted')
    throw validationError(
      `Transaction of ${paid ?? 'unknown date'} is still pending at the bank: settle once it is posted`,
    );
  const amount = present(payment.transaction_source_amount)
    ? new Decimal(String(payment.transaction_source_amount))
    : null;
  // The funders of the request's buyer line (the request's own copies when it has no line).
  const [account] = present(payment.bankId)
    ? await tx.query(
        `SELECT b.id FROM "bank" b LEFT JOIN "buyer" l ON l.id = $2::uuid
          WHERE b.id::text = $1 AND NOT b."_deleted" AND b.bank_account_purpose = 'collection'
            AND (b."investorId" = coalesce(l."investorId", $3::uuid) OR b."spvId" = coalesce(l."spvId", $4::uuid))`,
        [
          String(payment.bankId),
          (row.buyerId as string | null) ?? null,
          (row.investorId as string | null) ?? null,
          (row.spvId as string | null) ?? null,
        ],
      )
    : [];
  const collector = account ? await collectorOf(tx, payment) : null;
  if (!amount || amount.lte(0) || !collector)
    throw validationError(
      'The transaction is not a payment into a collection account of the request’s investor or SPV',
    );
  const currency = String(row.invoice_currency ?? '');
  const paidIn = currencyOf(payment);
  if (paidIn !== currency)
    throw validationError(`The transaction is in ${paidIn || 'no currency'}, the invoice in ${currency}`);
  if (payment.reconciliation_status === 'Ignored')
    throw validationError('The transaction is ignored by reconciliation: it pays no request');
  const left = paymentMinor(payment) - (await allocatedOfPayment(tx, id, currency));
  if (left <= 0n) throw validationError('The transaction is allocated in full already');
  const open = face - (await allocatedOfRequest(tx, String(row.id), currency));
  if (open <= 0n) return;
  await allocate(c, write, {
    payment,
    request: row,
    amount: left < open ? left : open,
    method: 'manual',
    collector,
  });
}
