import type { Database } from '../db/database.ts';
import { postReservationLegs, releaseLegs, toMinor, type Leg } from '@rf/domain';
import { post } from '../ledger/post.ts';
import { setLineLimit } from '../ledger/request-postings.ts';

/**
 * Puts a line straight into Approved with `limit`, for tests whose subject is not the line's
 * approval (filters, CRUD): the status by SQL and the limit in the ledger, as approveLine would
 * post it (docs/business-rules.md, “Limits held in the ledger”). Tests of the approval itself go
 * through the operation.
 */
export async function approvedLineFixture(db: Database, buyerId: string, limit = '100000'): Promise<void> {
  await db.transaction(async (tx) => {
    const [line] = await tx.query(
      `UPDATE "buyer" SET buyer_status = 'Approved', buyer_loan_approved_amount = $2 WHERE id = $1 RETURNING *`,
      [buyerId, limit],
    );
    if (!line) throw new Error(`no line ${buyerId}`);
    const at = new Date();
    const today = at.toISOString().slice(0, 10);
    await setLineLimit(
      { tx, at, today, operation: 'test fixture', actor: null },
      line,
      limit,
      Number(line._version) + 1,
    );
  });
}

/**
 * Sets a request's status and purchase amount by SQL, for tests whose subject is what reads them
 * (exposure, filters), and posts to the line's memo accounts what the deciding operations would:
 * the reservation ended, an approved request's use of its purchase amount, a settled one's release
 * (docs/business-rules.md, “Limits held in the ledger”).
 */
export async function decidedRequestFixture(
  db: Database,
  requestId: string,
  status: 'Approved' | 'Settled' | 'Declined',
  purchase: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.query(
      `UPDATE "request" SET request_status = $2, invoice_purchase_amount = $3 WHERE id = $1 RETURNING *`,
      [requestId, status, purchase],
    );
    if (!row) throw new Error(`no request ${requestId}`);
    const line = String(row.buyerId);
    const currency = String(row.invoice_currency);
    const [held] = await tx.query<{ amount: string | null }>(
      `SELECT sum(e.amount)::text AS amount FROM ledger_entry e
         JOIN ledger_transaction t ON t.id = e.transaction_id JOIN ledger_account a ON a.id = e.account_id
        WHERE t.request_id = $1 AND e.phase = 'pending' AND a.kind = 'line_limit_free'`,
      [requestId],
    );
    const reserved = BigInt(held?.amount ?? '0');
    const used = status === 'Declined' ? 0n : toMinor(purchase ?? '0', currency);
    const at = new Date();
    const book = (event: string, legs: Leg[]) =>
      post(
        tx,
        {
          event,
          kind: 'test fixture',
          effectiveDate: at.toISOString().slice(0, 10),
          description: event,
          requestId,
          lineId: line,
          legs,
        },
        at,
      );
    await book(`fixture-decision:${requestId}`, postReservationLegs(line, currency, reserved, used));
    if (status === 'Settled') await book(`fixture-release:${requestId}`, releaseLegs(line, currency, used));
  });
}
