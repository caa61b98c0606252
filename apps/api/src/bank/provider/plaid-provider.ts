import { Configuration, PlaidApi, Products, type TransactionsSyncResponse } from 'plaid';
import type { PlaidSettings } from './plaid-config.ts';
import { providerTransactionOf } from './plaid-transaction.ts';
import { ProviderError, type BankDataProvider, type ProviderTransaction, type SyncPage } from './provider.ts';

/** Transactions per `/transactions/sync` page (Plaid's maximum). */
const SYNC_PAGE_SIZE = 500;
/** How often one sync starts over because the item changed while it was being paged. */
export const MAX_SYNC_RESTARTS = 3;
const MUTATION_DURING_PAGINATION = 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION';
/** A call that has not answered by then fails as PROVIDER_UNREACHABLE instead of hanging. */
const REQUEST_TIMEOUT_MS = 30_000;

interface PlaidErrorBody {
  readonly error_code?: unknown;
  readonly error_message?: unknown;
  readonly request_id?: unknown;
}

interface HttpFailure {
  readonly isAxiosError?: unknown;
  readonly code?: unknown;
  readonly message?: unknown;
  readonly response?: { readonly status?: unknown; readonly data?: unknown };
}

/** `text` with every secret in it replaced, so that no message carries a credential. */
function redacted(text: string, secrets: readonly string[]): string {
  return secrets
    .filter((secret) => secret.length > 0)
    .reduce((out, secret) => out.split(secret).join('[redacted]'), text);
}

/**
 * What the client threw, as a ProviderError: Plaid's error code and message when Plaid answered
 * with its error body, else what went wrong on the way. Only the message is taken from the axios
 * error, never the error itself: its config holds the request's headers, the API secret among them.
 */
function providerErrorOf(error: unknown, endpoint: string, secrets: readonly string[]): unknown {
  const failure = error as HttpFailure | null;
  if (typeof failure !== 'object' || failure === null || failure.isAxiosError !== true) return error;
  const status = typeof failure.response?.status === 'number' ? failure.response.status : null;
  const body = failure.response?.data as PlaidErrorBody | undefined;
  if (body && typeof body === 'object' && typeof body.error_code === 'string') {
    const message = typeof body.error_message === 'string' ? body.error_message : 'no message';
    return new ProviderError(
      body.error_code,
      redacted(`Plaid ${endpoint} failed: ${message} (${body.error_code})`, secrets),
      status,
      typeof body.request_id === 'string' ? body.request_id : null,
    );
  }
  if (status !== null)
    return new ProviderError(
      'PROVIDER_HTTP_ERROR',
      `Plaid ${endpoint} answered HTTP ${status} without an error body`,
      status,
    );
  const cause = typeof failure.code === 'string' ? failure.code : String(failure.message ?? 'no answer');
  return new ProviderError(
    'PROVIDER_UNREACHABLE',
    redacted(`Plaid ${endpoint} could not be reached: ${cause}`, secrets),
    null,
  );
}

/**
 * The bank-data provider over Plaid's API (the official `plaid` client): the credentials go in the
 * `PLAID-CLIENT-ID` / `PLAID-SECRET` headers of every call.
 */
export function plaidProvider(settings: PlaidSettings): BankDataProvider {
  const api = new PlaidApi(
    new Configuration({
      basePath: settings.baseUrl,
      baseOptions: {
        timeout: REQUEST_TIMEOUT_MS,
        headers: { 'PLAID-CLIENT-ID': settings.clientId, 'PLAID-SECRET': settings.secret },
      },
    }),
  );

  /** Runs one call; a failure becomes a ProviderError with the credentials in use kept out. */
  const call = async <T>(
    endpoint: string,
    secrets: readonly string[],
    run: () => Promise<{ data: T }>,
  ): Promise<T> => {
    try {
      return (await run()).data;
    } catch (error) {
      throw providerErrorOf(error, endpoint, [settings.secret, ...secrets]);
    }
  };

  /** One pass over every page from `cursor`; throws the mutation error for the caller to restart. */
  const syncPass = async (accessToken: string, cursor: string | null): Promise<SyncPage> => {
    const added: ProviderTransaction[] = [];
    const modified: ProviderTransaction[] = [];
    const removed: string[] = [];
    let next = cursor;
    for (;;) {
      const page: TransactionsSyncResponse = await call('/transactions/sync', [accessToken], () =>
        api.transactionsSync({
          access_token: accessToken,
          // An empty cursor is Plaid's "from the start" too: leave it out.
          ...(next ? { cursor: next } : {}),
          count: SYNC_PAGE_SIZE,
          options: { include_original_description: true },
        }),
      );
      for (const transaction of page.added) added.push(providerTransactionOf(transaction));
      for (const transaction of page.modified) modified.push(providerTransactionOf(transaction));
      for (const gone of page.removed) removed.push(gone.transaction_id);
      next = page.next_cursor;
      if (!page.has_more) return { added, modified, removed, nextCursor: page.next_cursor };
    }
  };

  return {
    async createLinkToken({ userId, clientName }) {
      const data = await call('/link/token/create', [], () =>
        api.linkTokenCreate({
          client_name: clientName,
          language: 'en',
          country_codes: [...settings.countryCodes],
          products: [Products.Transactions],
          user: { client_user_id: userId },
        }),
      );
      return { linkToken: data.link_token, expiration: data.expiration };
    },

    async exchangePublicToken(publicToken) {
      const data = await call('/item/public_token/exchange', [publicToken], () =>
        api.itemPublicTokenExchange({ public_token: publicToken }),
      );
      return { accessToken: data.access_token, itemId: data.item_id };
    },

    async accounts(accessToken) {
      const data = await call('/accounts/get', [accessToken], () =>
        api.accountsGet({ access_token: accessToken }),
      );
      return data.accounts.map((account) => ({
        accountId: account.account_id,
        name: account.name,
        mask: account.mask ?? null,
        currency: account.balances.iso_currency_code ?? account.balances.unofficial_currency_code ?? null,
        type: account.type ?? null,
      }));
    },

    /**
     * Pages through `/transactions/sync` until `has_more` is false. When the item changes while
     * the pages are read, Plaid answers TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION and the whole
     * pass must start again from the cursor it began with, dropping what it had read; after
     * MAX_SYNC_RESTARTS such restarts the error is thrown.
     */
    async syncTransactions(accessToken, cursor) {
      for (let restarts = 0; ; restarts += 1) {
        try {
          return await syncPass(accessToken, cursor);
        } catch (error) {
          if (!(error instanceof ProviderError) || error.code !== MUTATION_DURING_PAGINATION) throw error;
          if (restarts >= MAX_SYNC_RESTARTS)
            throw new ProviderError(
              error.code,
              `${error.message}; the item kept changing through ${MAX_SYNC_RESTARTS} restarts of the sync`,
              error.status,
              error.requestId,
            );
        }
      }
    },
  };
}
