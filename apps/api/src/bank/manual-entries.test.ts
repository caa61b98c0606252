import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { createAccount, createPayment } from '../testing/payments.ts';
import { CALLERS, ORGS } from '../testing/world.ts';

const RECORD = 'mutation ($input: ManualTransactionInput!) { recordManualTransaction(input: $input) }';
const REVERSE = 'mutation ($input: ReverseTransactionInput!) { reverseManualTransaction(input: $input) }';
type Json = Record<string, unknown>;

/**
 * Manual entries (docs/business-rules.md, “Payments and reconciliation”): an administrator enters
 * what the bank booked, marked manual and Posted; it is never edited, only reversed once with a
 * reason; nobody writes transactions through the record API.
 */
describeDatabases('manual bank entries', (db) => {
  let api: ApiHarness;
  let account = '';

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    account = await createAccount(api, 'collection', { userId: ORGS.investor });
    api.setToday('2026-05-20');
  });
  afterAll(async () => api.app.close());

  /** The mutations answer the stored transaction as JSON. */
  const parsed = <K extends string>(res: { data?: Record<K, unknown> | null; errors?: unknown[] }, key: K) =>
    ({ ...res, data: res.data ? { [key]: JSON.parse(String(res.data[key])) as Json } : res.data }) as {
      data?: Record<K, Json> | null;
      errors?: { message: string; errorType: string }[];
    };
  const record = async (token: string, fields: Json = {}) =>
    parsed(
      await api.gql<{ recordManualTransaction: unknown }>(token, RECORD, {
        input: {
          bankId: account,
          transaction_date: '2026-05-19',
          amount: '1250.00',
          counterparty_name: 'Keystone Trading Ltd',
          remittance_information: 'INV-77',
          ...fields,
        },
      }),
      'recordManualTransaction',
    );

  it('records a posted manual entry, and refuses another caller, a duplicate and bad input', async () => {
    const made = await record('Admin', { bank_reference: 'BANK-77' });
    expect(made.errors).toBeUndefined();
    expect(made.data!.recordManualTransaction).toMatchObject({
      bankId: account,
      transaction_source: 'manual',
      transaction_status: 'Posted',
      reconciliation_status: 'Unmatched',
      transaction_source_amount: '1250.00',
      iso_currency_code: 'USD',
      sender_account_name: 'Keystone Trading Ltd',
      remittance_information: 'INV-77',
      userId: ORGS.investor,
    });
    expect((await record('Investor')).errors?.[0]?.message).toBe(
      'Not allowed: only an administrator may enter a bank transaction by hand',
    );
    expect((await record('Admin', { bank_reference: 'BANK-77' })).errors?.[0]?.message).toBe(
      'The account already has a transaction with bank reference BANK-77',
    );
    expect(
      (await record('Admin', { transaction_date: '2026-05-21', amount: '0' })).errors?.[0]?.message,
    ).toBe(
      'amount must be a non-zero decimal, negative for money leaving the account; transaction_date 2026-05-21 is in the future',
    );
  });

  it('answers a retry with the same key once', async () => {
    const first = await record('Admin', { idempotencyKey: 'manual-1', amount: '10.00' });
    const again = await record('Admin', { idempotencyKey: 'manual-1', amount: '10.00' });
    expect(again.data!.recordManualTransaction).toEqual(first.data!.recordManualTransaction);
    const [count] = await db().query(
      `SELECT count(*)::int AS n FROM "transaction" WHERE "bankId" = $1 AND transaction_source_amount = 10`,
      [account],
    );
    expect(count!.n).toBe(1);
  });

  it('reverses a manual entry once with a reason; both are then Ignored and their histories say so', async () => {
    const made = await record('Admin', { amount: '-75.10', bank_reference: 'BANK-78' });
    const id = String(made.data!.recordManualTransaction.id);
    expect((await api.gql('Admin', REVERSE, { input: { id, reason: ' ' } })).errors?.[0]?.message).toBe(
      'Say why: a reason is required to reverse an entry',
    );
    const reversed = parsed(
      await api.gql<{ reverseManualTransaction: unknown }>('Admin', REVERSE, {
        input: { id, reason: 'typed twice' },
      }),
      'reverseManualTransaction',
    );
    expect(reversed.errors).toBeUndefined();
    expect(reversed.data!.reverseManualTransaction).toMatchObject({
      transaction_source: 'manual',
      transaction_source_amount: '75.10',
      reversal_of: id,
      reconciliation_status: 'Ignored',
      transaction_date: '2026-05-20',
    });
    const original = await api.gql<{ getTransaction: Json }>(
      'Admin',
      `query { getTransaction(id: "${id}") { reconciliation_status } }`,
    );
    expect(original.data!.getTransaction.reconciliation_status).toBe('Ignored');
    const history = await api.gql<{ statusHistory: Json[] }>(
      'Admin',
      `query { statusHistory(model: "Transaction", id: "${id}") { to comment operation } }`,
    );
    expect(history.data!.statusHistory).toContainEqual({
      to: 'Ignored',
      comment: 'Reversed: typed twice',
      operation: 'reverseManualTransaction',
    });
    expect((await api.gql('Admin', REVERSE, { input: { id, reason: 'again' } })).errors?.[0]?.message).toBe(
      'This entry is reversed already',
    );
    const reversal = String(reversed.data!.reverseManualTransaction.id);
    expect(
      (await api.gql('Admin', REVERSE, { input: { id: reversal, reason: 'undo' } })).errors?.[0]?.message,
    ).toBe('This entry is itself a reversal');
  });

  it('ignores an unmatched transaction with a reason and brings it back; never a reversed pair', async () => {
    const IGNORE = 'mutation ($input: IgnoreTransactionInput!) { ignoreTransaction(input: $input) }';
    const RESTORE = 'mutation ($input: IgnoreTransactionInput!) { restoreTransaction(input: $input) }';
    const interest = await createPayment(api, {
      recipientaccountId: account,
      transaction_source_amount: '3.21',
    });
    expect(
      (await api.gql('Investor', IGNORE, { input: { id: interest, reason: 'interest' } })).errors?.[0]
        ?.message,
    ).toBe('Not allowed: only an administrator may ignore a transaction');
    expect(
      (await api.gql('Admin', IGNORE, { input: { id: interest, reason: ' ' } })).errors?.[0]?.message,
    ).toBe('Say why: a reason is required');
    expect(
      (await api.gql('Admin', IGNORE, { input: { id: interest, reason: 'bank interest' } })).errors,
    ).toBeUndefined();
    const [ignored] = await db().query('SELECT reconciliation_status FROM "transaction" WHERE id = $1', [
      interest,
    ]);
    expect(ignored!.reconciliation_status).toBe('Ignored');
    expect(
      (await api.gql('Admin', IGNORE, { input: { id: interest, reason: 'again' } })).errors?.[0]?.message,
    ).toBe('The transaction is Ignored: only an unmatched one can be ignored (unmatch it first)');
    expect(
      (await api.gql('Admin', RESTORE, { input: { id: interest, reason: 'a buyer paid it after all' } }))
        .errors,
    ).toBeUndefined();
    const history = await api.gql<{ statusHistory: { to: string; comment: string }[] }>(
      'Admin',
      `query { statusHistory(model: "Transaction", id: "${interest}") { to comment } }`,
    );
    // Both at the test's fixed clock: in either order.
    expect(history.data!.statusHistory.map((h) => [h.to, h.comment]).sort()).toEqual([
      ['Ignored', 'bank interest'],
      ['Unmatched', 'a buyer paid it after all'],
    ]);
    const [reversed] = await db().query(`SELECT id FROM "transaction" WHERE reversal_of IS NOT NULL LIMIT 1`);
    expect(
      (await api.gql('Admin', RESTORE, { input: { id: reversed!.id, reason: 'undo' } })).errors?.[0]?.message,
    ).toBe('A reversed manual entry and its reversal stay ignored');
  });

  it('refuses reversing a statement entry, and any write through the record API', async () => {
    const imported = await createPayment(api, { recipientaccountId: account });
    expect(
      (await api.gql('Admin', REVERSE, { input: { id: imported, reason: 'wrong' } })).errors?.[0]?.message,
    ).toBe('Only a manual entry can be reversed here; the bank corrects its own entries in its statements');
    for (const token of ['Admin', 'Investor']) {
      const update = await api.gql(
        token,
        `mutation { updateTransaction(input: { id: "${imported}", transaction_source_amount: "1" }) { id } }`,
      );
      expect(update.errors?.[0]?.errorType).toBe('Unauthorized');
      const remove = await api.gql(
        token,
        `mutation { deleteTransaction(input: { id: "${imported}" }) { id } }`,
      );
      expect(remove.errors?.[0]?.errorType).toBe('Unauthorized');
    }
    const [row] = await db().query(
      `SELECT transaction_source_amount::text AS amount, "_deleted" FROM "transaction" WHERE id = $1`,
      [imported],
    );
    expect(row).toEqual({ amount: '4000.00', _deleted: false });
  });
});
