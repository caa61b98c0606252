import { describe, expect, it } from 'vitest';
import { PAYOUT_CSV_HEADER, payoutCsv, textCell } from './payout-csv.ts';
import type { PayoutAccount, PayoutFileInput, PayoutPayment } from './types.ts';

const HEADER =
  'end_to_end_id,execution_date,amount,currency,debtor_name,debtor_iban,debtor_account_number,' +
  'creditor_name,creditor_iban,creditor_bic,creditor_account_number,creditor_sort_code,' +
  'creditor_routing_number,remittance';

const funderA: PayoutAccount = {
  name: 'Northwind Capital GmbH',
  iban: 'de89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  accountNumber: null,
  country: 'DE',
};
const funderB: PayoutAccount = {
  name: 'Harbor Funding LLC',
  iban: null,
  bic: 'CHASUS33',
  accountNumber: '000123456789',
  routingNumber: '021000021',
  country: 'US',
};
const frenchSupplier: PayoutAccount = {
  name: 'Müller & <Söhne> "Lyon" SARL',
  iban: 'FR1420041010050500013M02606',
  bic: 'BNPAFRPP',
  accountNumber: null,
  country: 'FR',
};

function payment(overrides: Partial<PayoutPayment> = {}): PayoutPayment {
  return {
    endToEndId: 'PAY-1',
    amount: '1000.00',
    currency: 'EUR',
    debtor: funderA,
    creditor: frenchSupplier,
    remittance: 'Advance invoice INV-1001',
    ...overrides,
  };
}

const file = (payments: readonly PayoutPayment[]): PayoutFileInput => ({
  messageId: 'RF-20261124-001',
  createdAt: '2026-11-24T10:15:00Z',
  initiatingParty: 'Receivables Platform Ltd',
  requestedExecutionDate: '2026-11-25',
  payments,
});

describe('payoutCsv', () => {
  it('has the agreed header', () => {
    expect(PAYOUT_CSV_HEADER.join(',')).toBe(HEADER);
    expect(payoutCsv(file([]))).toBe(`${HEADER}\r\n`);
  });

  it('writes one row per payment in input order, RFC 4180 quoted, with CRLF line ends', () => {
    const csv = payoutCsv(
      file([
        payment(),
        payment({
          endToEndId: 'PAY-2',
          amount: '2500.50',
          currency: 'USD',
          debtor: funderB,
          creditor: {
            name: 'Smith, Jones & Co',
            iban: null,
            bic: null,
            accountNumber: '987654321',
            routingNumber: '026009593',
            country: 'US',
          },
          remittance: 'Advance invoices\r\nINV-7, INV-8',
        }),
        payment({
          endToEndId: 'PAY-3',
          amount: '150000',
          currency: 'JPY',
          creditor: {
            name: 'Thames Tooling Ltd',
            iban: null,
            bic: null,
            accountNumber: '55779911',
            sortCode: '20-00-00',
            country: 'GB',
          },
          remittance: 'Advance invoice INV-9',
        }),
      ]),
    );
    expect(csv).toBe(
      [
        HEADER,
        'PAY-1,2026-11-25,1000.00,EUR,Northwind Capital GmbH,DE89370400440532013000,,"Müller & <Söhne> ""Lyon"" SARL",FR1420041010050500013M02606,BNPAFRPP,,,,Advance invoice INV-1001',
        'PAY-2,2026-11-25,2500.50,USD,Harbor Funding LLC,,000123456789,"Smith, Jones & Co",,,987654321,,026009593,"Advance invoices INV-7, INV-8"',
        'PAY-3,2026-11-25,150000,JPY,Northwind Capital GmbH,DE89370400440532013000,,Thames Tooling Ltd,,,55779911,20-00-00,,Advance invoice INV-9',
        '',
      ].join('\r\n'),
    );
  });

  it('defuses cells a spreadsheet would run as formulas, but not the amount', () => {
    const csv = payoutCsv(
      file([
        payment({
          endToEndId: '=1+1',
          creditor: { ...frenchSupplier, name: '=HYPERLINK("http://evil.example","Pay")', bic: '@BIC' },
          debtor: { ...funderA, name: '\tTabbed Funder', accountNumber: '-12345' },
          remittance: '+Advance',
        }),
      ]),
    );
    expect(csv.split('\r\n')[1]).toBe(
      [
        "'=1+1",
        '2026-11-25',
        '1000.00',
        'EUR',
        "'\tTabbed Funder",
        'DE89370400440532013000',
        "'-12345",
        '"\'=HYPERLINK(""http://evil.example"",""Pay"")"',
        'FR1420041010050500013M02606',
        "'@BIC",
        '',
        '',
        '',
        "'+Advance",
      ].join(','),
    );
  });

  it('quotes and guards a cell starting with a carriage return', () => {
    expect(textCell('\rX')).toBe('"\'\rX"');
    expect(textCell('plain')).toBe('plain');
    expect(textCell(null)).toBe('');
    expect(textCell('say "hi"')).toBe('"say ""hi"""');
  });

  it('cuts the remittance to 140 characters', () => {
    const csv = payoutCsv(file([payment({ remittance: 'R'.repeat(200) })]));
    expect(csv.split('\r\n')[1]!.split(',').at(-1)).toBe('R'.repeat(140));
  });

  it.each([
    ['-5.00', /^Payment "PAY-1": amount "-5\.00" is not a plain decimal/],
    ['=1+1', /^Payment "PAY-1": amount "=1\+1" is not a plain decimal/],
    ['0', /^Payment "PAY-1": amount "0" must be greater than 0$/],
    ['1,000.00', /^Payment "PAY-1": amount "1,000\.00" is not a plain decimal/],
  ])('refuses the amount %s, naming the payment', (amount, message) => {
    expect(() => payoutCsv(file([payment({ amount })]))).toThrow(message);
  });

  it('refuses a bad currency and a repeated end-to-end id', () => {
    expect(() => payoutCsv(file([payment({ currency: 'E=R' })]))).toThrow(
      /^Payment "PAY-1": currency "E=R" is not an ISO 4217 code/,
    );
    expect(() => payoutCsv(file([payment(), payment()]))).toThrow(
      /^Payment "PAY-1": the end-to-end id is used by another payment of the file$/,
    );
  });
});
