import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { createAccount } from '../testing/payments.ts';
import { CALLERS, ORGS } from '../testing/world.ts';
import { plaidConfigFrom } from './provider/plaid-config.ts';
import { plaidProvider } from './provider/plaid-provider.ts';
import { syncLinkedAccounts } from './bank-link.ts';
import {
  FAKE_PLAID_CLIENT_ID,
  FAKE_PLAID_SECRET,
  startFakePlaid,
  type FakePlaid,
} from './provider/fake-plaid.ts';
import { fakeAccount, fakeTransaction } from './provider/fake-plaid-data.ts';

/**
 * Bank linking through the provider (docs/business-rules.md, “Payments and reconciliation”), the
 * real `plaid` client against a local fake of Plaid's API: link token, public-token exchange (the
 * access token kept sealed, never returned), transactions/sync from the stored cursor with added,
 * modified and removed applied, each transaction once, credits positive.
 */
describeDatabases('bank linking through the provider', (db) => {
  let api: ApiHarness;
  let plaid: FakePlaid;
  let account = '';

  const post = async (path: string, body: Record<string, unknown>, token = 'Investor') => {
    const res = await api.app.inject({
      method: 'POST',
      url: path,
      headers: { authorization: token },
      payload: body,
    });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  };

  beforeAll(async () => {
    plaid = await startFakePlaid({
      accounts: [
        fakeAccount({ account_id: 'acc-collection', name: 'Collections', mask: '6789' }),
        fakeAccount({ account_id: 'acc-other', name: 'Savings', mask: '0001' }),
      ],
    });
    const settings = plaidConfigFrom({
      PLAID_CLIENT_ID: FAKE_PLAID_CLIENT_ID,
      PLAID_SECRET: FAKE_PLAID_SECRET,
      PLAID_BASE_URL: plaid.baseUrl,
    });
    api = await createApiHarness(db(), { provider: plaidProvider(settings!) });
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    api.callers.set('Investor2', { sub: 'investor2', groupId: ORGS.investor2, role: 'Investor' });
    account = await createAccount(api, 'collection', { userId: ORGS.investor });
  });
  afterAll(async () => {
    await api.app.close();
    await plaid.close();
  });

  it('gives a link token to the account’s owner, not to another investor', async () => {
    const mine = await post('/bank/link-token', { accountId: account });
    expect(mine.status).toBe(200);
    expect(String(mine.body.link_token)).toMatch(/^link-sandbox-/);
    const theirs = await post('/bank/link-token', { accountId: account }, 'Investor2');
    expect(theirs).toEqual({
      status: 403,
      body: { error: 'Unauthorized', message: `Bank account ${account} not found` },
    });
  });

  it('links the account whose mask ends its number, keeping the access token sealed', async () => {
    const linked = await post('/bank/exchange', { accountId: account, public_token: 'public-sandbox-one' });
    expect(linked).toEqual({
      status: 200,
      body: { accountId: account, providerAccountId: 'acc-collection', name: 'Collections', mask: '6789' },
    });
    const [auth] = await db().query(`SELECT "accessToken2", account_id2 FROM "plaidauth" WHERE id = $1`, [
      ORGS.investor,
    ]);
    expect(auth!.account_id2).toBe('acc-collection');
    expect(String(auth!.accessToken2)).not.toContain('access-sandbox');
    const read = await api.gql<{ getPlaidauth: Record<string, unknown> }>(
      'Investor',
      `query { getPlaidauth(id: "${ORGS.investor}") { accessToken2 account_id2 } }`,
    );
    expect(read.data!.getPlaidauth).toEqual({ accessToken2: null, account_id2: 'acc-collection' });
  });

  it('syncs added, modified and removed transactions from the cursor, each once, credits positive', async () => {
    const item = plaid.state.items.get('access-sandbox-one')!;
    item.pages = [
      {
        added: [
          fakeTransaction({
            transaction_id: 'tx-in',
            account_id: 'acc-collection',
            amount: -1500.5,
            date: '2026-05-04',
            name: 'INV-9 payment',
            merchant_name: 'Keystone Trading Ltd',
            pending: false,
          }),
          fakeTransaction({
            transaction_id: 'tx-fee',
            account_id: 'acc-collection',
            amount: 12,
            date: '2026-05-04',
            name: 'Bank fee',
            pending: true,
          }),
          fakeTransaction({
            transaction_id: 'tx-elsewhere',
            account_id: 'acc-other',
            amount: -5,
            date: '2026-05-04',
            name: 'Not this account',
          }),
        ],
      },
      {
        modified: [
          fakeTransaction({
            transaction_id: 'tx-fee',
            account_id: 'acc-collection',
            amount: 12,
            date: '2026-05-05',
            name: 'Bank fee',
            pending: false,
          }),
        ],
      },
    ];
    const first = await post('/bank/sync', { accountId: account });
    expect(first).toEqual({
      status: 200,
      body: { created: 2, duplicates: 1, posted: 1, removed: 0, matched: 0, warnings: [] },
    });
    const rows = await db().query(
      `SELECT bank_reference, transaction_source_amount::text AS amount, transaction_status, transaction_source FROM "transaction" WHERE "bankId" = $1 ORDER BY bank_reference`,
      [account],
    );
    expect(rows).toEqual([
      {
        bank_reference: 'tx-fee',
        amount: '-12.00',
        transaction_status: 'Posted',
        transaction_source: 'provider',
      },
      {
        bank_reference: 'tx-in',
        amount: '1500.50',
        transaction_status: 'Posted',
        transaction_source: 'provider',
      },
    ]);
    const [link] = await db().query('SELECT cursor FROM bank_link WHERE bank_id = $1', [account]);
    expect(link!.cursor).toBe('cursor-2');
    const status = await api.gql<{ bankLinkStatus: Record<string, unknown> }>(
      'Investor',
      `query { bankLinkStatus(bankId: "${account}") { linked providerAccountId lastError lastSyncedAt } }`,
    );
    expect(status.data!.bankLinkStatus).toMatchObject({
      linked: true,
      providerAccountId: 'acc-collection',
      lastError: null,
    });
    expect(status.data!.bankLinkStatus.lastSyncedAt).not.toBeNull();

    item.pages.push(
      {
        added: [
          fakeTransaction({
            transaction_id: 'tx-hold',
            account_id: 'acc-collection',
            amount: 3,
            date: '2026-05-06',
            pending: true,
          }),
        ],
      },
      { removed: ['tx-hold'] },
    );
    const second = await post('/bank/sync', { accountId: account });
    expect(second.body).toMatchObject({ created: 1, removed: 1 });
    const again = await post('/bank/sync', { accountId: account });
    expect(again.body).toMatchObject({ created: 0, duplicates: 0, removed: 0 });
    const [count] = await db().query(
      `SELECT count(*)::int AS n FROM "transaction" WHERE "bankId" = $1 AND NOT "_deleted"`,
      [account],
    );
    expect(count!.n).toBe(2);
  });

  it('syncs every linked account on schedule, as the platform', async () => {
    const item = plaid.state.items.get('access-sandbox-one')!;
    item.pages.push({
      added: [
        fakeTransaction({
          transaction_id: 'tx-later',
          account_id: 'acc-collection',
          amount: -20,
          date: '2026-05-07',
        }),
      ],
    });
    const run = await syncLinkedAccounts(
      { db: db(), keys: api.keys },
      plaidProvider(
        plaidConfigFrom({
          PLAID_CLIENT_ID: FAKE_PLAID_CLIENT_ID,
          PLAID_SECRET: FAKE_PLAID_SECRET,
          PLAID_BASE_URL: plaid.baseUrl,
        })!,
      ),
    );
    expect(run).toEqual({ synced: 1, failed: 0, created: 1 });
    expect(
      await syncLinkedAccounts(
        { db: db(), keys: api.keys },
        plaidProvider(
          plaidConfigFrom({
            PLAID_CLIENT_ID: FAKE_PLAID_CLIENT_ID,
            PLAID_SECRET: FAKE_PLAID_SECRET,
            PLAID_BASE_URL: plaid.baseUrl,
          })!,
        ),
      ),
    ).toEqual({ synced: 1, failed: 0, created: 0 });
  });

  it('answers 404 without a provider, so that screens offer statement import only', async () => {
    const bare = await createApiHarness(db());
    bare.callers.set('Investor', CALLERS.Investor);
    const res = await bare.app.inject({
      method: 'POST',
      url: '/bank/link-token',
      headers: { authorization: 'Investor' },
      payload: { accountId: account },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'NotFound',
      message: 'No bank-data provider is configured: import statement files instead.',
    });
    await bare.app.close();
  });
});
