import { SIGNING_LIMITS } from '@rf/domain/esign/envelopes';
import type { SignatureBody } from '../entity/signing-api.ts';

/**
 * The signing page's form (docs/business-rules.md, “Signing the financing documents”): the
 * e-mailed 6-digit code, a typed or drawn signature, the consent; checked here with the server's
 * limits before it is sent (the server checks them again).
 */
export interface SignatureDraft {
  readonly code: string;
  readonly kind: 'typed' | 'drawn';
  readonly text: string;
  /** The drawing as a PNG data URL; null while the pad is empty. */
  readonly png: string | null;
  readonly consent: boolean;
}

export type SignatureErrors = Partial<Record<'code' | 'text' | 'png' | 'consent', string>>;

/** The code as typed, without spaces or dashes ("123 456" → "123456"). */
export const cleanCode = (code: string): string => code.replace(/[\s-]/g, '');

/** The bytes of a base64 data URL's content. */
export function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

export function signatureErrors(
  draft: SignatureDraft,
  limits: { readonly typedSignatureLength: number } = SIGNING_LIMITS,
): SignatureErrors {
  const errors: SignatureErrors = {};
  const code = cleanCode(draft.code);
  if (!code) errors.code = 'Enter the 6-digit code from the e-mail.';
  else if (!/^\d{6}$/.test(code)) errors.code = 'The code has 6 digits.';
  if (draft.kind === 'typed') {
    const text = draft.text.trim();
    if (!text) errors.text = 'Type your name as your signature.';
    else if (text.length > limits.typedSignatureLength)
      errors.text = `At most ${limits.typedSignatureLength} characters.`;
  } else if (!draft.png) errors.png = 'Draw your signature in the box.';
  else if (dataUrlBytes(draft.png) > SIGNING_LIMITS.drawnSignatureBytes)
    errors.png = 'The drawing is too large; clear it and draw it again, more simply.';
  if (!draft.consent) errors.consent = 'Tick the box to agree to sign electronically.';
  return errors;
}

/** What the server takes, once `signatureErrors` finds nothing. */
export function signatureBody(draft: SignatureDraft): SignatureBody {
  const code = cleanCode(draft.code);
  return draft.kind === 'typed'
    ? { code, consent: true, kind: 'typed', text: draft.text.trim() }
    : { code, consent: true, kind: 'drawn', png: draft.png ?? '' };
}

/** Why a decline cannot be sent yet, or null. */
export function declineError(reason: string, limit: number = SIGNING_LIMITS.reasonLength): string | null {
  const text = reason.trim();
  if (!text) return 'Say why you decline to sign; the platform’s administrators read it.';
  if (text.length > limit) return `At most ${limit} characters (${text.length} now).`;
  return null;
}
