import { crc32, deflateSync } from 'node:zlib';

/**
 * Small sample files for the demo data set, written by hand so no dependency is needed: a valid
 * one-page A4 PDF with a title and lines of text (Helvetica, a few hundred bytes), a PNG logo, and
 * the PNG encoder the drawn signatures use (signature-drawing.ts).
 */

export interface SamplePdf {
  readonly title: string;
  readonly subtitle?: string | undefined;
  readonly lines: readonly string[];
}

const LINE_WIDTH = 90;
const MAX_LINES = 44;

/** Letters without a decomposition to a Latin-1 letter. */
const FOLD: Readonly<Record<string, string>> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i', Œ: 'OE', œ: 'oe' };

/** Text a WinAnsi Type 1 font can show: accents folded where Latin-1 lacks the letter, the rest '?'. */
function winAnsi(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 63;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) out += ch;
    else {
      const folded = FOLD[ch] ?? ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += /^[\x20-\x7e]+$/.test(folded) ? folded : '?';
    }
  }
  return out;
}

/** A PDF string literal's content: `\`, `(` and `)` escaped. */
const literal = (text: string): string => winAnsi(text).replace(/[\\()]/g, '\\$&');

/** Splits a line at spaces so it fits the page width. */
function wrap(line: string): string[] {
  const out: string[] = [];
  let rest = line;
  while (rest.length > LINE_WIDTH) {
    const cut = rest.lastIndexOf(' ', LINE_WIDTH);
    const at = cut > 20 ? cut : LINE_WIDTH;
    out.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  out.push(rest);
  return out;
}

/** A valid one-page PDF 1.4 whose page shows `title`, `subtitle` and `lines`, and whose metadata title is `title`. */
export function samplePdf(doc: SamplePdf): Buffer {
  const lines = doc.lines.flatMap(wrap).slice(0, MAX_LINES);
  const content = [
    '0.92 0.95 0.99 rg 0 752 595 90 re f',
    `0.09 0.22 0.45 rg BT /F2 20 Tf 50 800 Td (${literal(doc.title)}) Tj ET`,
    doc.subtitle ? `0.25 g BT /F1 11 Tf 50 776 Td (${literal(doc.subtitle)}) Tj ET` : '',
    `0 g BT /F1 11 Tf 16 TL 50 716 Td ${lines.map((l) => `(${literal(l)}) Tj T*`).join(' ')} ET`,
    '0.5 g BT /F1 8 Tf 50 40 Td (Sample file of the demo data set; not a real document.) Tj ET',
  ]
    .filter(Boolean)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title (${literal(doc.title)}) /Producer (Receivables platform demo seed) >>`,
  ];
  // Every character is one byte (latin1), so string lengths are byte offsets.
  let out = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const u32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};

const chunk = (type: string, data: Buffer): Buffer => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32(data.length), body, u32(crc32(body))]);
};

/**
 * A PNG of `pixels`: rows of `width` pixels of `channels` bytes each (3: RGB, 4: RGBA), top to
 * bottom, unfiltered.
 */
export function encodePng(width: number, height: number, channels: 3 | 4, pixels: Buffer): Buffer {
  const stride = width * channels;
  const raw = Buffer.alloc(height * (stride + 1));
  for (let y = 0; y < height; y++) pixels.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  const header = Buffer.concat([u32(width), u32(height), Buffer.from([8, channels === 4 ? 6 : 2, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 96×96 PNG logo: a white ring on a colour taken from `name`, so each organisation looks different. */
export function logoPng(name: string): Buffer {
  const size = 96;
  const hue = crc32(Buffer.from(name)) % 360;
  const [r, g, b] = hslToRgb(hue, 0.55, 0.42);
  const pixels = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x - size / 2 + 0.5, y - size / 2 + 0.5);
      const ring = d > 24 && d < 34;
      const at = (y * size + x) * 3;
      pixels[at] = ring ? 255 : r;
      pixels[at + 1] = ring ? 255 : g;
      pixels[at + 2] = ring ? 255 : b;
    }
  }
  return encodePng(size, size, 3, pixels);
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}
