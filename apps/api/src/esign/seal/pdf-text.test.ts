import fc from 'fast-check';
import { PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { decodePdfText, parsePdfDate, pdfLiteralBody, readPdfString } from './pdf-text.ts';

/** Writes `text` as pdf-lib will in the signature dictionary, then reads it back. */
function roundTrip(text: string): string | undefined {
  const written = PDFString.of(pdfLiteralBody(text)).toString();
  const read = readPdfString(`/Reason ${written} /M`, 8);
  return read && decodePdfText(read.bytes);
}

describe('PDF text strings', () => {
  it('ASCII is written as it is, parentheses and backslashes escaped', () => {
    expect(pdfLiteralBody('Sealed (all signed) \\ done')).toBe('Sealed \\(all signed\\) \\\\ done');
  });

  it('other text is UTF-16BE after its byte-order mark, with only printable ASCII bytes in the file', () => {
    const body = pdfLiteralBody('Łódź');
    expect(body.startsWith('\\376\\377')).toBe(true);
    expect(body).toMatch(/^[\x20-\x7e]*$/);
  });

  it('whatever the text, what is written reads back the same', () => {
    const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: anyCodeUnit })),
        (text) => {
          expect(roundTrip(text)).toBe(text);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads literal escapes, nested parentheses, line ends and hexadecimal strings', () => {
    const read = (source: string): string | undefined => {
      const value = readPdfString(source, 0);
      return value && decodePdfText(value.bytes);
    };
    expect(read('(a\\n\\101\\0601(b)c\\\r\nd)')).toBe('a\nA01(b)cd');
    expect(read('(one\r\ntwo\rthree)')).toBe('one\ntwo\nthree');
    expect(read('<FEFF0141 00F3>')).toBe('Łó');
    expect(read('<41 4>')).toBe('A@');
    expect(read('(unclosed')).toBeUndefined();
    expect(read('<4G>')).toBeUndefined();
    expect(read('/Name')).toBeUndefined();
  });
});

describe('PDF dates', () => {
  it('reads UTC, offsets and shortened dates as instants', () => {
    expect(parsePdfDate('D:20260304050607Z')).toBe('2026-03-04T05:06:07.000Z');
    expect(parsePdfDate("D:20260304070607+02'00'")).toBe('2026-03-04T05:06:07.000Z');
    expect(parsePdfDate("D:20260303233607-05'30")).toBe('2026-03-04T05:06:07.000Z');
    expect(parsePdfDate('D:2026')).toBe('2026-01-01T00:00:00.000Z');
  });

  it('refuses what is no date', () => {
    for (const text of [
      '20260304',
      'D:20260230120000Z',
      'D:20261304',
      'D:20260304256000Z',
      'D:2026030405060Z',
    ])
      expect(parsePdfDate(text), text).toBeUndefined();
  });
});
