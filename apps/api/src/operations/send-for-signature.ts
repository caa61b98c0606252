import type { Queryable, Row } from '../db/database.ts';
import { requireCaller, writeOf, type OperationContext } from './context.ts';
import { createEnvelope, type NewEnvelope } from '../esign/create-envelope.ts';
import type { StepClient } from '../esign/events.ts';
import { ipuSigners, offerNoticeSigners, raaSigners } from '../esign/parties.ts';
import type { SigningEnv } from '../esign/send-to-signer.ts';

/**
 * Where documents go for signature (docs/business-rules.md, “Signing the financing documents”):
 * one interface; the built-in signer is the implementation this platform ships.
 */
export interface SigningProvider {
  readonly id: string;
  readonly label: string;
  send(
    tx: Queryable,
    env: SigningEnv,
    envelope: NewEnvelope,
    by: Parameters<typeof createEnvelope>[3],
  ): Promise<string>;
}

export const BUILTIN_SIGNER: SigningProvider = {
  id: 'builtin',
  label: 'Built-in signer',
  send: createEnvelope,
};

export const signingEnvOf = (ctx: Pick<OperationContext, 'keys' | 'publicUrl'>): SigningEnv => ({
  keys: ctx.keys,
  publicUrl: ctx.publicUrl ?? '',
});

/** The operation's caller as the envelope's audit trail names them. */
export function stepActor(ctx: OperationContext, action: string) {
  const caller = requireCaller(ctx);
  const client: StepClient | null = ctx.client
    ? { address: ctx.client.address, userAgent: ctx.client.userAgent ?? null }
    : null;
  return {
    write: writeOf(ctx, action),
    actor: `${caller.name ?? caller.email ?? caller.sub} (${caller.role})`,
    client,
  };
}

/**
 * A submission's documents: one IPU and one offer-notice envelope for the request, or for the
 * whole batch, sent to their first signers; in the submitting transaction.
 */
export async function sendSubmissionForSignature(
  ctx: OperationContext,
  tx: Queryable,
  requests: readonly Row[],
  action: string,
): Promise<void> {
  const [first] = requests;
  if (!first) return;
  const by = stepActor(ctx, action);
  const env = signingEnvOf(ctx);
  await BUILTIN_SIGNER.send(
    tx,
    env,
    { kind: 'ipu', requests, signers: await ipuSigners(tx, first, ctx.caller) },
    by,
  );
  await BUILTIN_SIGNER.send(
    tx,
    env,
    { kind: 'offer_notice', requests, signers: await offerNoticeSigners(tx, first, ctx.caller) },
    by,
  );
}

/** Whether a request already has an RAA offer notice out or signed. */
async function hasRaa(tx: Queryable, requestId: string): Promise<boolean> {
  const [found] = await tx.query(
    `SELECT 1 FROM esign_envelope e JOIN esign_envelope_request er ON er.envelope_id = e.id
      WHERE er.request_id = $1 AND e.kind = 'raa_offer_notice' AND e.status IN ('Sent', 'Completed')`,
    [requestId],
  );
  return Boolean(found);
}

/**
 * The SPV's purchase (bookkeeping SPV → Approved) issues the RAA offer notice, for the request or,
 * in a batch, once no invoice of the batch waits for a decision or a purchase: one envelope for
 * every purchased invoice of the batch.
 */
export async function sendPurchaseForSignature(
  ctx: OperationContext,
  tx: Queryable,
  requestId: string,
): Promise<void> {
  const [request] = await tx.query('SELECT * FROM "request" WHERE id = $1', [requestId]);
  if (!request || (await hasRaa(tx, requestId))) return;
  let requests: Row[] = [request];
  if (request.batchId) {
    const batch = await tx.query(
      `SELECT * FROM "request" WHERE "batchId" = $1 AND NOT "_deleted" ORDER BY invoice_number, id FOR UPDATE`,
      [String(request.batchId)],
    );
    const waiting = batch.some(
      (r) =>
        ['Under Review', 'Documents Pending'].includes(String(r.request_status)) ||
        (['Approved', 'Settled'].includes(String(r.request_status)) &&
          r.id !== requestId &&
          r.bookkeeping_status_spv !== 'Approved'),
    );
    if (waiting) return;
    requests = [];
    for (const r of batch)
      if (['Approved', 'Settled'].includes(String(r.request_status)) && !(await hasRaa(tx, String(r.id))))
        requests.push(r);
  }
  await BUILTIN_SIGNER.send(
    tx,
    signingEnvOf(ctx),
    { kind: 'raa_offer_notice', requests, signers: await raaSigners(tx, request, ctx.caller) },
    stepActor(ctx, 'approvePurchase'),
  );
}
