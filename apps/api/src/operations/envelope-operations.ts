import { DOCUMENTS, isUuid } from '@rf/domain';
import { deliverMail } from '../mail/mail-queue.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError, unauthorized, validationError } from '../http/errors.ts';
import { requireCaller, type OperationContext } from './context.ts';
import { createEnvelope } from '../esign/create-envelope.ts';
import {
  currentSigner,
  lockEnvelope,
  requestIdsOf,
  signersOf,
  type EnvelopeRow,
} from '../esign/envelope-rows.ts';
import { recordEnvelopeEvent } from '../esign/events.ts';
import { ipuSigners, offerNoticeSigners, raaSigners } from '../esign/parties.ts';
import { sendToSigner } from '../esign/send-to-signer.ts';
import { signingEnvOf, stepActor } from './send-for-signature.ts';
import { stopEnvelope } from '../esign/stop-envelope.ts';

/**
 * An administrator's hand on an envelope
 * (docs/business-rules.md, “Signing the financing documents”): void it, remind its pending signer
 * now, or send a new envelope in place of one that stopped. Each is recorded in the envelope's
 * trail with who did it, from where.
 */

async function adminEnvelope(ctx: OperationContext, tx: Queryable, id: unknown): Promise<EnvelopeRow> {
  const caller = requireCaller(ctx);
  if (caller.role !== 'Admin') throw unauthorized('Not allowed: only an administrator manages envelopes');
  if (typeof id !== 'string') throw validationError('id is required');
  const envelope = isUuid(id) ? await lockEnvelope(tx, id) : undefined;
  if (!envelope) throw new ApiError('NotFound', `Envelope ${id} not found`);
  return envelope;
}

const stillOut = (envelope: EnvelopeRow, what: string): void => {
  if (envelope.status !== 'Sent')
    throw new ApiError('ConflictUnhandled', `Cannot ${what}: the envelope is ${envelope.status}`);
};

async function adminStep<T>(ctx: OperationContext, work: (tx: Queryable) => Promise<T>): Promise<T> {
  const result = await ctx.db.transaction(work);
  await deliverMail(ctx);
  return result;
}

export async function voidEnvelope(ctx: OperationContext, input: { id: unknown; reason: unknown }) {
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  return adminStep(ctx, async (tx) => {
    const envelope = await adminEnvelope(ctx, tx, input.id);
    if (!reason) throw validationError('reason: say why the envelope is voided');
    stillOut(envelope, 'void');
    const { actor, client, write } = stepActor(ctx, 'voidEnvelope');
    await stopEnvelope(tx, signingEnvOf(ctx), envelope, { status: 'Voided', at: write.at, reason });
    await recordEnvelopeEvent(tx, {
      envelopeId: envelope.id,
      at: write.at,
      action: 'voided',
      actor,
      client,
      detail: reason,
    });
    return envelope.id;
  });
}

export async function remindSigner(ctx: OperationContext, input: { id: unknown }) {
  return adminStep(ctx, async (tx) => {
    const envelope = await adminEnvelope(ctx, tx, input.id);
    stillOut(envelope, 'send a reminder');
    const signer = currentSigner(await signersOf(tx, envelope.id));
    if (!signer) throw new ApiError('ConflictUnhandled', 'Nobody is left to sign this envelope');
    const { actor, write } = stepActor(ctx, 'remindSigner');
    await sendToSigner(tx, signingEnvOf(ctx), { envelope, signer, at: write.at, as: 'reminded', actor });
    return envelope.id;
  });
}

const SIGNERS = { ipu: ipuSigners, offer_notice: offerNoticeSigners, raa_offer_notice: raaSigners } as const;

/**
 * A new envelope in place of a voided, declined or expired one, for the same requests, with the
 * signers as the requests now name them (a corrected buyer signer, say).
 */
export async function resendEnvelope(ctx: OperationContext, input: { id: unknown }) {
  return adminStep(ctx, async (tx) => {
    const envelope = await adminEnvelope(ctx, tx, input.id);
    if (envelope.status === 'Sent' || envelope.status === 'Completed')
      throw new ApiError(
        'ConflictUnhandled',
        `Cannot send a new envelope: this one is ${envelope.status}${envelope.status === 'Sent' ? '; void it first, or send a reminder' : ''}`,
      );
    const [newer] = await tx.query('SELECT id FROM esign_envelope WHERE replaces = $1', [envelope.id]);
    if (newer)
      throw new ApiError('ConflictUnhandled', `A new envelope was already sent in place of this one`);
    const ids = await requestIdsOf(tx, envelope.id);
    const requests = await tx.query(
      `SELECT * FROM "request" WHERE id = ANY($1::uuid[]) AND NOT "_deleted" ORDER BY invoice_number, id FOR UPDATE`,
      [ids],
    );
    const live = requests.filter((r) => r.request_status !== 'Declined');
    const [first] = live;
    if (!first) throw new ApiError('ConflictUnhandled', 'Every request of this envelope is declined');
    const attached = live.some((r) => r[DOCUMENTS[envelope.kind].attachmentField]);
    if (attached)
      throw new ApiError(
        'ConflictUnhandled',
        `The ${DOCUMENTS[envelope.kind].label} is already on the request`,
      );
    const signers = await SIGNERS[envelope.kind](tx, first, null);
    return createEnvelope(
      tx,
      signingEnvOf(ctx),
      { kind: envelope.kind, requests: live, signers, replaces: envelope.id },
      stepActor(ctx, 'resendEnvelope'),
    );
  });
}
