import { isUuid } from '@rf/domain';
import { validationError } from '../http/errors.ts';
import { requireCaller, type OperationContext } from '../operations/context.ts';

export interface AllocationView {
  readonly id: string;
  readonly transactionId: string;
  readonly requestId: string;
  /** The request's status now: a settled request's allocations are decided. */
  readonly requestStatus: string;
  readonly invoiceNumber: string | null;
  readonly paymentDate: string;
  readonly payerName: string | null;
  readonly amount: string;
  readonly currency: string;
  readonly method: 'auto' | 'manual';
  readonly allocatedAt: string;
  readonly undoneAt: string | null;
  readonly undoReason: string | null;
}

/**
 * The allocations of a payment or of a request, undone ones included, oldest first. Administrators
 * read any; an investor or SPV those of payments into its own accounts; a supplier those of its own
 * requests. Anything else reads as nothing.
 */
export async function paymentAllocations(
  ctx: OperationContext,
  input: { transactionId?: string | null; requestId?: string | null },
): Promise<AllocationView[]> {
  const caller = requireCaller(ctx);
  const by = input.transactionId ? 'transaction_id' : 'request_id';
  const id = input.transactionId ?? input.requestId;
  if (!id || (input.transactionId && input.requestId))
    throw validationError('Give transactionId or requestId');
  if (!isUuid(id))
    throw validationError(`${input.transactionId ? 'transactionId' : 'requestId'} must be a UUID`);
  const visible =
    caller.role === 'Admin'
      ? 'true'
      : caller.role === 'Investor' || caller.role === 'Spv'
        ? 't."userId" = $2'
        : caller.role === 'Supplier'
          ? 'r."userId" = $2'
          : 'false';
  const rows = await ctx.db.query(
    `SELECT a.*, a.amount::text AS amount_text, r.invoice_number, r.request_status, t.transaction_date::text AS payment_date, t.sender_account_name
       FROM payment_allocation a JOIN "transaction" t ON t.id = a.transaction_id JOIN "request" r ON r.id = a.request_id
      WHERE a.${by} = $1 AND ${visible}
      ORDER BY a.created_at, a.id`,
    caller.role === 'Admin' ? [id] : [id, caller.groupId ?? ''],
  );
  return rows.map((r) => ({
    id: String(r.id),
    transactionId: String(r.transaction_id),
    requestId: String(r.request_id),
    requestStatus: String(r.request_status),
    invoiceNumber: (r.invoice_number as string | null) ?? null,
    paymentDate: String(r.payment_date).slice(0, 10),
    payerName: (r.sender_account_name as string | null) ?? null,
    amount: String(r.amount_text),
    currency: String(r.currency),
    method: r.method as 'auto' | 'manual',
    allocatedAt: String(r.created_at),
    undoneAt: (r.undone_at as string | null) ?? null,
    undoReason: (r.undo_reason as string | null) ?? null,
  }));
}
