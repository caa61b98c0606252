import { SIGNING_LIMITS } from '@rf/domain';
import { publishChange } from '../data/change-feed.ts';
import { ApiError, validationError } from '../http/errors.ts';
import { completeEnvelope } from './complete-envelope.ts';
import { toDate } from './envelope-rows.ts';
import { recordEnvelopeEvent, type StepClient } from './events.ts';
import { sendToSigner } from './send-to-signer.ts';
import { signerStep } from './signing-steps.ts';
import type { SigningDeps } from './signing-deps.ts';
import { codeMatches } from './tokens.ts';

/** A signature as the signing page sends it. */
export type SignatureInput =
  { readonly kind: 'typed'; readonly text: string } | { readonly kind: 'drawn'; readonly png: Uint8Array };

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Checks what the page sent: the consent, a 6-digit code, a typed name or a drawn PNG. */
export function parseSignature(body: unknown): { code: string; signature: SignatureInput } {
  const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (input.consent !== true) throw validationError('consent: accept the sentence to sign electronically');
  const code = typeof input.code === 'string' ? input.code.trim() : '';
  if (!/^\d{6}$/.test(code)) throw validationError('code: enter the 6-digit code from the e-mail');
  if (input.kind === 'typed') {
    const text = typeof input.text === 'string' ? input.text.replace(/\p{Cc}/gu, '').trim() : '';
    if (!text) throw validationError('text: type your name as your signature');
    if (text.length > SIGNING_LIMITS.typedSignatureLength)
      throw validationError(`text: at most ${SIGNING_LIMITS.typedSignatureLength} characters`);
    return { code, signature: { kind: 'typed', text } };
  }
  if (input.kind === 'drawn') {
    const raw = typeof input.png === 'string' ? input.png.replace(/^data:image\/png;base64,/, '') : '';
    const png = Buffer.from(raw, 'base64');
    if (png.length > SIGNING_LIMITS.drawnSignatureBytes)
      throw validationError(
        `png: the drawing is larger than ${SIGNING_LIMITS.drawnSignatureBytes / 1000} KB`,
      );
    if (png.length < 60 || !PNG_MAGIC.every((b, i) => png[i] === b))
      throw validationError('png: draw your signature (a PNG image is expected)');
    return { code, signature: { kind: 'drawn', png: new Uint8Array(png) } };
  }
  throw validationError('kind: sign by typing ("typed") or drawing ("drawn")');
}

/**
 * Signs with a code (docs/business-rules.md, “Signing the financing documents”): the code must be
 * the last one sent, within its 10 minutes and 5 tries; a wrong code counts (and is recorded) even
 * though the step fails. Then the next signer gets a link, or, after the last signature, the
 * envelope is completed and sealed, once: the envelope row is locked, so two final signatures
 * arriving together seal one document.
 */
export async function signDocument(deps: SigningDeps, token: unknown, body: unknown, client: StepClient) {
  const { code, signature } = parseSignature(body);
  type Outcome =
    | { readonly refused: string }
    | {
        readonly status: 'Signed' | 'Completed';
        readonly next: string | null;
        readonly changed: readonly string[];
      };
  const outcome = await signerStep(
    deps,
    token,
    async (tx, { envelope, signer, signers, at }): Promise<Outcome> => {
      const expires = toDate(signer.code_expires_at);
      if (!signer.code_hash || !expires || expires <= at || signer.code_failures >= SIGNING_LIMITS.codeTries)
        return { refused: 'Ask for a new code: the last one has expired or was entered wrongly too often.' };
      if (!codeMatches(deps.keys.secret, signer.id, code, signer.code_hash)) {
        const failures = signer.code_failures + 1;
        await tx.query('UPDATE esign_signer SET code_failures = $2 WHERE id = $1', [signer.id, failures]);
        await recordEnvelopeEvent(tx, {
          envelopeId: envelope.id,
          signerId: signer.id,
          at,
          action: 'code failed',
          client,
          detail: `${failures} of ${SIGNING_LIMITS.codeTries} tries`,
        });
        const left = SIGNING_LIMITS.codeTries - failures;
        return {
          refused:
            left > 0
              ? `The code is not right; ${left} ${left === 1 ? 'try' : 'tries'} left.`
              : 'The code is not right, and that was the last try: ask for a new code.',
        };
      }
      await tx.query(
        `UPDATE esign_signer SET status = 'Signed', signed_at = $2, signature_kind = $3, signature_text = $4, signature_png = $5,
              address = $6, user_agent = $7, code_hash = NULL WHERE id = $1`,
        [
          signer.id,
          at.toISOString(),
          signature.kind,
          signature.kind === 'typed' ? signature.text : null,
          signature.kind === 'drawn' ? signature.png : null,
          client.address ?? null,
          client.userAgent?.slice(0, 500) ?? null,
        ],
      );
      await recordEnvelopeEvent(tx, {
        envelopeId: envelope.id,
        signerId: signer.id,
        at,
        action: 'signed',
        client,
        detail: `${signature.kind === 'typed' ? 'typed' : 'drawn'} signature; consent given`,
      });
      const next = signers.find((s) => s.position > signer.position && s.status === 'Waiting');
      if (next) {
        await sendToSigner(tx, deps, { envelope, signer: next, at, as: 'sent' });
        return { status: 'Signed', next: `${next.name} (${next.role})`, changed: [] };
      }
      const changed = await completeEnvelope(tx, deps, envelope, at);
      return { status: 'Completed', next: null, changed };
    },
  );
  if ('refused' in outcome) throw new ApiError('ValidationError', outcome.refused);
  for (const id of outcome.changed) await publishChange(deps.db, { model: 'Request', kind: 'update', id });
  return { status: outcome.status, next: outcome.next };
}
