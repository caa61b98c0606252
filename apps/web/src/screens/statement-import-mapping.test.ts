import { describe, expect, it } from 'vitest';
import {
  formOfSaved,
  guessDateFormat,
  guessDecimalSeparator,
  guessMapping,
  isXmlText,
  statementFileProblem,
  toCsvMapping,
  type MappingForm,
} from './statement-import-mapping.ts';

describe('the CSV mapping prefilled from a preview', () => {
  it('names every column of an English export with a signed amount', () => {
    const form = guessMapping(
      {
        delimiter: ',',
        header: [
          'Booking date',
          'Value date',
          'Amount',
          'Currency',
          'Reference',
          'Counterparty',
          'Counterparty IBAN',
          'Remittance',
          'Description',
        ],
        rows: [['2026-03-02', '2026-03-02', '1200.00', 'EUR', 'TX-1', 'Müller', 'DE02…', 'INV-1', 'SEPA']],
      },
      true,
      'USD',
    );
    expect(form).toEqual({
      hasHeader: true,
      delimiter: ',',
      dateFormat: 'YYYY-MM-DD',
      decimalSeparator: '.',
      amountMode: 'signed',
      bookingDate: 'Booking date',
      valueDate: 'Value date',
      amount: 'Amount',
      credit: '',
      debit: '',
      currency: 'Currency',
      defaultCurrency: 'USD',
      reference: 'Reference',
      counterpartyName: 'Counterparty',
      counterpartyIban: 'Counterparty IBAN',
      remittanceInformation: 'Remittance',
      description: 'Description',
    });
  });

  it('reads a German export: credit and debit columns, DD.MM.YYYY dates, decimal comma', () => {
    const form = guessMapping(
      {
        delimiter: ';',
        header: [
          '\uFEFFBuchungstag',
          'Valuta',
          'Auftraggeber/Empfänger',
          'Verwendungszweck',
          'Soll',
          'Haben',
        ],
        rows: [
          ['02.03.2026', '02.03.2026', 'Müller & Söhne KG', 'Rechnung INV-2026-0117', '', '1.200,00'],
          ['03.03.2026', '04.03.2026', 'Legal Services Partners', 'Auszahlung REQ-88', '2.450,50', ''],
        ],
      },
      true,
      'EUR',
    );
    expect(form).toMatchObject({
      delimiter: ';',
      amountMode: 'split',
      bookingDate: '\uFEFFBuchungstag',
      valueDate: 'Valuta',
      credit: 'Haben',
      debit: 'Soll',
      amount: '',
      counterpartyName: 'Auftraggeber/Empfänger',
      remittanceInformation: 'Verwendungszweck',
      dateFormat: 'DD.MM.YYYY',
      decimalSeparator: ',',
      currency: '',
      defaultCurrency: 'EUR',
    });
  });

  it('guesses nothing from column numbers when the file has no header row', () => {
    const form = guessMapping(
      { delimiter: ',', header: ['1', '2', '3'], rows: [['2026-03-02', '12.50', 'Fee']] },
      false,
      'GBP',
    );
    expect(form).toMatchObject({ hasHeader: false, bookingDate: '', amount: '', defaultCurrency: 'GBP' });
  });

  it('tells the date formats apart only when the values show it', () => {
    expect(guessDateFormat(['2026-03-02', ''])).toBe('YYYY-MM-DD');
    expect(guessDateFormat(['02.03.2026'])).toBe('DD.MM.YYYY');
    expect(guessDateFormat(['03/25/2026', '03/02/2026'])).toBe('MM/DD/YYYY');
    expect(guessDateFormat(['25/03/2026'])).toBe('DD/MM/YYYY');
    expect(guessDateFormat(['March 2'])).toBeNull();
    expect(guessDateFormat([])).toBeNull();
  });

  it('takes a comma for the decimal separator only before one or two final digits', () => {
    expect(guessDecimalSeparator(['1.200,00'])).toBe(',');
    expect(guessDecimalSeparator(['12,5-'])).toBe(',');
    expect(guessDecimalSeparator(['1,200.00', '1,200'])).toBe('.');
    expect(guessDecimalSeparator([])).toBe('.');
  });
});

