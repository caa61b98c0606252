import type { PDFDocument, PDFPage } from 'pdf-lib';
import { rgb } from 'pdf-lib';
import type { DocumentFonts, TextStyle } from './fonts.ts';
import { wrapText } from './wrap-text.ts';

/** A4 in PDF points. */
export const PAGE = { width: 595.28, height: 841.89 } as const;
const MARGIN = { left: 56, right: 56, top: 56, bottom: 60 } as const;
const FOOTER_Y = 32;

export const GREY = rgb(0.4, 0.4, 0.4);
export const LIGHT = rgb(0.82, 0.82, 0.82);

/** Line height for a font size. */
export const leading = (size: number): number => size * 1.35;

/** The baseline of a line of text whose line box has its bottom at `bottom`. */
export const baselineAbove = (bottom: number, size: number): number =>
  bottom + (leading(size) - size) / 2 + size * 0.2;

export interface ParagraphStyle extends TextStyle {
  /** Indent of every line from the left margin. */
  indent?: number;
  /** Printed before the first line, in the indent (a list item's "1.", a label). */
  marker?: string;
  /** The marker in bold (else as the text). */
  markerBold?: boolean;
  /** Space after the paragraph. */
  after?: number;
}

/**
 * Pages written top to bottom: a cursor (`y`, the top of what comes next) that moves down, and a
 * new A4 page when what comes next does not fit. Only the pages it added are its own, so a flow
 * may append to a loaded document.
 */
export class PageFlow {
  readonly left = MARGIN.left;
  readonly width = PAGE.width - MARGIN.left - MARGIN.right;
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: DocumentFonts,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN.top;
  }

  /** Starts a new page unless `height` fits between the cursor and the bottom margin; true when it did. */
  ensure(height: number): boolean {
    if (this.y - height >= MARGIN.bottom) return false;
    this.newPage();
    return true;
  }

  /** The index of the current page in the whole document. */
  pageIndex(): number {
    return this.doc.getPages().indexOf(this.page);
  }

  gap(height: number): void {
    this.y -= height;
  }

  private lines(text: string, style: ParagraphStyle): string[] {
    const width = this.width - (style.indent ?? 0);
    return wrapText(text, width, (s) => this.fonts.width(s, style.size, style.bold));
  }

  /** The height `paragraph` takes for `text`. */
  paragraphHeight(text: string, style: ParagraphStyle): number {
    return this.lines(text, style).length * leading(style.size) + (style.after ?? 0);
  }

  /** Wrapped text; a line that does not fit goes to the next page. */
  paragraph(text: string, style: ParagraphStyle): void {
    const indent = style.indent ?? 0;
    this.lines(text, style).forEach((line, i) => {
      this.ensure(leading(style.size));
      this.y -= leading(style.size);
      const baseline = baselineAbove(this.y, style.size);
      if (i === 0 && style.marker)
        this.fonts.draw(this.page, style.marker, this.left, baseline, {
          ...style,
          bold: style.markerBold ?? style.bold,
        });
      this.fonts.draw(this.page, line, this.left + indent, baseline, style);
    });
    this.gap(style.after ?? 0);
  }

  /** A bold heading kept on one page with at least `keep` points of what follows it. */
  heading(text: string, size: number, keep = 40): void {
    this.ensure(leading(size) + keep);
    this.paragraph(text, { size, bold: true, after: size * 0.4 });
  }

  /** Draws "`label(n, m)`" centred at the foot of each of this flow's pages. */
  footers(label: (page: number, of: number) => string): void {
    const size = 8;
    this.pages.forEach((page, i) => {
      const text = label(i + 1, this.pages.length);
      const x = (PAGE.width - this.fonts.width(text, size)) / 2;
      this.fonts.draw(page, text, x, FOOTER_Y, { size, color: GREY });
    });
  }
}
