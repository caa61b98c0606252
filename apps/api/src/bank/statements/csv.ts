import { UNSIGNED_AMOUNT, isZeroAmount, signedAmount } from './amount-text.ts';
import { calendarDate } from './calendar-date.ts';
import { csvRows, detectDelimiter, isBlankRow, type CsvDelimiter, type CsvRow } from './csv-rows.ts';
import { decodeStatementText } from './decode-text.ts';
import {
  StatementFormatError,
  type CsvMapping,
  type ParsedStatementFile,
  type StatementEntry,
} from './types.ts';

/**
 * CSV statements as online banking exports them, read through a column mapping saved per
 * account: one statement of booked entries, without account or balances.
 */

export interface CsvPreviewOptions {
  /** The mapping's delimiter; detected from the first line when not given. */
  readonly delimiter?: CsvDelimiter;
  /** Whether the first row names the columns (default true). */
  readonly hasHeader?: boolean;
}

export interface CsvPreview {
  readonly delimiter: CsvDelimiter;
  /** The names a mapping gives columns by: the header row's cells, or "1", "2", … without one. */
  readonly header: readonly string[];
  /** The first data rows (at most `PREVIEW_ROWS`), split into cells. */
  readonly rows: readonly (readonly string[])[];
}

export const PREVIEW_ROWS = 5;

/** The header and first rows of a CSV file, for a screen that shows a mapping's preview. */
export function csvPreview(bytes: Buffer | Uint8Array | string, options: CsvPreviewOptions = {}): CsvPreview {
  const text = decodeStatementText(bytes);
  const delimiter = options.delimiter ?? detectDelimiter(text);
  const hasHeader = options.hasHeader ?? true;
  let header: string[] | null = null;
  const rows: string[][] = [];
  for (const row of csvRows(text, delimiter)) {
    if (isBlankRow(row)) continue;
    const cells = row.cells.map((cell) => cell.trim());
    if (hasHeader && header === null) header = cells;
    else rows.push(cells);
    if (rows.length === PREVIEW_ROWS) break;
  }
  const width = Math.max(0, ...rows.map((cells) => cells.length));
  return { delimiter, header: header ?? columnNumbers(width), rows };
}

