import {
  MATCH_WINDOW,
  automaticMatch,
  fromMinor,
  isUuid,
  rankCandidates,
  toMinor,
  type RankedCandidate,
} from '@rf/domain';
import type { Queryable, Row } from '../db/database.ts';
import type { Write } from '../data/rows.ts';
import { unauthorized, validationError } from '../http/errors.ts';
import { nowOf, requireCaller, writeOf, type OperationContext } from '../operations/context.ts';
import { idempotencyKeyOf, once } from '../operations/idempotency.ts';
import { postingContext } from '../operations/ledger-postings.ts';
import { recordHistory } from '../operations/lifecycle/history.ts';
import { applyOperation } from '../operations/lifecycle/run-operation.ts';
import {
  allocate,
  allocatedOfPayment,
  allocatedOfRequest,
  collectorOf,
  currencyOf,
  paymentMinor,
  unallocate,
} from '../payments/allocations.ts';
import { requireAdmin } from './accounts.ts';
import { asPlatform } from './platform-caller.ts';
import { deliverMail } from '../mail/mail-queue.ts';

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
const day = (v: unknown) => String(v).slice(0, 10);

/** The payment, locked: a posted credit on a collection account that reconciliation does not ignore. */
async function lockedPayment(tx: Queryable, id: string): Promise<Row> {
  const [payment] = isUuid(id)
    ? await tx.query(`SELECT * FROM "transaction" WHERE id = $1 AND NOT "_deleted" FOR UPDATE`, [id])
    : [];
  if (!payment) throw unauthorized(`Transaction ${id} not found`);
  if (payment.transaction_status !== 'Posted')
    throw validationError('The payment is still pending at the bank: allocate it once it is posted');
  if (!(Number(payment.transaction_source_amount) > 0) || !(await collectorOf(tx, payment)))
    throw validationError('Only a payment into a collection account can pay requests');
  if (payment.reconciliation_status === 'Ignored')
    throw validationError('The payment is ignored by reconciliation');
  return payment;
}

/** The open requests the payment may pay: the collector's, in its currency, due within the window. */
async function candidatesOf(tx: Queryable, payment: Row): Promise<RankedCandidate[]> {
  const collector = await collectorOf(tx, payment);
  if (!collector) return [];
  const currency = currencyOf(payment);
  const rows = await tx.query(
    `SELECT r.id, r.invoice_number, r.invoice_amount::text AS face, r.invoice_due_date::text AS due, l.buyer_name,
            coalesce((SELECT sum(a.amount) FROM payment_allocation a WHERE a.request_id = r.id AND a.undone_at IS NULL), 0)::text AS paid
       FROM "request" r LEFT JOIN "buyer" l ON l.id = r."buyerId"
      WHERE NOT r."_deleted" AND r.request_status = 'Approved' AND r.invoice_currency = $1
        AND ${collector.model === 'Investor' ? 'r."investorId"' : 'r."spvId"'} = $2
        AND r.invoice_due_date BETWEEN ($3::date - ${MATCH_WINDOW.daysBefore}) AND ($3::date + ${MATCH_WINDOW.daysAfter})`,
    [currency, collector.id, day(payment.transaction_date)],
  );
  const left = paymentMinor(payment) - (await allocatedOfPayment(tx, String(payment.id), currency));
  return rankCandidates(
    {
      amount: left,
      remittance: text(payment.remittance_information) ?? text(payment.transaction_description),
      payerName: text(payment.sender_account_name),
    },
    rows
      .map((r) => ({
        requestId: String(r.id),
        invoiceNumber: text(r.invoice_number),
        open: toMinor(String(r.face), currency) - toMinor(String(r.paid), currency),
        buyerName: text(r.buyer_name),
      }))
      .filter((c) => c.open > 0n),
  );
}

export interface Suggestion {
  readonly requestId: string;
  readonly invoiceNumber: string | null;
  readonly buyerName: string | null;
  readonly open: string;
  /** What one click would allocate: the open balance, or what is left of the payment when less. */
  readonly allocatable: string;
  readonly currency: string;
  readonly score: number;
  readonly reasons: readonly string[];
  readonly automatic: boolean;
}

