import { Decimal } from 'decimal.js';
import { creditLimitRefusal, type LimitRequest, type NewRequest } from '@rf/domain';
import type { Queryable, Row } from '../db/database.ts';
import { validationError } from '../http/errors.ts';

/** Statuses whose requests use or hold part of a line's limit (the rule ignores the others). */
const COUNTED = ['Under Review', 'Documents Pending', 'Approved'];

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * Refuses new (or changed) requests that their buyer line cannot take (business-rules §4; the rule
 * and what it measures: @rf/domain rules/credit-limit.ts). All `rows` name the same line. The
 * line's row is locked first (SELECT … FOR UPDATE) in the caller's transaction, so requests written
 * at the same time take turns: each one sees the others' rows once they commit, and together they
 * cannot overshoot the limit. `exceptId` leaves out the request being changed. Applies to every
 * caller, administrators included: there is no override.
 */
export async function checkCreditLimit(
  tx: Queryable,
  rows: readonly Row[],
  exceptId: string | null,
): Promise<void> {
  const buyerId = rows[0]?.buyerId;
  if (typeof buyerId !== 'string') throw validationError('buyerId is required');
  if (rows.some((r) => r.buyerId !== buyerId))
    throw validationError('buyerId: the invoices of one submission must all be for the same buyer');
  const [line] = await tx.query(
    `SELECT buyer_name, buyer_status, buyer_currency, buyer_loan_approved_amount::text AS limit,
            buyer_loan_advance_rate::text AS advance
       FROM "buyer" WHERE id = $1 AND NOT "_deleted" FOR UPDATE`,
    [buyerId],
  );
  if (!line) throw validationError('buyerId does not name a Buyer you can see');
  const existing = await tx.query(
    `SELECT request_status, invoice_currency, invoice_amount::text AS amount,
            invoice_purchase_amount::text AS purchase
       FROM "request"
      WHERE "buyerId" = $1 AND NOT "_deleted" AND request_status = ANY($2::text[])
        AND ($3::uuid IS NULL OR id <> $3::uuid)`,
    [buyerId, COUNTED, exceptId],
  );
  const refusal = creditLimitRefusal(
    {
      name: text(line.buyer_name) ?? '',
      status: text(line.buyer_status),
      currency: text(line.buyer_currency),
      approvedLimit: text(line.limit),
      advanceRate: text(line.advance),
    },
    existing.map((r): LimitRequest => ({
      status: text(r.request_status),
      currency: text(r.invoice_currency),
      invoiceAmount: text(r.amount),
      purchaseAmount: text(r.purchase),
    })),
    rows.map((r): NewRequest => ({
      invoiceAmount: text(r.invoice_amount) ?? '0',
      currency: text(r.invoice_currency),
    })),
  );
  if (refusal) throw validationError(refusal.message);
}

/**
 * An update of a request that is still awaiting a decision is checked again when it changes what
 * the request holds against the limit: a larger amount, another currency or another line. A smaller
 * amount on the same line always passes (it frees limit, even on a line that is over it).
 */
export async function checkCreditLimitOnUpdate(
  tx: Queryable,
  current: Row,
  values: Readonly<Record<string, unknown>>,
): Promise<void> {
  if (!['Under Review', 'Documents Pending'].includes(String(current.request_status))) return;
  const merged = { ...current, ...values };
  const before = text(current.invoice_amount);
  const after = text(merged.invoice_amount);
  const sameLine = text(merged.buyerId) === text(current.buyerId);
  const sameCurrency = text(merged.invoice_currency) === text(current.invoice_currency);
  const notLarger = before !== null && after !== null && new Decimal(after).lte(new Decimal(before));
  if (sameLine && sameCurrency && notLarger) return;
  await checkCreditLimit(tx, [merged], String(current.id));
}
