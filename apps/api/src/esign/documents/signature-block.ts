import { GREY, LIGHT, type PageFlow } from './page-flow.ts';
import type { DocumentSigner, SignatureBox } from './types.ts';

/**
 * A signer's block on the document: "position. role", the name and e-mail, an empty framed area
 * for the signature (the `SignatureBox`), and a "Signed on" line under it. `finishDocument` draws
 * in the area and writes the time on that line, found from the box alone.
 */

const AREA = { width: 300, height: 64 } as const;
const SIGNED_ON = { label: 'Signed on:', size: 9, drop: 14 } as const;
const GAP_AFTER = 18;

/** Where the time of signing is written: just after the "Signed on:" label under `box`. */
export function signedOnPoint(
  box: SignatureBox,
  labelWidth: (text: string, size: number) => number,
): {
  x: number;
  y: number;
  size: number;
} {
  return {
    x: box.x + labelWidth(SIGNED_ON.label, SIGNED_ON.size) + 6,
    y: box.y - SIGNED_ON.drop,
    size: SIGNED_ON.size,
  };
}

/** Draws `signer`'s block at the flow's cursor, kept on one page, and returns its signature box. */
export function drawSignatureBlock(flow: PageFlow, signer: DocumentSigner): SignatureBox {
  const { fonts } = flow;
  const role = { text: `${signer.position}. ${signer.role}`, style: { size: 10, bold: true } };
  const who = { text: `${signer.name} · ${signer.email}`, style: { size: 9, after: 4 } };
  const head = [role, who].reduce((sum, line) => sum + flow.paragraphHeight(line.text, line.style), 0);
  flow.ensure(head + AREA.height + SIGNED_ON.drop + 6);
  for (const line of [role, who]) flow.paragraph(line.text, line.style);
  const box: SignatureBox = {
    position: signer.position,
    page: flow.pageIndex(),
    x: flow.left,
    y: flow.y - AREA.height,
    width: AREA.width,
    height: AREA.height,
  };
  flow.page.drawRectangle({
    x: box.x,
    y: box.y,
    width: box.width,
    height: box.height,
    borderColor: LIGHT,
    borderWidth: 0.75,
  });
  const line = signedOnPoint(box, (text, size) => fonts.width(text, size));
  fonts.draw(flow.page, SIGNED_ON.label, box.x, line.y, { size: SIGNED_ON.size, color: GREY });
  flow.page.drawLine({
    start: { x: line.x, y: line.y - 2 },
    end: { x: box.x + box.width, y: line.y - 2 },
    thickness: 0.5,
    color: LIGHT,
  });
  flow.y = box.y - SIGNED_ON.drop - 6 - GAP_AFTER;
  return box;
}
