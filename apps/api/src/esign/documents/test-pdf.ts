import { execFileSync } from 'node:child_process';
import { inflateSync } from 'node:zlib';
import { create, type Font } from 'fontkit';
import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';

/** Tests' readings of a PDF: its text (Poppler's pdftotext) and its embedded fonts and images (pdf-lib). */

const hasPdftotext = ((): boolean => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasPdftotext && process.env.CI)
  throw new Error('CI runs the document text tests: install pdftotext (Debian package poppler-utils)');

/** Whether the text tests run: pdftotext is installed (always in CI, which refuses to run without it). */
export const canReadText = hasPdftotext;

/** The text of each page, in reading layout. */
export function pageTexts(pdf: Uint8Array): string[] {
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], {
    input: pdf,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return text.split('\f').slice(0, -1);
}

export interface Word {
  /** 0-based */
  page: number;
  text: string;
  xMin: number;
  xMax: number;
}

/** Each word with where it is printed (pdftotext's bounding boxes). */
export function pageWords(pdf: Uint8Array): Word[] {
  const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', '-', '-'], {
    input: pdf,
    encoding: 'utf8',
  });
  return html
    .split('<page ')
    .slice(1)
    .flatMap((page, index) =>
      [
        ...page.matchAll(
          /<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g,
        ),
      ].map(([, xMin, xMax, text]) => ({ page: index, text: text!, xMin: Number(xMin), xMax: Number(xMax) })),
    );
}

const lookup = (doc: PDFDocument, value: unknown): unknown =>
  value instanceof PDFRef ? doc.context.lookup(value) : value;

/** The embedded font programs by their BaseFont name, parsed by fontkit. */
export function embeddedFonts(doc: PDFDocument): Map<string, Font> {
  const fonts = new Map<string, Font>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Subtype')) !== PDFName.of('Type0')) continue;
    const name = object.get(PDFName.of('BaseFont'))!.toString().slice(1);
    const descendant = lookup(doc, (object.get(PDFName.of('DescendantFonts')) as PDFArray).get(0)) as PDFDict;
    const descriptor = lookup(doc, descendant.get(PDFName.of('FontDescriptor'))) as PDFDict;
    const file = lookup(doc, descriptor.get(PDFName.of('FontFile2'))) as PDFRawStream;
    const font = create(inflateSync(file.contents));
    if ('getGlyph' in font) fonts.set(name, font);
  }
  return fonts;
}

/** The images drawn on a page, by width and height. */
export function pageImages(doc: PDFDocument, pageIndex: number): { width: number; height: number }[] {
  const resources = doc.getPage(pageIndex).node.Resources();
  const xObjects = resources && (lookup(doc, resources.get(PDFName.of('XObject'))) as PDFDict | undefined);
  if (!xObjects) return [];
  return xObjects
    .values()
    .map((ref) => lookup(doc, ref))
    .filter((object): object is PDFRawStream => object instanceof PDFRawStream)
    .filter((stream) => stream.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
    .map((stream) => ({
      width: Number(stream.dict.get(PDFName.of('Width'))!.toString()),
      height: Number(stream.dict.get(PDFName.of('Height'))!.toString()),
    }));
}
