import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { createAccount, statementUpload } from '../testing/payments.ts';
import { CALLERS, ORGS } from '../testing/world.ts';
import { camt053Xml, type CamtEntryInput } from './camt-writer.ts';

const ACCOUNT_NUMBER = '000123456789';

const entry = (n: number, fields: Partial<CamtEntryInput> = {}): CamtEntryInput => ({
  amount: '1500.00',
  currency: 'USD',
  bookingDate: '2026-05-0' + String(n),
  bankReference: `REF-${n}`,
  counterpartyName: 'Keystone Trading Ltd',
  remittance: `INV-${n}`,
  ...fields,
});

const statement = (entries: CamtEntryInput[], opening: string | null = '0.00', number = ACCOUNT_NUMBER) =>
  camt053Xml({
    messageId: 'STMT-1',
    createdAt: '2026-05-10T18:00:00',
    account: { iban: null, number, currency: 'USD' },
    opening,
    entries,
  });

/**
 * Statement import (docs/business-rules.md, “Payments and reconciliation”): `POST /bank/statements`
 * creates each booked entry once, refuses another account's statement and a malformed file, warns
 * of balances that do not add up, and only the account's owner or an administrator may import.
 */
describeDatabases('bank statement import', (db) => {
  let api: ApiHarness;
  let account: string;

  const upload = (
    token: string | null,
    accountId: string,
    xml: string | Buffer,
    extra: Record<string, string> = {},
    fileName = 'statement.xml',
  ) => {
    const { payload, headers } = statementUpload(accountId, fileName, xml, extra);
    return api.app.inject({
      method: 'POST',
      url: '/bank/statements',
      headers: { ...headers, ...(token ? { authorization: token } : {}) },
      payload,
    });
  };
  const transactions = async () =>
    (await db().query(
      `SELECT transaction_source_amount::text AS amount, transaction_status, transaction_source, reconciliation_status,
              bank_reference, remittance_information, sender_account_name, "recipientaccountId", "userId", "investorId"
         FROM "transaction" WHERE "bankId" = $1 ORDER BY bank_reference`,
      [account],
    )) as Record<string, unknown>[];

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    api.callers.set('Investor2', { sub: 'investor2', groupId: ORGS.investor2, role: 'Investor' });
    account = await createAccount(api, 'collection', { userId: ORGS.investor });
  });
  afterAll(async () => api.app.close());

  it('imports each booked entry as a transaction of the account, and the same file again creates none', async () => {
    const xml = statement([
      entry(1),
      entry(2, { amount: '-250.50' }),
      entry(3, { status: 'PDNG', amount: '99.99' }),
    ]);
    const first = await upload('Investor', account, xml);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      format: 'camt.053.001.08',
      statements: 1,
      entries: 3,
      created: 3,
      duplicates: 0,
      warnings: [],
    });
    expect(await transactions()).toEqual([
      expect.objectContaining({
        amount: '1500.00',
        transaction_status: 'Posted',
        transaction_source: 'statement',
        reconciliation_status: 'Unmatched',
        remittance_information: 'INV-1',
        sender_account_name: 'Keystone Trading Ltd',
        recipientaccountId: account,
        userId: ORGS.investor,
      }),
      expect.objectContaining({ amount: '-250.50', transaction_status: 'Posted', bank_reference: 'REF-2' }),
      expect.objectContaining({ amount: '99.99', transaction_status: 'Pending', bank_reference: 'REF-3' }),
    ]);

    const again = await upload('Admin', account, xml);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ created: 0, duplicates: 3 });
    expect(await transactions()).toHaveLength(3);
  });

  it('posts a pending entry once a later statement books it, and adds only the new entries of an overlapping statement', async () => {
    const res = await upload('Investor', account, statement([entry(3, { amount: '99.99' }), entry(4)], null));
    expect(res.json()).toMatchObject({ created: 1, duplicates: 1, posted: 1 });
    const rows = await transactions();
    expect(rows.map((r) => [r.bank_reference, r.transaction_status])).toEqual([
      ['REF-1', 'Posted'],
      ['REF-2', 'Posted'],
      ['REF-3', 'Posted'],
      ['REF-4', 'Posted'],
    ]);
  });

  it('creates each entry once when the same file is imported twice at the same time', async () => {
    const xml = statement([entry(5), entry(6)], null);
    const results = await Promise.all([upload('Investor', account, xml), upload('Admin', account, xml)]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(results.map((r) => (r.json() as { created: number }).created).sort()).toEqual([0, 2]);
    expect(
      (await transactions()).filter((r) => ['REF-5', 'REF-6'].includes(String(r.bank_reference))),
    ).toHaveLength(2);
  });

  it('warns when the opening balance and the entries do not make the closing balance', async () => {
    const xml = statement([entry(7)], '100.00').replace(
      /<Cd>CLBD<\/Cd>([\s\S]*?)<Amt Ccy="USD">1600.00<\/Amt>/,
      '<Cd>CLBD</Cd>$1<Amt Ccy="USD">1700.00</Amt>',
    );
    const res = await upload('Investor', account, xml);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      created: 1,
      warnings: [
        'Statement STMT-1: opening balance 100.00 + entries 1500.00 = 1600.00 USD, but the closing balance is 1700.00',
      ],
    });
  });

  it('refuses a statement of another account, naming both', async () => {
    const res = await upload('Investor', account, statement([entry(8)], null, '999999999'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'ValidationError',
      message: `The statement is for account 999999999, not this account (${ACCOUNT_NUMBER})`,
    });
  });

  it('answers 400 with what is wrong to a malformed file, and changes nothing', async () => {
    const before = (await transactions()).length;
    const broken = await upload('Investor', account, '<Document><BkToCstmrStmt>');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ error: 'ValidationError' });
    const noDate = await upload(
      'Investor',
      account,
      statement([entry(9)], null).replace(/<BookgDt>[\s\S]*?<\/BookgDt>/, ''),
    );
    expect(noDate.statusCode).toBe(400);
    expect((noDate.json() as { message: string }).message).toMatch(/booking date/i);
    expect(await transactions()).toHaveLength(before);
  });

  it('imports a CSV statement with a column mapping, saved for the account’s next file', async () => {
    const csv =
      'Date;Amount;Reference;Payer;Details\n10.05.2026;1.234,56;CSV-1;Keystone Trading Ltd;INV-55\n11.05.2026;-20,00;CSV-2;Bank;Fees\n';
    const mapping = JSON.stringify({
      delimiter: ';',
      dateFormat: 'DD.MM.YYYY',
      decimalSeparator: ',',
      bookingDate: 'Date',
      amount: 'Amount',
      reference: 'Reference',
      counterpartyName: 'Payer',
      remittanceInformation: 'Details',
    });
    const first = await upload('Investor', account, csv, { mapping }, 'statement.csv');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ format: 'csv', entries: 2, created: 2, duplicates: 0 });
    const rows = (await transactions()).filter((r) => String(r.bank_reference).startsWith('CSV-'));
    expect(rows.map((r) => [r.bank_reference, r.amount, r.remittance_information])).toEqual([
      ['CSV-1', '1234.56', 'INV-55'],
      ['CSV-2', '-20.00', 'Fees'],
    ]);
    const saved = await api.gql<{ bankCsvMapping: string }>(
      'Investor',
      `query { bankCsvMapping(bankId: "${account}") }`,
    );
    expect(JSON.parse(saved.data!.bankCsvMapping)).toEqual(JSON.parse(mapping));
    expect(
      (await api.gql('Investor2', `query { bankCsvMapping(bankId: "${account}") }`)).errors?.[0]?.message,
    ).toBe(`Bank account ${account} not found`);
    // The next file of the account needs no mapping: the saved one reads it.
    const next = await upload('Investor', account, csv.replace(/CSV-2/, 'CSV-3'), {}, 'next.csv');
    expect(next.json()).toMatchObject({ format: 'csv', created: 1, duplicates: 1 });
  });

  describe('who may import', () => {
    it('refuses another investor, a supplier and an anonymous caller as if the account did not exist', async () => {
      const xml = statement([entry(1, { bankReference: 'X-1' })], null);
      expect((await upload('Investor2', account, xml)).json()).toEqual({
        error: 'Unauthorized',
        message: `Bank account ${account} not found`,
      });
      expect((await upload('Supplier', account, xml)).statusCode).toBe(403);
      const anonymous = await upload(null, account, xml);
      expect(anonymous.statusCode).toBe(401);
    });

    it('refuses an account under review', async () => {
      const [row] = await db().query(`SELECT id FROM "bank" WHERE id = $1`, [account]);
      expect(row).toBeDefined();
      const created = await api.gql<{ createBank: { id: string } }>(
        'Investor',
        'mutation ($input: CreateBankInput!) { createBank(input: $input) { id } }',
        {
          input: {
            bank_account_name: 'Second collection',
            bank_account_purpose: 'collection',
            iso_currency_code: 'USD',
            bank_country: 'US',
            bank_account_number: '000987654321',
            bank_routing_number: '026009593',
          },
        },
      );
      expect(created.errors).toBeUndefined();
      const res = await upload(
        'Investor',
        created.data!.createBank.id,
        statement([entry(1)], null, '000987654321'),
      );
      expect(res.statusCode).toBe(400);
      expect((res.json() as { message: string }).message).toBe(
        'The account is Under Review: an administrator approves it before its bank data is brought in',
      );
    });
  });

  it('lists the account’s imports for its owner, not for another investor', async () => {
    const mine = await api.gql<{ bankImports: { created: number; duplicates: number; format: string }[] }>(
      'Investor',
      `query { bankImports(bankId: "${account}") { format created duplicates } }`,
    );
    expect(mine.errors).toBeUndefined();
    expect(mine.data!.bankImports.length).toBeGreaterThanOrEqual(5);
    expect(mine.data!.bankImports.at(-1)).toEqual({ format: 'camt.053.001.08', created: 3, duplicates: 0 });
    const theirs = await api.gql('Investor2', `query { bankImports(bankId: "${account}") { id } }`);
    expect(theirs.errors?.[0]?.message).toBe(`Bank account ${account} not found`);
  });
});
