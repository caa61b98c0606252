import type { CsvDateFormat, CsvDelimiter, CsvMapping, CsvPreview } from '../entity/bank-upload.ts';

/**
 * The CSV column mapping of the statement import
 * (docs/business-rules.md, “Payments and reconciliation”): the form's values, prefilled from the
 * header's names where they are plain, and the mapping the server reads, checked before it is sent.
 * The server reads the file with it and saves it for the account.
 */

export const STATEMENT_EXTENSIONS = ['.xml', '.csv', '.txt'] as const;

/** Why a chosen file cannot be a statement, or null. */
export function statementFileProblem(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!STATEMENT_EXTENSIONS.some((ext) => name.endsWith(ext)))
    return `${file.name} is not a statement file: choose a camt.053 or camt.054 XML file (.xml) or a CSV export (.csv or .txt).`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

/** Whether the start of a file is XML (a camt statement) rather than CSV, as the server tells them apart. */
export const isXmlText = (head: string): boolean =>
  head
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith('<');

/** The form's values: column names as the preview's header gives them ('' = not mapped). */
export interface MappingForm {
  readonly hasHeader: boolean;
  readonly delimiter: CsvDelimiter;
  readonly dateFormat: CsvDateFormat;
  readonly decimalSeparator: '.' | ',';
  /** One signed amount column, or credit and debit columns. */
  readonly amountMode: 'signed' | 'split';
  readonly bookingDate: string;
  readonly valueDate: string;
  readonly amount: string;
  readonly credit: string;
  readonly debit: string;
  readonly currency: string;
  readonly defaultCurrency: string;
  readonly reference: string;
  readonly counterpartyName: string;
  readonly counterpartyIban: string;
  readonly remittanceInformation: string;
  readonly description: string;
}

export type ColumnField =
  | 'bookingDate'
  | 'valueDate'
  | 'amount'
  | 'credit'
  | 'debit'
  | 'currency'
  | 'reference'
  | 'counterpartyName'
  | 'counterpartyIban'
  | 'remittanceInformation'
  | 'description';

export const DATE_FORMATS: readonly CsvDateFormat[] = [
  'YYYY-MM-DD',
  'DD.MM.YYYY',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
];

export const DELIMITERS: readonly { readonly value: CsvDelimiter; readonly label: string }[] = [
  { value: ',', label: 'Comma (,)' },
  { value: ';', label: 'Semicolon (;)' },
  { value: '\t', label: 'Tab' },
];

/**
 * Header names each field is known by, tried in this order (so "Value date" is not taken for the
 * booking date, nor "Counterparty IBAN" for the name); each column serves one field.
 */
const NAMES: readonly (readonly [ColumnField, RegExp])[] = [
  ['valueDate', /^(value ?date|valuta|valutadatum|wertstellung|val\.? ?date)$/],
  ['bookingDate', /^((booking|posting|transaction|entry|book) ?date|buchungstag|buchungsdatum|date|datum)$/],
  ['counterpartyIban', /\biban\b/],
  ['currency', /^(currency|ccy|curr?|währung|waehrung)$/],
  ['amount', /^(amount|betrag|umsatz)( \(.*\))?$/],
  ['credit', /^(credit( amount)?|credits|haben|paid in|money in|deposits?|incoming)$/],
  ['debit', /^(debit( amount)?|debits|soll|paid out|money out|withdrawals?|outgoing)$/],
  ['reference', /^((bank|transaction) ?ref(erence)?|ref(erence)?|referenz|transaction id)$/],
  [
    'counterpartyName',
    /(counterparty|payee|payer|beneficiary|auftraggeber|empfänger|empfaenger|other party)|^name$/,
  ],
  ['remittanceInformation', /(remittance|verwendungszweck|purpose|payment reference|^details$|^memo$)/],
  ['description', /(description|narrative|buchungstext|booking text|^text$)/],
];

const normal = (name: string): string =>
  name
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ');

/** The date format the column's values are written in, when they say so. */
export function guessDateFormat(values: readonly string[]): CsvDateFormat | null {
  const filled = values.map((v) => v.trim()).filter(Boolean);
  if (!filled.length) return null;
  if (filled.every((v) => /^\d{4}-\d{2}-\d{2}$/.test(v))) return 'YYYY-MM-DD';
  if (filled.every((v) => /^\d{1,2}\.\d{1,2}\.\d{4}$/.test(v))) return 'DD.MM.YYYY';
  const slashed = filled.map((v) => /^(\d{1,2})\/(\d{1,2})\/\d{4}$/.exec(v));
  if (slashed.every(Boolean)) {
    // Only a day above 12 tells the two orders apart.
    if (slashed.some((m) => Number(m![2]) > 12)) return 'MM/DD/YYYY';
    return 'DD/MM/YYYY';
  }
  return null;
}

/** ',' when an amount ends in a comma and one or two digits (1.200,00 or 12,5), else '.'. */
export function guessDecimalSeparator(values: readonly string[]): '.' | ',' {
  return values.some((v) => /,\d{1,2}-?$/.test(v.trim())) ? ',' : '.';
}

/**
 * The form prefilled from a CSV preview: the delimiter the server found, the columns whose header
 * names are plain, the date format and decimal separator their values show; the default currency
 * is the account's. Without a header row nothing is guessed: the columns are only numbers.
 */
