import { readFileSync } from 'node:fs';
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { camtMessageOf, parseCamt } from './camt.ts';
import { parseStatement } from './parse-statement.ts';
import { StatementFormatError, type ParsedStatement, type StatementEntry } from './types.ts';

const v02 = readFileSync(new URL('./fixtures/camt053-v02.xml', import.meta.url));
const v08 = readFileSync(new URL('./fixtures/camt053-v08.xml', import.meta.url));
const twoStatements = readFileSync(new URL('./fixtures/camt053-two-statements.xml', import.meta.url));
const notificationV02 = readFileSync(new URL('./fixtures/camt054-v02.xml', import.meta.url));
const notificationV08 = readFileSync(new URL('./fixtures/camt054-v08.xml', import.meta.url));
const pain001 = readFileSync(new URL('./fixtures/pain001.xml', import.meta.url));
const malformed = readFileSync(new URL('./fixtures/malformed.xml', import.meta.url));
const doctype = readFileSync(new URL('./fixtures/doctype.xml', import.meta.url));
const missingBookingDate = readFileSync(new URL('./fixtures/missing-booking-date.xml', import.meta.url));

const NO_COUNTERPARTY = { name: null, iban: null, bic: null, accountNumber: null };

/** The error `parse` throws, checked to be a StatementFormatError. */
function formatError(parse: () => unknown): StatementFormatError {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(StatementFormatError);
    return error as StatementFormatError;
  }
  throw new Error('expected a StatementFormatError, the file was read');
}

/** Opening balance plus the posted entries, in exact decimals. */
function openingPlusPosted(statement: ParsedStatement): string {
  return statement.entries
    .filter((entry) => entry.status === 'Posted')
    .reduce((sum, entry) => sum.plus(entry.amount), new Decimal(statement.opening?.amount ?? '0'))
    .toFixed(2);
}

describe('camt.053.001.02: one statement, <Sts>BOOK</Sts>', () => {
  const file = parseStatement(v02);
  const [statement] = file.statements;

  it('names the message and reads the account', () => {
    expect(file.format).toBe('camt.053.001.02');
    expect(file.statements).toHaveLength(1);
    expect(statement?.id).toBe('STMT-DE-0302');
    expect(statement?.account).toEqual({ iban: 'DE89370400440532013000', number: null, currency: 'EUR' });
  });

  it('signs the balances by their indicator: a credit opening, a debit closing', () => {
    expect(statement?.opening).toEqual({ amount: '500.00', currency: 'EUR', date: '2026-03-01' });
    expect(statement?.closing).toEqual({ amount: '-250.50', currency: 'EUR', date: '2026-03-02' });
    expect(openingPlusPosted(statement!)).toBe('-250.50');
  });

  it('reads every entry with its detail, codes and references', () => {
    expect(statement?.entries).toEqual<StatementEntry[]>([
      {
        bookingDate: '2026-03-02',
        valueDate: '2026-03-02',
        amount: '1200.00',
        currency: 'EUR',
        status: 'Posted',
        reversal: false,
        bankReference: '2026030200001',
        endToEndId: 'INV-2026-0117',
        counterparty: {
          name: 'Müller & Söhne KG',
          iban: 'DE02120300000000202051',
          bic: 'BYLADEM1001',
          accountNumber: null,
        },
        remittanceInformation: 'Invoice INV-2026-0117 customer 4711',
        description: 'SEPA Credit Transfer',
        transactionCode: 'PMNT/RCDT/ESCT',
      },
      {
        bookingDate: '2026-03-02',
        valueDate: '2026-03-03',
        amount: '-2450.50',
        currency: 'EUR',
        status: 'Posted',
        reversal: false,
        bankReference: '2026030200002',
        endToEndId: null,
        counterparty: NO_COUNTERPARTY,
        remittanceInformation: null,
        description: 'Payout advance REQ-88',
        transactionCode: 'NTRF+020',
      },
      {
        bookingDate: '2026-03-02',
        valueDate: '2026-03-02',
        amount: '500.00',
        currency: 'EUR',
        status: 'Posted',
        reversal: false,
        // No AcctSvcrRef: the entry's NtryRef.
        bankReference: '3',
        // NOTPROVIDED is no reference.
        endToEndId: null,
        counterparty: { name: 'Nordlicht Handel AG', iban: null, bic: null, accountNumber: '0532013000' },
        remittanceInformation: 'RF18539007547034',
        description: 'Gutschrift',
        transactionCode: 'PMNT/RCDT/ESCT',
      },
    ]);
  });
});

