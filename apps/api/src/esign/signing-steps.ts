import { DOCUMENTS, SIGNING_LIMITS } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { ApiError, validationError } from '../http/errors.ts';
import { deliverQueuedMail, queueMail } from '../mail/mail-queue.ts';
import { signingCodeEmail } from '../mail/templates/signing.ts';
import { currentSigner, signersOf, toDate, type EnvelopeRow, type SignerRow } from './envelope-rows.ts';
import { recordEnvelopeEvent, type StepClient } from './events.ts';
import { sessionOf, type SignerSession } from './signer-session.ts';
import { stopEnvelope } from './stop-envelope.ts';
import { nowIn, type SigningDeps } from './signing-deps.ts';
import { hashSigningCode, newSigningCode } from './tokens.ts';

/** Why a signer cannot act now, in plain words; null when it is their turn on an open envelope. */
export function notYourTurn(
  envelope: EnvelopeRow,
  signer: SignerRow,
  signers: readonly SignerRow[],
  at: Date,
): string | null {
  if (envelope.status !== 'Sent')
    return `This envelope is ${envelope.status.toLowerCase()}${envelope.end_reason ? ` (${envelope.end_reason})` : ''}: nothing more can be signed in it.`;
  if ((toDate(envelope.expires_at) ?? at) <= at)
    return 'This envelope has expired: nothing more can be signed in it.';
  if (signer.status === 'Signed') return 'You have already signed this document.';
  if (signer.status === 'Declined') return 'You have declined to sign this document.';
  const current = currentSigner(signers);
  if (current && current.id !== signer.id)
    return `It is not your turn yet: ${current.name} (${current.role}) signs before you. You will get an e-mail when it is your turn.`;
  return null;
}

/** A step refused because of the envelope's state: the same error type everywhere. */
const refused = (message: string) => new ApiError('ConflictUnhandled', message);

/**
 * Runs one signer step in a transaction: the link's session, locked, with its signers, refused
 * unless it is the signer's turn. Queued mail is delivered once it commits.
 */
export async function signerStep<T>(
  deps: SigningDeps,
  token: unknown,
  step: (tx: Queryable, session: SignerSession & { signers: SignerRow[]; at: Date }) => Promise<T>,
): Promise<T> {
  const at = nowIn(deps);
  const result = await deps.db.transaction(async (tx) => {
    const session = await sessionOf(tx, deps, token, at, true);
    const signers = await signersOf(tx, session.envelope.id);
    const why = notYourTurn(session.envelope, session.signer, signers, at);
    if (why) throw refused(why);
    return step(tx, { ...session, signers, at });
  });
  if (deps.mailer)
    await deliverQueuedMail(deps.db, deps.mailer).catch((e: unknown) =>
      console.error('Mail not delivered', e),
    );
  return result;
}

const maskEmail = (email: string): string => email.replace(/^(.)[^@]*(@.*)$/, '$1•••$2');

/**
 * Sends the signer a new 6-digit code (valid 10 minutes, 5 tries), at most once per 30 seconds; a
 * new code replaces the previous one.
 */
export async function sendSigningCode(deps: SigningDeps, token: unknown, client: StepClient) {
  return signerStep(deps, token, async (tx, { envelope, signer, at }) => {
    const last = toDate(signer.code_sent_at);
    if (last && at.getTime() - last.getTime() < SIGNING_LIMITS.codeResendSeconds * 1000)
      throw new ApiError(
        'LimitExceeded',
        `A code was sent less than ${SIGNING_LIMITS.codeResendSeconds} seconds ago; check your mailbox (and spam folder) before asking again.`,
      );
    const code = newSigningCode();
    const expiresAt = new Date(at.getTime() + SIGNING_LIMITS.codeMinutes * 60_000);
    await tx.query(
      'UPDATE esign_signer SET code_hash = $2, code_sent_at = $3, code_expires_at = $4, code_failures = 0 WHERE id = $1',
      [
        signer.id,
        hashSigningCode(deps.keys.secret, signer.id, code),
        at.toISOString(),
        expiresAt.toISOString(),
      ],
    );
    const mail = await signingCodeEmail({
      name: signer.name,
      document: DOCUMENTS[envelope.kind].title,
      code,
      minutes: SIGNING_LIMITS.codeMinutes,
    });
    await queueMail(tx, { to: signer.email, subject: mail.subject, text: mail.text, html: mail.html }, at);
    await recordEnvelopeEvent(tx, {
      envelopeId: envelope.id,
      signerId: signer.id,
      at,
      action: 'code sent',
      client,
    });
    return {
      sentTo: maskEmail(signer.email),
      expiresAt: expiresAt.toISOString(),
      triesLeft: SIGNING_LIMITS.codeTries,
    };
  });
}

/** Declines with a reason: the envelope stops and the administrators are told. */
export async function declineSigning(deps: SigningDeps, token: unknown, reason: unknown, client: StepClient) {
  const why = typeof reason === 'string' ? reason.trim() : '';
  if (!why) throw validationError('reason: say why you decline to sign');
  if (why.length > SIGNING_LIMITS.reasonLength)
    throw validationError(`reason: at most ${SIGNING_LIMITS.reasonLength} characters`);
  return signerStep(deps, token, async (tx, { envelope, signer, at }) => {
    await tx.query(
      `UPDATE esign_signer SET status = 'Declined', declined_at = $2, decline_reason = $3 WHERE id = $1`,
      [signer.id, at.toISOString(), why],
    );
    await recordEnvelopeEvent(tx, {
      envelopeId: envelope.id,
      signerId: signer.id,
      at,
      action: 'declined',
      client,
      detail: why,
    });
    await stopEnvelope(tx, deps, envelope, {
      status: 'Declined',
      at,
      reason: `declined by ${signer.name} (${signer.role}): ${why}`,
    });
    return { status: 'Declined' as const };
  });
}
