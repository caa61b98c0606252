import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { create } from 'fontkit';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { degrees } from 'pdf-lib';
import { pdfFontkit } from './pdf-fontkit.ts';

/**
 * The embedded Unicode fonts of the e-signature documents
 * (docs/architecture.md, “Signed documents”): DejaVu Sans (Latin with every accent, Greek,
 * Cyrillic, Arabic and Hebrew letters) and Noto Sans SC (Chinese, Japanese kanji and kana), both
 * TrueType from npm packages, embedded as subsets. Each run of text takes the first face that has
 * glyphs for it, so a name mixing scripts prints whole.
 */

const require = createRequire(import.meta.url);

type Face = 'regular' | 'bold' | 'cjk';

const FILES: Record<Face, string> = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  cjk: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
};

/** The subset tag's last letter of each face (ISO 32000-1, 9.9.2: six capitals and a plus sign). */
const TAG_LETTER: Record<Face, string> = { regular: 'R', bold: 'B', cjk: 'C' };

interface FaceFile {
  readonly bytes: Uint8Array;
  readonly postscriptName: string;
  readonly codePoints: ReadonlySet<number>;
}

const faceFiles = new Map<Face, Promise<FaceFile>>();

/** A face's bytes and the code points it has glyphs for, read once per process. */
function faceFile(face: Face): Promise<FaceFile> {
  let file = faceFiles.get(face);
  if (!file) {
    file = readFile(FILES[face]).then((buffer) => {
      const font = create(buffer);
      if (!('characterSet' in font)) throw new Error(`${FILES[face]} is a font collection`);
      return {
        bytes: new Uint8Array(buffer),
        postscriptName: font.postscriptName,
        codePoints: new Set(font.characterSet),
      };
    });
    faceFiles.set(face, file);
  }
  return file;
}

/** Text as it is printed: NFC (so "e" and a combining diaeresis are one "ë"), line breaks and controls as spaces. */
export function printable(text: string): string {
  return text.normalize('NFC').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: Color;
  /** Slant in degrees (an italic look for typed signatures). */
  slant?: number;
}

interface Run {
  readonly font: PDFFont;
  readonly text: string;
}

interface EmbeddedFace {
  readonly font: PDFFont;
  readonly codePoints: ReadonlySet<number>;
}

const COMBINING_MARK = /\p{M}/u;
/** Arabic and Hebrew words, and the spaces between them (a capture, so `split` keeps them). */
const RIGHT_TO_LEFT =
  /([\p{Script=Arabic}\p{Script=Hebrew}][\p{Script=Arabic}\p{Script=Hebrew}\p{M}]*(?:\s+[\p{Script=Arabic}\p{Script=Hebrew}][\p{Script=Arabic}\p{Script=Hebrew}\p{M}]*)*)/u;

export class DocumentFonts {
  private constructor(
    private readonly regular: EmbeddedFace,
    private readonly bold: EmbeddedFace,
    private readonly cjk: EmbeddedFace | null,
  ) {}

  /**
   * Embeds the faces into `doc` as subsets named `<tag><letter>+…`; the CJK face only when `texts`
   * hold a character that DejaVu lacks and it has.
   */
  static async embed(doc: PDFDocument, tag: string, texts: readonly string[]): Promise<DocumentFonts> {
    if (!/^[A-Z]{5}$/.test(tag)) throw new Error(`A subset tag prefix is five capitals, not "${tag}"`);
    doc.registerFontkit(pdfFontkit);
    const embed = async (face: Face): Promise<EmbeddedFace> => {
      const file = await faceFile(face);
      const font = await doc.embedFont(file.bytes, {
        subset: true,
        customName: `${tag}${TAG_LETTER[face]}+${file.postscriptName}`,
      });
      return { font, codePoints: file.codePoints };
    };
    const regular = await embed('regular');
    const bold = await embed('bold');
    const cjkFile = await faceFile('cjk');
    const needsCjk = texts.some((text) =>
      [...printable(text)].some((c) => {
        const code = c.codePointAt(0)!;
        return !regular.codePoints.has(code) && !bold.codePoints.has(code) && cjkFile.codePoints.has(code);
      }),
    );
    return new DocumentFonts(regular, bold, needsCjk ? await embed('cjk') : null);
  }

  /** The face for one character: the style's own, else the first other that has it, else the style's own. */
  private faceFor(code: number, bold: boolean): EmbeddedFace {
    const own = bold ? this.bold : this.regular;
    if (own.codePoints.has(code)) return own;
    const other = [this.cjk, bold ? this.regular : this.bold].find((face) => face?.codePoints.has(code));
    return other ?? own;
  }

  /**
   * `text` cut into runs of one face each (a combining mark stays with the character before it),
   * and apart at the ends of right-to-left words, which fontkit then lays out right to left.
   */
  private runs(text: string, bold: boolean): Run[] {
    const runs: { font: PDFFont; text: string }[] = [];
    printable(text)
      .split(RIGHT_TO_LEFT)
      .forEach((segment) => {
        let last: { font: PDFFont; text: string } | undefined;
        for (const c of segment) {
          const font =
            last && COMBINING_MARK.test(c) ? last.font : this.faceFor(c.codePointAt(0)!, bold).font;
          if (last && last.font === font) last.text += c;
          else runs.push((last = { font, text: c }));
        }
      });
    return runs;
  }

  /** Widths at size 1 of the runs measured so far: laying text out is the slow part of measuring it. */
  private readonly widths = new Map<PDFFont, Map<string, number>>();

  private runWidth(run: Run, size: number): number {
    let known = this.widths.get(run.font);
    if (!known) this.widths.set(run.font, (known = new Map()));
    let width = known.get(run.text);
    if (width === undefined) known.set(run.text, (width = run.font.widthOfTextAtSize(run.text, 1)));
    return width * size;
  }

  width(text: string, size: number, bold = false): number {
    return this.runs(text, bold).reduce((sum, run) => sum + this.runWidth(run, size), 0);
  }

  /** Draws one line of `text` with its baseline starting at (x, y). */
  draw(page: PDFPage, text: string, x: number, y: number, style: TextStyle): void {
    let at = x;
    for (const run of this.runs(text, style.bold ?? false)) {
      page.drawText(run.text, {
        x: at,
        y,
        size: style.size,
        font: run.font,
        ...(style.color ? { color: style.color } : {}),
        ...(style.slant ? { ySkew: degrees(style.slant) } : {}),
      });
      at += this.runWidth(run, style.size);
    }
  }
}
