import { CounterpartyType, TransactionCode } from 'plaid';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeAccount, fakeTransaction } from './fake-plaid-data.ts';
import {
  FAKE_PLAID_CLIENT_ID,
  FAKE_PLAID_SECRET,
  fakeCursor,
  startFakePlaid,
  type FakePlaid,
  type FakeSyncPage,
} from './fake-plaid.ts';
import { plaidConfigFrom, type PlaidSettings } from './plaid-config.ts';
import { MAX_SYNC_RESTARTS, plaidProvider } from './plaid-provider.ts';
import { ProviderError, type BankDataProvider, type SyncPage } from './provider.ts';

/** The real `plaid` client against the local fake of Plaid's API. */

let fake: FakePlaid;
let settings: PlaidSettings;
let provider: BankDataProvider;

beforeAll(async () => {
  fake = await startFakePlaid();
  settings = plaidConfigFrom({
    PLAID_CLIENT_ID: FAKE_PLAID_CLIENT_ID,
    PLAID_SECRET: FAKE_PLAID_SECRET,
    PLAID_BASE_URL: fake.baseUrl,
  })!;
  provider = plaidProvider(settings);
});

afterAll(() => fake.close());

beforeEach(() => {
  fake.state.calls.length = 0;
  fake.state.items.clear();
  fake.state.mutateDuringPagination = false;
  fake.state.failNext.clear();
});

/** A linked item whose history is `pages`, by exchanging a public token. */
async function linkedItem(name: string, pages: FakeSyncPage[]): Promise<string> {
  const { accessToken } = await provider.exchangePublicToken(`public-sandbox-${name}`);
  fake.state.items.get(accessToken)!.pages = pages;
  fake.state.calls.length = 0;
  return accessToken;
}

const ids = (page: SyncPage) => ({
  added: page.added.map((t) => t.transactionId),
  modified: page.modified.map((t) => t.transactionId),
  removed: [...page.removed],
});

const syncCursors = () =>
  fake.state.calls
    .filter((call) => call.path === '/transactions/sync')
    .map((call) => call.body['cursor'] ?? null);

/** Three pages of changes: two added, one modified and one removed, spread over the pages. */
const threePages = () => [
  { added: [fakeTransaction({ transaction_id: 'tx-1' }), fakeTransaction({ transaction_id: 'tx-2' })] },
  {
    added: [fakeTransaction({ transaction_id: 'tx-3' })],
    modified: [fakeTransaction({ transaction_id: 'tx-1', amount: 11 })],
  },
  { removed: ['tx-2'] },
];

