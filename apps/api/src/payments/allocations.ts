import { randomUUID } from 'node:crypto';
import { fromMinor, toMinor, unappliedAppliedLegs, unappliedCashLegs } from '@rf/domain';
import type { Queryable, Row } from '../db/database.ts';
import { updateRow, type Write } from '../data/rows.ts';
import { post, reverse } from '../ledger/post.ts';
import { heldRequest, type PostingContext } from '../ledger/request-postings.ts';

/**
 * Payments applied to requests (docs/business-rules.md, “Payments and reconciliation”): the
 * allocation rows, the books they post, and the reconciliation state of the payment. The callers
 * lock the payment and the requests first.
 */

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/** The payment's amount in minor units of its currency. */
export const paymentMinor = (payment: Row): bigint =>
  toMinor(String(payment.transaction_source_amount), currencyOf(payment));

export const currencyOf = (payment: Row): string =>
  String(payment.transaction_source_currency ?? payment.iso_currency_code ?? '');

/** What active allocations take of a payment (minor units). */
export async function allocatedOfPayment(
  tx: Queryable,
  paymentId: string,
  currency: string,
): Promise<bigint> {
  const [row] = await tx.query<{ sum: string | null }>(
    'SELECT sum(amount)::text AS sum FROM payment_allocation WHERE transaction_id = $1 AND undone_at IS NULL',
    [paymentId],
  );
  return row?.sum ? toMinor(row.sum, currency) : 0n;
}

/** What active allocations have paid of a request (minor units). */
export async function allocatedOfRequest(
  tx: Queryable,
  requestId: string,
  currency: string,
): Promise<bigint> {
  const [row] = await tx.query<{ sum: string | null }>(
    'SELECT sum(amount)::text AS sum FROM payment_allocation WHERE request_id = $1 AND undone_at IS NULL',
    [requestId],
  );
  return row?.sum ? toMinor(row.sum, currency) : 0n;
}

/** The party whose collection account received the payment. */
export async function collectorOf(
  tx: Queryable,
  payment: Row,
): Promise<{ model: 'Investor' | 'Spv'; id: string } | null> {
  const [account] = await tx.query(
    `SELECT "investorId", "spvId" FROM "bank" WHERE id = $1 AND bank_account_purpose = 'collection'`,
    [text(payment.bankId) ?? text(payment.recipientaccountId)],
  );
  if (account?.investorId) return { model: 'Investor', id: String(account.investorId) };
  if (account?.spvId) return { model: 'Spv', id: String(account.spvId) };
  return null;
}

/** The payment's reconciliation state from what is allocated of it. */
async function restate(tx: Queryable, payment: Row, write: Write): Promise<string> {
  const currency = currencyOf(payment);
  const taken = await allocatedOfPayment(tx, String(payment.id), currency);
  const state = taken === 0n ? 'Unmatched' : taken >= paymentMinor(payment) ? 'Matched' : 'Partially matched';
  if (payment.reconciliation_status !== state)
    await updateRow(tx, 'Transaction', String(payment.id), { reconciliation_status: state }, write);
  payment.reconciliation_status = state;
  return state;
}

/**
 * Applies `amount` (minor units) of the payment to the request: the allocation row; the receipt of
 * the whole payment as unapplied cash the first time (Dr collection cash / Cr unapplied cash), then
 * this allocation out of it (Dr unapplied cash / Cr receivables of the receivable's holder); the
 * payment's new state. Returns the allocation's id.
 */
export async function allocate(
  c: PostingContext,
  write: Write,
  input: {
    payment: Row;
    request: Row;
    amount: bigint;
    method: 'auto' | 'manual';
    collector: { model: 'Investor' | 'Spv'; id: string };
  },
): Promise<string> {
  const { payment, request, amount } = input;
  const currency = currencyOf(payment);
  const id = randomUUID();
  const date = String(payment.transaction_date).slice(0, 10);
  await c.tx.query(
    `INSERT INTO payment_allocation (id, transaction_id, request_id, amount, currency, method, actor, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      id,
      String(payment.id),
      String(request.id),
      fromMinor(amount, currency),
      currency,
      input.method,
      c.actor ?? 'platform',
      c.at.toISOString(),
    ],
  );
  const common = {
    operation: c.operation,
    actor: c.actor,
    idempotencyKey: c.idempotencyKey ?? null,
    bankTransactionId: String(payment.id),
  };
  await post(
    c.tx,
    {
      ...common,
      event: `receipt:${String(payment.id)}`,
      kind: 'unapplied_cash',
      effectiveDate: date,
      description: `payment of ${date} received${text(payment.sender_account_name) ? ` from ${String(payment.sender_account_name)}` : ''}`,
      legs: unappliedCashLegs(currency, input.collector, paymentMinor(payment)),
    },
    c.at,
  );
  const r = await heldRequest(c.tx, request);
  await post(
    c.tx,
    {
      ...common,
      event: `allocation:${id}`,
      kind: 'collection',
      effectiveDate: date,
      description: `payment of ${date} allocated to invoice ${text(request.invoice_number) ?? String(request.id)}`,
      requestId: String(request.id),
      lineId: r.lineId,
      legs: unappliedAppliedLegs(r, amount),
    },
    c.at,
  );
  await restate(c.tx, payment, write);
  return id;
}

/** Undoes an allocation: its posting reversed, the row marked undone with the reason. */
export async function unallocate(
  c: PostingContext,
  write: Write,
  input: { allocation: Row; payment: Row; reason: string },
): Promise<void> {
  const { allocation } = input;
  const [posting] = await c.tx.query<{ id: string }>('SELECT id FROM ledger_transaction WHERE event = $1', [
    `allocation:${String(allocation.id)}`,
  ]);
  if (posting)
    await reverse(
      c.tx,
      posting.id,
      {
        effectiveDate: c.today,
        description: `allocation undone: ${input.reason}`,
        operation: c.operation,
        actor: c.actor,
      },
      c.at,
    );
  await c.tx.query(
    'UPDATE payment_allocation SET undone_at = $2, undone_by = $3, undo_reason = $4 WHERE id = $1',
    [String(allocation.id), c.at.toISOString(), c.actor ?? 'platform', input.reason],
  );
  await restate(c.tx, input.payment, write);
}
