import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { CERTIFICATE_TITLE, drawCertificate } from './certificate.ts';
import { instant } from './dates.ts';
import { drawSignature } from './draw-signature.ts';
import { DocumentFonts } from './fonts.ts';
import { PageFlow } from './page-flow.ts';
import type { FinishInput } from './types.ts';

/**
 * The signed document (docs/architecture.md, “Signed documents”): each signature drawn in its
 * signer's box, then the certificate of completion on pages of its own ("Reference … · certificate
 * page n of m"). Everything comes from `input`: the same input gives the same bytes, the
 * modification date being the latest time it names. The platform's seal is added afterwards, by
 * the caller.
 */
export async function finishDocument(input: FinishInput): Promise<Uint8Array> {
  checkFinishInput(input);
  const doc = await PDFDocument.load(input.pdf, { updateMetadata: false });
  const documentPages = doc.getPageCount();
  const title = doc.getTitle() ?? input.certificate.kind;
  const marks = [...input.signatures].sort((a, b) => a.position - b.position);
  const texts = [
    title,
    CERTIFICATE_TITLE,
    JSON.stringify(input.certificate),
    ...marks.flatMap((mark) => [mark.name, mark.text ?? '']),
  ];
  const fonts = await DocumentFonts.embed(doc, 'RFSIG', texts);

  for (const mark of marks)
    await drawSignature(
      doc,
      fonts,
      input.boxes.find((box) => box.position === mark.position)!,
      mark,
    );

  const flow = new PageFlow(doc, fonts);
  drawCertificate(flow, input.certificate, { title, pages: documentPages });
  flow.footers((n, m) => `Reference ${input.certificate.reference} · certificate page ${n} of ${m}`);

  doc.setModificationDate(new Date(Math.max(...timesOf(input).map((time) => instant(time).getTime()))));
  return doc.save();
}

/** Every time the input names: signatures, signers' signing times, events. */
function timesOf({ signatures, certificate }: Pick<FinishInput, 'signatures' | 'certificate'>): string[] {
  return [
    ...signatures.map((mark) => mark.signedAt),
    ...certificate.signers.map((signer) => signer.signedAt),
    ...certificate.events.map((event) => event.at),
  ];
}

/**
 * Refuses, naming every problem, a certificate for another file than `pdf` (its SHA-256 differs),
 * a box without exactly one signature or a signature without a box, a typed signature without
 * text or a drawn one without a PNG, and times that name no instant.
 */
function checkFinishInput({ pdf, boxes, signatures, certificate }: FinishInput): void {
  const problems: string[] = [];
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  if (certificate.documentSha256 !== sha256)
    problems.push(`the certificate names the document ${certificate.documentSha256}, the PDF is ${sha256}`);
  for (const box of boxes) {
    const count = signatures.filter((mark) => mark.position === box.position).length;
    if (count !== 1) problems.push(`signer ${box.position} has ${count} signatures`);
  }
  for (const mark of signatures) {
    if (!boxes.some((box) => box.position === mark.position))
      problems.push(`signer ${mark.position} has no signature box`);
    if (mark.kind === 'typed' && !mark.text?.trim())
      problems.push(`signer ${mark.position}: typed signature without text`);
    if (mark.kind === 'drawn' && !mark.png?.length)
      problems.push(`signer ${mark.position}: drawn signature without a PNG`);
  }
  for (const time of timesOf({ signatures, certificate })) {
    try {
      instant(time);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  if (problems.length) throw new Error(`Cannot finish the document: ${problems.join('; ')}`);
}
