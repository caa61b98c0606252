import { randomUUID } from 'node:crypto';
import { deliverMail } from '../mail/mail-queue.ts';
import { REGISTRY, type Caller } from '@rf/domain';
import type { Row } from '../db/database.ts';
import { ApiError, validationError } from '../http/errors.ts';
import { publishChange } from '../data/change-feed.ts';
import { nowOf, requireCaller, type OperationContext } from './context.ts';
import { idempotencyKeyOf, once } from './idempotency.ts';
import { sendSubmissionForSignature } from './send-for-signature.ts';
import { notifyRequestsSubmitted } from './notify-submitted.ts';
import { insertPrepared, prepareCreate } from './create-record.ts';
import { checkCreditLimit } from './credit-limit.ts';
import { reserveSubmitted } from './ledger-postings.ts';
import { checkReferences } from './write-checks.ts';

export const MAX_BATCH = 50;

/**
 * What docs/business-rules.md, “Batches of invoices on one line” asks of every invoice of a
 * multi-invoice request, beyond createRequest's.
 */
const BATCH_REQUIRED = ['sold_goods_description', 'invoice_attachment', 'bill_of_lading_attachment'];

export interface SubmitRequestsInput {
  readonly buyerId: string;
  /** One object per invoice, each a CreateRequestInput (buyerId may be left out). */
  readonly requests: unknown;
  /** Makes a retry return the first submission instead of submitting again (idempotency.ts). */
  readonly idempotencyKey?: string | null;
}

export interface SubmittedRequests {
  readonly batchId: string;
  readonly ids: string[];
  readonly requests: Row[];
}

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** "Invoice 2: …": a row's refusal, keeping its error type (a field-named validation stays one). */
function ofInvoice(index: number, error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError(error.errorType, `Invoice ${index + 1}: ${error.message}`, error.data);
}

/**
 * Validates one invoice of the batch as createRequest would, plus the documents and signer of
 * docs/business-rules.md, “Batches of invoices on one line”.
 */
function prepareRow(caller: Caller, buyerId: string, batchId: string, raw: unknown, index: number): Row {
  try {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw))
      throw validationError('each invoice must be an object of Request fields');
    const input = raw as Record<string, unknown>;
    if (!blank(input.buyerId) && input.buyerId !== buyerId)
      throw validationError('buyerId: every invoice of one submission is for the same buyer');
    const missing = [...BATCH_REQUIRED, 'ipu_signature_name', 'ipu_signature_email'].filter((f) =>
      blank(input[f]),
    );
    if (missing.length)
      throw validationError(missing.map((f) => `${f} is required for a multi-invoice request`).join('; '));
    const values = prepareCreate(caller, 'Request', { ...input, buyerId, batchId: undefined });
    return { ...values, batchId };
  } catch (error) {
    throw ofInvoice(index, error);
  }
}

/**
 * `submitRequests(input: { buyerId, requests })`: a multi-invoice request
 * (docs/business-rules.md, “Batches of invoices on one line”), 1–50 invoices of one supplier
 * against one buyer, all or nothing. Every invoice passes the same checks as createRequest
 * (create-record.ts's path, its refusals prefixed "Invoice n:"), the batch as a whole must fit the
 * line's available limit (credit-limit.ts, line locked), and all share one server-made batchId.
 * Nothing is announced until the transaction commits.
 */
export async function submitRequests(
  ctx: OperationContext,
  input: SubmitRequestsInput,
): Promise<SubmittedRequests> {
  const caller = requireCaller(ctx);
  const { buyerId } = input;
  if (blank(buyerId)) throw validationError('buyerId is required');
  const list = input.requests;
  if (!Array.isArray(list) || list.length < 1 || list.length > MAX_BATCH)
    throw validationError(
      `requests: a multi-invoice request has 1 to ${MAX_BATCH} invoices${Array.isArray(list) ? `, not ${list.length}` : ''}`,
    );
  const batchId = randomUUID();
  const rows = list.map((raw, i) => prepareRow(caller, buyerId, batchId, raw, i));
  const key = idempotencyKeyOf(input.idempotencyKey);
  const keyed = { ...ctx, idempotencyKey: key };
  const attempt = await ctx.db.transaction((tx) =>
    once(
      tx,
      caller,
      { key, operation: 'submitRequests', input: { buyerId, requests: list }, at: nowOf(ctx) },
      async () => {
        // The line must be one the caller sees before its limit is read (and named in a refusal).
        await checkReferences(tx, caller, REGISTRY.Request, { buyerId });
        await checkCreditLimit(tx, rows);
        const out: Row[] = [];
        for (const [i, values] of rows.entries()) {
          try {
            out.push(
              await insertPrepared(keyed, tx, 'Request', values, { batch: true, action: 'submitRequests' }),
            );
          } catch (error) {
            throw ofInvoice(i, error);
          }
        }
        await reserveSubmitted(keyed, tx, out, 'submitRequests');
        await sendSubmissionForSignature(keyed, tx, out, 'submitRequests');
        // One notification for the batch (docs/business-rules.md, “Notifications”).
        await notifyRequestsSubmitted(keyed, tx, out);
        return { batchId, ids: out.map((r) => String(r.id)), requests: out };
      },
    ),
  );
  // A retry answers the first submission and announces nothing again.
  if (attempt.replayed) return attempt.result as SubmittedRequests;
  const created = attempt.result.requests;
  for (const r of created)
    await publishChange(ctx.db, { model: 'Request', kind: 'create', id: String(r.id) });
  await deliverMail(ctx);
  return attempt.result;
}
