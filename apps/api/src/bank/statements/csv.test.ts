import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { csvPreview, parseAmount, parseCsvStatement, parseDate } from './csv.ts';
import { csvRows, detectDelimiter } from './csv-rows.ts';
import { StatementFormatError, type CsvMapping } from './types.ts';

const signed = readFileSync(new URL('./fixtures/signed.csv', import.meta.url));
const creditDebit = readFileSync(new URL('./fixtures/credit-debit.csv', import.meta.url));
const quoted = readFileSync(new URL('./fixtures/quoted.csv', import.meta.url));

const SIGNED_MAPPING: CsvMapping = {
  bookingDate: 'Booking date',
  valueDate: 'Value date',
  amount: 'Amount',
  currency: 'Currency',
  reference: 'Reference',
  counterpartyName: 'Counterparty',
  counterpartyIban: 'Counterparty IBAN',
  remittanceInformation: 'Remittance',
  description: 'Description',
};

const GERMAN_MAPPING: CsvMapping = {
  dateFormat: 'DD.MM.YYYY',
  decimalSeparator: ',',
  bookingDate: 'Buchungstag',
  valueDate: 'Valuta',
  debit: 'Soll',
  credit: 'Haben',
  defaultCurrency: 'EUR',
  counterpartyName: 'Auftraggeber/Empfänger',
  remittanceInformation: 'Verwendungszweck',
};

const QUOTED_MAPPING: CsvMapping = {
  bookingDate: 'Date',
  amount: 'Amount',
  defaultCurrency: 'USD',
  counterpartyName: 'Payer',
  remittanceInformation: 'Details',
};

function formatError(parse: () => unknown): StatementFormatError {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(StatementFormatError);
    return error as StatementFormatError;
  }
  throw new Error('expected a StatementFormatError, the file was read');
}

describe('CSV with a header and one signed amount column', () => {
  it('reads every row as a posted entry of one statement without account or balances', () => {
    const file = parseCsvStatement(signed, SIGNED_MAPPING);
    expect(file.format).toBe('csv');
    expect(file.statements).toHaveLength(1);
    const [statement] = file.statements;
    expect(statement?.id).toBeNull();
    expect(statement?.account).toEqual({ iban: null, number: null, currency: null });
    expect(statement?.opening).toBeNull();
    expect(statement?.closing).toBeNull();
    expect(statement?.entries).toEqual([
      {
        bookingDate: '2026-03-02',
        valueDate: '2026-03-02',
        amount: '1200.00',
        currency: 'EUR',
        status: 'Posted',
        reversal: false,
        bankReference: 'TX-1',
        endToEndId: null,
        counterparty: {
          name: 'Müller & Söhne KG',
          iban: 'DE02120300000000202051',
          bic: null,
          accountNumber: null,
        },
        remittanceInformation: 'Invoice INV-2026-0117',
        description: 'SEPA credit',
        transactionCode: null,
      },
      {
        bookingDate: '2026-03-02',
        valueDate: '2026-03-03',
        amount: '-2450.50',
        currency: 'EUR',
        status: 'Posted',
        reversal: false,
        bankReference: 'TX-2',
        endToEndId: null,
        counterparty: { name: 'Legal Services Partners', iban: null, bic: null, accountNumber: null },
        remittanceInformation: null,
        description: 'Payout',
        transactionCode: null,
      },
      {
        bookingDate: '2026-03-04',
        valueDate: null,
        amount: '0.5',
        currency: 'USD',
        status: 'Posted',
        reversal: false,
        bankReference: 'TX-3',
        endToEndId: null,
        counterparty: { name: null, iban: null, bic: null, accountNumber: null },
        remittanceInformation: null,
        description: null,
        transactionCode: null,
      },
    ]);
  });

  it('says which line has an impossible date or a bad amount', () => {
    const text = signed.toString('utf8');
    expect(
      formatError(() => parseCsvStatement(text.replace('2026-03-04', '2026-02-30'), SIGNED_MAPPING)).message,
    ).toBe("line 4: booking date '2026-02-30' (column 'Booking date') is not a valid YYYY-MM-DD date");
    expect(
      formatError(() => parseCsvStatement(text.replace('-2450.50', '-2450.5O'), SIGNED_MAPPING)).message,
    ).toBe("line 3: amount '-2450.5O' (column 'Amount') is not an amount with decimal separator '.'");
    expect(
      formatError(() => parseCsvStatement(text.replace(',1200.00,', ',,'), SIGNED_MAPPING)).message,
    ).toBe("line 2: no amount (column 'Amount')");
    expect(formatError(() => parseCsvStatement(text.replace(',USD,', ',,'), SIGNED_MAPPING)).message).toBe(
      "line 4: no currency (column 'Currency')",
    );
  });

  it('names a mapped column that is not in the header, with the header', () => {
    expect(
      formatError(() => parseCsvStatement(quoted, { ...QUOTED_MAPPING, amount: 'Betrag' })).message,
    ).toBe(
      "CSV mapping: column 'Betrag' (amount) is not in the header; the header has 'Date', 'Amount', 'Payer', 'Details'",
    );
  });

  it('refuses a file without data rows: no transactions', () => {
    const headerOnly = `${signed.toString('utf8').split('\n')[0]}\n\n`;
    expect(formatError(() => parseCsvStatement(headerOnly, SIGNED_MAPPING)).message).toMatch(
      /no transactions/,
    );
    expect(formatError(() => parseCsvStatement('', SIGNED_MAPPING)).message).toMatch(/no transactions/);
  });
});

