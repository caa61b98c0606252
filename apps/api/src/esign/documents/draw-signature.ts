import type { PDFDocument, PDFPage } from 'pdf-lib';
import { utcText } from './dates.ts';
import type { DocumentFonts } from './fonts.ts';
import { GREY } from './page-flow.ts';
import { signedOnPoint } from './signature-block.ts';
import type { SignatureBox, SignatureMark } from './types.ts';

const INSET = 4;
const CAPTION_SIZE = 6.5;
const TYPED_MAX_SIZE = 28;
const TYPED_SLANT = 14;

/**
 * Draws a signature in its box (docs/architecture.md, “Signed documents”): a drawn PNG scaled to
 * fit keeping its aspect, or typed text slanted and sized to fit; under it, inside the box,
 * "Signed electronically by <name> on <time> UTC"; and the time on the box's "Signed on" line.
 */
export async function drawSignature(
  doc: PDFDocument,
  fonts: DocumentFonts,
  box: SignatureBox,
  mark: SignatureMark,
): Promise<void> {
  const page = doc.getPage(box.page);
  const signedAt = utcText(mark.signedAt);
  const caption = `Signed electronically by ${mark.name} on ${signedAt}`;
  const captionSize = Math.min(CAPTION_SIZE, ((box.width - 2 * INSET) / fonts.width(caption, 1)) * 0.98);
  fonts.draw(page, caption, box.x + INSET, box.y + INSET, { size: captionSize, color: GREY });

  const area = {
    x: box.x + INSET,
    y: box.y + INSET + CAPTION_SIZE + 3,
    width: box.width - 2 * INSET,
    height: box.height - 2 * INSET - CAPTION_SIZE - 3,
  };
  if (mark.kind === 'drawn') await drawPng(doc, page, area, mark.png!);
  else drawTyped(page, fonts, area, mark.text!);

  const line = signedOnPoint(box, (text, size) => fonts.width(text, size));
  fonts.draw(page, signedAt, line.x, line.y, { size: line.size });
}

interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function drawPng(doc: PDFDocument, page: PDFPage, area: Area, png: Uint8Array): Promise<void> {
  const image = await doc.embedPng(png);
  const scale = Math.min(area.width / image.width, area.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, {
    x: area.x + (area.width - width) / 2,
    y: area.y + (area.height - height) / 2,
    width,
    height,
  });
}

function drawTyped(page: PDFPage, fonts: DocumentFonts, area: Area, text: string): void {
  // The slant leans the top of the text right by tan(slant) × size: leave room for it.
  const lean = Math.tan((TYPED_SLANT * Math.PI) / 180);
  const size = Math.min(TYPED_MAX_SIZE, area.height * 0.75, area.width / (fonts.width(text, 1) + lean));
  const width = fonts.width(text, size);
  const x = area.x + (area.width - width - lean * size) / 2;
  const y = area.y + (area.height - size * 0.75) / 2;
  fonts.draw(page, text, x, y, { size, slant: TYPED_SLANT });
}
