import { SIGNING_LIMITS } from '@rf/domain/esign/envelopes';
import type { SigningView } from '../entity/signing-api.ts';

/**
 * Where a signer stands when their link opens
 * (docs/business-rules.md, “Signing the financing documents”), one of the signing page's states,
 * with the words it shows.
 */
export type SigningStage =
  | { readonly stage: 'sign' }
  | { readonly stage: 'completed'; readonly text: string }
  | { readonly stage: 'signed'; readonly text: string }
  | { readonly stage: 'declined'; readonly text: string }
  | { readonly stage: 'ended'; readonly text: string }
  | { readonly stage: 'not-your-turn'; readonly text: string };

export function signingStage(view: SigningView, now: Date = new Date()): SigningStage {
  const { envelope, you } = view;
  if (envelope.status === 'Completed')
    return {
      stage: 'completed',
      text: 'All parties have signed; the sealed document is with the platform.',
    };
  if (you.status === 'Signed')
    return {
      stage: 'signed',
      text:
        envelope.status === 'Sent'
          ? `You have signed this document. ${view.waitingFor ? `It now waits for ${view.waitingFor}. ` : ''}Once all parties have signed, the platform seals the document and keeps it.`
          : `You have signed this document, but the envelope did not complete: it was ${envelope.status.toLowerCase()}${envelope.endReason ? ` (${envelope.endReason})` : ''}.`,
    };
  if (you.status === 'Declined')
    return {
      stage: 'declined',
      text: 'You have declined to sign this document. The platform’s administrators have been told.',
    };
  if (envelope.status !== 'Sent')
    return {
      stage: 'ended',
      text: `This envelope was ${envelope.status.toLowerCase()}${envelope.endReason ? `: ${envelope.endReason}` : ''}. Nothing more can be signed in it.`,
    };
  if (new Date(envelope.expiresAt).getTime() <= now.getTime())
    return { stage: 'ended', text: 'This envelope has expired. Nothing more can be signed in it.' };
  if (view.yourTurn) return { stage: 'sign' };
  return {
    stage: 'not-your-turn',
    text: view.waitingFor
      ? `It is not your turn yet: ${view.waitingFor} signs before you. You will get an e-mail with your link when it is your turn.`
      : 'It is not your turn yet. You will get an e-mail with your link when it is your turn.',
  };
}

/** Seconds until another code may be asked for (0 when it may now). */
export function resendWait(sentAt: string | null | undefined, now: Date = new Date()): number {
  if (!sentAt) return 0;
  const since = (now.getTime() - new Date(sentAt).getTime()) / 1000;
  if (!Number.isFinite(since)) return 0;
  return Math.max(0, Math.ceil(SIGNING_LIMITS.codeResendSeconds - since));
}

/** "1st", "2nd", "3rd" signer. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

/** The page's opening sentence: who is (or was) asked to sign, as what, in which place. */
export function askedText(view: SigningView): string {
  const { you, document } = view;
  const place = `as the ${you.role.toLowerCase()}, ${ordinal(you.position)} of ${view.signers.length} ${view.signers.length === 1 ? 'signer' : 'signers'}`;
  const lead =
    you.status === 'Signed'
      ? `${you.name}, you signed this document ${place}.`
      : you.status === 'Declined'
        ? `${you.name}, you declined to sign this document ${place}.`
        : view.envelope.status === 'Sent'
          ? `${you.name}, you are asked to sign this document ${place}.`
          : `${you.name}, you were asked to sign this document ${place}.`;
  return `${lead} By signing, ${document.purpose}.`;
}

/** A signer's state as the signing page names it: the chip's status (its colour) and words. */
export function publicSignerState(
  status: SigningView['signers'][number]['status'],
  envelope: SigningView['envelope']['status'],
): { status: string; label: string } {
  if (status === 'Signed' || status === 'Declined') return { status, label: status };
  if (envelope !== 'Sent')
    return { status: 'Voided', label: status === 'Sent' ? 'Did not sign' : 'Not reached' };
  return status === 'Sent'
    ? { status: 'Sent', label: 'Asked to sign' }
    : { status: 'Waiting', label: 'Waiting' };
}
