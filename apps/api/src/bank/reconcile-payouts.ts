import { fromMinor, isUuid, payoutLegs, rebateLegs, toMinor } from '@rf/domain';
import type { Queryable, Row } from '../db/database.ts';
import { updateRow, type Write } from '../data/rows.ts';
import { unauthorized, validationError } from '../http/errors.ts';
import { post } from '../ledger/post.ts';
import { heldRequest, pricedRequest } from '../ledger/request-postings.ts';
import { nowOf, requireCaller, writeOf, type OperationContext } from '../operations/context.ts';
import { idempotencyKeyOf, once } from '../operations/idempotency.ts';
import { postingContext } from '../operations/ledger-postings.ts';
import { recordHistory } from '../operations/lifecycle/history.ts';
import { currencyOf, paymentMinor } from '../payments/allocations.ts';
import { asPlatform } from './platform-caller.ts';

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/** The debit fits the instruction: from the payer's account of the right purpose, same currency and amount. */
async function fits(tx: Queryable, instruction: Row, payment: Row): Promise<string | null> {
  const [account] = await tx.query(
    `SELECT "investorId", "spvId", bank_account_purpose FROM "bank" WHERE id = $1`,
    [text(payment.bankId)],
  );
  const purpose = instruction.kind === 'advance' ? 'remittance' : 'collection';
  const owner = instruction.payer_model === 'Investor' ? account?.investorId : account?.spvId;
  if (!account || account.bank_account_purpose !== purpose || owner !== instruction.payer_id)
    return `the payment did not leave the payer's ${purpose} account`;
  const currency = currencyOf(payment);
  if (currency !== instruction.currency)
    return `the payment is in ${currency}, the instruction in ${String(instruction.currency)}`;
  if (-paymentMinor(payment) !== toMinor(String(instruction.amount), currency))
    return `the payment of ${fromMinor(-paymentMinor(payment), currency)} ${currency} is not the instruction's ${String(instruction.amount)} ${currency}`;
  if (payment.transaction_status !== 'Posted') return 'the payment is still pending at the bank';
  return null;
}

/**
 * The payout confirmed by the bank's debit (docs/business-rules.md, “Payments and reconciliation”):
 * the instruction Confirmed, the debit Matched; an advance links the request's `transactionId_payout`
 * and `payout_date` (the booking date) and posts Dr supplier payable / Cr remittance cash; a rebate
 * posts Dr supplier payable / Cr collection cash.
 */
async function confirm(
  ctx: OperationContext,
  tx: Queryable,
  write: Write,
  instruction: Row,
  payment: Row,
  operation: string,
) {
  const caller = requireCaller(ctx);
  const booked = String(payment.transaction_date).slice(0, 10);
  await tx.query(
    `UPDATE payout_instruction SET status = 'Confirmed', transaction_id = $2, confirmed_at = $3 WHERE id = $1`,
    [String(instruction.id), String(payment.id), write.at.toISOString()],
  );
  await updateRow(tx, 'Transaction', String(payment.id), { reconciliation_status: 'Matched' }, write);
  const [request] = await tx.query(`SELECT * FROM "request" WHERE id = $1 FOR UPDATE`, [
    String(instruction.request_id),
  ]);
  const c = postingContext(ctx, tx, operation);
  const common = {
    operation,
    actor: c.actor,
    idempotencyKey: c.idempotencyKey ?? null,
    bankTransactionId: String(payment.id),
    requestId: String(request!.id),
    effectiveDate: booked,
  };
  const invoice = text(request!.invoice_number) ?? String(request!.id);
  if (instruction.kind === 'advance') {
    await updateRow(
      tx,
      'Request',
      String(request!.id),
      { transactionId_payout: String(payment.id), payout_date: booked },
      write,
    );
    const r = pricedRequest(request!);
    await post(
      tx,
      {
        ...common,
        event: `payout:${String(request!.id)}`,
        kind: 'payout',
        lineId: r.lineId,
        description: `advance of invoice ${invoice} paid out`,
        legs: payoutLegs(r),
      },
      c.at,
    );
  } else {
    const r = await heldRequest(tx, request!);
    await post(
      tx,
      {
        ...common,
        event: `rebate:${String(request!.id)}`,
        kind: 'reserve_rebate',
        lineId: r.lineId,
        description: `reserve of invoice ${invoice} rebated to the supplier`,
        legs: rebateLegs(
          r,
          { model: instruction.payer_model as 'Investor' | 'Spv', id: String(instruction.payer_id) },
          toMinor(String(instruction.amount), r.currency),
        ),
      },
      c.at,
    );
  }
  const what = `${instruction.kind === 'advance' ? 'Advance' : 'Reserve rebate'} ${String(instruction.reference)} paid on ${booked}`;
  await recordHistory(tx, {
    model: 'Transaction',
    id: String(payment.id),
    field: 'reconciliation_status',
    from: String(payment.reconciliation_status ?? 'Unmatched'),
    to: 'Matched',
    comment: what,
    operation,
    caller,
    at: write.at,
  });
  await recordHistory(tx, {
    model: 'Request',
    id: String(request!.id),
    // The request's payments, apart from its status.
    field: 'payments',
    from: null,
    to: instruction.kind === 'advance' ? 'Paid out' : 'Reserve rebated',
    comment: what,
    operation,
    caller,
    at: write.at,
  });
}