const FORM: MappingForm = {
  hasHeader: true,
  delimiter: ';',
  dateFormat: 'DD.MM.YYYY',
  decimalSeparator: ',',
  amountMode: 'split',
  bookingDate: 'Buchungstag',
  valueDate: '',
  amount: 'Betrag',
  credit: 'Haben',
  debit: 'Soll',
  currency: '',
  defaultCurrency: 'eur',
  reference: '',
  counterpartyName: 'Name',
  counterpartyIban: '',
  remittanceInformation: '',
  description: '',
};

describe('the mapping sent to the server', () => {
  it('keeps the mapped columns of the chosen amount mode and the default currency in capitals', () => {
    expect(toCsvMapping(FORM)).toEqual({
      mapping: {
        delimiter: ';',
        hasHeader: true,
        dateFormat: 'DD.MM.YYYY',
        decimalSeparator: ',',
        bookingDate: 'Buchungstag',
        credit: 'Haben',
        debit: 'Soll',
        counterpartyName: 'Name',
        defaultCurrency: 'EUR',
      },
    });
    expect(toCsvMapping({ ...FORM, amountMode: 'signed', currency: 'Währung', defaultCurrency: '' })).toEqual(
      {
        mapping: {
          delimiter: ';',
          hasHeader: true,
          dateFormat: 'DD.MM.YYYY',
          decimalSeparator: ',',
          bookingDate: 'Buchungstag',
          amount: 'Betrag',
          currency: 'Währung',
          counterpartyName: 'Name',
        },
      },
    );
  });

  it('names what is missing, field by field', () => {
    expect(
      toCsvMapping({ ...FORM, bookingDate: '', credit: '', debit: '', defaultCurrency: '' }).problems,
    ).toEqual({
      bookingDate: 'Choose the column with the booking date.',
      credit: 'Choose the credit column, the debit column or both.',
      defaultCurrency: 'Choose the currency column or give the currency of every entry.',
    });
    expect(toCsvMapping({ ...FORM, amountMode: 'signed', amount: '' }).problems).toEqual({
      amount: 'Choose the column with the amount (money in positive, money out negative).',
    });
    expect(toCsvMapping({ ...FORM, debit: 'Haben', defaultCurrency: 'EURO' }).problems).toEqual({
      debit: 'Credit and debit are two different columns.',
      defaultCurrency: 'A 3-letter ISO 4217 code, such as USD.',
    });
  });
});

describe('the chosen file', () => {
  it('is a .xml, .csv or .txt file with something in it', () => {
    expect(statementFileProblem({ name: 'camt053.XML', size: 10 })).toBeNull();
    expect(statementFileProblem({ name: 'export.txt', size: 10 })).toBeNull();
    expect(statementFileProblem({ name: 'statement.pdf', size: 10 })).toBe(
      'statement.pdf is not a statement file: choose a camt.053 or camt.054 XML file (.xml) or a CSV export (.csv or .txt).',
    );
    expect(statementFileProblem({ name: 'empty.csv', size: 0 })).toBe('empty.csv is empty.');
  });
  it('is XML when it starts with a tag, after a byte-order mark and blank lines', () => {
    expect(isXmlText('\uFEFF\n  <?xml version="1.0"?>')).toBe(true);
    expect(isXmlText('Date,Amount\n')).toBe(false);
  });
});

describe('formOfSaved', () => {
  const preview = {
    delimiter: ';' as const,
    header: ['Buchungstag', 'Betrag', 'Verwendungszweck'],
    rows: [['10.05.2026', '1.234,56', 'INV-55']],
  };
  const saved = {
    delimiter: ';' as const,
    dateFormat: 'DD.MM.YYYY' as const,
    decimalSeparator: ',' as const,
    bookingDate: 'Buchungstag',
    amount: 'Betrag',
    remittanceInformation: 'Verwendungszweck',
  };

  it('takes the mapping the account saved when the file has its columns', () => {
    expect(formOfSaved(saved, preview, 'EUR')).toMatchObject({
      hasHeader: true,
      delimiter: ';',
      dateFormat: 'DD.MM.YYYY',
      decimalSeparator: ',',
      amountMode: 'signed',
      bookingDate: 'Buchungstag',
      amount: 'Betrag',
      remittanceInformation: 'Verwendungszweck',
      defaultCurrency: 'EUR',
    });
  });

  it('leaves it when the file lacks one of its columns, or there is none', () => {
    expect(formOfSaved({ ...saved, reference: 'Referenz' }, preview, 'EUR')).toBeNull();
    expect(formOfSaved(null, preview, 'EUR')).toBeNull();
  });
});