describe('CSV with credit and debit columns, ";", comma decimals and DD.MM.YYYY', () => {
  it('detects the delimiter, drops the BOM, skips blank lines and signs debits negative', () => {
    const entries = parseCsvStatement(creditDebit, GERMAN_MAPPING).statements[0]?.entries;
    expect(
      entries?.map((entry) => [entry.bookingDate, entry.valueDate, entry.amount, entry.currency]),
    ).toEqual([
      ['2026-03-02', '2026-03-02', '1200.00', 'EUR'],
      ['2026-03-03', '2026-03-04', '-2450.50', 'EUR'],
      ['2026-03-31', '2026-03-31', '-12.5', 'EUR'],
    ]);
    expect(entries?.map((entry) => entry.counterparty.name)).toEqual([
      'Müller & Söhne KG',
      'Legal Services Partners',
      'Bank',
    ]);
    expect(entries?.[1]?.remittanceInformation).toBe('Auszahlung REQ-88');
  });

  it('reads the same with the delimiter given', () => {
    const entries = parseCsvStatement(creditDebit, { ...GERMAN_MAPPING, delimiter: ';' }).statements[0]
      ?.entries;
    expect(entries?.map((entry) => entry.amount)).toEqual(['1200.00', '-2450.50', '-12.5']);
  });

  it('reads a Windows-1252 export', () => {
    const latin1 = Buffer.from(creditDebit.toString('utf8').replace(/^\uFEFF/, ''), 'latin1');
    const entries = parseCsvStatement(latin1, GERMAN_MAPPING).statements[0]?.entries;
    expect(entries?.[0]?.counterparty.name).toBe('Müller & Söhne KG');
  });

  it('refuses an impossible date and a row with both a credit and a debit, by line', () => {
    const text = creditDebit.toString('utf8');
    expect(
      formatError(() =>
        parseCsvStatement(text.replace('31.03.2026;31.03.2026', '30.02.2026;31.03.2026'), GERMAN_MAPPING),
      ).message,
    ).toBe("line 5: booking date '30.02.2026' (column 'Buchungstag') is not a valid DD.MM.YYYY date");
    expect(
      formatError(() => parseCsvStatement(text.replace(';;1.200,00', ';5,00;1.200,00'), GERMAN_MAPPING))
        .message,
    ).toBe("line 2: both a credit (column 'Haben') and a debit (column 'Soll') amount");
    expect(
      formatError(() => parseCsvStatement(text.replace(';;1.200,00', ';;'), GERMAN_MAPPING)).message,
    ).toBe("line 2: no amount (column 'Haben' and column 'Soll' are empty)");
  });

  it('refuses amounts read with the wrong decimal separator instead of scaling them', () => {
    expect(
      formatError(() => parseCsvStatement(creditDebit, { ...GERMAN_MAPPING, decimalSeparator: '.' })).message,
    ).toBe("line 2: credit '1.200,00' (column 'Haben') is not an amount with decimal separator '.'");
  });
});

