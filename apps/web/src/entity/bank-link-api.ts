import { getIdToken, refreshTokens } from '../auth/session.ts';
import { RequestError } from '../shared/errors.ts';
import { gql } from './graphql-client.ts';

/**
 * Linking an account with its bank through the bank-data provider
 * (docs/architecture.md, “Payments”): whether the server offers it (`/config.json`), the account's
 * link status, and the REST calls `POST /bank/link-token`, `/bank/exchange` and `/bank/sync`, with
 * the identity token.
 */

let offered: Promise<boolean> | undefined;

/** Whether the server has a bank-data provider configured; asked once per page load. */
export function bankLinkOffered(): Promise<boolean> {
  offered ??= fetch('/config.json', { headers: { Accept: 'application/json' } })
    .then((res) => (res.ok ? (res.json() as Promise<{ bankLink?: unknown }>) : {}))
    .then((body) => (body as { bankLink?: unknown }).bankLink === true)
    .catch(() => false);
  return offered;
}

export interface BankLinkStatus {
  readonly linked: boolean;
  readonly providerAccountId: string | null;
  readonly lastSyncedAt: string | null;
  readonly lastError: string | null;
}

export async function fetchBankLinkStatus(bankId: string): Promise<BankLinkStatus> {
  return (
    await gql<{ bankLinkStatus: BankLinkStatus }>(
      'query BankLinkStatus($bankId: ID!) { bankLinkStatus(bankId: $bankId) { linked providerAccountId lastSyncedAt lastError } }',
      { bankId },
    )
  ).bankLinkStatus;
}

export interface SyncSummary {
  readonly created: number;
  readonly duplicates: number;
  readonly posted: number;
  readonly removed: number;
  readonly matched: number;
  readonly warnings: readonly string[];
}

/** A JSON POST to the bank routes with the token; once more with a fresh one when it had expired. */
async function postBank<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const send = async (token: string | null) =>
    fetch(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(token ? { authorization: token } : {}),
      },
      body: JSON.stringify(body),
    });
  let res = await send(await getIdToken());
  if (res.status === 401) {
    const next = await refreshTokens().catch(() => null);
    if (next) res = await send(next.idToken);
  }
  const answer = (await res.json().catch(() => null)) as { error?: string; message?: string } | null;
  if (res.ok && answer) return answer as T;
  throw new RequestError({
    message: answer?.message ?? `The bank service answered ${res.status}; try again shortly.`,
    url: path,
    status: res.status,
    ...(answer?.error ? { code: answer.error } : {}),
  });
}

export const createLinkToken = (accountId: string) =>
  postBank<{ link_token: string; expiration: string }>('/bank/link-token', { accountId });

export const exchangePublicToken = (
  accountId: string,
  publicToken: string,
  providerAccountId: string | null,
) =>
  postBank<{ accountId: string; providerAccountId: string; name: string; mask: string | null }>(
    '/bank/exchange',
    {
      accountId,
      public_token: publicToken,
      ...(providerAccountId ? { providerAccountId } : {}),
    },
  );

export const syncAccount = (accountId: string) => postBank<SyncSummary>('/bank/sync', { accountId });

/** Plaid Link's own script, loaded once when an owner links an account (the CSP allows its origin then). */
const LINK_SCRIPT = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';

interface PlaidLinkHandler {
  open(): void;
}
interface PlaidGlobal {
  create(options: {
    token: string;
    onSuccess: (publicToken: string, metadata: { accounts?: { id: string }[] }) => void;
    onExit: (error: { display_message?: string | null; error_message?: string } | null) => void;
  }): PlaidLinkHandler;
}

let script: Promise<PlaidGlobal> | undefined;

function plaidLink(): Promise<PlaidGlobal> {
  script ??= new Promise<PlaidGlobal>((resolve, reject) => {
    const tag = document.createElement('script');
    tag.src = LINK_SCRIPT;
    tag.async = true;
    tag.onload = () => {
      const plaid = (window as unknown as { Plaid?: PlaidGlobal }).Plaid;
      if (plaid) resolve(plaid);
      else reject(new Error('The bank’s linking window did not load.'));
    };
    tag.onerror = () => {
      script = undefined;
      reject(new Error('The bank’s linking window could not be loaded; check the connection and try again.'));
    };
    document.head.appendChild(tag);
  });
  return script;
}

/**
 * Opens the provider's linking window for the account and, once the owner has chosen the bank
 * account there, links it on the server. Resolves with the linked account, or null when the owner
 * closed the window.
 */
export async function linkWithBank(accountId: string): Promise<{ name: string; mask: string | null } | null> {
  const { link_token } = await createLinkToken(accountId);
  const plaid = await plaidLink();
  return new Promise((resolve, reject) => {
    plaid
      .create({
        token: link_token,
        onSuccess: (publicToken, metadata) => {
          exchangePublicToken(accountId, publicToken, metadata.accounts?.[0]?.id ?? null).then(
            resolve,
            reject,
          );
        },
        onExit: (error) =>
          error
            ? reject(new Error(error.display_message ?? error.error_message ?? 'Linking stopped.'))
            : resolve(null),
      })
      .open();
  });
}
