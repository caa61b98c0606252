import {
  advanceOf,
  approvalLegs,
  feesLegs,
  limitChangeLegs,
  minorAmounts,
  postReservationLegs,
  releaseLegs,
  reserveLegs,
  roundToMinor,
  toMinor,
  settlementLegs,
  spvPurchaseLegs,
  voidReservationLegs,
  type PricedRequest,
} from '@rf/domain';
import type { Queryable, Row } from '../db/database.ts';
import { post, type Posting } from './post.ts';

/**
 * The postings the operations make (docs/business-rules.md, “The ledger”, “Limits held in the
 * ledger”), each under the event key that makes it happen once per request. They run in the
 * operation's transaction, so the books move with the business change or not at all.
 */
export interface PostingContext {
  readonly tx: Queryable;
  readonly at: Date;
  /** The business date (the operation's day). */
  readonly today: string;
  readonly operation: string;
  readonly actor: string | null;
  readonly idempotencyKey?: string | null;
}

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/** The request's parties and stored amounts, as the posting rules take them. */
export function pricedRequest(row: Row): PricedRequest {
  const amount = (field: string) => text(row[field]) ?? '0';
  return {
    lineId: String(row.buyerId),
    supplierId: String(row.supplierId),
    investorId: text(row.investorId),
    spvId: text(row.spvId),
    brokerId: text(row.brokerId),
    currency: String(row.invoice_currency),
    face: amount('invoice_amount'),
    purchase: amount('invoice_purchase_amount'),
    discount: amount('discount_fee_amount'),
    transactionFee: amount('transaction_fee_amount'),
    brokerFee: amount('broker_fee_amount'),
    spvFee: amount('spv_fee_amount'),
  };
}

/**
 * The request as the posting rules take it, with who holds its receivable now: the SPV once its
 * purchase was booked with an amount (docs/business-rules.md, “The ledger”).
 */
export async function heldRequest(tx: Queryable, row: Row): Promise<PricedRequest> {
  const [bought] = await tx.query(
    `SELECT 1 FROM ledger_transaction t WHERE t.event = $1 AND EXISTS (SELECT 1 FROM ledger_entry e WHERE e.transaction_id = t.id)`,
    [`spv-purchase:${String(row.id)}`],
  );
  return { ...pricedRequest(row), purchasedBySpv: Boolean(bought) };
}

function book(
  c: PostingContext,
  posting: Omit<Posting, 'operation' | 'actor' | 'effectiveDate'> & { effectiveDate?: string },
) {
  return post(
    c.tx,
    {
      effectiveDate: c.today,
      operation: c.operation,
      actor: c.actor,
      idempotencyKey: c.idempotencyKey ?? null,
      ...posting,
    },
    c.at,
  );
}

const reference = (row: Row) => `invoice ${text(row.invoice_number) ?? String(row.id)}`;

/** The advance a new request reserves: invoice amount × the line's advance rate, in minor units. */
export function reservedAdvance(row: Row, lineAdvanceRate: string | null): bigint {
  const advance = advanceOf(text(row.invoice_amount) ?? '0', lineAdvanceRate);
  return advance.isNegative() ? 0n : roundToMinor(advance, String(row.invoice_currency));
}

/** What the request's reservation holds (0 when it holds nothing, e.g. made before the ledger). */
async function reservationOf(tx: Queryable, requestId: string): Promise<bigint> {
  const [row] = await tx.query<{ amount: string | null }>(
    `SELECT sum(e.amount)::text AS amount FROM ledger_entry e
       JOIN ledger_transaction t ON t.id = e.transaction_id
       JOIN ledger_account a ON a.id = e.account_id
      WHERE t.request_id = $1 AND e.phase = 'pending' AND a.kind = 'line_limit_free'`,
    [requestId],
  );
  return BigInt(row?.amount ?? '0');
}

/** A submitted request reserves its advance on its line (pending). */
export async function reserveLimit(c: PostingContext, row: Row, lineAdvanceRate: string | null) {
  const advance = reservedAdvance(row, lineAdvanceRate);
  if (advance <= 0n) return;
  await book(c, {
    event: `reserve:${String(row.id)}`,
    kind: 'limit_reserve',
    description: `${reference(row)} submitted: its advance is reserved on the line`,
    requestId: String(row.id),
    lineId: String(row.buyerId),
    legs: reserveLegs(String(row.buyerId), String(row.invoice_currency), advance),
  });
}

/** A decline or a withdrawal voids what the request reserved. */
export async function voidReservation(c: PostingContext, row: Row, why: string) {
  const held = await reservationOf(c.tx, String(row.id));
  if (held === 0n) return;
  await book(c, {
    event: `void-reservation:${String(row.id)}`,
    kind: 'limit_void',
    description: `${reference(row)} ${why}: its reservation is voided`,
    requestId: String(row.id),
    lineId: String(row.buyerId),
    legs: voidReservationLegs(String(row.buyerId), String(row.invoice_currency), held),
  });
}

/**
 * Approval: the receivable and what it owes, from the stored pricing; and the reservation posted
 * at the purchase amount on the line's limit.
 */
