import { isUuid } from '@rf/domain';
import { publishChange } from '../data/change-feed.ts';
import { updateRow } from '../data/rows.ts';
import type { Row } from '../db/database.ts';
import { unauthorized, validationError } from '../http/errors.ts';
import { nowOf, writeOf, type OperationContext } from '../operations/context.ts';
import { idempotencyKeyOf, once } from '../operations/idempotency.ts';
import { recordHistory } from '../operations/lifecycle/history.ts';
import { requireAdmin } from './accounts.ts';

/**
 * An administrator sets a transaction aside from reconciliation, or brings it back
 * (docs/business-rules.md, “Payments and reconciliation”): what pays no request and no payout (the
 * bank's interest, its charges, a transfer between the funder's accounts) is Ignored, with a reason
 * kept in its history; an unmatched one only, and a reversed manual entry stays ignored.
 */
export async function setIgnored(
  ctx: OperationContext,
  input: { id: string; ignored: boolean; reason: string; idempotencyKey?: string | null },
): Promise<Row> {
  const caller = requireAdmin(ctx, input.ignored ? 'ignore a transaction' : 'reconcile a transaction again');
  const reason = input.reason?.trim();
  if (!reason) throw validationError('Say why: a reason is required');
  if (!isUuid(input.id)) throw validationError('id must be a UUID');
  const key = idempotencyKeyOf(input.idempotencyKey);
  const operation = input.ignored ? 'ignoreTransaction' : 'restoreTransaction';
  const ran = await ctx.db.transaction((tx) =>
    once(tx, caller, { key, operation, input: { id: input.id, reason }, at: nowOf(ctx) }, async () => {
      const [t] = await tx.query(`SELECT * FROM "transaction" WHERE id = $1 AND NOT "_deleted" FOR UPDATE`, [
        input.id,
      ]);
      if (!t) throw unauthorized(`Transaction ${input.id} not found`);
      const state = String(t.reconciliation_status ?? 'Unmatched');
      if (input.ignored && state !== 'Unmatched')
        throw validationError(
          `The transaction is ${state}: only an unmatched one can be ignored (unmatch it first)`,
        );
      if (!input.ignored) {
        if (state !== 'Ignored') throw validationError(`The transaction is ${state}, not ignored`);
        const [pair] = await tx.query(
          `SELECT 1 FROM "transaction" WHERE reversal_of = $1 AND NOT "_deleted"`,
          [input.id],
        );
        if (t.reversal_of || pair)
          throw validationError('A reversed manual entry and its reversal stay ignored');
      }
      const to = input.ignored ? 'Ignored' : 'Unmatched';
      const write = writeOf(ctx, operation);
      await updateRow(tx, 'Transaction', input.id, { reconciliation_status: to }, write);
      await recordHistory(tx, {
        model: 'Transaction',
        id: input.id,
        field: 'reconciliation_status',
        from: state,
        to,
        comment: reason,
        operation,
        caller,
        at: write.at,
      });
      const [row] = await tx.query(`SELECT * FROM "transaction" WHERE id = $1`, [input.id]);
      return row as Row;
    }),
  );
  if (!ran.replayed) await publishChange(ctx.db, { model: 'Transaction', kind: 'update', id: input.id });
  return ran.result as Row;
}