/**
 * The platform confirms payouts from new debits (in the import's transaction): a debit carrying an
 * instruction's reference (end-to-end, or in the remittance information) that fits it in account,
 * currency and amount. Returns how many it confirmed.
 */
export async function matchNewDebits(
  ctx: OperationContext,
  tx: Queryable,
  transactionIds: readonly string[],
): Promise<number> {
  if (!transactionIds.length) return 0;
  const platform = asPlatform(ctx);
  const write = writeOf(platform, 'confirmPayout');
  const debits = await tx.query(
    `SELECT * FROM "transaction" WHERE id = ANY($1::uuid[]) AND transaction_status = 'Posted' AND transaction_source_amount < 0
       AND coalesce(reconciliation_status, 'Unmatched') = 'Unmatched' ORDER BY transaction_date, id FOR UPDATE`,
    [transactionIds],
  );
  let confirmed = 0;
  for (const payment of debits) {
    const [instruction] = await tx.query(
      `SELECT * FROM payout_instruction WHERE status IN ('Pending', 'Exported')
         AND (reference = $1 OR position(reference IN upper($2)) > 0) ORDER BY created_at LIMIT 1 FOR UPDATE`,
      [text(payment.end_to_end_id) ?? '', text(payment.remittance_information) ?? ''],
    );
    if (!instruction || (await fits(tx, instruction, payment))) continue;
    await confirm(platform, tx, write, instruction, payment, 'confirmPayout');
    confirmed += 1;
  }
  return confirmed;
}

/** An administrator matches a debit to an instruction the platform could not (no reference). */
export async function matchPayout(
  ctx: OperationContext,
  input: { instructionId: string; transactionId: string; idempotencyKey?: string | null },
): Promise<{ instructionId: string }> {
  const caller = requireCaller(ctx);
  if (caller.role !== 'Admin') throw unauthorized('Not allowed: only an administrator may match payouts');
  if (!isUuid(input.instructionId) || !isUuid(input.transactionId))
    throw validationError('ids must be UUIDs');
  const key = idempotencyKeyOf(input.idempotencyKey);
  const { idempotencyKey: _k, ...call } = input;
  const ran = await ctx.db.transaction((tx) =>
    once(tx, caller, { key, operation: 'matchPayout', input: call, at: nowOf(ctx) }, async () => {
      const [instruction] = await tx.query('SELECT * FROM payout_instruction WHERE id = $1 FOR UPDATE', [
        input.instructionId,
      ]);
      if (!instruction) throw unauthorized(`Payout instruction ${input.instructionId} not found`);
      if (instruction.status === 'Confirmed') throw validationError('The payout is confirmed already');
      const [payment] = await tx.query(
        `SELECT * FROM "transaction" WHERE id = $1 AND NOT "_deleted" FOR UPDATE`,
        [input.transactionId],
      );
      if (!payment) throw unauthorized(`Transaction ${input.transactionId} not found`);
      if ((payment.reconciliation_status ?? 'Unmatched') !== 'Unmatched')
        throw validationError('The payment is matched already');
      const misfit = await fits(tx, instruction, payment);
      if (misfit) throw validationError(`The payment does not fit the instruction: ${misfit}`);
      await confirm(ctx, tx, writeOf(ctx, 'matchPayout'), instruction, payment, 'matchPayout');
      return { instructionId: input.instructionId };
    }),
  );
  return ran.result as { instructionId: string };
}
