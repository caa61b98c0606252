/**
 * PDF text strings in the signature dictionary (ISO 32000-1, 7.3.4.2 and 7.9.2): written as literal
 * strings, PDFDocEncoding (here: printable ASCII) or UTF-16BE after its byte-order mark, and read
 * back from literal or hexadecimal strings. Also the dictionary's date (`D:YYYYMMDDHHmmSSZ`).
 */

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * The body of a literal string for `text`, ready for pdf-lib's `PDFString.of` (which writes each
 * character code as one byte and escapes nothing): ASCII as it is, anything else as UTF-16BE with
 * its byte-order mark; `(`, `)` and `\` escaped, other bytes outside printable ASCII in octal.
 */
export function pdfLiteralBody(text: string): string {
  const bytes = PRINTABLE_ASCII.test(text) ? Buffer.from(text, 'latin1') : utf16be(text);
  let body = '';
  for (const byte of bytes) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) body += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20 || byte > 0x7e) body += `\\${byte.toString(8).padStart(3, '0')}`;
    else body += String.fromCharCode(byte);
  }
  return body;
}

function utf16be(text: string): Buffer {
  const bytes = Buffer.alloc(2 + text.length * 2);
  bytes[0] = 0xfe;
  bytes[1] = 0xff;
  for (let i = 0; i < text.length; i += 1) bytes.writeUInt16BE(text.charCodeAt(i), 2 + i * 2);
  return bytes;
}

const ESCAPES: Record<string, number> = { n: 0x0a, r: 0x0d, t: 0x09, b: 0x08, f: 0x0c };

/**
 * Reads the string that starts at `start` in `source` (a PDF's bytes as latin1 text): a literal
 * `( … )` with balanced parentheses and escapes, or a hexadecimal `< … >`. Undefined when there is
 * none, or it is not closed.
 */
export function readPdfString(source: string, start: number): { bytes: Buffer; end: number } | undefined {
  if (source[start] === '<') {
    const end = source.indexOf('>', start);
    if (end < 0) return undefined;
    const hex = source.slice(start + 1, end).replace(/\s/g, '');
    if (!/^[0-9a-fA-F]*$/.test(hex)) return undefined;
    return { bytes: Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex'), end: end + 1 };
  }
  if (source[start] !== '(') return undefined;
  const out: number[] = [];
  let depth = 1;
  for (let i = start + 1; i < source.length; i += 1) {
    const c = source[i]!;
    if (c === '\\') {
      const next = source[i + 1];
      if (next === undefined) return undefined;
      i += 1;
      if (next in ESCAPES) out.push(ESCAPES[next]!);
      else if (/[0-7]/.test(next)) {
        const digits = /^[0-7]{1,3}/.exec(source.slice(i, i + 3))![0];
        out.push(parseInt(digits, 8) & 0xff);
        i += digits.length - 1;
      } else if (next === '\r') {
        if (source[i + 1] === '\n') i += 1; // a line continued: no byte
      } else if (next !== '\n') out.push(next.charCodeAt(0));
      continue;
    }
    if (c === '(') depth += 1;
    if (c === ')' && --depth === 0) return { bytes: Buffer.from(out), end: i + 1 };
    if (c === '\r') {
      out.push(0x0a); // an end of line inside a string reads as one line feed
      if (source[i + 1] === '\n') i += 1;
      continue;
    }
    out.push(c.charCodeAt(0) & 0xff);
  }
  return undefined;
}

/** A text string's bytes as text: UTF-16BE after FE FF, else PDFDocEncoding read as Latin-1. */
export function decodePdfText(bytes: Buffer): string {
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    let text = '';
    for (let i = 2; i + 1 < bytes.length; i += 2) text += String.fromCharCode(bytes.readUInt16BE(i));
    return text;
  }
  return bytes.toString('latin1');
}

/**
 * A PDF date (`D:YYYYMMDDHHmmSSOHH'mm'`, every part after the year optional) as an ISO 8601
 * instant, or undefined when it is not one.
 */
export function parsePdfDate(text: string): string | undefined {
  const m = PDF_DATE.exec(text.trim());
  if (!m) return undefined;
  const sign = m[7];
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = [
    m[1],
    m[2] ?? '01',
    m[3] ?? '01',
    m[4],
    m[5],
    m[6],
    m[8],
    m[9],
  ].map((part) => Number(part ?? 0)) as [number, number, number, number, number, number, number, number];
  const calendarDay = new Date(Date.UTC(year, month - 1, day));
  if (calendarDay.getUTCMonth() !== month - 1 || calendarDay.getUTCDate() !== day) return undefined;
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return undefined;
  const offset =
    sign === '+' || sign === '-' ? (offsetHours * 60 + offsetMinutes) * (sign === '-' ? -1 : 1) : 0;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - offset * 60_000).toISOString();
}

const PDF_DATE =
  /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz+-])(?:(\d{2})'?(?:(\d{2})'?)?)?)?$/;