describe('camt.053.001.08: <Sts><Cd>…</Cd></Sts>, batches, pending and reversed entries', () => {
  const file = parseStatement(v08);
  const [statement] = file.statements;
  const entries = statement?.entries ?? [];

  it('reads the account number, OPBD and CLBD (not CLAV), a balance date from DtTm', () => {
    expect(file.format).toBe('camt.053.001.08');
    expect(statement?.account).toEqual({ iban: null, number: '000123456789', currency: 'EUR' });
    expect(statement?.opening).toEqual({ amount: '10000.00', currency: 'EUR', date: '2026-03-04' });
    expect(statement?.closing).toEqual({ amount: '11650.00', currency: 'EUR', date: '2026-03-05' });
    expect(openingPlusPosted(statement!)).toBe('11650.00');
  });

  it('splits a batch entry of 3 transaction details into 3 entries with their own amounts', () => {
    expect(entries).toHaveLength(6);
    const batch = entries.slice(0, 3);
    expect(batch.map((entry) => entry.amount)).toEqual(['1000.00', '1250.00', '750.00']);
    expect(batch.reduce((sum, entry) => sum.plus(entry.amount), new Decimal(0)).toFixed(2)).toBe('3000.00');
    // The detail's own AcctSvcrRef, else the entry's suffixed with the detail's position.
    expect(batch.map((entry) => entry.bankReference)).toEqual(['TX-0305-A', 'BATCH-0305/2', 'BATCH-0305/3']);
    expect(batch.map((entry) => entry.endToEndId)).toEqual(['E2E-A', 'E2E-B', null]);
    expect(batch.map((entry) => entry.counterparty.name)).toEqual([
      'Alpha Buyer Ltd',
      'Beta Retail GmbH',
      'Gamma Foods SA',
    ]);
    expect(batch[0]?.counterparty).toEqual({
      name: 'Alpha Buyer Ltd',
      iban: 'GB33BUKB20201555555555',
      bic: 'BUKBGB22',
      accountNumber: null,
    });
    expect(batch.map((entry) => entry.remittanceInformation)).toEqual(['INV-A-1', 'INV-B-7', null]);
    expect(batch.map((entry) => entry.description)).toEqual([
      'Batch credit 3 transactions',
      'Batch credit 3 transactions',
      'Sammelgutschrift Teil 3',
    ]);
    for (const entry of batch) {
      expect(entry).toMatchObject({
        bookingDate: '2026-03-05',
        valueDate: '2026-03-05',
        currency: 'EUR',
        status: 'Posted',
        reversal: false,
        transactionCode: 'PMNT/RCDT/BOOK',
      });
    }
  });

  it('reads a PDNG entry as Pending, its dates from DtTm, its reference from NtryRef', () => {
    expect(entries[3]).toEqual({
      bookingDate: '2026-03-06',
      valueDate: '2026-03-06',
      amount: '99.99',
      currency: 'EUR',
      status: 'Pending',
      reversal: false,
      bankReference: 'PND-1',
      endToEndId: null,
      counterparty: NO_COUNTERPARTY,
      remittanceInformation: null,
      description: null,
      transactionCode: 'PENDING-IN',
    });
  });

  it('keeps a reversed credit as the debit the bank books, with the original payer as counterparty', () => {
    expect(entries[4]).toEqual({
      bookingDate: '2026-03-05',
      valueDate: '2026-03-02',
      amount: '-1200.00',
      currency: 'EUR',
      status: 'Posted',
      reversal: true,
      bankReference: 'REV-0305',
      endToEndId: 'INV-2026-0117',
      counterparty: {
        name: 'Müller & Söhne KG',
        iban: 'DE02120300000000202051',
        bic: null,
        accountNumber: null,
      },
      remittanceInformation: 'Invoice INV-2026-0117',
      description: 'Reversal of credit 2026030200001',
      transactionCode: 'PMNT/RCDT/RRTN',
    });
  });

  it('takes the creditor as the counterparty of a debit', () => {
    expect(entries[5]?.amount).toBe('-150.00');
    expect(entries[5]?.counterparty).toEqual({
      name: 'Legal Services Partners',
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPP',
      accountNumber: null,
    });
  });

  it('still returns the details of a batch whose details do not add up to the entry', () => {
    const xml = v08.toString('utf8').replace('<Amt Ccy="EUR">1250.00</Amt>', '<Amt Ccy="EUR">1249.00</Amt>');
    const amounts = parseCamt(xml)
      .statements[0]?.entries.slice(0, 3)
      .map((entry) => entry.amount);
    expect(amounts).toEqual(['1000.00', '1249.00', '750.00']);
  });

  it('refuses a detail of a batch without its own amount', () => {
    const xml = v08
      .toString('utf8')
      .replace(/<AmtDtls>\s*<TxAmt>\s*<Amt Ccy="EUR">750\.00<\/Amt>\s*<\/TxAmt>\s*<\/AmtDtls>/, '');
    expect(formatError(() => parseCamt(xml)).message).toBe(
      'statement 1, entry 1, detail 3: no amount (Amt or AmtDtls/TxAmt/Amt)',
    );
  });
});

