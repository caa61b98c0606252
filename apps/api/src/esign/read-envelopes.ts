import { DOCUMENT_KINDS, DOCUMENTS } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import {
  ENVELOPE_COLUMNS,
  SIGNER_COLUMNS,
  toDate,
  type EnvelopeRow,
  type SignerRow,
} from './envelope-rows.ts';

const iso = (v: string | Date | null | undefined): string | null => (v ? toDate(v)!.toISOString() : null);

export interface EnvelopeView {
  readonly id: string;
  readonly kind: string;
  readonly label: string;
  readonly title: string;
  readonly provider: string;
  readonly status: string;
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly endedAt: string | null;
  readonly endReason: string | null;
  /** Null until the document is first opened. */
  readonly documentSha256: string | null;
  readonly sealedKey: string | null;
  readonly sealedSha256: string | null;
  readonly replaces: string | null;
  readonly requestIds: readonly string[];
  readonly signers: readonly ReturnType<typeof signerView>[];
  readonly events: readonly EventView[];
}

interface EventView {
  readonly at: string;
  readonly action: string;
  readonly signer: string | null;
  readonly actor: string | null;
  readonly address: string | null;
  readonly userAgent: string | null;
  readonly detail: string | null;
}

const signerView = (s: SignerRow) => ({
  id: s.id,
  position: s.position,
  role: s.role,
  name: s.name,
  email: s.email,
  status: s.status,
  sentAt: iso(s.sent_at),
  openedAt: iso(s.opened_at),
  remindedAt: iso(s.reminded_at),
  signedAt: iso(s.signed_at),
  signatureKind: s.signature_kind,
  declinedAt: iso(s.declined_at),
  declineReason: s.decline_reason,
});

/** The envelopes of some ids, with their signers, requests and events, oldest first. */
export async function envelopeViews(tx: Queryable, ids: readonly string[]): Promise<EnvelopeView[]> {
  if (!ids.length) return [];
  const [envelopes, signers, links, events] = await Promise.all([
    tx.query<EnvelopeRow>(
      `SELECT ${ENVELOPE_COLUMNS} FROM esign_envelope WHERE id = ANY($1::uuid[]) ORDER BY created_at, id`,
      [ids],
    ),
    tx.query<SignerRow>(
      `SELECT ${SIGNER_COLUMNS} FROM esign_signer WHERE envelope_id = ANY($1::uuid[]) ORDER BY position`,
      [ids],
    ),
    tx.query<{ envelope_id: string; request_id: string }>(
      'SELECT envelope_id, request_id FROM esign_envelope_request WHERE envelope_id = ANY($1::uuid[]) ORDER BY request_id',
      [ids],
    ),
    tx.query<{
      envelope_id: string;
      at: string | Date;
      action: string;
      signer: string | null;
      actor: string | null;
      address: string | null;
      user_agent: string | null;
      detail: string | null;
    }>(
      `SELECT e.envelope_id, e.at, e.action, s.name AS signer, e.actor, e.address, e.user_agent, e.detail
         FROM esign_event e LEFT JOIN esign_signer s ON s.id = e.signer_id
        WHERE e.envelope_id = ANY($1::uuid[]) ORDER BY e.at, e.seq`,
      [ids],
    ),
  ]);
  // Made together (a submission's IPU and offer notice), they read in the documents' order.
  const order = (e: EnvelopeRow) =>
    [new Date(e.created_at).getTime(), DOCUMENT_KINDS.indexOf(e.kind)] as const;
  envelopes.sort(
    (a, b) => order(a)[0] - order(b)[0] || order(a)[1] - order(b)[1] || a.id.localeCompare(b.id),
  );
  return envelopes.map((e) => ({
    id: e.id,
    kind: e.kind,
    label: DOCUMENTS[e.kind].label,
    title: DOCUMENTS[e.kind].title,
    provider: e.provider,
    status: e.status,
    createdAt: iso(e.created_at)!,
    expiresAt: iso(e.expires_at)!,
    endedAt: iso(e.ended_at),
    endReason: e.end_reason,
    documentSha256: e.document_sha256,
    sealedKey: e.sealed_key,
    sealedSha256: e.sealed_sha256,
    replaces: e.replaces,
    requestIds: links.filter((l) => l.envelope_id === e.id).map((l) => l.request_id),
    signers: signers.filter((s) => s.envelope_id === e.id).map(signerView),
    events: events
      .filter((v) => v.envelope_id === e.id)
      .map((v) => ({
        at: iso(v.at)!,
        action: v.action,
        signer: v.signer,
        actor: v.actor,
        address: v.address,
        userAgent: v.user_agent,
        detail: v.detail,
      })),
  }));
}