/** What the payment may pay, best first, with the reasons of each score (administrators). */
export async function paymentSuggestions(
  ctx: OperationContext,
  transactionId: string,
): Promise<Suggestion[]> {
  requireAdmin(ctx, 'see payment suggestions');
  const [payment] = isUuid(transactionId)
    ? await ctx.db.query(`SELECT * FROM "transaction" WHERE id = $1 AND NOT "_deleted"`, [transactionId])
    : [];
  if (!payment) throw unauthorized(`Transaction ${transactionId} not found`);
  const ranked = await candidatesOf(ctx.db, payment);
  const auto = automaticMatch(ranked);
  const currency = currencyOf(payment);
  const left = paymentMinor(payment) - (await allocatedOfPayment(ctx.db, String(payment.id), currency));
  return ranked.map((c) => ({
    requestId: c.requestId,
    invoiceNumber: c.invoiceNumber,
    buyerName: c.buyerName,
    open: fromMinor(c.open, currency),
    allocatable: fromMinor(c.open < left ? c.open : left > 0n ? left : 0n, currency),
    currency,
    score: Math.round(c.score * 100) / 100,
    reasons: c.reasons,
    automatic: auto?.requestId === c.requestId,
  }));
}

/** One allocation with its history on the payment and on the request; settles a completed request. */
async function allocateOne(
  ctx: OperationContext,
  tx: Queryable,
  write: Write,
  input: { payment: Row; request: Row; amount: bigint; method: 'auto' | 'manual'; operation: string },
): Promise<string> {
  const { payment, request } = input;
  const currency = currencyOf(payment);
  const caller = requireCaller(ctx);
  const collector = (await collectorOf(tx, payment))!;
  const before = String(payment.reconciliation_status ?? 'Unmatched');
  const id = await allocate(postingContext(ctx, tx, input.operation), write, { ...input, collector });
  const open =
    toMinor(String(request.invoice_amount), currency) -
    (await allocatedOfRequest(tx, String(request.id), currency));
  const what = `${fromMinor(input.amount, currency)} ${currency}`;
  const payer = text(payment.sender_account_name);
  await recordHistory(tx, {
    model: 'Transaction',
    id: String(payment.id),
    field: 'reconciliation_status',
    from: before,
    to: String(payment.reconciliation_status),
    comment: `${what} allocated to invoice ${text(request.invoice_number) ?? String(request.id)}${input.method === 'auto' ? ' (matched by the platform)' : ''}`,
    operation: input.operation,
    caller,
    at: write.at,
  });
  await recordHistory(tx, {
    model: 'Request',
    id: String(request.id),
    // The request's payments, apart from its status (docs/business-rules.md, “Payments and reconciliation”).
    field: 'payments',
    from: null,
    to: open > 0n ? 'Partly paid' : 'Paid',
    comment: `Payment of ${day(payment.transaction_date)}${payer ? ` from ${payer}` : ''}: ${what} allocated; open ${fromMinor(open > 0n ? open : 0n, currency)} ${currency}`,
    operation: input.operation,
    caller,
    at: write.at,
  });
  if (open <= 0n)
    await applyOperation(asPlatform(ctx), tx, { name: 'settleRequest', id: String(request.id) });
  return id;
}

/** Locks the requests in id order (so that concurrent allocations take turns, never deadlock). */
async function lockedRequests(tx: Queryable, ids: readonly string[]): Promise<Map<string, Row>> {
  if (!ids.every(isUuid)) throw validationError('requestId must be a UUID');
  const rows = await tx.query(
    `SELECT * FROM "request" WHERE id = ANY($1::uuid[]) AND NOT "_deleted" ORDER BY id FOR UPDATE`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [String(r.id), r]));
}

/**
 * An administrator allocates a payment to one or more requests
 * (docs/business-rules.md, “Payments and reconciliation”): each amount at most the request's open
 * balance, together at most what of the payment is left; a request the allocations complete is
 * settled. Every allocation goes in the history of the payment and of the request.
 */
