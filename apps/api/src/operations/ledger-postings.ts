import type { Queryable, Row } from '../db/database.ts';
import { validationError } from '../http/errors.ts';
import { LedgerOverdraw } from '../ledger/post.ts';
import { reserveLimit, type PostingContext } from '../ledger/request-postings.ts';
import { nowOf, todayOf, type OperationContext } from './context.ts';
import { stepActor } from './send-for-signature.ts';

/**
 * The posting context of an operation (docs/architecture.md, “Ledger”): its transaction, clock,
 * name and caller, so that every posting says which operation made it and who ran it.
 */
export function postingContext(ctx: OperationContext, tx: Queryable, operation: string): PostingContext {
  const now = nowOf(ctx);
  return {
    tx,
    at: now,
    today: todayOf(ctx),
    operation,
    actor: stepActor(ctx, operation).actor,
    idempotencyKey: ctx.idempotencyKey ?? null,
  };
}

/** Turns the database's refusal to overdraw a line's free limit into the caller's error. */
export async function withinLimit<T>(work: () => Promise<T>, refusal: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof LedgerOverdraw) throw validationError(refusal);
    throw error;
  }
}

/**
 * Submitted requests reserve their advances on their line
 * (docs/business-rules.md, “Limits held in the ledger”): the database refuses a reservation the
 * free limit cannot take, which backs the credit-limit check made before the rows were written.
 */
export async function reserveSubmitted(
  ctx: OperationContext,
  tx: Queryable,
  rows: readonly Row[],
  operation: string,
) {
  const c = postingContext(ctx, tx, operation);
  for (const row of rows) {
    const [line] = await tx.query<{ advance: string | null }>(
      'SELECT buyer_loan_advance_rate::text AS advance FROM "buyer" WHERE id = $1',
      [String(row.buyerId)],
    );
    await withinLimit(
      () => reserveLimit(c, row, line?.advance ?? null),
      'invoice_amount: the request exceeds the available limit of its line',
    );
  }
}