describe('amounts and several statements in one file', () => {
  const file = parseStatement(twoStatements);

  it('reads both statements with their accounts', () => {
    expect(file.format).toBe('camt.053.001.04');
    expect(file.statements.map((statement) => statement.id)).toEqual(['JPY-0310', 'EUR-0310']);
    expect(file.statements[0]?.account).toEqual({ iban: null, number: '1234567', currency: 'JPY' });
    expect(file.statements[1]?.account).toEqual({
      iban: 'NL91ABNA0417164300',
      number: null,
      currency: 'EUR',
    });
  });

  it('keeps 0, 2 and 5 decimals exactly as written', () => {
    expect(file.statements[0]?.entries.map((entry) => [entry.amount, entry.currency])).toEqual([
      ['1500', 'JPY'],
    ]);
    expect(file.statements[1]?.entries.map((entry) => [entry.amount, entry.currency])).toEqual([
      ['100.12345', 'EUR'],
      ['-25.50', 'EUR'],
    ]);
  });

  it('takes PRCD as the opening balance when there is no OPBD, and null when there are no balances', () => {
    expect(file.statements[0]?.opening).toEqual({ amount: '100000', currency: 'JPY', date: '2026-03-09' });
    expect(file.statements[0]?.closing).toEqual({ amount: '101500', currency: 'JPY', date: '2026-03-10' });
    expect(file.statements[1]?.opening).toBeNull();
    expect(file.statements[1]?.closing).toBeNull();
  });

  it('refuses more than 5 decimals and amounts that are not plain numbers, saying where', () => {
    const xml = twoStatements.toString('utf8');
    expect(formatError(() => parseCamt(xml.replace('100.12345', '100.123456'))).message).toBe(
      "statement 2, entry 1: amount '100.123456' (Amt) is not a number with at most 5 decimals",
    );
    expect(formatError(() => parseCamt(xml.replace('>25.50<', '>25,50<'))).message).toBe(
      "statement 2, entry 2: amount '25,50' (Amt) is not a number with at most 5 decimals",
    );
    expect(formatError(() => parseCamt(xml.replace('>1500<', '>-1500<'))).message).toBe(
      "statement 1, entry 1: amount '-1500' (Amt) is not a number with at most 5 decimals",
    );
    expect(formatError(() => parseCamt(xml.replace('>100000<', '>1e5<'))).message).toBe(
      "statement 1, balance PRCD: amount '1e5' (Amt) is not a number with at most 5 decimals",
    );
  });
});