export function guessMapping(preview: CsvPreview, hasHeader: boolean, accountCurrency: string): MappingForm {
  const found: Partial<Record<ColumnField, string>> = {};
  if (hasHeader) {
    const used = new Set<number>();
    for (const [field, pattern] of NAMES) {
      const at = preview.header.findIndex((name, i) => !used.has(i) && pattern.test(normal(name)));
      if (at < 0) continue;
      used.add(at);
      found[field] = preview.header[at]!;
    }
  }
  const valuesOf = (column: string | undefined): string[] => {
    const at = column === undefined ? -1 : preview.header.indexOf(column);
    return at < 0 ? [] : preview.rows.map((row) => row[at] ?? '');
  };
  const split = found.amount === undefined && (found.credit !== undefined || found.debit !== undefined);
  const amounts = split ? [...valuesOf(found.credit), ...valuesOf(found.debit)] : valuesOf(found.amount);
  return {
    hasHeader,
    delimiter: preview.delimiter,
    dateFormat: guessDateFormat(valuesOf(found.bookingDate)) ?? 'YYYY-MM-DD',
    decimalSeparator: guessDecimalSeparator(amounts),
    amountMode: split ? 'split' : 'signed',
    bookingDate: found.bookingDate ?? '',
    valueDate: found.valueDate ?? '',
    amount: split ? '' : (found.amount ?? ''),
    credit: split ? (found.credit ?? '') : '',
    debit: split ? (found.debit ?? '') : '',
    currency: found.currency ?? '',
    defaultCurrency: accountCurrency,
    reference: found.reference ?? '',
    counterpartyName: found.counterpartyName ?? '',
    counterpartyIban: found.counterpartyIban ?? '',
    remittanceInformation: found.remittanceInformation ?? '',
    description: found.description ?? '',
  };
}

/**
 * The form from the mapping the account's last CSV import saved, when the file's header still has
 * every column it names (the same bank's export); null otherwise, so that the header is guessed.
 */
export function formOfSaved(
  saved: CsvMapping | null,
  preview: CsvPreview,
  accountCurrency: string,
): MappingForm | null {
  if (!saved) return null;
  const hasHeader = saved.hasHeader ?? true;
  const named = [
    saved.bookingDate,
    saved.valueDate,
    saved.amount,
    saved.credit,
    saved.debit,
    saved.currency,
    saved.reference,
    saved.counterpartyName,
    saved.counterpartyIban,
    saved.remittanceInformation,
    saved.description,
  ].filter((c): c is string => Boolean(c));
  if (!named.length || !named.every((c) => preview.header.includes(c))) return null;
  const split = !saved.amount && Boolean(saved.credit || saved.debit);
  return {
    hasHeader,
    delimiter: saved.delimiter ?? preview.delimiter,
    dateFormat: saved.dateFormat ?? 'YYYY-MM-DD',
    decimalSeparator: saved.decimalSeparator ?? '.',
    amountMode: split ? 'split' : 'signed',
    bookingDate: saved.bookingDate,
    valueDate: saved.valueDate ?? '',
    amount: saved.amount ?? '',
    credit: saved.credit ?? '',
    debit: saved.debit ?? '',
    currency: saved.currency ?? '',
    defaultCurrency: saved.defaultCurrency ?? accountCurrency,
    reference: saved.reference ?? '',
    counterpartyName: saved.counterpartyName ?? '',
    counterpartyIban: saved.counterpartyIban ?? '',
    remittanceInformation: saved.remittanceInformation ?? '',
    description: saved.description ?? '',
  };
}

export type MappingProblems = Partial<Record<ColumnField | 'defaultCurrency', string>>;

/** The mapping the server reads, or what is missing in the form (by field). */
export function toCsvMapping(
  form: MappingForm,
): { readonly mapping: CsvMapping; readonly problems?: undefined } | { readonly problems: MappingProblems } {
  const problems: MappingProblems = {};
  if (!form.bookingDate) problems.bookingDate = 'Choose the column with the booking date.';
  if (form.amountMode === 'signed' && !form.amount)
    problems.amount = 'Choose the column with the amount (money in positive, money out negative).';
  if (form.amountMode === 'split') {
    if (!form.credit && !form.debit) problems.credit = 'Choose the credit column, the debit column or both.';
    else if (form.credit && form.credit === form.debit)
      problems.debit = 'Credit and debit are two different columns.';
  }
  const defaultCurrency = form.defaultCurrency.trim().toUpperCase();
  if (defaultCurrency && !/^[A-Z]{3}$/.test(defaultCurrency))
    problems.defaultCurrency = 'A 3-letter ISO 4217 code, such as USD.';
  else if (!form.currency && !defaultCurrency)
    problems.defaultCurrency = 'Choose the currency column or give the currency of every entry.';
  if (Object.keys(problems).length) return { problems };

  const columns: Partial<Record<ColumnField, string>> = {
    bookingDate: form.bookingDate,
    valueDate: form.valueDate,
    ...(form.amountMode === 'signed' ? { amount: form.amount } : { credit: form.credit, debit: form.debit }),
    currency: form.currency,
    reference: form.reference,
    counterpartyName: form.counterpartyName,
    counterpartyIban: form.counterpartyIban,
    remittanceInformation: form.remittanceInformation,
    description: form.description,
  };
  const named = Object.fromEntries(Object.entries(columns).filter(([, v]) => v)) as Partial<
    Record<ColumnField, string>
  >;
  return {
    mapping: {
      delimiter: form.delimiter,
      hasHeader: form.hasHeader,
      dateFormat: form.dateFormat,
      decimalSeparator: form.decimalSeparator,
      ...named,
      bookingDate: form.bookingDate,
      ...(defaultCurrency ? { defaultCurrency } : {}),
    },
  };
}
