import { Decimal } from 'decimal.js';
import {
  adjustedDiscountFeeRate,
  collectionLegs,
  roundToMinor,
  toMinor,
  unappliedCashLegs,
} from '@rf/domain';
import type { Queryable, Row } from '../../db/database.ts';
import { post } from '../../ledger/post.ts';
import { heldRequest, postSettlement } from '../../ledger/request-postings.ts';
import type { OperationContext } from '../context.ts';
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
 * The books of today's settlement (docs/business-rules.md, “The ledger”): the payment collected
 * against the receivable (its surplus over the invoice as unapplied cash), then the settlement's
 * split of the discount, the reserve due to the supplier and the line's limit released.
 */
async function postSettlementOf(
  ctx: OperationContext,
  tx: Queryable,
  row: Row,
  p: {
    paymentId: string;
    paid: Decimal;
    collectedBy: { model: 'Investor' | 'Spv'; id: string };
    payback: string;
  },
) {
  const c = { ...postingContext(ctx, tx, 'settleRequest'), today: p.payback };
  const r = await heldRequest(tx, row);
  const face = toMinor(r.face, r.currency);
  const paid = roundToMinor(p.paid, r.currency);
  await post(
    tx,
    {
      event: `collection:${p.paymentId}:${String(row.id)}`,
      kind: 'collection',
      effectiveDate: p.payback,
      description: `payment collected for invoice ${String(row.invoice_number ?? row.id)}`,
      requestId: String(row.id),
      lineId: r.lineId,
      bankTransactionId: p.paymentId,
      operation: c.operation,
      actor: c.actor,
      legs: collectionLegs(r, p.collectedBy, face),
    },
    c.at,
  );
  if (paid > face)
    await post(
      tx,
      {
        event: `unapplied:${p.paymentId}`,
        kind: 'unapplied_cash',
        effectiveDate: p.payback,
        description: `payment above invoice ${String(row.invoice_number ?? row.id)}: surplus unapplied`,
        bankTransactionId: p.paymentId,
        operation: c.operation,
        actor: c.actor,
        legs: unappliedCashLegs(r.currency, p.collectedBy, paid - face),
      },
      c.at,
    );
  await postSettlement(c, row, 0n, p.payback);
}

/**
 * Request Approved → Settled (docs/business-rules.md,
 * “Bank accounts, transactions and settlement”): the admin links the collection transaction
 * that paid the request. The move's values carry `transactionId_payback` and may carry
 * `payback_date` (default: the transaction's booking date).
 *
 * The transaction must exist and not be deleted, be Posted (not pending), be incoming to a
 * collection account (`bank_account_purpose`) of the request's investor or SPV, be in
 * the invoice currency, and not already be another request's payback.
 *
 * Amount: the transaction must cover the invoice amount. Settling closes the request and frees the
 * buyer line's limit (docs/business-rules.md, “Line limits and what requests hold”), and the
 * model holds a single payback transaction per request, so a short payment cannot be linked as if
 * it paid the invoice: it is refused with the shortfall, to be resolved with the buyer (or the
 * supplier) first. A payment above the invoice amount is accepted (the surplus is refunded outside
 * the platform).
 *
 * `discount_fee_rate_adjusted` is the domain's adjustedDiscountFeeRate from the stored fixing
 * (`base_rate_amount`), spread (`discount_fee_rate`), payout, due and payback dates: 0 when paid on
 * the due date, decimal arithmetic throughout.
 */
export const settleRequest: Effect = async ({ ctx, tx, row, input: values, today }) => {
  // Present and an id: the operation's declared input checked that.
  const id = String(values.transactionId_payback);

  // Locked, so that two settlements cannot link the same payment at once.
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
  const [account] = present(payment.recipientaccountId)
    ? await tx.query(
        `SELECT b.id, b."investorId", b."spvId" FROM "bank" b LEFT JOIN "buyer" l ON l.id = $2::uuid
          WHERE b.id::text = $1 AND NOT b."_deleted" AND b.bank_account_purpose = 'collection'
            AND (b."investorId" = coalesce(l."investorId", $3::uuid) OR b."spvId" = coalesce(l."spvId", $4::uuid))`,
        [
          String(payment.recipientaccountId),
          (row.buyerId as string | null) ?? null,
          (row.investorId as string | null) ?? null,
          (row.spvId as string | null) ?? null,
        ],
      )
    : [];
  if (!amount || amount.lte(0) || !account)
    throw validationError(
      'The transaction is not a payment into a collection account of the request’s investor or SPV',
    );

  const currency = String(row.invoice_currency ?? '');
  const paidIn = String(payment.transaction_source_currency ?? payment.iso_currency_code ?? '');
  if (paidIn !== currency)
    throw validationError(`The transaction is in ${paidIn || 'no currency'}, the invoice in ${currency}`);

  const invoice = new Decimal(String(row.invoice_amount ?? '0'));
  if (amount.lt(invoice))
    throw validationError(
      `The transaction pays ${amount.toFixed()} ${currency}, ${invoice.minus(amount).toFixed()} short of the invoice amount ${invoice.toFixed()} ${currency}: a short payment cannot settle the request`,
    );

  const [linked] = await tx.query(
    `SELECT invoice_number FROM "request" WHERE "transactionId_payback" = $1 AND id <> $2 AND NOT "_deleted"`,
    [id, row.id as string],
  );
  if (linked)
    throw validationError(
      `The transaction is already linked as the payback of invoice ${String(linked.invoice_number ?? '')}`.trim(),
    );

  const chosen = values.payback_date;
  const payback = present(chosen) ? String(chosen) : paid;
  if (!payback) throw validationError('The transaction has no booking date; give the payback_date');
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
  await postSettlementOf(ctx, tx, row, {
    paymentId: id,
    paid: amount,
    collectedBy: account.investorId
      ? { model: 'Investor', id: String(account.investorId) }
      : { model: 'Spv', id: String(account.spvId) },
    payback,
  });
  const result: Row = {
    transactionId_payback: id,
    payback_date: payback,
    discount_fee_rate_adjusted: adjusted,
  };
  return result;
};
