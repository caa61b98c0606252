import { fromMinor, toMinor } from '@rf/domain';
import { unauthorized } from '../http/errors.ts';
import type { OperationContext } from '../operations/context.ts';
import { getRecord } from '../operations/get-record.ts';

export interface RequestBalance {
  readonly requestId: string;
  readonly currency: string;
  readonly invoiceAmount: string;
  /** What active allocations have paid. */
  readonly paid: string;
  /** The shortfall written off as dilution at settlement. */
  readonly writtenOff: string;
  /** Invoice amount − paid − written off (never below zero). */
  readonly open: string;
}

/**
 * What a request's payments add up to (docs/business-rules.md, “Payments and reconciliation”),
 * summed on the server for whoever may read the request.
 */
export async function requestBalance(ctx: OperationContext, requestId: string): Promise<RequestBalance> {
  const request = await getRecord(ctx, {
    model: 'Request',
    id: requestId,
    fields: ['id', 'invoice_amount', 'invoice_currency'],
  });
  if (!request) throw unauthorized(`Request ${requestId} not found`);
  const currency = String(request.invoice_currency ?? '');
  const [sums] = await ctx.db.query<{ paid: string | null; written: string | null }>(
    `SELECT (SELECT sum(amount)::text FROM payment_allocation WHERE request_id = $1 AND undone_at IS NULL) AS paid,
            (SELECT sum(e.amount)::text FROM ledger_entry e JOIN ledger_transaction t ON t.id = e.transaction_id
               JOIN ledger_account a ON a.id = e.account_id
              WHERE t.event = 'writeoff:' || $1::text AND a.kind = 'dilution_writeoffs') AS written`,
    [requestId],
  );
  const face = toMinor(String(request.invoice_amount ?? '0'), currency);
  const paid = sums?.paid ? toMinor(sums.paid, currency) : 0n;
  const written = sums?.written ? BigInt(sums.written) : 0n;
  const open = face - paid - written;
  return {
    requestId,
    currency,
    invoiceAmount: fromMinor(face, currency),
    paid: fromMinor(paid, currency),
    writtenOff: fromMinor(written, currency),
    open: fromMinor(open > 0n ? open : 0n, currency),
  };
}