export async function allocatePayment(
  ctx: OperationContext,
  input: {
    transactionId: string;
    allocations: readonly { requestId: string; amount: string }[];
    idempotencyKey?: string | null;
  },
): Promise<{ allocationIds: string[] }> {
  const caller = requireAdmin(ctx, 'allocate payments');
  if (!input.allocations.length || input.allocations.length > 100)
    throw validationError('Give 1 to 100 allocations');
  const key = idempotencyKeyOf(input.idempotencyKey);
  const { idempotencyKey: _k, ...call } = input;
  const ran = await ctx.db.transaction((tx) =>
    once(tx, caller, { key, operation: 'allocatePayment', input: call, at: nowOf(ctx) }, async () => {
      const payment = await lockedPayment(tx, input.transactionId);
      const currency = currencyOf(payment);
      const requests = await lockedRequests(
        tx,
        input.allocations.map((a) => a.requestId),
      );
      const collector = (await collectorOf(tx, payment))!;
      const problems: string[] = [];
      const amounts = input.allocations.map((a, i) => {
        const request = requests.get(a.requestId);
        const where = request
          ? `invoice ${text(request.invoice_number) ?? a.requestId}`
          : `allocation ${i + 1}`;
        let amount = 0n;
        try {
          amount = toMinor(String(a.amount), currency);
        } catch {
          problems.push(`${where}: ${String(a.amount)} is not an amount in ${currency}`);
        }
        if (amount <= 0n && !problems.length) problems.push(`${where}: the amount must be positive`);
        if (!request) problems.push(`Request ${a.requestId} not found`);
        else {
          if (request.request_status !== 'Approved')
            problems.push(`${where} is ${String(request.request_status)}: only approved requests are paid`);
          if (request.invoice_currency !== currency)
            problems.push(`${where} is in ${String(request.invoice_currency)}, the payment in ${currency}`);
          const party = collector.model === 'Investor' ? request.investorId : request.spvId;
          if (party !== collector.id)
            problems.push(`${where} is not funded by the owner of the account the payment came into`);
        }
        return amount;
      });
      if (new Set(input.allocations.map((a) => a.requestId)).size !== input.allocations.length)
        problems.push('Each request once per allocation');
      if (problems.length) throw validationError(problems.join('; '));
      const left = paymentMinor(payment) - (await allocatedOfPayment(tx, String(payment.id), currency));
      const total = amounts.reduce((a, b) => a + b, 0n);
      if (total > left)
        throw validationError(
          `The allocations take ${fromMinor(total, currency)} ${currency}, but only ${fromMinor(left, currency)} ${currency} of the payment is left`,
        );
      for (const [i, a] of input.allocations.entries()) {
        const request = requests.get(a.requestId)!;
        const open =
          toMinor(String(request.invoice_amount), currency) -
          (await allocatedOfRequest(tx, a.requestId, currency));
        if (amounts[i]! > open)
          throw validationError(
            `invoice ${text(request.invoice_number) ?? a.requestId}: ${fromMinor(amounts[i]!, currency)} ${currency} is more than its open balance ${fromMinor(open, currency)} ${currency}`,
          );
      }
      const write = writeOf(ctx, 'allocatePayment');
      const allocationIds: string[] = [];
      for (const [i, a] of input.allocations.entries())
        allocationIds.push(
          await allocateOne(ctx, tx, write, {
            payment,
            request: requests.get(a.requestId)!,
            amount: amounts[i]!,
            method: 'manual',
            operation: 'allocatePayment',
          }),
        );
      return { allocationIds };
    }),
  );
  // A settlement tells the supplier (docs/business-rules.md, “Notifications”): its mail leaves now.
  await deliverMail(ctx);
  return ran.result as { allocationIds: string[] };
}

/**
 * Undoes an allocation (administrators, with a reason): its books reversed, the payment's state
 * restored, both histories told. A settled request's allocations stay: settlement is decided.
 */