describe('plaidProvider against the fake Plaid', () => {
  it('creates a link token for the transactions product, the configured countries and the user', async () => {
    const token = await provider.createLinkToken({ userId: 'user-42', clientName: 'Receivables Platform' });
    expect(token.linkToken).toMatch(/^link-sandbox-[0-9a-f-]{36}$/);
    expect(Date.parse(token.expiration)).toBeGreaterThan(Date.now());
    expect(fake.state.calls).toEqual([
      {
        path: '/link/token/create',
        credentials: 'headers',
        body: {
          client_name: 'Receivables Platform',
          language: 'en',
          country_codes: ['GB', 'US', 'DE', 'FR', 'NL', 'ES', 'IE'],
          products: ['transactions'],
          user: { client_user_id: 'user-42' },
        },
      },
    ]);
  });

  it('exchanges a public token for the access token and item id', async () => {
    await expect(provider.exchangePublicToken('public-sandbox-abc123')).resolves.toEqual({
      accessToken: 'access-sandbox-abc123',
      itemId: 'item-abc123',
    });
    expect(fake.state.calls.map((call) => [call.path, call.body])).toEqual([
      ['/item/public_token/exchange', { public_token: 'public-sandbox-abc123' }],
    ]);
  });

  it('turns a wrong secret into ProviderError INVALID_API_KEYS without the secret in the message', async () => {
    const wrong = plaidProvider({ ...settings, secret: 'wrong-secret-value' });
    const error = await wrong.exchangePublicToken('public-sandbox-abc123').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'INVALID_API_KEYS', status: 400 });
    expect((error as ProviderError).message).toBe(
      'Plaid /item/public_token/exchange failed: invalid client_id or secret provided (INVALID_API_KEYS)',
    );
    expect((error as ProviderError).requestId).toMatch(/^\w{15}$/);
    // Nothing of the axios error (whose config holds the headers) rides along.
    expect(Object.keys(error as object).sort()).toEqual(['code', 'name', 'requestId', 'status']);
    expect((error as Error).cause).toBeUndefined();
  });

  it('keeps an access token out of the message even when Plaid echoes it', async () => {
    const accessToken = await linkedItem('echo', []);
    fake.state.failNext.set('/accounts/get', {
      error_type: 'ITEM_ERROR',
      error_code: 'ITEM_LOGIN_REQUIRED',
      error_message: `the login details of ${accessToken} have changed`,
    });
    await expect(provider.accounts(accessToken)).rejects.toMatchObject({
      name: 'ProviderError',
      code: 'ITEM_LOGIN_REQUIRED',
      status: 400,
      message:
        'Plaid /accounts/get failed: the login details of [redacted] have changed (ITEM_LOGIN_REQUIRED)',
    });
  });

  it('answers an unknown access token with ProviderError INVALID_ACCESS_TOKEN', async () => {
    await expect(provider.accounts('access-sandbox-nobody')).rejects.toMatchObject({
      name: 'ProviderError',
      code: 'INVALID_ACCESS_TOKEN',
      status: 400,
    });
  });

  it('names an unreachable server PROVIDER_UNREACHABLE', async () => {
    const closed = await startFakePlaid();
    await closed.close();
    const unreachable = plaidProvider({ ...settings, baseUrl: closed.baseUrl });
    await expect(unreachable.accounts('access-sandbox-x')).rejects.toMatchObject({
      code: 'PROVIDER_UNREACHABLE',
      status: null,
      message: 'Plaid /accounts/get could not be reached: ECONNREFUSED',
    });
  });

  it('lists the accounts with their currency from the balances', async () => {
    const accessToken = await linkedItem('accounts', []);
    fake.state.items.get(accessToken)!.accounts = [
      fakeAccount({ account_id: 'acc-1', name: 'Business Checking', mask: '1234' }),
      fakeAccount({
        account_id: 'acc-2',
        name: 'EUR Account',
        mask: null,
        balances: {
          available: null,
          current: 5,
          limit: null,
          iso_currency_code: 'EUR',
          unofficial_currency_code: null,
        },
      }),
    ];
    await expect(provider.accounts(accessToken)).resolves.toEqual([
      { accountId: 'acc-1', name: 'Business Checking', mask: '1234', currency: 'USD', type: 'depository' },
      { accountId: 'acc-2', name: 'EUR Account', mask: null, currency: 'EUR', type: 'depository' },
    ]);
  });

  it('syncs from a null cursor over three pages, collecting every change and the last cursor', async () => {
    const accessToken = await linkedItem('three', threePages());
    const page = await provider.syncTransactions(accessToken, null);
    expect(ids(page)).toEqual({ added: ['tx-1', 'tx-2', 'tx-3'], modified: ['tx-1'], removed: ['tx-2'] });
    expect(page.modified[0]!.entry.amount).toBe('-11.00');
    expect(page.nextCursor).toBe(fakeCursor(3));
    expect(syncCursors()).toEqual([null, 'cursor-1', 'cursor-2']);
    expect(fake.state.calls.map((call) => call.body['count'])).toEqual([500, 500, 500]);
  });

  it('syncs from a stored cursor only what came after it, and an empty sync keeps the cursor', async () => {
    const accessToken = await linkedItem('later', threePages());
    const page = await provider.syncTransactions(accessToken, fakeCursor(1));
    expect(ids(page)).toEqual({ added: ['tx-3'], modified: ['tx-1'], removed: ['tx-2'] });
    const again = await provider.syncTransactions(accessToken, page.nextCursor);
    expect(ids(again)).toEqual({ added: [], modified: [], removed: [] });
    expect(again.nextCursor).toBe(fakeCursor(3));
    expect(syncCursors()).toEqual(['cursor-1', 'cursor-2', 'cursor-3']);
  });

  it('restarts from the cursor it began with when the item changes during pagination', async () => {
    const accessToken = await linkedItem('mutation', threePages());
    fake.state.mutateDuringPagination = true;
    const page = await provider.syncTransactions(accessToken, null);
    // Nothing from the abandoned pass: each change once.
    expect(ids(page)).toEqual({ added: ['tx-1', 'tx-2', 'tx-3'], modified: ['tx-1'], removed: ['tx-2'] });
    expect(page.nextCursor).toBe(fakeCursor(3));
    // The second page failed, and the sync started again without a cursor.
    expect(syncCursors()).toEqual([null, 'cursor-1', null, 'cursor-1', 'cursor-2']);
    expect(fake.state.mutateDuringPagination).toBe(false);
  });

  it(`gives up after ${MAX_SYNC_RESTARTS} restarts with the mutation error`, async () => {
    const accessToken = await linkedItem('restless', threePages());
    fake.state.mutateDuringPagination = 10;
    await expect(provider.syncTransactions(accessToken, fakeCursor(1))).rejects.toMatchObject({
      code: 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION',
      message: expect.stringMatching(/kept changing through 3 restarts of the sync$/),
    });
    expect(syncCursors()).toEqual(Array.from({ length: 4 }, () => ['cursor-1', 'cursor-2']).flat());
    expect(fake.state.mutateDuringPagination).toBe(6);
  });

  it('converts Plaid amounts to statement signs with the currency digits', async () => {
    const accessToken = await linkedItem('signs', [
      {
        added: [
          fakeTransaction({ transaction_id: 'out', amount: 25.5 }),
          fakeTransaction({ transaction_id: 'in', amount: -1000 }),
          fakeTransaction({ transaction_id: 'yen', amount: 1500, iso_currency_code: 'JPY' }),
          fakeTransaction({ transaction_id: 'float', amount: 12.1 }),
          fakeTransaction({ transaction_id: 'dinar', amount: -0.5, iso_currency_code: 'KWD' }),
        ],
      },
    ]);
    const page = await provider.syncTransactions(accessToken, null);
    expect(page.added.map((t) => [t.transactionId, t.entry.amount, t.entry.currency])).toEqual([
      ['out', '-25.50', 'USD'],
      ['in', '1000.00', 'USD'],
      ['yen', '-1500', 'JPY'],
      ['float', '-12.10', 'USD'],
      ['dinar', '0.500', 'KWD'],
    ]);
  });

  it('maps a pending transaction and its fields onto a statement entry', async () => {
    const accessToken = await linkedItem('pending', [
      {
        added: [
          fakeTransaction({
            transaction_id: 'tx-pending',
            account_id: 'acc-checking',
            amount: -250,
            iso_currency_code: 'EUR',
            date: '2025-03-04',
            authorized_date: '2025-03-02',
            pending: true,
            name: 'Invoice 2025-17',
            original_description: 'SEPA CREDIT ACME GMBH INV 2025-17',
            merchant_name: null,
            counterparties: [
              {
                name: 'ACME GmbH',
                type: CounterpartyType.Merchant,
                website: null,
                logo_url: null,
              },
            ],
            transaction_code: TransactionCode.Transfer,
          }),
          fakeTransaction({ transaction_id: 'tx-posted', merchant_name: 'Office Supplies Inc' }),
        ],
      },
    ]);
    const page = await provider.syncTransactions(accessToken, null);
    expect(page.added[0]).toEqual({
      transactionId: 'tx-pending',
      accountId: 'acc-checking',
      entry: {
        bookingDate: '2025-03-04',
        valueDate: '2025-03-02',
        amount: '250.00',
        currency: 'EUR',
        status: 'Pending',
        reversal: false,
        bankReference: 'tx-pending',
        endToEndId: null,
        counterparty: { name: 'ACME GmbH', iban: null, bic: null, accountNumber: null },
        remittanceInformation: 'Invoice 2025-17',
        // Only there because the adapter asks Plaid for the original description.
        description: 'SEPA CREDIT ACME GMBH INV 2025-17',
        transactionCode: 'transfer',
      },
    });
    expect(page.added[1]!.entry).toMatchObject({
      status: 'Posted',
      counterparty: { name: 'Office Supplies Inc' },
    });
  });
});