describe('camt.054 notifications', () => {
  it('reads camt.054.001.02: no balances, the single detail with its AmtDtls amount and structured reference', () => {
    const file = parseStatement(notificationV02);
    expect(file.format).toBe('camt.054.001.02');
    expect(file.statements).toEqual([
      {
        id: 'NTF-7',
        account: { iban: 'CH9300762011623852957', number: null, currency: 'CHF' },
        opening: null,
        closing: null,
        entries: [
          {
            bookingDate: '2026-03-12',
            valueDate: '2026-03-12',
            amount: '845.20',
            currency: 'CHF',
            status: 'Posted',
            reversal: false,
            bankReference: 'CH-7-1-TX',
            endToEndId: 'QRR-2100000000003139471430009017',
            counterparty: {
              name: 'Helvetia Einkauf AG',
              iban: 'CH5604835012345678009',
              bic: 'CRESCHZZ80A',
              accountNumber: null,
            },
            remittanceInformation: '210000000003139471430009017',
            description: null,
            transactionCode: 'PMNT/RCDT/DMCT',
          },
        ],
      },
    ]);
  });

  it('reads camt.054.001.08 with namespace prefixes, two notifications, a single detail without amount', () => {
    const file = parseStatement(notificationV08);
    expect(file.format).toBe('camt.054.001.08');
    expect(file.statements.map((statement) => statement.id)).toEqual(['N054-0313-A', 'N054-0313-B']);
    const [first, second] = file.statements;
    expect(first?.account).toEqual({ iban: 'DE89370400440532013000', number: null, currency: null });
    expect(first?.entries).toEqual([
      {
        bookingDate: '2026-03-13',
        valueDate: '2026-03-13',
        // The one detail has no amount of its own: the entry's.
        amount: '320.00',
        currency: 'EUR',
        status: 'Posted',
        reversal: false,
        // One detail: the entry's reference without a suffix.
        bankReference: 'DE-0313-A1',
        endToEndId: 'INV-2026-0201',
        counterparty: { name: 'Delta Logistik e.K.', iban: null, bic: null, accountNumber: null },
        remittanceInformation: 'INV-2026-0201',
        description: null,
        transactionCode: null,
      },
    ]);
    expect(second?.entries).toEqual([
      {
        bookingDate: '2026-03-13',
        valueDate: null,
        amount: '-12.00',
        currency: 'EUR',
        // INFO: for information, not booked.
        status: 'Pending',
        reversal: false,
        bankReference: 'DE-0313-B1',
        endToEndId: null,
        counterparty: NO_COUNTERPARTY,
        remittanceInformation: null,
        description: 'Account fee March',
        transactionCode: 'FEE',
      },
    ]);
    expect(first?.opening).toBeNull();
    expect(second?.closing).toBeNull();
  });

  it('calls a camt.054 position a notification in its errors', () => {
    const xml = notificationV08.toString('utf8').replace('<camt:CdtDbtInd>DBIT</camt:CdtDbtInd>', '');
    expect(formatError(() => parseCamt(xml)).message).toBe(
      'notification 2, entry 1: no credit/debit indicator (CdtDbtInd)',
    );
  });
});

describe('files the camt reader refuses', () => {
  it('names the namespace of a message that is not camt.053/054 (pain.001)', () => {
    expect(formatError(() => parseStatement(pain001)).message).toBe(
      "unsupported XML message: namespace 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03' (supported: camt.053 and camt.054, versions 001.02 to 001.11)",
    );
  });

  it('says where malformed XML breaks', () => {
    expect(formatError(() => parseStatement(malformed)).message).toBe(
      "malformed XML at line 9, column 7: Expected closing tag 'Ntry' (opened in line 6, col 7) instead of closing tag 'Stmt'.",
    );
  });

  it('refuses a DOCTYPE (external entities) before reading anything', () => {
    expect(formatError(() => parseStatement(doctype)).message).toBe(
      'XML with a <!DOCTYPE> declaration is refused (document types and entities are not allowed in statements)',
    );
    expect(formatError(() => parseCamt('<!ENTITY x "y"><Document/>')).message).toMatch(
      /<!ENTITY> declaration is refused/,
    );
  });

  it('says which entry has no booking date', () => {
    expect(formatError(() => parseStatement(missingBookingDate)).message).toBe(
      'statement 1, entry 3: no booking date (BookgDt)',
    );
  });

  it('says what else is missing or wrong, and where', () => {
    const xml = v02.toString('utf8');
    const cases: [string, string, string][] = [
      ['<Amt Ccy="EUR">2450.50</Amt>', '', 'statement 1, entry 2: no amount (Amt)'],
      ['<Amt Ccy="EUR">2450.50</Amt>', '<Amt>2450.50</Amt>', 'statement 1, entry 2: no currency (Amt@Ccy)'],
      [
        '<CdtDbtInd>DBIT</CdtDbtInd>\n        <Sts>',
        '<CdtDbtInd>DEBIT</CdtDbtInd><Sts>',
        "statement 1, entry 2: credit/debit indicator 'DEBIT' is neither CRDT nor DBIT",
      ],
      [
        '<Dt>2026-03-01</Dt>',
        '<Dt>2026-02-30</Dt>',
        "statement 1, balance OPBD: date '2026-02-30' (Dt) is not a date",
      ],
      ['<Amt Ccy="EUR">250.50</Amt>', '', 'statement 1, balance CLBD: no amount (Amt)'],
      [
        '<Sts>BOOK</Sts>',
        '<Sts>WAIT</Sts>',
        "statement 1, entry 1: unknown status 'WAIT' (Sts; expected BOOK, PDNG or INFO)",
      ],
      ['<Sts>BOOK</Sts>', '', 'statement 1, entry 1: no status (Sts)'],
    ];
    for (const [from, to, message] of cases) {
      expect(formatError(() => parseCamt(xml.replace(from, to))).message).toBe(message);
    }
  });

  it('refuses a camt document without its statements', () => {
    const xml =
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>1</MsgId></GrpHdr></BkToCstmrStmt></Document>';
    expect(formatError(() => parseCamt(xml)).message).toBe(
      'camt.053.001.02: no statement (BkToCstmrStmt/Stmt)',
    );
    const wrongGroup = xml.replaceAll('BkToCstmrStmt', 'BkToCstmrDbtCdtNtfctn');
    expect(formatError(() => parseCamt(wrongGroup)).message).toBe(
      'camt.053.001.02: no <BkToCstmrStmt> in the document',
    );
  });
});

