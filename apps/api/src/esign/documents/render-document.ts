import { PDFDocument } from 'pdf-lib';
import { checkDocumentInput } from './check-input.ts';
import { startOfDay } from './dates.ts';
import { DocumentFonts } from './fonts.ts';
import { drawInvoiceSchedule } from './invoice-schedule.ts';
import { GREY, PageFlow } from './page-flow.ts';
import { drawSignatureBlock } from './signature-block.ts';
import { legalText, type LegalText } from './template.ts';
import type { DocumentInput, Party, RenderedDocument } from './types.ts';

/** The platform's name in the PDF metadata (producer, author). */
export const PLATFORM_NAME = 'Receivables platform';

const LABEL_WIDTH = 70;

/**
 * The unsigned PDF of a financing document (docs/architecture.md, “Signed documents”): title,
 * reference and issue day, the parties, the legal text of its template, the schedule of invoices
 * with totals per currency, and one signature box per signer in the order of their positions;
 * "Reference … · page n of m" at the foot of every page. A pure function of `input` and the
 * template: the same input gives the same bytes (metadata dates from `issuedOn`, no random ids).
 */
export async function renderDocument(input: DocumentInput): Promise<RenderedDocument> {
  checkDocumentInput(input);
  const legal = await legalText(input);
  const doc = await PDFDocument.create({ updateMetadata: false });
  const texts = [JSON.stringify(input), legal.title, ...legal.blocks.map((block) => block.text)];
  const flow = new PageFlow(doc, await DocumentFonts.embed(doc, 'RFDOC', texts));

  flow.paragraph(legal.title, { size: 18, bold: true, after: 2 });
  flow.paragraph(`Reference ${input.reference} · Issued on ${input.issuedOn}`, {
    size: 9,
    color: GREY,
    after: 14,
  });
  drawParties(flow, input);
  drawLegalText(flow, legal);
  flow.gap(8);
  drawInvoiceSchedule(flow, input.kind, input.invoices);
  flow.gap(14);
  flow.heading('Signatures', 11, 120);
  const boxes = [...input.signers]
    .sort((a, b) => a.position - b.position)
    .map((signer) => drawSignatureBlock(flow, signer));
  flow.footers((n, m) => `Reference ${input.reference} · page ${n} of ${m}`);

  setMetadata(doc, input, legal.title);
  return { pdf: await doc.save(), boxes };
}

function drawParties(flow: PageFlow, input: DocumentInput): void {
  const parties: [string, Party | null | undefined][] = [
    ['Supplier', input.supplier],
    ['Buyer', input.buyer],
    ['SPV', input.spv],
    ['Investor', input.investor],
  ];
  flow.heading('Parties', 11);
  for (const [label, party] of parties) {
    if (!party) continue;
    flow.paragraph(party.name, { size: 10, bold: true, indent: LABEL_WIDTH, marker: label });
    const details = [
      party.registration ? `Registration ${party.registration}` : null,
      party.address,
      party.country,
    ].filter((detail): detail is string => Boolean(detail?.trim()));
    if (details.length) flow.paragraph(details.join(' · '), { size: 9, color: GREY, indent: LABEL_WIDTH });
    flow.gap(6);
  }
  flow.gap(6);
}

function drawLegalText(flow: PageFlow, legal: LegalText): void {
  for (const block of legal.blocks) {
    if (block.type === 'heading') {
      flow.gap(4);
      flow.heading(block.text, 11);
    } else if (block.type === 'item') {
      flow.paragraph(block.text, { size: 10, indent: 18, marker: block.marker, after: 4 });
    } else flow.paragraph(block.text, { size: 10, after: 6 });
  }
}

function setMetadata(doc: PDFDocument, input: DocumentInput, title: string): void {
  const issued = startOfDay(input.issuedOn);
  const count = input.invoices.length;
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setSubject(
    `${title}, reference ${input.reference}: ${count} invoice${count === 1 ? '' : 's'} of ${input.supplier.name} to ${input.buyer.name}`,
  );
  doc.setAuthor(PLATFORM_NAME);
  doc.setCreator(PLATFORM_NAME);
  doc.setProducer(PLATFORM_NAME);
  doc.setKeywords([input.kind, input.reference]);
  doc.setLanguage('en');
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);
}
