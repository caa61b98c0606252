import { checkDetachedCms, UnreadableSignature, type CmsCheck } from './cms-signature.ts';
import { normalizeFingerprint } from './platform-certificate.ts';
import { findLastSignature } from './signature-dictionary.ts';

/** What the public verification page says about a PDF (docs/architecture.md, “Document seal”). */
export interface VerifyResult {
  /** A signature was found and its CMS could be read. */
  readonly sealed: boolean;
  /** The signed digest is that of the signed bytes, and the signature over it verifies. */
  readonly intact: boolean;
  /** The signed bytes are the whole file but the signature itself: nothing added or left out. */
  readonly coversWholeDocument: boolean;
  /** The signer's certificate is one of the trusted (the platform's) and its key made the signature. */
  readonly byPlatform: boolean;
  /** The signature dictionary's time (`/M`), ISO 8601. */
  readonly signedAt?: string;
  readonly reason?: string;
  /** What is wrong, in plain words for a user; absent when nothing is. */
  readonly problem?: string;
}

const NOT_SEALED = {
  sealed: false,
  intact: false,
  coversWholeDocument: false,
  byPlatform: false,
} as const;

/**
 * Checks the last signature of a PDF: that its byte range covers the whole file but exactly the
 * signature's `/Contents`, that the CMS's message digest is the SHA-2 digest of those bytes and its
 * signature over the signed attributes verifies with the signer certificate, and that this
 * certificate's SHA-256 fingerprint is one of `trusted.fingerprints`. Never throws: anything that
 * is no readable signature is answered `sealed: false` with the problem.
 */
export function verifySealedPdf(pdf: Uint8Array, trusted: { fingerprints: readonly string[] }): VerifyResult {
  try {
    return verify(pdf, trusted);
  } catch (error) {
    const problem =
      error instanceof UnreadableSignature ? error.message : 'The seal of this file cannot be read.';
    return { ...NOT_SEALED, problem };
  }
}

function verify(pdf: Uint8Array, trusted: { fingerprints: readonly string[] }): VerifyResult {
  const found = findLastSignature(pdf);
  if (!found) return { ...NOT_SEALED, problem: 'This file carries no digital seal.' };
  if ('problem' in found) return { ...NOT_SEALED, problem: found.problem };
  const [start, firstLength, second, secondLength] = found.byteRange;
  const covered = [pdf.subarray(start, start + firstLength), pdf.subarray(second, second + secondLength)];
  const cms: CmsCheck = checkDetachedCms(found.contents, covered);
  const intact = found.rangesInFile && cms.digestMatches && cms.signatureVerifies;
  const byPlatform =
    cms.signatureVerifies && trusted.fingerprints.map(normalizeFingerprint).includes(cms.signerFingerprint);
  const problem = !found.rangesInFile
    ? 'The file is incomplete: part of what the seal covers is missing.'
    : !cms.signatureVerifies
      ? "The seal's signature does not match its certificate."
      : !cms.digestMatches
        ? 'The document was changed after it was sealed.'
        : !found.coversWholeDocument
          ? 'Something was added to the document after it was sealed.'
          : !byPlatform
            ? 'The seal was not made by this platform.'
            : undefined;
  return {
    sealed: true,
    intact,
    coversWholeDocument: found.coversWholeDocument,
    byPlatform,
    ...(found.signedAt !== undefined && { signedAt: found.signedAt }),
    ...(found.reason !== undefined && { reason: found.reason }),
    ...(problem !== undefined && { problem }),
  };
}
