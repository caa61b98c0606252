import {
  CONSENT_SENTENCE,
  DOCUMENTS,
  SIGNING_LIMITS,
  type EnvelopeStatus,
  type SignerStatus,
} from '@rf/domain';
import { currentSigner, signersOf, toDate } from './envelope-rows.ts';
import { recordEnvelopeEvent, type StepClient } from './events.ts';
import { sessionOf } from './signer-session.ts';
import { nowIn, type SigningDeps } from './signing-deps.ts';

/** What the public signing page shows (docs/business-rules.md, “Signing the financing documents”). */
export interface SigningView {
  readonly document: { readonly kind: string; readonly title: string; readonly purpose: string };
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
    position: number;
    role: string;
    name: string;
    status: SignerStatus;
    signedAt: string | null;
  }[];
  /** It is this signer's turn and the envelope is still out. */
  readonly yourTurn: boolean;
  /** Whose turn it is when not this signer's. */
  readonly waitingFor: string | null;
  /** The code last sent, if it still works. */
  readonly code: { readonly sentAt: string; readonly expiresAt: string; readonly triesLeft: number } | null;
  readonly consent: string;
  readonly limits: {
    readonly codeMinutes: number;
    readonly reasonLength: number;
    readonly typedSignatureLength: number;
  };
}

const iso = (v: string | Date | null): string | null => toDate(v)?.toISOString() ?? null;

/**
 * Opens a signing link: what the page shows; the signer's first opening while it is their turn is
 * recorded ("opened").
 */
export async function signingView(
  deps: SigningDeps,
  token: unknown,
  client: StepClient,
): Promise<SigningView> {
  const at = nowIn(deps);
  return deps.db.transaction(async (tx) => {
    const { envelope, signer } = await sessionOf(tx, deps, token, at, true);
    const signers = await signersOf(tx, envelope.id);
    const current = envelope.status === 'Sent' ? currentSigner(signers) : undefined;
    const yourTurn = current?.id === signer.id && signer.status === 'Sent';
    let opened = signer.opened_at;
    if (yourTurn && !opened) {
      opened = at.toISOString();
      await tx.query('UPDATE esign_signer SET opened_at = $2 WHERE id = $1', [signer.id, opened]);
      await recordEnvelopeEvent(tx, {
        envelopeId: envelope.id,
        signerId: signer.id,
        at,
        action: 'opened',
        client,
      });
    }
    const codeExpires = toDate(signer.code_expires_at);
    const codeWorks =
      yourTurn &&
      signer.code_hash &&
      codeExpires &&
      codeExpires > at &&
      signer.code_failures < SIGNING_LIMITS.codeTries;
    const decl = DOCUMENTS[envelope.kind];
    return {
      document: { kind: envelope.kind, title: decl.title, purpose: decl.purpose },
      supplier: envelope.summary.supplier,
      buyer: envelope.summary.buyer,
      invoices: envelope.summary.numbers,
      envelope: {
        status: envelope.status,
        expiresAt: iso(envelope.expires_at)!,
        endReason: envelope.end_reason,
      },
      you: {
        name: signer.name,
        email: signer.email,
        role: signer.role,
        position: signer.position,
        status: signer.status,
        signedAt: iso(signer.signed_at),
      },
      signers: signers.map((s) => ({
        position: s.position,
        role: s.role,
        name: s.name,
        status: s.status,
        signedAt: iso(s.signed_at),
      })),
      yourTurn,
      waitingFor:
        !yourTurn && current && current.id !== signer.id ? `${current.name} (${current.role})` : null,
      code: codeWorks
        ? {
            sentAt: iso(signer.code_sent_at)!,
            expiresAt: codeExpires.toISOString(),
            triesLeft: SIGNING_LIMITS.codeTries - signer.code_failures,
          }
        : null,
      consent: CONSENT_SENTENCE,
      limits: {
        codeMinutes: SIGNING_LIMITS.codeMinutes,
        reasonLength: SIGNING_LIMITS.reasonLength,
        typedSignatureLength: SIGNING_LIMITS.typedSignatureLength,
      },
    };
  });
}
