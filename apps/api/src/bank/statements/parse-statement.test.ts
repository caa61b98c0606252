import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseStatement } from './parse-statement.ts';
import { StatementFormatError, type CsvMapping } from './types.ts';

const camt053 = readFileSync(new URL('./fixtures/camt053-v02.xml', import.meta.url));
const camt054 = readFileSync(new URL('./fixtures/camt054-v08.xml', import.meta.url));
const pain001 = readFileSync(new URL('./fixtures/pain001.xml', import.meta.url));
const signedCsv = readFileSync(new URL('./fixtures/signed.csv', import.meta.url));

const MAPPING: CsvMapping = { bookingDate: 'Booking date', amount: 'Amount', currency: 'Currency' };

function formatError(parse: () => unknown): StatementFormatError {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(StatementFormatError);
    return error as StatementFormatError;
  }
  throw new Error('expected a StatementFormatError, the file was read');
}

describe('parseStatement', () => {
  it('reads XML as camt and tells the message and version', () => {
    expect(parseStatement(camt053).format).toBe('camt.053.001.02');
    expect(parseStatement(camt054).format).toBe('camt.054.001.08');
    expect(parseStatement(camt053.toString('utf8')).format).toBe('camt.053.001.02');
  });

  it('reads XML even with a mapping given, and a BOM before it', () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), camt053]);
    const file = parseStatement(withBom, { mapping: MAPPING, fileName: 'march.xml' });
    expect(file.format).toBe('camt.053.001.02');
    expect(file.statements[0]?.entries).toHaveLength(3);
  });

  it('decodes XML in the encoding its declaration names', () => {
    const latin1 = Buffer.from(
      camt053.toString('utf8').replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'),
      'latin1',
    );
    expect(parseStatement(latin1).statements[0]?.entries[0]?.counterparty.name).toBe('Müller & Söhne KG');
  });

  it('reads anything else as CSV with the mapping', () => {
    const file = parseStatement(signedCsv, { mapping: MAPPING });
    expect(file.format).toBe('csv');
    expect(file.statements[0]?.entries.map((entry) => entry.amount)).toEqual(['1200.00', '-2450.50', '0.5']);
  });

  it('refuses CSV without a mapping, and a .xml file that is not XML', () => {
    expect(formatError(() => parseStatement(signedCsv)).message).toBe(
      'not XML, and a CSV statement cannot be read without a column mapping',
    );
    expect(
      formatError(() => parseStatement(signedCsv, { mapping: MAPPING, fileName: 'march.XML' })).message,
    ).toBe('march.XML: not an XML document (it does not start with an XML tag)');
  });

  it('puts the file name before the message', () => {
    expect(formatError(() => parseStatement(pain001, { fileName: 'payments.xml' })).message).toBe(
      "payments.xml: unsupported XML message: namespace 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03' (supported: camt.053 and camt.054, versions 001.02 to 001.11)",
    );
  });

  it('refuses an empty file: no transactions', () => {
    expect(formatError(() => parseStatement(Buffer.alloc(0), { mapping: MAPPING })).message).toBe(
      'the file is empty: no transactions',
    );
    expect(formatError(() => parseStatement('\uFEFF \n', { fileName: 'x.csv' })).message).toBe(
      'x.csv: the file is empty: no transactions',
    );
  });
});