describe('camt details', () => {
  it('uses the value date of a pending entry that has no booking date yet', () => {
    const xml = v08
      .toString('utf8')
      .replace(/<BookgDt>\s*<DtTm>2026-03-06T09:15:00\+01:00<\/DtTm>\s*<\/BookgDt>/, '');
    const pending = parseCamt(xml).statements[0]?.entries[3];
    expect(pending).toMatchObject({ status: 'Pending', bookingDate: '2026-03-06', valueDate: '2026-03-06' });
  });

  it('decodes XML entities and character references once', () => {
    const xml = v02
      .toString('utf8')
      .replace('Nordlicht Handel AG', 'Nordlicht &#228;&#xF6; &amp;#228; &lt;AG&gt;');
    expect(parseCamt(xml).statements[0]?.entries[2]?.counterparty.name).toBe('Nordlicht äö &#228; <AG>');
  });

  it('takes the entry reference suffixed /n for every detail of a batch without references', () => {
    const xml = v08.toString('utf8').replace('<AcctSvcrRef>TX-0305-A</AcctSvcrRef>', '');
    const references = parseCamt(xml)
      .statements[0]?.entries.slice(0, 3)
      .map((entry) => entry.bankReference);
    expect(references).toEqual(['BATCH-0305/1', 'BATCH-0305/2', 'BATCH-0305/3']);
  });

  it('reads a file with blank lines before the XML declaration, counting them in error lines', () => {
    expect(parseCamt(`\n\n${v02.toString('utf8')}`).statements[0]?.entries).toHaveLength(3);
    expect(formatError(() => parseCamt(`\n\n${malformed.toString('utf8')}`)).message).toMatch(
      /^malformed XML at line 11, column 7: /,
    );
  });

  it('tells the message and version from the root namespace, default or prefixed', () => {
    const ns = (uri: string) => `<?xml version="1.0"?>\n<!-- c -->\n<Document xmlns='${uri}'><x/></Document>`;
    expect(camtMessageOf(ns('urn:iso:std:iso:20022:tech:xsd:camt.053.001.11'))).toEqual({
      message: 'camt.053',
      version: 11,
      format: 'camt.053.001.11',
    });
    expect(
      camtMessageOf(
        '<a:Document xmlns="urn:other" xmlns:a="urn:iso:std:iso:20022:tech:xsd:camt.054.001.05"/>',
      ),
    ).toEqual({
      message: 'camt.054',
      version: 5,
      format: 'camt.054.001.05',
    });
    for (const uri of [
      'urn:iso:std:iso:20022:tech:xsd:camt.053.001.01',
      'urn:iso:std:iso:20022:tech:xsd:camt.053.001.12',
      'urn:iso:std:iso:20022:tech:xsd:camt.052.001.08',
    ]) {
      expect(formatError(() => camtMessageOf(ns(uri))).message).toContain(`namespace '${uri}'`);
    }
    expect(formatError(() => camtMessageOf('<Document><x/></Document>')).message).toBe(
      'XML <Document> has no namespace: cannot tell which message it is',
    );
    expect(formatError(() => camtMessageOf('<Envelope xmlns="urn:x"/>')).message).toBe(
      'XML root element is <Envelope>, expected an ISO 20022 <Document>',
    );
  });

  it('reads the same statement in every supported version, with either status shape', () => {
    const xml = v02.toString('utf8');
    for (let version = 2; version <= 11; version += 1) {
      const nn = String(version).padStart(2, '0');
      const variant = xml
        .replace('camt.053.001.02', `camt.053.001.${nn}`)
        .replaceAll('<Sts>BOOK</Sts>', version % 2 === 0 ? '<Sts>BOOK</Sts>' : '<Sts><Cd>BOOK</Cd></Sts>');
      const file = parseCamt(variant);
      expect(file.format).toBe(`camt.053.001.${nn}`);
      expect(file.statements[0]?.entries.map((entry) => [entry.amount, entry.status])).toEqual([
        ['1200.00', 'Posted'],
        ['-2450.50', 'Posted'],
        ['500.00', 'Posted'],
      ]);
    }
  });
});
