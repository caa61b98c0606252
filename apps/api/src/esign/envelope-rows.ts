import {
  DOCUMENTS,
  type DocumentKind,
  type EnvelopeStatus,
  type SignerRole,
  type SignerStatus,
} from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import type { SigningSubject } from '../mail/templates/signing.ts';

/** An envelope as stored (table esign_envelope), without its document bytes. */
export interface EnvelopeRow extends Record<string, unknown> {
  id: string;
  kind: DocumentKind;
  provider: string;
  status: EnvelopeStatus;
  owner_group_id: string;
  batch_id: string | null;
  /** Null until the document is first rendered (envelope-document.ts). */
  document_sha256: string | null;
  summary: EnvelopeSummary;
  sealed_key: string | null;
  sealed_sha256: string | null;
  created_at: string | Date;
  expires_at: string | Date;
  ended_at: string | Date | null;
  end_reason: string | null;
  replaces: string | null;
  version: number;
}

/** What the e-mails and the signing page say of an envelope, fixed when it is made. */
export interface EnvelopeSummary {
  readonly supplier: string;
  readonly buyer: string;
  /** "invoice INV-1" or "3 invoices". */
  readonly invoices: string;
  /** The invoice numbers, in the document's order. */
  readonly numbers: readonly string[];
}

export interface SignerRow extends Record<string, unknown> {
  id: string;
  envelope_id: string;
  position: number;
  role: SignerRole;
  name: string;
  email: string;
  status: SignerStatus;
  sent_at: string | Date | null;
  opened_at: string | Date | null;
  reminded_at: string | Date | null;
  code_hash: string | null;
  code_sent_at: string | Date | null;
  code_expires_at: string | Date | null;
  code_failures: number;
  signed_at: string | Date | null;
  signature_kind: 'typed' | 'drawn' | null;
  signature_text: string | null;
  address: string | null;
  user_agent: string | null;
  declined_at: string | Date | null;
  decline_reason: string | null;
}

export const ENVELOPE_COLUMNS =
  'id, kind, provider, status, owner_group_id, batch_id, document_sha256, summary, sealed_key, sealed_sha256, created_at, expires_at, ended_at, end_reason, replaces, version';

export const SIGNER_COLUMNS =
  'id, envelope_id, position, role, name, email, status, sent_at, opened_at, reminded_at, code_hash, code_sent_at, code_expires_at, code_failures, signed_at, signature_kind, signature_text, address, user_agent, declined_at, decline_reason';

export const toDate = (v: string | Date | null): Date | null => (v === null ? null : new Date(v));

/** Locks and reads an envelope; undefined when there is none. */
export async function lockEnvelope(tx: Queryable, id: string): Promise<EnvelopeRow | undefined> {
  const [row] = await tx.query<EnvelopeRow>(
    `SELECT ${ENVELOPE_COLUMNS} FROM esign_envelope WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return row;
}

export async function signersOf(tx: Queryable, envelopeId: string): Promise<SignerRow[]> {
  return tx.query<SignerRow>(
    `SELECT ${SIGNER_COLUMNS} FROM esign_signer WHERE envelope_id = $1 ORDER BY position`,
    [envelopeId],
  );
}

/** The signer whose turn it is: the first who has not signed (none once all have, or one declined). */
export const currentSigner = (signers: readonly SignerRow[]): SignerRow | undefined =>
  signers.find((s) => s.status !== 'Signed');

export const requestIdsOf = async (tx: Queryable, envelopeId: string): Promise<string[]> =>
  (
    await tx.query<{ request_id: string }>(
      'SELECT request_id FROM esign_envelope_request WHERE envelope_id = $1 ORDER BY request_id',
      [envelopeId],
    )
  ).map((r) => r.request_id);

/** The envelope's subject for a signer, as the e-mails and the signing page put it. */
export const subjectOf = (
  envelope: Pick<EnvelopeRow, 'kind' | 'summary'>,
  role: SignerRole,
): SigningSubject => ({
  document: DOCUMENTS[envelope.kind].title,
  purpose: DOCUMENTS[envelope.kind].purpose,
  supplier: envelope.summary.supplier,
  buyer: envelope.summary.buyer,
  invoices: envelope.summary.invoices,
  role,
});