export async function unmatchAllocation(
  ctx: OperationContext,
  input: { allocationId: string; reason: string; idempotencyKey?: string | null },
): Promise<{ transactionId: string; requestId: string }> {
  const caller = requireAdmin(ctx, 'unmatch payments');
  const reason = input.reason?.trim();
  if (!reason) throw validationError('Say why: a reason is required to unmatch a payment');
  if (!isUuid(input.allocationId)) throw validationError('allocationId must be a UUID');
  const key = idempotencyKeyOf(input.idempotencyKey);
  const ran = await ctx.db.transaction((tx) =>
    once(
      tx,
      caller,
      {
        key,
        operation: 'unmatchAllocation',
        input: { allocationId: input.allocationId, reason },
        at: nowOf(ctx),
      },
      async () => {
        const [found] = await tx.query('SELECT * FROM payment_allocation WHERE id = $1', [
          input.allocationId,
        ]);
        if (!found) throw unauthorized(`Allocation ${input.allocationId} not found`);
        const [payment] = await tx.query(`SELECT * FROM "transaction" WHERE id = $1 FOR UPDATE`, [
          String(found.transaction_id),
        ]);
        const [request] = await tx.query(`SELECT * FROM "request" WHERE id = $1 FOR UPDATE`, [
          String(found.request_id),
        ]);
        const [allocation] = await tx.query('SELECT * FROM payment_allocation WHERE id = $1 FOR UPDATE', [
          input.allocationId,
        ]);
        if (allocation!.undone_at) throw validationError('The allocation is undone already');
        if (request!.request_status !== 'Approved')
          throw validationError(
            `The request is ${String(request!.request_status)}: its allocations are decided`,
          );
        const write = writeOf(ctx, 'unmatchAllocation');
        const before = String(payment!.reconciliation_status ?? 'Unmatched');
        await unallocate(postingContext(ctx, tx, 'unmatchAllocation'), write, {
          allocation: allocation!,
          payment: payment!,
          reason,
        });
        const what = `${String(allocation!.amount)} ${String(allocation!.currency)}`;
        await recordHistory(tx, {
          model: 'Transaction',
          id: String(payment!.id),
          field: 'reconciliation_status',
          from: before,
          to: String(payment!.reconciliation_status),
          comment: `${what} unmatched from invoice ${text(request!.invoice_number) ?? String(request!.id)}: ${reason}`,
          operation: 'unmatchAllocation',
          caller,
          at: write.at,
        });
        await recordHistory(tx, {
          model: 'Request',
          id: String(request!.id),
          field: 'payments',
          from: null,
          to: 'Unmatched',
          comment: `Payment of ${day(payment!.transaction_date)} unmatched (${what}): ${reason}`,
          operation: 'unmatchAllocation',
          caller,
          at: write.at,
        });
        return { transactionId: String(payment!.id), requestId: String(request!.id) };
      },
    ),
  );
  return ran.result as { transactionId: string; requestId: string };
}

/**
 * The platform's own matching of new credits
 * (docs/business-rules.md, “Payments and reconciliation”), in the import's transaction: a payment
 * whose one candidate carries the invoice number and equals its open balance is allocated to it; a
 * manual match is never touched (only Unmatched payments are considered). Returns how many it
 * matched.
 */
export async function matchNewCredits(
  ctx: OperationContext,
  tx: Queryable,
  transactionIds: readonly string[],
): Promise<number> {
  if (!transactionIds.length) return 0;
  const platform = asPlatform(ctx);
  const write = writeOf(platform, 'matchPayment');
  let matched = 0;
  const credits = await tx.query(
    `SELECT t.* FROM "transaction" t JOIN "bank" b ON b.id = t."bankId" AND b.bank_account_purpose = 'collection'
      WHERE t.id = ANY($1::uuid[]) AND t.transaction_status = 'Posted' AND t.transaction_source_amount > 0
        AND coalesce(t.reconciliation_status, 'Unmatched') = 'Unmatched'
      ORDER BY t.transaction_date, t.id FOR UPDATE OF t`,
    [transactionIds],
  );
  for (const payment of credits) {
    const chosen = automaticMatch(await candidatesOf(tx, payment));
    if (!chosen) continue;
    const [request] = await tx.query(`SELECT * FROM "request" WHERE id = $1 FOR UPDATE`, [chosen.requestId]);
    if (!request) continue;
    await allocateOne(platform, tx, write, {
      payment,
      request,
      amount: chosen.open,
      method: 'auto',
      operation: 'matchPayment',
    });
    matched += 1;
  }
  return matched;
}