describe('CSV quoting (RFC 4180)', () => {
  it('keeps the delimiter, line breaks and doubled quotes inside quoted fields', () => {
    const entries = parseCsvStatement(quoted, QUOTED_MAPPING).statements[0]?.entries;
    expect(entries?.map((entry) => [entry.bookingDate, entry.amount, entry.currency])).toEqual([
      ['2026-03-02', '1200.00', 'USD'],
      ['2026-03-03', '-15.00', 'USD'],
    ]);
    expect(entries?.[0]?.counterparty.name).toBe('Müller, Söhne & Co');
    expect(entries?.[0]?.remittanceInformation).toBe('Invoice INV-1\nsecond line "urgent"');
  });

  it('counts the lines inside quoted fields in error messages', () => {
    const text = quoted.toString('utf8').replace('-15.00', 'minus 15');
    expect(formatError(() => parseCsvStatement(text, QUOTED_MAPPING)).message).toBe(
      "line 4: amount 'minus 15' (column 'Amount') is not an amount with decimal separator '.'",
    );
  });

  it('splits rows with CRLF, LF and quotes, and refuses an unclosed quote', () => {
    const rows = [...csvRows('a,"b,1"\r\n"",x""y\n"q""",\n', ',')];
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b,1'] },
      { line: 2, cells: ['', 'x""y'] },
      { line: 3, cells: ['q"', ''] },
    ]);
    expect(formatError(() => [...csvRows('a,b\n1,"open\n2,3\n', ',')]).message).toBe(
      'line 2: a quoted field is not closed',
    );
    expect(formatError(() => [...csvRows('"a"b,c\n', ',')]).message).toBe(
      'line 1: unexpected text after a closing quote',
    );
  });

  it('detects the delimiter from the first line, outside quotes', () => {
    expect(detectDelimiter('a;b;c\n1,2;3')).toBe(';');
    expect(detectDelimiter('"x;y",b,c\n')).toBe(',');
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
    expect(detectDelimiter('single')).toBe(',');
  });
});

describe('CSV without a header', () => {
  it('maps columns by number', () => {
    const text = '02/03/2026,10.00,GBP\n03/04/2026,-2.5,GBP\n';
    const mapping: CsvMapping = {
      hasHeader: false,
      dateFormat: 'MM/DD/YYYY',
      bookingDate: '1',
      amount: '2',
      currency: '3',
    };
    const entries = parseCsvStatement(text, mapping).statements[0]?.entries;
    expect(entries?.map((entry) => [entry.bookingDate, entry.amount, entry.currency])).toEqual([
      ['2026-02-03', '10.00', 'GBP'],
      ['2026-03-04', '-2.5', 'GBP'],
    ]);
    expect(formatError(() => parseCsvStatement(text, { ...mapping, currency: '4' })).message).toBe(
      'CSV mapping: column 4 (currency) is not in the file, which has 3 columns',
    );
    expect(formatError(() => parseCsvStatement(text, { ...mapping, amount: 'Amount' })).message).toBe(
      "CSV mapping: column 'Amount' (amount) must be a column number (1, 2, …) as the file has no header",
    );
  });
});

describe('CSV mapping checks', () => {
  it('needs exactly one way to read amounts and a currency', () => {
    expect(formatError(() => parseCsvStatement(quoted, { ...QUOTED_MAPPING, debit: 'Amount' })).message).toBe(
      'CSV mapping: give either an amount column or credit/debit columns, not both',
    );
    expect(
      formatError(() => parseCsvStatement(quoted, { bookingDate: 'Date', defaultCurrency: 'USD' })).message,
    ).toBe('CSV mapping: no amount column (amount, or credit and debit)');
    expect(
      formatError(() => parseCsvStatement(quoted, { bookingDate: 'Date', amount: 'Amount' })).message,
    ).toBe('CSV mapping: no currency column and no defaultCurrency');
  });
});

