import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { renderDocument } from './documents/render-document.ts';
import type { DocumentInput, SignatureBox } from './documents/types.ts';

export interface EnvelopeDocument {
  readonly pdf: Uint8Array;
  readonly sha256: string;
  readonly boxes: SignatureBox[];
}

/**
 * The envelope's document as every signer sees it (docs/architecture.md, “Built-in e-signature”):
 * rendered from the input fixed when the envelope was made, the first time it is needed, then
 * kept with its SHA-256, so later readers get the same bytes whatever changes in the code or the
 * records. The envelope row is locked while it is made, so it is made once. Rendering at first use
 * keeps submissions fast: a PDF takes a few hundred milliseconds.
 */
export async function envelopeDocument(tx: Queryable, envelopeId: string): Promise<EnvelopeDocument> {
  const [row] = await tx.query<{
    document_input: DocumentInput;
    document: Uint8Array | null;
    document_sha256: string | null;
    boxes: SignatureBox[] | null;
  }>('SELECT document_input, document, document_sha256, boxes FROM esign_envelope WHERE id = $1 FOR UPDATE', [
    envelopeId,
  ]);
  if (!row) throw new Error(`No envelope ${envelopeId}`);
  if (row.document && row.document_sha256 && row.boxes)
    return { pdf: new Uint8Array(row.document), sha256: row.document_sha256, boxes: row.boxes };
  const { pdf, boxes } = await renderDocument(row.document_input);
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  await tx.query('UPDATE esign_envelope SET document = $2, document_sha256 = $3, boxes = $4 WHERE id = $1', [
    envelopeId,
    pdf,
    sha256,
    JSON.stringify(boxes),
  ]);
  return { pdf, sha256, boxes };
}
