import { DOCUMENTS, type DocumentKind } from '@rf/domain';
import type { StepClient } from '../esign/events.ts';
import { signDocument } from '../esign/sign-document.ts';
import { declineSigning, sendSigningCode } from '../esign/signing-steps.ts';
import { signingView } from '../esign/signing-view.ts';
import { sweepEnvelopes } from '../esign/sweep.ts';
import { Rng } from './prng.ts';
import { drawnSignatureUrl } from './signature-drawing.ts';
import type { DemoStage } from './demo-stage.ts';

/**
 * A signer's steps on the public signing page
 * (docs/business-rules.md, “Signing the financing documents”), taken by the demo's people through
 * the same functions as the page's routes: the link and the code are read from the mail the steps
 * sent, delivered into the demo's mailbox.
 */

/** Where the demo's steps come from: no address, and the demo load as the user agent. */
const CLIENT: StepClient = { address: null, userAgent: 'demo data set' };

/** A signer who opened their link and asked for a code: what the signature still needs. */
export interface OpenedLink {
  readonly token: string;
  readonly name: string;
  readonly code: string;
  /** When they sign: a minute after reading the code. */
  readonly at: number;
}

export class DemoSigner {
  /** Typed or drawn: each signer chooses, the same way on every run. */
  private readonly rng = new Rng('demo-signing');

  constructor(private readonly s: DemoStage) {}

  /** The e-mail of the signer whose turn it is on the request's envelope of `kind` still out. */
  private async turn(requestId: string, kind: DocumentKind): Promise<string | null> {
    const [signer] = await this.s.a.db.query<{ email: string }>(
      `SELECT s.email FROM esign_signer s
         JOIN esign_envelope e ON e.id = s.envelope_id
         JOIN esign_envelope_request er ON er.envelope_id = e.id
        WHERE er.request_id = $1 AND e.kind = $2 AND e.status = 'Sent' AND s.status = 'Sent'`,
      [requestId, kind],
    );
    return signer?.email ?? null;
  }

  /** The token of the newest link to sign `kind` mailed to `email`. */
  private async link(email: string, kind: DocumentKind): Promise<string> {
    await this.s.a.deliverMail();
    return this.s.a.mailbox.signingTokenTo(email, DOCUMENTS[kind].title);
  }

  /**
   * At `t`, the signer whose turn it is opens the link mailed to them, asks for a code and reads
   * it; null when no envelope of `kind` waits for a signer (a batch's RAA not issued yet).
   */
  async open(requestId: string, kind: DocumentKind, t: number): Promise<OpenedLink | null> {
    const { a, clock } = this.s;
    const email = await this.turn(requestId, kind);
    if (!email) return null;
    this.s.then(t);
    const token = await this.link(email, kind);
    const view = await signingView(a.signing, token, CLIENT);
    clock.tick(1);
    await sendSigningCode(a.signing, token, CLIENT);
    await a.deliverMail();
    const code = a.mailbox.signingCodeTo(email);
    return { token, name: view.you.name, code, at: clock.ms + 60_000 };
  }

  /** Signs an opened link with the code, typed or drawn, accepting the consent sentence. */
  async signOpened(opened: OpenedLink): Promise<void> {
    this.s.clock.set(opened.at);
    const signature = this.rng.chance(0.5)
      ? { kind: 'typed', text: opened.name }
      : { kind: 'drawn', png: drawnSignatureUrl(opened.name) };
    await signDocument(
      this.s.a.signing,
      opened.token,
      { code: opened.code, consent: true, ...signature },
      CLIENT,
    );
    this.s.clock.tick();
  }

  /** At `t` the signer whose turn it is signs; false when no envelope of `kind` waits for one. */
  async sign(requestId: string, kind: DocumentKind, t: number): Promise<boolean> {
    const opened = await this.open(requestId, kind, t);
    if (opened) await this.signOpened(opened);
    return opened !== null;
  }

  /**
   * At `t` the signer whose turn it is opens the link and asks for a code, and signs at the end of
   * the load: the link then mailed to the next signer stays queued, and the server sends it.
   */
  async signLast(requestId: string, kind: DocumentKind, t: number): Promise<void> {
    const opened = await this.open(requestId, kind, t);
    if (!opened) throw new Error(`No ${kind} to sign for request ${requestId}`);
    this.s.finale.push(() => this.signOpened(opened));
  }

  /** The scheduled esign-sweep job's run at `t`: it reminds pending signers and expires envelopes. */
  async sweep(t: number): Promise<{ expired: number; reminded: number }> {
    this.s.then(t);
    return sweepEnvelopes(this.s.a.signing);
  }

  /** At `t` the signer whose turn it is reads the document and declines to sign it. */
  async decline(requestId: string, kind: DocumentKind, t: number, reason: string): Promise<void> {
    const { a, clock } = this.s;
    const email = await this.turn(requestId, kind);
    if (!email) throw new Error(`No ${kind} to decline for request ${requestId}`);
    this.s.then(t);
    const token = await this.link(email, kind);
    await signingView(a.signing, token, CLIENT);
    clock.tick(6);
    await declineSigning(a.signing, token, reason, CLIENT);
    clock.tick();
  }
}
