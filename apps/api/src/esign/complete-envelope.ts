import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { DOCUMENTS } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { updateRow } from '../data/rows.ts';
import { insertFileRecord } from '../files/files-table.ts';
import { finishDocument } from './documents/finish-document.ts';
import { envelopeDocument } from './envelope-document.ts';
import { requestIdsOf, signersOf, toDate, type EnvelopeRow } from './envelope-rows.ts';
import { recordEnvelopeEvent } from './events.ts';
import { sealPdf } from './seal/seal-pdf.ts';
import type { SigningDeps } from './signing-deps.ts';

const iso = (v: string | Date | null): string => toDate(v)?.toISOString() ?? '';

/** The states in which a request still takes its signed document. */
const TAKES_DOCUMENT = {
  ipu: ['Under Review', 'Documents Pending'],
  offer_notice: ['Under Review', 'Documents Pending'],
  raa_offer_notice: ['Approved', 'Settled'],
} as const;

/**
 * Completes an envelope after its last signature, inside that signature's transaction
 * (docs/business-rules.md, “Signing the financing documents”): draws the signatures, appends the
 * certificate of every event, seals the file with the platform's PAdES signature, stores it with
 * its SHA-256, and puts it on the requests (an IPU also dates `invoice_ipu_signed`). Returns the
 * requests it changed.
 */
export async function completeEnvelope(
  tx: Queryable,
  deps: SigningDeps,
  envelope: EnvelopeRow,
  at: Date,
): Promise<string[]> {
  const document = await envelopeDocument(tx, envelope.id);
  const signers = await signersOf(tx, envelope.id);
  const pngs = await tx.query<{ id: string; signature_png: Uint8Array | null }>(
    'SELECT id, signature_png FROM esign_signer WHERE envelope_id = $1',
    [envelope.id],
  );
  const events = await tx.query<{
    at: string | Date;
    action: string;
    actor: string | null;
    signer: string | null;
    address: string | null;
    user_agent: string | null;
    detail: string | null;
  }>(
    `SELECT e.at, e.action, e.actor, s.name AS signer, e.address, e.user_agent, e.detail
       FROM esign_event e LEFT JOIN esign_signer s ON s.id = e.signer_id
      WHERE e.envelope_id = $1 ORDER BY e.at, e.seq`,
    [envelope.id],
  );
  const decl = DOCUMENTS[envelope.kind];
  const finished = await finishDocument({
    pdf: document.pdf,
    boxes: document.boxes,
    signatures: signers.map((s) => {
      const png = pngs.find((p) => p.id === s.id)?.signature_png;
      return {
        position: s.position,
        name: s.name,
        signedAt: iso(s.signed_at),
        kind: s.signature_kind ?? 'typed',
        ...(s.signature_kind === 'drawn' && png
          ? { png: new Uint8Array(png) }
          : { text: s.signature_text ?? s.name }),
      };
    }),
    certificate: {
      reference: envelope.id,
      kind: envelope.kind,
      documentSha256: document.sha256,
      signers: signers.map((s) => ({
        position: s.position,
        role: s.role,
        name: s.name,
        email: s.email,
        signedAt: iso(s.signed_at),
        address: s.address,
        userAgent: s.user_agent,
      })),
      events: events.map((e) => ({
        at: iso(e.at),
        action: e.action,
        signer: e.signer ?? e.actor,
        address: e.address,
        userAgent: e.user_agent,
        detail: e.detail,
      })),
    },
  });
  const sealed = await sealPdf(finished, await deps.certificate(), {
    reason: `${decl.title} ${envelope.id}: signed by ${signers.map((s) => s.name).join(', ')}`,
    name: 'Receivables platform',
    signedAt: at,
  });
  const sha256 = createHash('sha256').update(sealed).digest('hex');
  const key = `${envelope.owner_group_id}/${randomUUID()}/${envelope.kind.replace(/_/g, '-')}-${envelope.id.slice(0, 8)}-sealed.pdf`;
  await deps.files.put(key, Readable.from(Buffer.from(sealed)), 'application/pdf');
  try {
    await insertFileRecord(tx, {
      key,
      ownerGroupId: envelope.owner_group_id,
      uploadedBy: 'esign',
      originalName: `${decl.label} ${envelope.summary.invoices} (sealed).pdf`,
      contentType: 'application/pdf',
      size: sealed.length,
      sha256,
    });
    await tx.query(
      `UPDATE esign_envelope SET status = 'Completed', ended_at = $2, sealed_key = $3, sealed_sha256 = $4, version = version + 1 WHERE id = $1`,
      [envelope.id, at.toISOString(), key, sha256],
    );
    await recordEnvelopeEvent(tx, {
      envelopeId: envelope.id,
      at,
      action: 'completed',
      actor: 'Platform',
      detail: `sealed; SHA-256 ${sha256}`,
    });
    const last = signers[signers.length - 1];
    const write = {
      by: {
        sub: null,
        name: last ? `${last.name} (signer)` : 'Signer',
        groupId: null,
        role: null,
        address: last?.address ?? null,
        userAgent: last?.user_agent ?? null,
      },
      at,
      action: 'completeEnvelope',
    };
    const changed: string[] = [];
    for (const id of await requestIdsOf(tx, envelope.id)) {
      const [request] = await tx.query<{ request_status: string | null }>(
        'SELECT request_status FROM "request" WHERE id = $1 AND NOT "_deleted" FOR UPDATE',
        [id],
      );
      if (
        !request ||
        !(TAKES_DOCUMENT[envelope.kind] as readonly string[]).includes(
          request.request_status ?? 'Under Review',
        )
      )
        continue;
      await updateRow(
        tx,
        'Request',
        id,
        {
          [decl.attachmentField]: key,
          ...(envelope.kind === 'ipu' ? { invoice_ipu_signed: at.toISOString().slice(0, 10) } : {}),
        },
        write,
      );
      changed.push(id);
    }
    return changed;
  } catch (error) {
    await deps.files.delete(key).catch(() => undefined);
    throw error;
  }
}
