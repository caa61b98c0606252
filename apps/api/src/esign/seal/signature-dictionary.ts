import { decodePdfText, parsePdfDate, readPdfString } from './pdf-text.ts';

/** The last signature of a PDF as its bytes say, before any cryptography. */
export interface FoundSignature {
  /** `/ByteRange [a b c d]`: the signed bytes are [a, a+b) and [c, c+d). */
  readonly byteRange: readonly [number, number, number, number];
  /** The `/Contents` hexadecimal string's bytes (the CMS, then zero padding). */
  readonly contents: Buffer;
  /** The two signed ranges lie inside the file. */
  readonly rangesInFile: boolean;
  /** Starts at 0, ends at the file's end, and leaves out exactly the `/Contents` string. */
  readonly coversWholeDocument: boolean;
  readonly reason?: string;
  /** `/M` as an ISO 8601 instant. */
  readonly signedAt?: string;
}

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d{1,15})\s+(\d{1,15})\s+(\d{1,15})\s+(\d{1,15})\s*\]/y;
/** How far around the byte range the rest of its dictionary is looked for. */
const DICTIONARY_REACH = 4096;

/**
 * Finds the last `/ByteRange` of a PDF and the hexadecimal `/Contents` string in the gap it leaves
 * (docs/architecture.md, “Document seal”). Undefined when there is no byte range; a `problem` in
 * plain words when there is one but no signature where it points.
 */
export function findLastSignature(pdf: Uint8Array): FoundSignature | { problem: string } | undefined {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  const at = text.lastIndexOf('/ByteRange');
  if (at < 0) return undefined;
  BYTE_RANGE.lastIndex = at;
  const m = BYTE_RANGE.exec(text);
  if (!m) return { problem: "The seal's description of what it covers cannot be read." };
  const byteRange = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] as const;
  const [start, firstLength, second, secondLength] = byteRange;
  const gapStart = start + firstLength;
  const gapEnd = second;
  const contents = gapEnd > gapStart + 1 ? hexContents(text, gapStart, gapEnd) : undefined;
  if (!contents) return { problem: "The seal's signature is not where the seal says it is." };
  const rangesInFile = second + secondLength <= pdf.length;
  const dictionary = dictionaryAround(text, at, gapStart, gapEnd);
  const reason = valueOf(dictionary, 'Reason');
  const date = valueOf(dictionary, 'M');
  return {
    byteRange,
    contents,
    rangesInFile,
    coversWholeDocument: start === 0 && second + secondLength === pdf.length,
    ...(reason !== undefined && { reason }),
    ...(date !== undefined && parsePdfDate(date) && { signedAt: parsePdfDate(date) }),
  };
}

/** The bytes of `<hex>` filling exactly [from, to), right after a `/Contents` key; else undefined. */
function hexContents(text: string, from: number, to: number): Buffer | undefined {
  if (to > text.length || text[from] !== '<' || text[to - 1] !== '>') return undefined;
  const hex = text.slice(from + 1, to - 1);
  if (hex.length % 2 || !/^[0-9a-fA-F]*$/.test(hex)) return undefined;
  if (!/\/Contents\s*$/.test(text.slice(Math.max(0, from - 64), from))) return undefined;
  return Buffer.from(hex, 'hex');
}

/** The text of the dictionary near the byte range, the `/Contents` string left out. */
function dictionaryAround(text: string, at: number, gapStart: number, gapEnd: number): string {
  const from = Math.max(0, text.lastIndexOf('obj', at), at - DICTIONARY_REACH);
  const endobj = text.indexOf('endobj', Math.max(at, gapEnd));
  const to = Math.min(endobj < 0 ? text.length : endobj, Math.max(at, gapEnd) + DICTIONARY_REACH);
  if (gapStart >= from && gapEnd <= to) return text.slice(from, gapStart) + text.slice(gapEnd, to);
  return text.slice(from, to);
}

/** A text string value of `/key` in a dictionary's text. */
function valueOf(dictionary: string, key: string): string | undefined {
  const m = new RegExp(`/${key}\\s*(?=\\(|<(?!<))`).exec(dictionary);
  if (!m) return undefined;
  const value = readPdfString(dictionary, m.index + m[0].length);
  return value && decodePdfText(value.bytes);
}
