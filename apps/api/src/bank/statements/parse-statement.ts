import { parseCamt } from './camt.ts';
import { parseCsvStatement } from './csv.ts';
import { decodeStatementText } from './decode-text.ts';
import { StatementFormatError, type CsvMapping, type ParsedStatementFile } from './types.ts';

export interface ParseStatementOptions {
  /** How to read a CSV file's columns; a CSV file cannot be read without one. */
  readonly mapping?: CsvMapping;
  /** The uploaded file's name, put before error messages. */
  readonly fileName?: string;
}

/**
 * Reads an uploaded bank statement: an ISO 20022 camt.053 statement or camt.054 notification
 * (told apart, with their version, by the root `Document`'s namespace), or a CSV export read
 * with the account's column mapping. Throws `StatementFormatError` saying what is wrong, and
 * where, for a file it cannot read.
 */
export function parseStatement(
  file: Buffer | string,
  options: ParseStatementOptions = {},
): ParsedStatementFile {
  try {
    return parse(file, options);
  } catch (error) {
    if (error instanceof StatementFormatError && options.fileName !== undefined) {
      throw new StatementFormatError(`${options.fileName}: ${error.message}`, { cause: error });
    }
    throw error;
  }
}

function parse(file: Buffer | string, options: ParseStatementOptions): ParsedStatementFile {
  const text = decodeStatementText(file);
  if (text.trim() === '') throw new StatementFormatError('the file is empty: no transactions');
  if (text.trimStart().startsWith('<')) return parseCamt(text);
  if (options.fileName !== undefined && /\.xml$/i.test(options.fileName)) {
    throw new StatementFormatError('not an XML document (it does not start with an XML tag)');
  }
  if (options.mapping === undefined) {
    throw new StatementFormatError('not XML, and a CSV statement cannot be read without a column mapping');
  }
  return parseCsvStatement(text, options.mapping);
}
