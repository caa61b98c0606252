import { createHash } from 'node:crypto';
import { DOCUMENTS } from '@rf/domain';
import { ENVELOPE_COLUMNS, signersOf, toDate, type EnvelopeRow } from './envelope-rows.ts';
import { verifySealedPdf } from './seal/verify-sealed-pdf.ts';
import type { SigningDeps } from './signing-deps.ts';

/** What the public verification page answers. */
export interface VerifyAnswer {
  /**
   * authentic: sealed by this platform, unmodified, and on record; modified: sealed by this platform
   * but changed since; unknown: sealed by this platform but no envelope here has this file;
   * not-sealed: no seal of this platform.
   */
  readonly verdict: 'authentic' | 'modified' | 'unknown' | 'not-sealed';
  readonly explanation: string;
  readonly sha256: string;
  readonly sealedAt: string | null;
  readonly envelope: {
    readonly id: string;
    readonly document: string;
    readonly supplier: string;
    readonly buyer: string;
    readonly invoices: readonly string[];
    readonly completedAt: string | null;
    readonly requestIds: readonly string[];
    readonly signers: readonly { position: number; role: string; name: string; signedAt: string | null }[];
  } | null;
}

/**
 * Checks an uploaded PDF (docs/architecture.md, “Document seal”): the platform's signature, over
 * the whole file, unchanged; and which envelope it is, by the SHA-256 stored when it was sealed.
 */
export async function verifyDocument(
  deps: Pick<SigningDeps, 'db' | 'certificate'>,
  pdf: Uint8Array,
): Promise<VerifyAnswer> {
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const certificate = await deps.certificate();
  const check = verifySealedPdf(pdf, { fingerprints: certificate.trustedFingerprints });
  const [envelope] = await deps.db.query<EnvelopeRow>(
    `SELECT ${ENVELOPE_COLUMNS} FROM esign_envelope WHERE sealed_sha256 = $1`,
    [sha256],
  );
  const sealedByUs = check.sealed && check.byPlatform;
  const whole = sealedByUs && check.intact && check.coversWholeDocument;
  const verdict: VerifyAnswer['verdict'] = !sealedByUs
    ? 'not-sealed'
    : !whole
      ? 'modified'
      : envelope
        ? 'authentic'
        : 'unknown';
  const problem = check.problem?.replace(/\.+$/, '');
  const explanation = {
    authentic:
      'This document was sealed by this platform when its last signer signed, and it has not been changed since.',
    modified: `This document carries this platform's seal, but it was changed after sealing${problem ? ` (${problem})` : ''}: do not rely on it.`,
    unknown: "This document carries this platform's valid seal, but no envelope here holds this exact file.",
    'not-sealed': `This document does not carry a valid seal of this platform${problem ? ` (${problem})` : ''}.`,
  }[verdict];
  let view: VerifyAnswer['envelope'] = null;
  if (envelope && verdict === 'authentic') {
    const [signers, links] = await Promise.all([
      signersOf(deps.db, envelope.id),
      deps.db.query<{ request_id: string }>(
        'SELECT request_id FROM esign_envelope_request WHERE envelope_id = $1 ORDER BY request_id',
        [envelope.id],
      ),
    ]);
    view = {
      id: envelope.id,
      document: DOCUMENTS[envelope.kind].title,
      supplier: envelope.summary.supplier,
      buyer: envelope.summary.buyer,
      invoices: envelope.summary.numbers,
      completedAt: toDate(envelope.ended_at)?.toISOString() ?? null,
      requestIds: links.map((l) => l.request_id),
      signers: signers.map((s) => ({
        position: s.position,
        role: s.role,
        name: s.name,
        signedAt: toDate(s.signed_at)?.toISOString() ?? null,
      })),
    };
  }
  return { verdict, explanation, sha256, sealedAt: check.signedAt ?? null, envelope: view };
}
