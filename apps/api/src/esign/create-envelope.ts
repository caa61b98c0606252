import { randomUUID } from 'node:crypto';
import { DOCUMENTS, SIGNING_LIMITS, isUuid, type DocumentKind } from '@rf/domain';
import type { Queryable, Row } from '../db/database.ts';
import type { Write } from '../data/rows.ts';
import { validationError } from '../http/errors.ts';
import { checkDocumentInput } from './documents/check-input.ts';
import type { DocumentInput, DocumentInvoice } from './documents/types.ts';
import type { EnvelopeSummary } from './envelope-rows.ts';
import { recordEnvelopeEvent, type StepClient } from './events.ts';
import { partiesOf, type SignerSpec } from './parties.ts';
import { sendToSigner, type SigningEnv } from './send-to-signer.ts';

const DAY_MS = 86_400_000;
const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const day = (v: unknown): string => text(v).slice(0, 10);

/** The invoices as the document lists them, by invoice number. */
function invoicesOf(kind: DocumentKind, requests: readonly Row[]): DocumentInvoice[] {
  return [...requests]
    .sort(
      (a, b) =>
        text(a.invoice_number).localeCompare(text(b.invoice_number)) || text(a.id).localeCompare(text(b.id)),
    )
    .map((r) => ({
      number: text(r.invoice_number),
      date: day(r.invoice_date),
      currency: text(r.invoice_currency),
      dueDate: day(r.invoice_due_date),
      faceValue: text(r.invoice_amount),
      ...(kind === 'raa_offer_notice'
        ? { purchaseAmount: text(r.invoice_purchase_amount), purchaseDate: day(r.payout_date) }
        : {}),
    }));
}

export interface NewEnvelope {
  readonly kind: DocumentKind;
  /** The request, or every request of the batch; the first one's parties are printed. */
  readonly requests: readonly Row[];
  readonly signers: readonly SignerSpec[];
  /** The envelope a new one replaces (voided, declined or expired). */
  readonly replaces?: string | null;
}

/**
 * Makes an envelope (docs/business-rules.md, “Signing the financing documents”): fixes what the
 * document says (rendered on first use, envelope-document.ts), names the signers in order, sends
 * the first one a link, and links it to its requests. The requests themselves are not written
 * (their `…_e_signatureId` fields are for an external provider's ids), so a submission stays one
 * version of each request. Runs in the triggering operation's
 * transaction, so a refused submission leaves no envelope behind.
 */
export async function createEnvelope(
  tx: Queryable,
  env: SigningEnv,
  input: NewEnvelope,
  by: { write: Write; actor: string; client?: StepClient | null },
): Promise<string> {
  const { kind, requests, signers } = input;
  const first = requests[0];
  if (!first) throw new Error('An envelope needs at least one request');
  const at = by.write.at;
  const id = randomUUID();
  const parties = await partiesOf(tx, first);
  const invoices = invoicesOf(kind, requests);
  const document: DocumentInput = {
    kind,
    reference: id,
    issuedOn: at.toISOString().slice(0, 10),
    supplier: parties.supplier,
    buyer: parties.buyer,
    investor: parties.investor,
    spv: parties.spv,
    invoices,
    signers: signers.map((s, i) => ({ position: i + 1, role: s.role, name: s.name, email: s.email })),
  };
  // Refused now, with the reason, rather than when someone first opens the document.
  try {
    checkDocumentInput(document);
  } catch (error) {
    const why =
      error instanceof Error ? error.message.replace(/^Cannot render the document: /, '') : String(error);
    throw validationError(`The ${DOCUMENTS[kind].label} cannot be made: ${why}`);
  }
  const summary: EnvelopeSummary = {
    supplier: parties.supplier.name,
    buyer: parties.buyer.name,
    invoices: invoices.length === 1 ? `invoice ${invoices[0]!.number}` : `${invoices.length} invoices`,
    numbers: invoices.map((i) => i.number),
  };
  await tx.query(
    `INSERT INTO esign_envelope (id, kind, status, owner_group_id, batch_id, document_input, summary, created_at, expires_at, replaces)
     VALUES ($1, $2, 'Sent', $3, $4, $5, $6, $7, $8, $9)`,
    [
      id,
      kind,
      text(first.userId),
      // A batch made by submitRequests has a uuid; any other batchId names no batch of envelopes.
      isUuid(first.batchId) ? text(first.batchId) : null,
      JSON.stringify(document),
      JSON.stringify(summary),
      at.toISOString(),
      new Date(at.getTime() + SIGNING_LIMITS.envelopeDays * DAY_MS).toISOString(),
      input.replaces ?? null,
    ],
  );
  const signerIds: string[] = [];
  for (const [i, s] of signers.entries()) {
    const signerId = randomUUID();
    signerIds.push(signerId);
    await tx.query(
      `INSERT INTO esign_signer (id, envelope_id, position, role, name, email, status) VALUES ($1, $2, $3, $4, $5, $6, 'Waiting')`,
      [signerId, id, i + 1, s.role, s.name, s.email],
    );
  }
  await recordEnvelopeEvent(tx, {
    envelopeId: id,
    at,
    action: 'created',
    actor: by.actor,
    client: by.client ?? null,
    detail: `${DOCUMENTS[kind].title}, ${summary.invoices}; signers in order: ${signers.map((s) => `${s.role} ${s.name} <${s.email}>`).join(', ')}${input.replaces ? `; replaces envelope ${input.replaces}` : ''}`,
  });
  for (const r of requests)
    await tx.query('INSERT INTO esign_envelope_request (envelope_id, request_id) VALUES ($1, $2)', [
      id,
      text(r.id),
    ]);
  const [firstSigner] = signers;
  if (firstSigner)
    await sendToSigner(tx, env, {
      envelope: { id, kind, summary },
      signer: { id: signerIds[0]!, name: firstSigner.name, email: firstSigner.email, role: firstSigner.role },
      at,
      as: 'sent',
    });
  return id;
}