export async function postApproval(c: PostingContext, row: Row) {
  const r = pricedRequest(row);
  const held = await reservationOf(c.tx, String(row.id));
  await book(c, {
    event: `limit-use:${String(row.id)}`,
    kind: 'limit_use',
    description: `${reference(row)} approved: the line’s limit is used by its purchase amount`,
    requestId: String(row.id),
    lineId: r.lineId,
    legs: postReservationLegs(r.lineId, r.currency, held, minorAmounts(r).purchase),
  });
  await book(c, {
    event: `approval:${String(row.id)}`,
    kind: 'approval',
    description: `${reference(row)} approved: receivable purchased`,
    requestId: String(row.id),
    lineId: r.lineId,
    legs: approvalLegs(r),
  });
}

const postedEvent = async (tx: Queryable, event: string) =>
  (await tx.query('SELECT 1 FROM ledger_transaction WHERE event = $1', [event])).length > 0;

/** The administrator books the fees (bookkeeping Open → Under Review). */
export async function postFees(c: PostingContext, row: Row) {
  // Settled already: the settlement took the fees with the discount.
  if (await postedEvent(c.tx, `settlement:${String(row.id)}`)) return;
  await book(c, {
    event: `fees:${String(row.id)}`,
    kind: 'fees',
    description: `${reference(row)}: platform fee invoice and broker commission booked`,
    requestId: String(row.id),
    lineId: String(row.buyerId),
    legs: feesLegs(pricedRequest(row)),
  });
}

/**
 * The SPV books its purchase (SPV bookkeeping Open → Approved): the receivable still open moves
 * from the investor's book to the SPV's.
 */
export async function postSpvPurchase(c: PostingContext, row: Row) {
  const r = pricedRequest(row);
  const [open] = await c.tx.query<{ amount: string | null }>(
    `SELECT sum(e.amount)::text AS amount FROM ledger_entry e
       JOIN ledger_transaction t ON t.id = e.transaction_id
       JOIN ledger_account a ON a.id = e.account_id
      WHERE t.request_id = $1 AND a.kind = 'receivables_purchased' AND a.party_id = $2::uuid`,
    [String(row.id), r.investorId ?? r.spvId],
  );
  await book(c, {
    event: `spv-purchase:${String(row.id)}`,
    kind: 'spv_purchase',
    description: `${reference(row)}: purchased by the SPV`,
    requestId: String(row.id),
    lineId: r.lineId,
    legs: spvPurchaseLegs(r, BigInt(open?.amount ?? '0')),
  });
}

/**
 * Settlement: the discount earned and split, the reserve moved to the supplier's payable (less
 * any shortfall written off), and the line's limit released.
 */
export async function postSettlement(c: PostingContext, row: Row, shortfall: bigint, effectiveDate: string) {
  const r = pricedRequest(row);
  const feesBooked = await postedEvent(c.tx, `fees:${String(row.id)}`);
  await book(c, {
    event: `settlement:${String(row.id)}`,
    kind: 'settlement',
    effectiveDate,
    description: `${reference(row)} settled: discount earned and split, reserve due to the supplier`,
    requestId: String(row.id),
    lineId: r.lineId,
    legs: settlementLegs(r, { feesBooked, shortfall }),
  });
  await book(c, {
    event: `release:${String(row.id)}`,
    kind: 'limit_release',
    effectiveDate,
    description: `${reference(row)} settled: the line’s limit is released`,
    requestId: String(row.id),
    lineId: r.lineId,
    legs: releaseLegs(r.lineId, r.currency, minorAmounts(r).purchase),
  });
}

/**
 * A line's approved limit set to `amount` (approval, change of limit, decline): the difference
 * from what the ledger holds is posted; the database refuses it when requests hold more, unless
 * `keepHeld` (a decline) keeps what they hold.
 */
export async function setLineLimit(
  c: PostingContext,
  line: Row,
  amount: string,
  version: number,
  opts: { keepHeld?: boolean } = {},
) {
  const currency = text(line.buyer_currency);
  if (!currency) return;
  const lineId = String(line.id);
  const [granted] = await c.tx.query<{ amount: string | null }>(
    `SELECT sum(e.amount)::text AS amount FROM ledger_entry e
       JOIN ledger_account a ON a.id = e.account_id
      WHERE a.kind = 'limits_granted' AND e.transaction_id IN (SELECT id FROM ledger_transaction WHERE line_id = $1)`,
    [lineId],
  );
  let target = toMinor(amount, currency);
  if (opts.keepHeld) {
    // A declined line keeps, as limit, only what its requests still use and hold.
    const [free] = await c.tx.query<{ total: string }>(
      `SELECT (posted + pending)::text AS total FROM ledger_account
        WHERE kind = 'line_limit_free' AND party_id = $1::uuid AND currency = $2`,
      [lineId, currency],
    );
    const grantedNow = BigInt(granted?.amount ?? '0');
    const held = grantedNow + BigInt(free?.total ?? '0');
    if (target < held) target = held;
  }
  const delta = target - BigInt(granted?.amount ?? '0');
  if (delta === 0n) return;
  await book(c, {
    event: `limit:${lineId}:v${version}`,
    kind: 'limit',
    description: `line limit set to ${amount} ${currency}`,
    lineId,
    legs: limitChangeLegs(lineId, currency, delta),
  });
}
