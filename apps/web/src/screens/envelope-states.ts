import { DOCUMENT_KINDS, DOCUMENTS, type DocumentKind } from '@rf/domain/esign/envelopes';
import { formatDateTime } from '../entity/format.ts';
import type { Envelope, EnvelopeSigner } from '../entity/envelope-api.ts';

/**
 * How the Signatures panel words an envelope, its signers and its trail
 * (docs/business-rules.md, “Signing the financing documents”): the chip's status and label, one
 * line of dates, and which of an administrator's steps apply.
 */

export interface StateText {
  /** The status the chip's colour follows (shared/status-tones.ts). */
  readonly status: string;
  /** The chip's words. */
  readonly label: string;
  /** One line with the dates (and reason) that go with it. */
  readonly text: string;
}

const when = (iso: string | null | undefined): string => formatDateTime(iso ?? '');

/** The signer whose turn it is on an envelope still out: the first that is sent a link. */
export function pendingSigner(envelope: Envelope): EnvelopeSigner | undefined {
  if (envelope.status !== 'Sent') return undefined;
  return [...envelope.signers].sort((a, b) => a.position - b.position).find((s) => s.status === 'Sent');
}

export function envelopeState(envelope: Envelope): StateText {
  const sent = `Sent ${when(envelope.createdAt)}`;
  const reason = envelope.endReason ? `: ${envelope.endReason}` : '';
  switch (envelope.status) {
    case 'Sent': {
      const pending = pendingSigner(envelope);
      return {
        status: 'Sent',
        label: 'Out for signature',
        text: [
          sent,
          pending ? `waiting for ${pending.name} (${pending.role})` : null,
          `expires ${when(envelope.expiresAt)}`,
        ]
          .filter(Boolean)
          .join('; '),
      };
    }
    case 'Completed':
      return {
        status: 'Completed',
        label: 'Completed',
        text: `${sent}; every signer signed; sealed ${when(envelope.endedAt)}.`,
      };
    case 'Declined':
      return {
        status: 'Declined',
        label: 'Declined',
        text: `${sent}; declined ${when(envelope.endedAt)}${reason}.`,
      };
    case 'Expired':
      return {
        status: 'Expired',
        label: 'Expired',
        text: `${sent}; expired ${when(envelope.endedAt ?? envelope.expiresAt)} before every signer had signed.`,
      };
    case 'Voided':
      return {
        status: 'Voided',
        label: 'Voided',
        text: `${sent}; voided ${when(envelope.endedAt)}${reason}.`,
      };
  }
}

/** A signer's state on an envelope: waiting, link sent, opened, signed or declined, with the dates. */
export function signerState(signer: EnvelopeSigner, envelope: Envelope): StateText {
  switch (signer.status) {
    case 'Waiting':
      return envelope.status === 'Sent'
        ? { status: 'Waiting', label: 'Waiting', text: 'Gets a link once the signers before have signed.' }
        : { status: 'Waiting', label: 'Not sent', text: 'The envelope stopped before this signer’s turn.' };
    case 'Sent': {
      const parts = [
        `Link sent ${when(signer.sentAt)}`,
        signer.remindedAt ? `reminded ${when(signer.remindedAt)}` : null,
        signer.openedAt ? `opened ${when(signer.openedAt)}` : 'not opened yet',
      ];
      if (envelope.status !== 'Sent')
        return {
          status: 'Voided',
          label: 'Did not sign',
          text: `${parts.filter(Boolean).join('; ')}; the envelope stopped before this signer signed.`,
        };
      return {
        status: 'Sent',
        label: signer.openedAt ? 'Opened' : 'Link sent',
        text: parts.filter(Boolean).join('; '),
      };
    }
    case 'Signed':
      return {
        status: 'Signed',
        label: 'Signed',
        text: `Signed ${when(signer.signedAt)}${signer.signatureKind ? ` (${signer.signatureKind} signature)` : ''}.`,
      };
    case 'Declined':
      return {
        status: 'Declined',
        label: 'Declined',
        text: `Declined ${when(signer.declinedAt)}${signer.declineReason ? `: “${signer.declineReason}”` : ''}.`,
      };
  }
}

/** A step of the envelope's audit trail as the screen names it ("code sent" → "Code sent"). */
export function eventLabel(action: string): string {
  return action ? action.charAt(0).toUpperCase() + action.slice(1) : action;
}

/** Whether a newer envelope was sent in place of this one. */
export const isReplaced = (envelope: Envelope, all: readonly Envelope[]): boolean =>
  all.some((e) => e.replaces === envelope.id);

export interface DocumentEnvelopes {
  readonly kind: DocumentKind;
  readonly label: string;
  /** The newest envelope of the document, or null when it was never sent. */
  readonly current: Envelope | null;
  /** The envelopes it replaced, newest first. */
  readonly earlier: readonly Envelope[];
}

/**
 * A request's envelopes per document: the IPU and the offer notice, and the RAA offer notice only
 * once one exists (it is issued at the SPV's purchase). Nothing when the request has no envelope
 * at all (older data, or documents uploaded as signed copies).
 */
export function documentsOf(envelopes: readonly Envelope[]): DocumentEnvelopes[] {
  if (!envelopes.length) return [];
  return DOCUMENT_KINDS.flatMap((kind) => {
    const mine = envelopes
      .filter((e) => e.kind === kind)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
    if (!mine.length && kind === 'raa_offer_notice') return [];
    return [{ kind, label: DOCUMENTS[kind].label, current: mine[0] ?? null, earlier: mine.slice(1) }];
  });
}

export interface AdminSteps {
  readonly remind: boolean;
  readonly void: boolean;
  readonly resend: boolean;
}

/**
 * An administrator's steps on an envelope: a reminder and voiding while it is out; a new envelope
 * in place of a voided, declined or expired one that nothing replaced yet (`replaced`: a newer
 * envelope was sent in its place).
 */
export function adminSteps(envelope: Envelope, replaced: boolean): AdminSteps {
  const out = envelope.status === 'Sent';
  return {
    remind: out && pendingSigner(envelope) !== undefined,
    void: out,
    resend: ['Voided', 'Declined', 'Expired'].includes(envelope.status) && !replaced,
  };
}

/** How a request file of a signed document came there: sealed by the platform, or uploaded. */
export function signedFileOrigin(
  fileKey: unknown,
  envelopes: readonly Envelope[],
): 'sealed' | 'uploaded' | null {
  if (typeof fileKey !== 'string' || !fileKey) return null;
  return envelopes.some((e) => e.sealedKey === fileKey) ? 'sealed' : 'uploaded';
}
