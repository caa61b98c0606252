import { Readable } from 'node:stream';
import { create, type Font } from 'fontkit';
import type { PDFDocument } from 'pdf-lib';

type PdfLibFontkit = Parameters<PDFDocument['registerFontkit']>[0];

/**
 * Upstream fontkit 2 as pdf-lib's font engine (docs/architecture.md, “Signed documents”). pdf-lib's
 * own fork, @pdf-lib/fontkit, writes TrueType subsets whose glyphs after an odd-length one are
 * misplaced (short `loca` offsets), so CJK names printed blank; upstream keeps the font's offset
 * format. pdf-lib reads a subset through `encodeStream()`, which fontkit 2 replaced by `encode()`:
 * the adapter streams the encoded bytes.
 */
export const pdfFontkit: PdfLibFontkit = {
  create(bytes: Uint8Array) {
    const font = create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    if (!('createSubset' in font))
      throw new Error('A font collection (TTC) cannot be embedded; give one font');
    return withSubsetStream(font) as unknown as ReturnType<PdfLibFontkit['create']>;
  },
};

function withSubsetStream(font: Font): Font {
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset();
    return Object.assign(subset, { encodeStream: () => Readable.from([subset.encode()]) });
  };
  return font;
}
