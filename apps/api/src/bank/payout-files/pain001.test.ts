import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pain001Xml } from './pain001.ts';
import type { PayoutAccount, PayoutFileInput, PayoutPayment } from './types.ts';

const XMLLINT = '/usr/bin/xmllint';
const XSD = fileURLToPath(new URL('./pain.001.001.03.xsd', import.meta.url));

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pain001-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Validates `xml` against the ISO schema with xmllint; the error output when it fails. */
function xmllint(xml: string, name: string): { valid: boolean; errors: string } {
  if (!existsSync(XMLLINT)) {
    throw new Error(
      `xmllint is missing at ${XMLLINT} (Debian package libxml2-utils): the pain.001 files cannot be checked against the schema`,
    );
  }
  const file = join(dir, name);
  writeFileSync(file, xml);
  try {
    execFileSync(XMLLINT, ['--noout', '--schema', XSD, file], { stdio: 'pipe', encoding: 'utf8' });
    return { valid: true, errors: '' };
  } catch (error) {
    const { status, stderr } = error as { status?: number | null; stderr?: string };
    if (typeof status !== 'number') throw error; // xmllint did not run at all
    return { valid: false, errors: stderr ?? '' };
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  isArray: (name) => name === 'PmtInf' || name === 'CdtTrfTxInf',
});

/** The parts of a parsed pain.001 the tests read. */
interface Institution {
  BIC?: string;
  ClrSysMmbId?: { ClrSysId: { Cd: string }; MmbId: string };
  Othr?: { Id: string };
}
interface Party {
  Nm: string;
  PstlAdr?: { Ctry: string };
}
interface AccountId {
  IBAN?: string;
  Othr?: { Id: string };
}
interface ParsedTransaction {
  PmtId: { EndToEndId: string };
  Amt: { InstdAmt: { '#text': string; '@_Ccy': string } };
  CdtrAgt?: { FinInstnId: Institution };
  Cdtr: Party;
  CdtrAcct: { Id: AccountId };
  RmtInf?: { Ustrd: string };
}
interface ParsedGroup {
  PmtInfId: string;
  NbOfTxs: string;
  CtrlSum: string;
  PmtTpInf?: { SvcLvl: { Cd: string } };
  ReqdExctnDt: string;
  Dbtr: Party;
  DbtrAcct: { Id: AccountId; Ccy: string };
  DbtrAgt: { FinInstnId: Institution };
  ChrgBr: string;
  CdtTrfTxInf: ParsedTransaction[];
}
interface ParsedFile {
  GrpHdr: { MsgId: string; CreDtTm: string; NbOfTxs: string; CtrlSum: string; InitgPty: { Nm: string } };
  PmtInf: ParsedGroup[];
}
const parse = (xml: string): ParsedFile => parser.parse(xml).Document.CstmrCdtTrfInitn as ParsedFile;

