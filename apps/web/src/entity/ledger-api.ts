import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getIdToken } from '../auth/session.ts';
import { RequestError } from '../shared/errors.ts';
import { saveBlob } from './files.ts';
import { gql } from './graphql-client.ts';

/**
 * The ledger as the server reads it (docs/architecture.md, “Ledger”): accounts with balances,
 * entries with running balances, the trial balance with its totals. The browser formats these
 * amounts and never adds them up; which accounts a user sees is the server's decision.
 */

export interface LedgerAccount {
  readonly id: string;
  readonly kind: string;
  readonly name: string;
  readonly explain: string;
  readonly normal: 'debit' | 'credit';
  readonly memo: boolean;
  readonly currency: string;
  readonly partyModel: string | null;
  readonly partyId: string | null;
  readonly partyName: string | null;
}

export interface LedgerAccountBalance {
  readonly account: LedgerAccount;
  readonly currency: string;
  readonly posted: string;
  readonly pending: string;
  readonly balance: string;
}

export interface TrialBalanceRow {
  readonly account: LedgerAccount;
  readonly currency: string;
  readonly debit: string;
  readonly credit: string;
  readonly balance: string;
}

export interface TrialBalanceTotal {
  readonly currency: string;
  readonly memo: boolean;
  readonly debit: string;
  readonly credit: string;
  readonly balance: string;
}

export interface LedgerEntry {
  readonly id: string;
  readonly transactionId: string;
  readonly event: string;
  readonly kind: string;
  readonly description: string;
  readonly effectiveDate: string;
  readonly createdAt: string;
  readonly currency: string;
  readonly debit: string | null;
  readonly credit: string | null;
  readonly phase: string;
  readonly runningBalance: string;
  readonly requestId: string | null;
  readonly requestReference: string | null;
  readonly bankTransactionId: string | null;
  readonly reversesId: string | null;
  readonly operation: string | null;
  readonly actor: string | null;
}

/** The filters of an account's entries; dates are ISO days, both included. */
export interface LedgerEntryFilter {
  readonly accountId?: string;
  readonly requestId?: string;
  readonly bankTransactionId?: string;
  readonly transactionId?: string;
  readonly from?: string;
  readonly to?: string;
}

const ACCOUNT = 'account { id kind name explain normal memo currency partyModel partyId partyName }';

export const LEDGER_ACCOUNTS = `query LedgerAccounts($currency: String) {
  ledgerAccounts(currency: $currency) { ${ACCOUNT} currency posted pending balance }
}`;

export const LEDGER_ACCOUNT = `query LedgerAccount($id: ID!) {
  ledgerAccount(id: $id) { ${ACCOUNT} currency posted pending balance }
}`;

export const TRIAL_BALANCE = `query TrialBalance($asOf: AWSDate, $currency: String) {
  trialBalance(asOf: $asOf, currency: $currency) { ${ACCOUNT} currency debit credit balance }
  trialBalanceTotals(asOf: $asOf, currency: $currency) { currency memo debit credit balance }
}`;

/** An entry's own fields (its account is the statement's). */
export const LEDGER_ENTRIES = `query LedgerEntries($filter: LedgerEntryFilter, $limit: Int, $nextToken: String) {
  ledgerEntries(filter: $filter, limit: $limit, nextToken: $nextToken) {
    items {
      id transactionId event kind description effectiveDate createdAt currency debit credit phase runningBalance
      requestId requestReference bankTransactionId reversesId operation actor
    }
    nextToken
  }
}`;

export function useLedgerAccounts() {
  return useQuery({
    queryKey: ['Ledger', 'accounts'],
    queryFn: async () =>
      (await gql<{ ledgerAccounts: LedgerAccountBalance[] }>(LEDGER_ACCOUNTS)).ledgerAccounts,
  });
}

/** One account; null when there is none the user may read. */
export function useLedgerAccount(id: string | undefined) {
  return useQuery({
    queryKey: ['Ledger', 'account', id],
    enabled: Boolean(id),
    queryFn: async () =>
      (await gql<{ ledgerAccount: LedgerAccountBalance | null }>(LEDGER_ACCOUNT, { id })).ledgerAccount,
  });
}

export function useTrialBalance(asOf: string, currency: string | null) {
  return useQuery({
    queryKey: ['Ledger', 'trialBalance', asOf, currency],
    queryFn: () =>
      gql<{ trialBalance: TrialBalanceRow[]; trialBalanceTotals: TrialBalanceTotal[] }>(TRIAL_BALANCE, {
        asOf,
        currency,
      }),
  });
}

type Page = { items: LedgerEntry[]; nextToken: string | null };

/** Entries in posting order, a page at a time ("Show more"). */
export function useLedgerEntries(filter: LedgerEntryFilter, pageSize = 100) {
  return useInfiniteQuery({
    queryKey: ['Ledger', 'entries', filter, pageSize],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) =>
      (
        await gql<{ ledgerEntries: Page }>(LEDGER_ENTRIES, {
          filter,
          limit: pageSize,
          nextToken: pageParam,
        })
      ).ledgerEntries,
    getNextPageParam: (last) => last.nextToken,
  });
}

/** The address of a ledger download with its parameters (empty ones left out). */
export function ledgerCsvUrl(
  file: 'journal.csv' | 'trial-balance.csv',
  params: Readonly<Record<string, string | null | undefined>>,
): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) query.set(k, v);
  const text = query.toString();
  return `/ledger/${file}${text ? `?${text}` : ''}`;
}

/** The file name the server gives in Content-Disposition, or `fallback`. */
const fileNameOf = (header: string | null, fallback: string): string =>
  /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? fallback;

/**
 * Downloads a ledger CSV with the identity token (a plain link could not send it); the server's
 * refusal (a bad date, a period that ends before it starts) is thrown with its message.
 */
export async function downloadLedgerCsv(url: string, fallbackName: string): Promise<void> {
  const token = await getIdToken();
  let res: Response;
  try {
    res = await fetch(url, { headers: token ? { Authorization: token } : {} });
  } catch {
    throw new RequestError({
      message: 'No connection to the server. Check your network and try again.',
      url,
      status: 0,
    });
  }
  if (!res.ok) {
    let message = `The download failed (HTTP ${res.status}).`;
    try {
      const body = (await res.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // Not JSON: keep the status.
    }
    throw new RequestError({ message, url, status: res.status });
  }
  saveBlob(await res.blob(), fileNameOf(res.headers.get('Content-Disposition'), fallbackName));
}

/** A request's postings, each entry with its account (the bookkeeping detail). */
export const REQUEST_POSTINGS = `query RequestPostings($filter: LedgerEntryFilter, $limit: Int) {
  ledgerEntries(filter: $filter, limit: $limit) {
    items {
      id transactionId kind description effectiveDate createdAt currency debit credit phase operation
      ${ACCOUNT}
    }
    nextToken
  }
}`;

export type RequestPosting = Omit<
  LedgerEntry,
  'event' | 'runningBalance' | 'requestId' | 'requestReference' | 'bankTransactionId' | 'reversesId' | 'actor'
> & { readonly account: LedgerAccount };

/** Every entry the user may read of one request's postings, in posting order. */
export function useRequestPostings(requestId: string | undefined) {
  return useQuery({
    queryKey: ['Ledger', 'request', requestId],
    enabled: Boolean(requestId),
    queryFn: async () =>
      (
        await gql<{ ledgerEntries: { items: RequestPosting[]; nextToken: string | null } }>(
          REQUEST_POSTINGS,
          {
            filter: { requestId },
            limit: 500,
          },
        )
      ).ledgerEntries,
  });
}
