import type { DocumentKind, EnvelopeStatus, SignerStatus } from '@rf/domain/esign/envelopes';
import { RequestError } from '../shared/errors.ts';

/**
 * The public signing steps behind a signer's e-mailed link, `/esign/sign/<token>`, and the public
 * verification of a sealed PDF (docs/business-rules.md, “Signing the financing documents”): no
 * account, the link is the key and the e-mailed code the proof. The server's own words come back
 * in errors (a wrong code says how many tries are left).
 */

export interface SigningView {
  readonly document: { readonly kind: DocumentKind; readonly title: string; readonly purpose: string };
  readonly supplier: string;
  readonly buyer: string;
  readonly invoices: readonly string[];
  readonly envelope: {
    readonly status: EnvelopeStatus;
    readonly expiresAt: string;
    readonly endReason: string | null;
  };
  readonly you: {
    readonly name: string;
    readonly email: string;
    readonly role: string;
    readonly position: number;
    readonly status: SignerStatus;
    readonly signedAt: string | null;
  };
  readonly signers: readonly {
    readonly position: number;
    readonly role: string;
    readonly name: string;
    readonly status: SignerStatus;
    readonly signedAt: string | null;
  }[];
  readonly yourTurn: boolean;
  readonly waitingFor: string | null;
  readonly code: { readonly sentAt: string; readonly expiresAt: string; readonly triesLeft: number } | null;
  readonly consent: string;
  readonly limits: {
    readonly codeMinutes: number;
    readonly reasonLength: number;
    readonly typedSignatureLength: number;
  };
}

export interface CodeSent {
  readonly sentTo: string;
  readonly expiresAt: string;
  readonly triesLeft: number;
}

export type SignatureBody =
  | { readonly code: string; readonly consent: true; readonly kind: 'typed'; readonly text: string }
  | { readonly code: string; readonly consent: true; readonly kind: 'drawn'; readonly png: string };

export interface Signed {
  readonly status: 'Signed' | 'Completed';
  /** The next signer, "Name (Role)", when someone signs after this one. */
  readonly next: string | null;
}

export interface Verification {
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

const NO_CONNECTION = 'No connection to the server. Check your network and try again.';

async function answer<T>(url: string, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers: { Accept: 'application/json', ...init.headers } });
  } catch {
    throw new RequestError({ message: NO_CONNECTION, url, status: 0 });
  }
  const body = (await res.json().catch(() => null)) as ({ error?: string; message?: string } & T) | null;
  if (!res.ok)
    throw new RequestError({
      message:
        body?.message ??
        (res.status === 413
          ? 'This file is too large.'
          : `The server could not answer (HTTP ${res.status}). Please try again.`),
      url,
      status: res.status,
      code: body?.error,
    });
  if (body === null)
    throw new RequestError({
      message: 'The server’s answer could not be read. Please try again.',
      url,
      status: res.status,
    });
  return body;
}

const signPath = (token: string) => `/esign/sign/${encodeURIComponent(token)}`;
const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

export const signingApi = {
  /** What the link opens; the first opening on the signer's turn is recorded. */
  view: (token: string) => answer<SigningView>(signPath(token), { method: 'GET' }),
  /** The document as generated, a PDF. */
  documentUrl: (token: string) => `${signPath(token)}/document`,
  sendCode: (token: string) => answer<CodeSent>(`${signPath(token)}/code`, postJson({})),
  sign: (token: string, body: SignatureBody) =>
    answer<Signed>(`${signPath(token)}/signature`, postJson(body)),
  decline: (token: string, reason: string) =>
    answer<{ status: 'Declined' }>(`${signPath(token)}/decline`, postJson({ reason })),
};

/** Checks a PDF against the platform's seal and its records. */
export function verifyDocument(file: File): Promise<Verification> {
  const form = new FormData();
  form.append('file', file);
  return answer<Verification>('/esign/verify', { method: 'POST', body: form });
}
