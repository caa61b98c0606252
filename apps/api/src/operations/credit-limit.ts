import { creditLimitRefusal, type LimitHeld, type LimitLine, type NewRequest } from '@rf/domain';
import type { Queryable, Row } from '../db/database.ts';
import { validationError } from '../http/errors.ts';
import { lineUses } from '../ledger/line-uses.ts';

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

/**
 * What a line's requests use and hold, as the ledger's memo accounts say
 * (docs/business-rules.md, “Limits held in the ledger”); zero for a line nothing was posted on yet.
 */
export async function heldOnLine(tx: Queryable, buyerId: string): Promise<LimitHeld> {
  const [use] = await lineUses(tx, [buyerId]);
  return { utilisation: use?.utilisation ?? '0', reserved: use?.reserved ?? '0' };
}

/**
 * Refuses new requests that their buyer line cannot take
 * (docs/business-rules.md, “Line limits and what requests hold”; the rule and what it measures:
 * @rf/domain rules/credit-limit.ts). All `rows` name the same line. The line's row is locked first
 * in the caller's transaction, so requests written at the same time take turns: each one sees the
 * others' rows once they commit, and together they cannot overshoot the limit. Applies to every
 * caller, administrators included: there is no override.
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
    await heldOnLine(tx, buyerId),
    rows.map((r): NewRequest => ({
      invoiceAmount: text(r.invoice_amount) ?? '0',
      currency: text(r.invoice_currency),
    })),
  );
  if (refusal) throw validationError(refusal.message);
}
