import { StatementFormatError } from './types.ts';

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const XML_ENCODING = /^<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/;

/**
 * The text of an uploaded statement file. Bytes are read by their byte-order mark (UTF-8,
 * UTF-16), else by the encoding an XML declaration names, else as UTF-8, and when they are not
 * valid UTF-8 as Windows-1252 (what spreadsheet and many online-banking exports write). A leading
 * BOM is dropped from the text either way.
 */
export function decodeStatementText(file: Buffer | Uint8Array | string): string {
  if (typeof file === 'string') return file.replace(/^\uFEFF/, '');
  const bytes = file;
  if (UTF8_BOM.every((byte, i) => bytes[i] === byte)) {
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));

  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = XML_ENCODING.exec(head)?.[1];
  if (declared !== undefined && !/^utf-?8$/i.test(declared)) return decodeAs(bytes, declared);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function decodeAs(bytes: Uint8Array, encoding: string): string {
  try {
    // Not fatal: a byte the encoding lacks becomes U+FFFD; only an unknown label throws.
    return new TextDecoder(encoding).decode(bytes);
  } catch {
    throw new StatementFormatError(`the XML declaration names an unknown encoding '${encoding}'`);
  }
}