const funderA: PayoutAccount = {
  name: 'Northwind Capital GmbH',
  iban: 'DE89 3704 0044 0532 0130 00',
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

function file(payments: readonly PayoutPayment[], overrides: Partial<PayoutFileInput> = {}): PayoutFileInput {
  return {
    messageId: 'RF-20261124-001',
    createdAt: '2026-11-24T10:15:00Z',
    initiatingParty: 'Receivables Platform Ltd',
    requestedExecutionDate: '2026-11-25',
    payments,
    ...overrides,
  };
}

describe('the schema file', () => {
  it('is the full ISO 20022 pain.001.001.03 schema, unchanged', () => {
    const bytes = readFileSync(XSD);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(
      '87bd9b06f7f74128764d304af60f96f0d5583c92031113a892048272c8934d14',
    );
    const text = bytes.toString('utf8');
    expect(text.split('\r\n')).toHaveLength(922); // 921 lines and the final line end
    expect(text).toContain('targetNamespace="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"');
    expect(text).toContain('<xs:element name="Document" type="Document"/>');
    expect(text).toContain('<xs:complexType name="CustomerCreditTransferInitiationV03">');
  });
});

describe('pain001Xml', () => {
  it('writes one EUR SEPA payment exactly, valid against the schema', () => {
    const xml = pain001Xml(file([payment()]));
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03">',
        '  <CstmrCdtTrfInitn>',
        '    <GrpHdr>',
        '      <MsgId>RF-20261124-001</MsgId>',
        '      <CreDtTm>2026-11-24T10:15:00Z</CreDtTm>',
        '      <NbOfTxs>1</NbOfTxs>',
        '      <CtrlSum>1000.00</CtrlSum>',
        '      <InitgPty>',
        '        <Nm>Receivables Platform Ltd</Nm>',
        '      </InitgPty>',
        '    </GrpHdr>',
        '    <PmtInf>',
        '      <PmtInfId>RF-20261124-001-1</PmtInfId>',
        '      <PmtMtd>TRF</PmtMtd>',
        '      <BtchBookg>false</BtchBookg>',
        '      <NbOfTxs>1</NbOfTxs>',
        '      <CtrlSum>1000.00</CtrlSum>',
        '      <PmtTpInf>',
        '        <SvcLvl>',
        '          <Cd>SEPA</Cd>',
        '        </SvcLvl>',
        '      </PmtTpInf>',
        '      <ReqdExctnDt>2026-11-25</ReqdExctnDt>',
        '      <Dbtr>',
        '        <Nm>Northwind Capital GmbH</Nm>',
        '        <PstlAdr>',
        '          <Ctry>DE</Ctry>',
        '        </PstlAdr>',
        '      </Dbtr>',
        '      <DbtrAcct>',
        '        <Id>',
        '          <IBAN>DE89370400440532013000</IBAN>',
        '        </Id>',
        '        <Ccy>EUR</Ccy>',
        '      </DbtrAcct>',
        '      <DbtrAgt>',
        '        <FinInstnId>',
        '          <BIC>COBADEFFXXX</BIC>',
        '        </FinInstnId>',
        '      </DbtrAgt>',
        '      <ChrgBr>SLEV</ChrgBr>',
        '      <CdtTrfTxInf>',
        '        <PmtId>',
        '          <EndToEndId>PAY-1</EndToEndId>',
        '        </PmtId>',
        '        <Amt>',
        '          <InstdAmt Ccy="EUR">1000.00</InstdAmt>',
        '        </Amt>',
        '        <CdtrAgt>',
        '          <FinInstnId>',
        '            <BIC>BNPAFRPP</BIC>',
        '          </FinInstnId>',
        '        </CdtrAgt>',
        '        <Cdtr>',
        '          <Nm>Müller &amp; &lt;Söhne&gt; &quot;Lyon&quot; SARL</Nm>',
        '          <PstlAdr>',
        '            <Ctry>FR</Ctry>',
        '          </PstlAdr>',
        '        </Cdtr>',
        '        <CdtrAcct>',
        '          <Id>',
        '            <IBAN>FR1420041010050500013M02606</IBAN>',
        '          </Id>',
        '        </CdtrAcct>',
        '        <RmtInf>',
        '          <Ustrd>Advance invoice INV-1001</Ustrd>',
        '        </RmtInf>',
        '      </CdtTrfTxInf>',
        '    </PmtInf>',
        '  </CstmrCdtTrfInitn>',
        '</Document>',
        '',
      ].join('\n'),
    );
    expect(xmllint(xml, 'single-sepa.xml')).toEqual({ valid: true, errors: '' });
    expect(parse(xml).PmtInf[0]!.CdtTrfTxInf[0]!.Cdtr.Nm).toBe('Müller & <Söhne> "Lyon" SARL');
  });

  describe('several payments from two debtor accounts in four currencies', () => {
    const japaneseSupplier: PayoutAccount = {
      name: '東京部品株式会社',
      iban: null,
      bic: 'MHCBJPJT',
      accountNumber: '1234567',
      country: 'JP',
    };
    const usSupplier: PayoutAccount = {
      name: "O'Brien & Sons <Supplies> Inc.",
      iban: null,
      bic: null,
      accountNumber: '987654321',
      routingNumber: '026009593',
      country: 'US',
    };
    const ukSupplier: PayoutAccount = {
      name: 'Thames Tooling Ltd',
      iban: null,
      bic: null,
      accountNumber: '55779911',
      sortCode: '20-00-00',
      country: 'GB',
    };
    const dutchSupplier: PayoutAccount = {
      name: 'Delft Metaal BV',
      iban: 'NL91ABNA0417164300',
      bic: null,
      accountNumber: null,
      country: null,
    };
    const swissSupplier: PayoutAccount = {
      name: 'Zürich Components AG',
      iban: null,
      bic: 'UBSWCHZH80A',
      accountNumber: '0235-123456-01',
      country: 'CH',
    };
    // Interleaved on purpose: the groups keep the order in which they first appear.
    const input = file([
      payment({ endToEndId: 'PAY-1', amount: '1000.00' }),
      payment({ endToEndId: 'PAY-3', amount: '150000', currency: 'JPY', creditor: japaneseSupplier }),
      payment({
        endToEndId: 'PAY-4',
        amount: '2500.50',
        currency: 'USD',
        debtor: funderB,
        creditor: usSupplier,
      }),
      payment({ endToEndId: 'PAY-2', amount: '500.05', creditor: dutchSupplier }),
      payment({ endToEndId: 'PAY-6', amount: '250.00', creditor: swissSupplier }),
      payment({
        endToEndId: 'PAY-5',
        amount: '99.99',
        currency: 'GBP',
        debtor: funderB,
        creditor: ukSupplier,
      }),
    ]);
    const xml = pain001Xml(input);
    const doc = parse(xml);
    const groups = doc.PmtInf;

    it('is valid against the schema', () => {
      expect(xmllint(xml, 'several.xml')).toEqual({ valid: true, errors: '' });
    });

    it('counts every payment and sums every amount exactly in the group header', () => {
      expect(doc.GrpHdr.MsgId).toBe('RF-20261124-001');
      expect(doc.GrpHdr.NbOfTxs).toBe('6');
      // 1000.00 + 150000 + 2500.50 + 500.05 + 250.00 + 99.99, across currencies as a checksum.
      expect(doc.GrpHdr.CtrlSum).toBe('154350.54');
    });

    it('makes one group per debtor account, currency and SEPA or not', () => {
      expect(
        groups.map((g) => [
          g.PmtInfId,
          g.DbtrAcct.Ccy,
          g.NbOfTxs,
          g.CtrlSum,
          g.CdtTrfTxInf.map((t) => t.PmtId.EndToEndId),
        ]),
      ).toEqual([
        ['RF-20261124-001-1', 'EUR', '2', '1500.05', ['PAY-1', 'PAY-2']],
        ['RF-20261124-001-2', 'JPY', '1', '150000', ['PAY-3']],
        ['RF-20261124-001-3', 'USD', '1', '2500.50', ['PAY-4']],
        ['RF-20261124-001-4', 'EUR', '1', '250.00', ['PAY-6']],
        ['RF-20261124-001-5', 'GBP', '1', '99.99', ['PAY-5']],
      ]);
    });

    it('marks only EUR between two IBANs as SEPA, charges SLEV there and SHAR elsewhere', () => {
      expect(groups.map((g) => [g.PmtTpInf?.SvcLvl.Cd ?? null, g.ChrgBr])).toEqual([
        ['SEPA', 'SLEV'],
        [null, 'SHAR'],
        [null, 'SHAR'],
        [null, 'SHAR'],
        [null, 'SHAR'],
      ]);
      expect(groups.map((g) => g.ReqdExctnDt)).toEqual(Array(5).fill('2026-11-25'));
    });

    it('names the debtor by IBAN, or by account number with the routing number, and its bank', () => {
      const [sepa, , usd] = groups;
      expect(sepa!.DbtrAcct.Id.IBAN).toBe('DE89370400440532013000');
      expect(sepa!.DbtrAgt.FinInstnId).toEqual({ BIC: 'COBADEFFXXX' });
      expect(usd!.Dbtr).toEqual({ Nm: 'Harbor Funding LLC', PstlAdr: { Ctry: 'US' } });
      expect(usd!.DbtrAcct.Id).toEqual({ Othr: { Id: '000123456789' } });
      expect(usd!.DbtrAgt.FinInstnId).toEqual({
        BIC: 'CHASUS33',
        ClrSysMmbId: { ClrSysId: { Cd: 'USABA' }, MmbId: '021000021' },
      });
    });

    it('pays a JPY amount without decimals to an account number, the name kept as written', () => {
      const tx = groups[1]!.CdtTrfTxInf[0]!;
      expect(tx.Amt.InstdAmt).toEqual({ '#text': '150000', '@_Ccy': 'JPY' });
      expect(tx.CdtrAgt?.FinInstnId).toEqual({ BIC: 'MHCBJPJT' });
      expect(tx.Cdtr).toEqual({ Nm: '東京部品株式会社', PstlAdr: { Ctry: 'JP' } });
      expect(tx.CdtrAcct.Id).toEqual({ Othr: { Id: '1234567' } });
    });

    it('pays a US account by account number and ABA routing number, escaping its name', () => {
      const tx = groups[2]!.CdtTrfTxInf[0]!;
      expect(tx.CdtrAgt?.FinInstnId).toEqual({
        ClrSysMmbId: { ClrSysId: { Cd: 'USABA' }, MmbId: '026009593' },
      });
      expect(tx.CdtrAcct.Id).toEqual({ Othr: { Id: '987654321' } });
      expect(tx.Cdtr.Nm).toBe("O'Brien & Sons <Supplies> Inc.");
      expect(xml).toContain('<Nm>O&apos;Brien &amp; Sons &lt;Supplies&gt; Inc.</Nm>');
    });

    it('pays a UK account by sort code and number, the sort code also as the bank (GBDSC)', () => {
      const tx = groups[4]!.CdtTrfTxInf[0]!;
      expect(tx.CdtrAgt?.FinInstnId).toEqual({ ClrSysMmbId: { ClrSysId: { Cd: 'GBDSC' }, MmbId: '200000' } });
      expect(tx.CdtrAcct.Id).toEqual({ Othr: { Id: '20000055779911' } });
    });

    it('leaves out the creditor bank when nothing is known of it, and the country when unknown', () => {
      const tx = groups[0]!.CdtTrfTxInf[1]!;
      expect(tx.CdtrAgt).toBeUndefined();
      expect(tx.Cdtr).toEqual({ Nm: 'Delft Metaal BV' });
      expect(tx.CdtrAcct.Id).toEqual({ IBAN: 'NL91ABNA0417164300' });
      expect(tx.RmtInf).toEqual({ Ustrd: 'Advance invoice INV-1001' });
    });
  });

  it('sums amounts exactly and writes the sum with the most decimals of its amounts', () => {
    const xml = pain001Xml(
      file([
        payment({ endToEndId: 'A', amount: '0.1' }),
        payment({ endToEndId: 'B', amount: '0.2' }),
        payment({ endToEndId: 'C', amount: '7', currency: 'CHF' }),
        payment({ endToEndId: 'D', amount: '2.50', currency: 'CHF' }),
        payment({ endToEndId: 'E', amount: '0.00001', currency: 'BHD' }),
      ]),
    );
    const doc = parse(xml);
    expect(doc.PmtInf.map((g) => g.CtrlSum)).toEqual(['0.3', '9.50', '0.00001']);
    expect(doc.GrpHdr.CtrlSum).toBe('9.80001');
    expect(xmllint(xml, 'sums.xml')).toEqual({ valid: true, errors: '' });
  });

  it('cuts the remittance to 140 characters (counted as the schema counts them) on one line', () => {
    const long = `Advance\ninvoice ${'😀'.repeat(150)}`;
    const xml = pain001Xml(file([payment({ remittance: long })]));
    const ustrd = parse(xml).PmtInf[0]!.CdtTrfTxInf[0]!.RmtInf?.Ustrd ?? '';
    expect([...ustrd]).toHaveLength(140);
    expect(ustrd).toBe(`Advance invoice ${'😀'.repeat(124)}`);
    expect(xmllint(xml, 'long-remittance.xml')).toEqual({ valid: true, errors: '' });
  });

  it('leaves out RmtInf when the remittance is blank and writes the creation time in UTC to the second', () => {
    const xml = pain001Xml(
      file([payment({ remittance: '  ' })], { createdAt: '2026-11-24T11:15:00.250+01:00' }),
    );
    const doc = parse(xml);
    expect(doc.PmtInf[0]!.CdtTrfTxInf[0]!.RmtInf).toBeUndefined();
    expect(doc.GrpHdr.CreDtTm).toBe('2026-11-24T10:15:00Z');
    expect(xmllint(xml, 'no-remittance.xml')).toEqual({ valid: true, errors: '' });
  });

  it('writes a debtor bank without BIC as NOTPROVIDED', () => {
    const debtor = { ...funderA, bic: null };
    const doc = parse(pain001Xml(file([payment({ debtor })])));
    expect(doc.PmtInf[0]!.DbtrAgt.FinInstnId).toEqual({ Othr: { Id: 'NOTPROVIDED' } });
  });

  describe('the schema check can fail', () => {
    const valid = pain001Xml(file([payment()]));

    it('rejects a document without MsgId', () => {
      const broken = valid.replace('      <MsgId>RF-20261124-001</MsgId>\n', '');
      expect(broken).not.toBe(valid);
      const result = xmllint(broken, 'no-msgid.xml');
      expect(result.valid).toBe(false);
      expect(result.errors).toMatch(/Element '\{urn:iso:std:iso:20022:tech:xsd:pain\.001\.001\.03\}CreDtTm'/);
      expect(result.errors).toMatch(
        /Expected is \( \{urn:iso:std:iso:20022:tech:xsd:pain\.001\.001\.03\}MsgId \)/,
      );
      expect(result.errors).toContain('fails to validate');
    });

    it('rejects elements out of the schema order (ChrgBr before DbtrAgt)', () => {
      const chrgBr = '      <ChrgBr>SLEV</ChrgBr>\n';
      const broken = valid.replace(chrgBr, '').replace('      <DbtrAgt>\n', `${chrgBr}      <DbtrAgt>\n`);
      expect(broken).not.toBe(valid);
      const result = xmllint(broken, 'out-of-order.xml');
      expect(result.valid).toBe(false);
      expect(result.errors).toContain('fails to validate');
    });
  });

  describe('refuses input that cannot make a valid file, naming the payment and the problem', () => {
    const longName = 'N'.repeat(141);
    const cases: [string, PayoutFileInput, RegExp][] = [
      [
        'a zero amount',
        file([payment({ amount: '0.00' })]),
        /^Payment "PAY-1": amount "0\.00" must be greater than 0$/,
      ],
      [
        'a negative amount',
        file([payment({ amount: '-5.00' })]),
        /^Payment "PAY-1": amount "-5\.00" is not a plain decimal/,
      ],
      [
        '6 decimals',
        file([payment({ amount: '1.123456' })]),
        /^Payment "PAY-1": amount "1\.123456" is not a plain decimal/,
      ],
      [
        'an exponent',
        file([payment({ amount: '1e3' })]),
        /^Payment "PAY-1": amount "1e3" is not a plain decimal/,
      ],
      [
        '19 digits',
        file([payment({ amount: '1234567890123456.789' })]),
        /^Payment "PAY-1": amount .* more than 18 digits$/,
      ],
      [
        'a lower-case currency',
        file([payment({ currency: 'eur' })]),
        /^Payment "PAY-1": currency "eur" is not an ISO 4217 code/,
      ],
      [
        'a name over 140 characters',
        file([payment({ creditor: { ...frenchSupplier, name: longName } })]),
        /^Payment "PAY-1": the creditor's name is 141 characters long, more than 140$/,
      ],
      [
        'an empty debtor name',
        file([payment({ debtor: { ...funderA, name: ' ' } })]),
        /^Payment "PAY-1": the debtor's name is empty$/,
      ],
      [
        'a creditor without account id',
        file([payment({ creditor: { ...frenchSupplier, iban: null, accountNumber: null } })]),
        /^Payment "PAY-1": the creditor has no account id \(neither an IBAN nor an account number\)$/,
      ],
      [
        'an IBAN with a wrong check',
        file([payment({ creditor: { ...frenchSupplier, iban: 'FR1420041010050500013M02607' } })]),
        /^Payment "PAY-1": the creditor's IBAN "FR1420041010050500013M02607" is not a valid IBAN$/,
      ],
      [
        'a malformed BIC',
        file([payment({ creditor: { ...frenchSupplier, bic: 'BNPAFR' } })]),
        /^Payment "PAY-1": the creditor's BIC "BNPAFR" is not a valid BIC$/,
      ],
      [
        'a routing number failing the ABA check',
        file([payment({ debtor: { ...funderB, routingNumber: '021000022' } })]),
        /^Payment "PAY-1": the debtor's routing number "021000022" is not a valid 9-digit ABA routing number$/,
      ],
      [
        'a character XML cannot carry',
        file([payment({ creditor: { ...frenchSupplier, name: 'Bell\u0007 SA' } })]),
        /^Payment "PAY-1": the creditor's name contains the character U\+0007/,
      ],
      [
        'an end-to-end id over 35 characters',
        file([payment({ endToEndId: 'E'.repeat(36) })]),
        /^Payment "E{36}": the end-to-end id is 36 characters long, more than 35$/,
      ],
      [
        'an end-to-end id used twice',
        file([payment(), payment({ amount: '5.00' })]),
        /^Payment "PAY-1": the end-to-end id is used by another payment of the file$/,
      ],
      [
        'a message id over 35 characters',
        file([payment()], { messageId: 'M'.repeat(36) }),
        /^The file's message id "M{36}" is 36 characters long, more than 35$/,
      ],
      [
        'a message id leaving no room for the payment group numbers',
        file([payment()], { messageId: 'M'.repeat(34) }),
        /^The file's message id "M{34}" is too long to number its 1 payment groups: "M{34}-1" is more than 35 characters$/,
      ],
      ['no payments', file([]), /^The file has no payments/],
      [
        'an invalid creation time',
        file([payment()], { createdAt: '24/11/2026 10:15' }),
        /^The file's creation time "24\/11\/2026 10:15"/,
      ],
      [
        'an impossible execution date',
        file([payment()], { requestedExecutionDate: '2026-02-30' }),
        /^The requested execution date "2026-02-30"/,
      ],
    ];

    it.each(cases)('%s', (_title, input, message) => {
      expect(() => pain001Xml(input)).toThrow(message);
    });
  });
});
