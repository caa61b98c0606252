import type { StatementEntry } from '../statements/types.ts';

/**
 * A bank-data provider: links a customer's bank (an "item" of one or more accounts) and reads its
 * transactions, which the platform treats like statement entries
 * (docs/business-rules.md, “Bank accounts, transactions and settlement”). Plaid is the one
 * implementation (`plaid-provider.ts`); without its credentials the product offers statement
 * import only.
 */
export interface BankDataProvider {
  /** A short-lived token with which the browser opens the provider's bank-linking flow. */
  createLinkToken(input: {
    userId: string;
    clientName: string;
  }): Promise<{ linkToken: string; expiration: string }>;
  /** Turns the public token the linking flow hands back into the item's long-lived access token. */
  exchangePublicToken(publicToken: string): Promise<{ accessToken: string; itemId: string }>;
  accounts(accessToken: string): Promise<ProviderAccount[]>;
  /**
   * Every change since `cursor` (null: from the start) for the item, all pages: the caller stores
   * `nextCursor` and passes it next time.
   */
  syncTransactions(accessToken: string, cursor: string | null): Promise<SyncPage>;
}

export interface ProviderAccount {
  readonly accountId: string;
  readonly name: string;
  /** The last 2–4 characters of the account number, as the bank shows them. */
  readonly mask: string | null;
  /** ISO 4217 code of the account's balances (or the provider's unofficial code). */
  readonly currency: string | null;
  /** `depository`, `credit`, `loan`, … as the provider names it. */
  readonly type: string | null;
}

export interface SyncPage {
  readonly added: readonly ProviderTransaction[];
  readonly modified: readonly ProviderTransaction[];
  /** Ids (`transactionId`) of transactions the provider withdrew. */
  readonly removed: readonly string[];
  readonly nextCursor: string;
}

export interface ProviderTransaction {
  /** The provider's id of the transaction (also the entry's `bankReference`). */
  readonly transactionId: string;
  readonly accountId: string;
  readonly entry: StatementEntry;
}

/**
 * A call to the provider failed: `code` is the provider's error code (`INVALID_API_KEYS`,
 * `ITEM_LOGIN_REQUIRED`, …) or one of ours (`PROVIDER_UNREACHABLE`, `PROVIDER_HTTP_ERROR`,
 * `PROVIDER_DATA_INVALID`), `status` the HTTP status when there was an answer. The message is the
 * provider's and never holds the API secret or an access token.
 */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    readonly code: string,
    message: string,
    readonly status: number | null,
    /** The provider's request id, for its support. */
    readonly requestId: string | null = null,
  ) {
    super(message);
  }
}
