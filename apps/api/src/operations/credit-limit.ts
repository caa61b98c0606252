import { creditLimitRefusal, type LimitLine, type LimitRequest, type NewRequest } from '@rf/domain';
import type { Queryable, Row } from '../db/database.ts';
import { validationError } from '../http/errors.ts';

/** Statuses whose requests use or hold part of a line's limit (the rule ignores the others). */
const COUNTED = ['Under Review', 'Documents Pending', 'Approved'];

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** The buyer line as the limit rule needs it, its row locked for the rest of the transaction. */
export async function lineOf(tx: Queryable, buyerId: string): Promise<LimitLine | null> {
  const [line] = await tx.query(
    `SELECT buyer_name, buyer_status, buyer_currency, buyer_loan_approved_amount::text AS limit,
            buyer_loan_advance_rate::text AS advance
       FROM "buyer" WHERE id = $1 AND NOT "_deleted" FOR UPDATE`,
    [buyerId],
  );
  if (!line) return null;
  return {
    name: text(line.buyer_name) ?? '',
    status: text(line.buyer_status),
    currency: text(line.buyer_currency),
    approvedLimit: text(line.limit),
    advanceRate: text(line.advance),
  };
}

/** The requests of a line that use or hold part of its limit, leaving out `exceptId`. */
export async function requestsOfLine(
  tx: Queryable,
  buyerId: string,
  exceptId: string | null,
): Promise<LimitRequest[]> {
  const rows = await tx.query(
    `SELECT request_status, invoice_currency, invoice_amount::text AS amount,
            invoice_purchase_amount::text AS purchase
       FROM "request"
      WHERE "buyerId" = $1 AND NOT "_deleted" AND request_status = ANY($2::text[])
        AND ($3::uuid IS NULL OR id <> $3::uuid)`,
    [buyerId, COUNTED, exceptId],
  );
  return rows.map((r) => ({
    status: text(r.request_status),
    currency: text(r.invoice_currency),
    invoiceAmount: text(r.amount),
    purchaseAmount: text(r.purchase),
  }));
}

/**
 * Refuses new requests that their buyer line cannot take (docs/business-rules.md,
 * “Line limits and what requests hold”; the rule and what it measures: @rf/domain
 * rules/credit-limit.ts). All `rows` name the same line. The line's row is locked first in the
 * caller's transaction, so requests written at the same time take turns: each one sees the others'
 * rows once they commit, and together they cannot overshoot the limit. Applies to every caller,
 * administrators included: there is no override.
 */
export async function checkCreditLimit(tx: Queryable, rows: readonly Row[]): Promise<void> {
  const buyerId = rows[0]?.buyerId;
  if (typeof buyerId !== 'string') throw validationError('buyerId is required');
  if (rows.some((r) => r.buyerId !== buyerId))
    throw validationError('buyerId: the invoices of one submission must all be for the same buyer');
  const line = await lineOf(tx, buyerId);
  if (!line) throw validationError('buyerId does not name a Buyer you can see');
  const refusal = creditLimitRefusal(
    line,
    await requestsOfLine(tx, buyerId, null),
    rows.map((r): NewRequest => ({
      invoiceAmount: text(r.invoice_amount) ?? '0',
      currency: text(r.invoice_currency),
    })),
  );
  if (refusal) throw validationError(refusal.message);
}