/** Reads a CSV statement with the account's column mapping. */
export function parseCsvStatement(
  file: Buffer | Uint8Array | string,
  mapping: CsvMapping,
): ParsedStatementFile {
  checkMapping(mapping);
  const text = decodeStatementText(file);
  const delimiter = mapping.delimiter ?? detectDelimiter(text);
  const rows = [...csvRows(text, delimiter)].filter((row) => !isBlankRow(row));
  const header = mapping.hasHeader === false ? null : rows.shift();
  if (header === undefined) throw new StatementFormatError('CSV file: no transactions (the file is empty)');

  const columns = resolveColumns(mapping, header, rows);
  if (rows.length === 0) {
    throw new StatementFormatError('CSV file: no transactions (no rows below the header)');
  }
  return {
    format: 'csv',
    statements: [
      {
        id: null,
        account: { iban: null, number: null, currency: null },
        opening: null,
        closing: null,
        entries: rows.map((row) => readRow(row, columns, mapping)),
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Mapping and columns

/** The mapping's fields that name a column. */
const COLUMN_FIELDS = [
  'bookingDate',
  'valueDate',
  'amount',
  'credit',
  'debit',
  'currency',
  'reference',
  'counterpartyName',
  'counterpartyIban',
  'remittanceInformation',
  'description',
] as const;

type ColumnField = (typeof COLUMN_FIELDS)[number];

/** The 0-based cell index of each mapped field. */
type Columns = Partial<Record<ColumnField, number>>;

function checkMapping(mapping: CsvMapping): void {
  const split = mapping.credit !== undefined || mapping.debit !== undefined;
  if (mapping.amount !== undefined && split) {
    throw new StatementFormatError(
      'CSV mapping: give either an amount column or credit/debit columns, not both',
    );
  }
  if (mapping.amount === undefined && !split) {
    throw new StatementFormatError('CSV mapping: no amount column (amount, or credit and debit)');
  }
  if (mapping.currency === undefined && mapping.defaultCurrency === undefined) {
    throw new StatementFormatError('CSV mapping: no currency column and no defaultCurrency');
  }
  if (mapping.defaultCurrency !== undefined && !/^[A-Z]{3}$/.test(mapping.defaultCurrency)) {
    throw new StatementFormatError(
      `CSV mapping: defaultCurrency '${mapping.defaultCurrency}' is not an ISO 4217 code`,
    );
  }
}

function resolveColumns(mapping: CsvMapping, header: CsvRow | null, rows: readonly CsvRow[]): Columns {
  const columns: Columns = {};
  for (const field of COLUMN_FIELDS) {
    const name = mapping[field];
    if (name === undefined || name.trim() === '') continue;
    columns[field] = header === null ? columnByNumber(name, field, rows) : columnByName(name, field, header);
  }
  return columns;
}

function columnByName(name: string, field: ColumnField, header: CsvRow): number {
  const names = header.cells.map((cell) => cell.trim());
  const wanted = name.trim();
  let index = names.indexOf(wanted);
  if (index < 0) index = names.findIndex((cell) => cell.toLowerCase() === wanted.toLowerCase());
  if (index < 0) {
    throw new StatementFormatError(
      `CSV mapping: column '${name}' (${field}) is not in the header; the header has ${names.map((n) => `'${n}'`).join(', ')}`,
    );
  }
  return index;
}

function columnByNumber(name: string, field: ColumnField, rows: readonly CsvRow[]): number {
  const width = Math.max(0, ...rows.map((row) => row.cells.length));
  if (!/^\d+$/.test(name.trim())) {
    throw new StatementFormatError(
      `CSV mapping: column '${name}' (${field}) must be a column number (1, 2, …) as the file has no header`,
    );
  }
  const number = Number(name.trim());
  if (number < 1 || (rows.length > 0 && number > width)) {
    throw new StatementFormatError(
      `CSV mapping: column ${name} (${field}) is not in the file, which has ${width} columns`,
    );
  }
  return number - 1;
}

function columnNumbers(width: number): string[] {
  return Array.from({ length: width }, (_, i) => String(i + 1));
}

// ---------------------------------------------------------------------------------------------
// Rows

function readRow(row: CsvRow, columns: Columns, mapping: CsvMapping): StatementEntry {
  const where = `line ${row.line}`;
  const cell = (field: ColumnField): string => {
    const index = columns[field];
    return index === undefined ? '' : (row.cells[index] ?? '').trim();
  };
  /** How an error names a field's column. */
  const column = (field: ColumnField): string => `column '${mapping[field] ?? ''}'`;
  const optional = (field: ColumnField): string | null => cell(field) || null;

  const dateFormat = mapping.dateFormat ?? 'YYYY-MM-DD';
  const readDate = (field: 'bookingDate' | 'valueDate', what: string): string | null => {
    const value = cell(field);
    if (value === '') return null;
    const date = parseDate(value, dateFormat);
    if (date === null) {
      throw new StatementFormatError(
        `${where}: ${what} '${value}' (${column(field)}) is not a valid ${dateFormat} date`,
      );
    }
    return date;
  };
  const bookingDate = readDate('bookingDate', 'booking date');
  if (bookingDate === null) {
    throw new StatementFormatError(`${where}: no booking date (${column('bookingDate')})`);
  }

  const currency = cell('currency').toUpperCase() || mapping.defaultCurrency;
  if (currency === undefined || currency === '') {
    throw new StatementFormatError(`${where}: no currency (${column('currency')})`);
  }
  if (!/^[A-Z]{3}$/.test(currency)) {
    throw new StatementFormatError(
      `${where}: currency '${currency}' (${column('currency')}) is not an ISO 4217 code`,
    );
  }

  return {
    bookingDate,
    valueDate: readDate('valueDate', 'value date'),
    amount: readRowAmount(cell, column, mapping, where),
    currency,
    status: 'Posted',
    reversal: false,
    bankReference: optional('reference'),
    endToEndId: null,
    counterparty: {
      name: optional('counterpartyName'),
      iban: cell('counterpartyIban').replace(/\s+/g, '').toUpperCase() || null,
      bic: null,
      accountNumber: null,
    },
    remittanceInformation: optional('remittanceInformation'),
    description: optional('description'),
    transactionCode: null,
  };
}

/** The row's signed amount: the amount column, or the credit column (+) or the debit column (−). */
function readRowAmount(
  cell: (field: ColumnField) => string,
  column: (field: ColumnField) => string,
  mapping: CsvMapping,
  where: string,
): string {
  const decimalSeparator = mapping.decimalSeparator ?? '.';
  const read = (field: 'amount' | 'credit' | 'debit'): Amount | null => {
    const value = cell(field);
    if (value === '') return null;
    const amount = parseAmount(value, decimalSeparator);
    if (amount === null) {
      throw new StatementFormatError(
        `${where}: ${field} '${value}' (${column(field)}) is not an amount with decimal separator '${decimalSeparator}'`,
      );
    }
    return amount;
  };

  if (mapping.amount !== undefined) {
    const amount = read('amount');
    if (amount === null) throw new StatementFormatError(`${where}: no amount (${column('amount')})`);
    return signedAmount(amount.digits, amount.negative);
  }

  const credit = read('credit');
  const debit = read('debit');
  if (credit?.negative === true) {
    throw new StatementFormatError(`${where}: credit '${cell('credit')}' (${column('credit')}) is negative`);
  }
  const creditGiven = credit !== null && !isZeroAmount(credit.digits);
  const debitGiven = debit !== null && !isZeroAmount(debit.digits);
  if (creditGiven && debitGiven) {
    throw new StatementFormatError(
      `${where}: both a credit (${column('credit')}) and a debit (${column('debit')}) amount`,
    );
  }
  // A debit column holds the amount without a sign, or with a minus some banks add anyway.
  if (debit !== null && (debitGiven || credit === null)) return signedAmount(debit.digits, true);
  if (credit !== null) return credit.digits;
  throw new StatementFormatError(
    `${where}: no amount (${column('credit')} and ${column('debit')} are empty)`,
  );
}

interface Amount {
  /** Unsigned, with '.' as the decimal separator and no thousands separators. */
  readonly digits: string;
  readonly negative: boolean;
}

/**
 * An amount as exports write it: an optional sign (leading, or trailing as in "12,50-"), the
 * decimal separator `decimalSeparator`, thousands grouped by the other separator, an apostrophe
 * or spaces ("1.234,56" → 1234.56). Groups must have 3 digits, so a file read with the wrong
 * decimal separator fails instead of turning 1.5 into 15. Null when the text is no such amount.
 */
export function parseAmount(value: string, decimalSeparator: '.' | ','): Amount | null {
  let rest = value.replace(/[\s\u00a0\u202f]/g, '');
  let negative = false;
  if (/^[+-]/.test(rest)) {
    negative = rest.startsWith('-');
    rest = rest.slice(1);
  } else if (rest.endsWith('-')) {
    negative = true;
    rest = rest.slice(0, -1);
  }
  const [integer = '', fraction, ...more] = rest.split(decimalSeparator);
  if (more.length > 0) return null;
  const groups = integer.split(decimalSeparator === ',' ? /[.']/ : /[,']/);
  const [first = '', ...others] = groups;
  if (others.length > 0 && !(/^\d{1,3}$/.test(first) && others.every((group) => /^\d{3}$/.test(group)))) {
    return null;
  }
  const digits = groups.join('') + (fraction === undefined ? '' : `.${fraction}`);
  return UNSIGNED_AMOUNT.test(digits) ? { digits, negative } : null;
}

const DATE_PATTERNS: Readonly<
  Record<NonNullable<CsvMapping['dateFormat']>, { pattern: RegExp; order: [number, number, number] }>
> = {
  // order: the capture groups of year, month and day
  'YYYY-MM-DD': { pattern: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: [1, 2, 3] },
  'DD.MM.YYYY': { pattern: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, order: [3, 2, 1] },
  'DD/MM/YYYY': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: [3, 2, 1] },
  'MM/DD/YYYY': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: [3, 1, 2] },
};

/** `value` in `format` as `YYYY-MM-DD`, or null when it is not a real date in that format. */
export function parseDate(value: string, format: NonNullable<CsvMapping['dateFormat']>): string | null {
  const { pattern, order } = DATE_PATTERNS[format];
  const match = pattern.exec(value);
  if (!match) return null;
  const [year, month, day] = order.map((group) => Number(match[group]));
  return calendarDate(year ?? 0, month ?? 0, day ?? 0);
}