describe('csvPreview', () => {
  it('returns the header and the first rows split into cells', () => {
    expect(csvPreview(creditDebit)).toEqual({
      delimiter: ';',
      header: ['Buchungstag', 'Valuta', 'Auftraggeber/Empfänger', 'Verwendungszweck', 'Soll', 'Haben'],
      rows: [
        ['02.03.2026', '02.03.2026', 'Müller & Söhne KG', 'Rechnung INV-2026-0117', '', '1.200,00'],
        ['03.03.2026', '04.03.2026', 'Legal Services Partners', 'Auszahlung REQ-88', '2.450,50', ''],
        ['31.03.2026', '31.03.2026', 'Bank', 'Kontoführung', '12,5', ''],
      ],
    });
  });

  it('stops after 5 rows and numbers the columns of a file without header', () => {
    const text = Array.from({ length: 9 }, (_, i) => `2026-03-0${i + 1}\t${i}.00`).join('\n');
    const preview = csvPreview(text, { hasHeader: false });
    expect(preview.delimiter).toBe('\t');
    expect(preview.header).toEqual(['1', '2']);
    expect(preview.rows).toEqual([
      ['2026-03-01', '0.00'],
      ['2026-03-02', '1.00'],
      ['2026-03-03', '2.00'],
      ['2026-03-04', '3.00'],
      ['2026-03-05', '4.00'],
    ]);
  });

  it('shows a quoted field with a line break as one cell', () => {
    expect(csvPreview(quoted).rows[0]).toEqual([
      '2026-03-02',
      '1,200.00',
      'Müller, Söhne & Co',
      'Invoice INV-1\nsecond line "urgent"',
    ]);
  });
});

describe('CSV amounts and dates', () => {
  it('removes thousands separators and normalises the decimal separator', () => {
    expect(parseAmount('1.234,56', ',')).toEqual({ digits: '1234.56', negative: false });
    expect(parseAmount('-1.234.567,5', ',')).toEqual({ digits: '1234567.5', negative: true });
    expect(parseAmount('12,50-', ',')).toEqual({ digits: '12.50', negative: true });
    expect(parseAmount('1,234.56', '.')).toEqual({ digits: '1234.56', negative: false });
    expect(parseAmount("1'234.50", '.')).toEqual({ digits: '1234.50', negative: false });
    expect(parseAmount('1 234,00', ',')).toEqual({ digits: '1234.00', negative: false });
    expect(parseAmount('100.12345', '.')).toEqual({ digits: '100.12345', negative: false });
  });

  it('refuses what is not an amount in the given format', () => {
    for (const [value, separator] of [
      ['1.5', ','],
      ['1,5', '.'],
      ['12,34,56', ','],
      ['abc', '.'],
      ['', '.'],
      ['1.', '.'],
      ['1.123456', '.'],
      ['--1', '.'],
    ] as const) {
      expect(parseAmount(value, separator)).toBeNull();
    }
  });

  it('converts each date format and rejects days that do not exist', () => {
    expect(parseDate('2026-03-02', 'YYYY-MM-DD')).toBe('2026-03-02');
    expect(parseDate('2.3.2026', 'DD.MM.YYYY')).toBe('2026-03-02');
    expect(parseDate('02/03/2026', 'DD/MM/YYYY')).toBe('2026-03-02');
    expect(parseDate('03/02/2026', 'MM/DD/YYYY')).toBe('2026-03-02');
    expect(parseDate('29.02.2028', 'DD.MM.YYYY')).toBe('2028-02-29');
    expect(parseDate('29.02.2026', 'DD.MM.YYYY')).toBeNull();
    expect(parseDate('2026-02-30', 'YYYY-MM-DD')).toBeNull();
    expect(parseDate('31/04/2026', 'DD/MM/YYYY')).toBeNull();
    expect(parseDate('2026-13-01', 'YYYY-MM-DD')).toBeNull();
    expect(parseDate('02.03.26', 'DD.MM.YYYY')).toBeNull();
  });
});
