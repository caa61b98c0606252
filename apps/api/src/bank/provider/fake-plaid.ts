import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AccountBase, Transaction } from 'plaid';
import { fakeAccount } from './fake-plaid-data.ts';

/**
 * A local stand-in for Plaid's HTTP API, for tests: `/link/token/create`,
 * `/item/public_token/exchange`, `/accounts/get` and `/transactions/sync` with Plaid's JSON shapes,
 * and Plaid's error body (`error_type`, `error_code`, `error_message`, `display_message`,
 * `request_id`; HTTP 400) for whatever it refuses. Point the real `plaid` client at `baseUrl`.
 */

/** One page of an item's scripted history of changes. */
export interface FakeSyncPage {
  added?: Transaction[];
  modified?: Transaction[];
  /** Ids of removed transactions. */
  removed?: string[];
}

export interface FakeItem {
  readonly itemId: string;
  accounts: AccountBase[];
  /**
   * The item's changes, one `/transactions/sync` page each: a sync without a cursor reads page 0
   * and gets `cursor-1` (with `has_more` while pages are left), and so on; a cursor past the last
   * page reads an empty page and keeps its cursor.
   */
  pages: FakeSyncPage[];
}

export interface FakePlaidErrorBody {
  error_type: string;
  error_code: string;
  error_message: string;
  /** HTTP status; 400 unless given. */
  status?: number;
}

export interface FakePlaidCall {
  /** `/transactions/sync`, … */
  readonly path: string;
  /** The request body without `client_id` and `secret`. */
  readonly body: Readonly<Record<string, unknown>>;
  /** Where the caller put its credentials. */
  readonly credentials: 'headers' | 'body' | 'none';
}

export interface FakePlaidState {
  /** The credentials the fake accepts. */
  clientId: string;
  secret: string;
  /** Accounts an item gets when a public token is exchanged for it. */
  accounts: AccountBase[];
  /** Items by access token: exchanging `public-sandbox-x` makes `access-sandbox-x`; tests may add their own. */
  items: Map<string, FakeItem>;
  /**
   * Plaid's answer when an item changes while a sync is paged: true makes the next request that
   * continues a pagination (its cursor is the `next_cursor` of an answer with `has_more`) fail once
   * with TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION; a number, that many such requests.
   */
  mutateDuringPagination: boolean | number;
  /** One-shot errors by path: the next call of that path answers this error. */
  failNext: Map<string, FakePlaidErrorBody>;
  /** Every request, in order (authentication failures too). */
  calls: FakePlaidCall[];
}

export interface FakePlaid {
  /** `http://127.0.0.1:<port>`, for `PLAID_BASE_URL`. */
  readonly baseUrl: string;
  readonly state: FakePlaidState;
  close(): Promise<void>;
}

export const FAKE_PLAID_CLIENT_ID = 'fake-client-id';
export const FAKE_PLAID_SECRET = 'fake-secret';

/** The cursor a sync answers after reading `pagesRead` pages of an item. */
export const fakeCursor = (pagesRead: number): string => `cursor-${pagesRead}`;

const MAX_BODY_BYTES = 1_000_000;

class FakePlaidRefusal extends Error {
  constructor(readonly body: FakePlaidErrorBody) {
    super(body.error_message);
  }
}

const refuse = (error_type: string, error_code: string, error_message: string, status = 400): never => {
  throw new FakePlaidRefusal({ error_type, error_code, error_message, status });
};

const requestId = (): string => randomUUID().replaceAll('-', '').slice(0, 15);

/** A required string field of the body, or Plaid's INVALID_FIELD / MISSING_FIELDS. */
function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (value === undefined)
    refuse('INVALID_REQUEST', 'MISSING_FIELDS', `the following required fields are missing: ${name}`);
  if (typeof value !== 'string' || value === '')
    refuse('INVALID_REQUEST', 'INVALID_FIELD', `${name} must be a non-empty string`);
  return value as string;
}

function itemOf(state: FakePlaidState, body: Record<string, unknown>): FakeItem {
  const accessToken = stringField(body, 'access_token');
  const item = state.items.get(accessToken);
  if (!item)
    refuse(
      'INVALID_INPUT',
      'INVALID_ACCESS_TOKEN',
      'provided access token is in an invalid format. expected format: access-<environment>-<identifier>',
    );
  return item!;
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES)
      refuse('INVALID_REQUEST', 'INVALID_BODY', `request body is over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    refuse('INVALID_REQUEST', 'INVALID_BODY', 'body could not be parsed as JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    refuse('INVALID_REQUEST', 'INVALID_BODY', 'body must be a JSON object');
  return body as Record<string, unknown>;
}

/** Per-item pagination: the cursor an answer with `has_more` handed out, by item id. */
type Paging = Map<string, string>;

type Handler = (
  state: FakePlaidState,
  body: Record<string, unknown>,
  paging: Paging,
) => Record<string, unknown>;

const HANDLERS: Readonly<Record<string, Handler>> = {
  '/link/token/create': (_state, body) => {
    stringField(body, 'client_name');
    stringField(body, 'language');
    const countries = body['country_codes'];
    if (!Array.isArray(countries) || countries.length === 0)
      refuse('INVALID_REQUEST', 'INVALID_FIELD', 'country_codes must be a non-empty array');
    const user = body['user'] as { client_user_id?: unknown } | undefined;
    if (typeof user?.client_user_id !== 'string' || user.client_user_id === '')
      refuse(
        'INVALID_REQUEST',
        'MISSING_FIELDS',
        'the following required fields are missing: user.client_user_id',
      );
    const expiration = new Date(Date.now() + 4 * 3600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    return { link_token: `link-sandbox-${randomUUID()}`, expiration };
  },

  '/item/public_token/exchange': (state, body) => {
    const publicToken = stringField(body, 'public_token');
    const match = /^public-(sandbox|production)-(.+)$/.exec(publicToken);
    if (!match)
      refuse(
        'INVALID_INPUT',
        'INVALID_PUBLIC_TOKEN',
        'provided public token is in an invalid format. expected format: public-<environment>-<identifier>',
      );
    const accessToken = `access-${match![1]}-${match![2]}`;
    let item = state.items.get(accessToken);
    if (!item) {
      item = { itemId: `item-${match![2]}`, accounts: structuredClone(state.accounts), pages: [] };
      state.items.set(accessToken, item);
    }
    return { access_token: accessToken, item_id: item.itemId };
  },

  '/accounts/get': (state, body) => {
    const item = itemOf(state, body);
    return {
      accounts: item.accounts,
      item: {
        item_id: item.itemId,
        institution_id: 'ins_fake',
        webhook: null,
        error: null,
        available_products: [],
        billed_products: ['transactions'],
        consent_expiration_time: null,
        update_type: 'background',
      },
    };
  },

  '/transactions/sync': (state, body, paging) => {
    const item = itemOf(state, body);
    const count = body['count'] ?? 100;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 500)
      refuse('INVALID_REQUEST', 'INVALID_FIELD', 'count must be an integer from 1 to 500');
    const cursor = body['cursor'] ?? '';
    if (typeof cursor !== 'string') refuse('INVALID_REQUEST', 'INVALID_FIELD', 'cursor must be a string');
    const position = cursor === '' ? 0 : Number(/^cursor-(\d+)$/.exec(cursor as string)?.[1] ?? NaN);
    if (!Number.isInteger(position) || position > item.pages.length)
      refuse('INVALID_REQUEST', 'INVALID_FIELD', `cursor "${cursor}" was not given out for this item`);
    const continuing = cursor !== '' && paging.get(item.itemId) === cursor;
    if (continuing && state.mutateDuringPagination !== false && state.mutateDuringPagination !== 0) {
      state.mutateDuringPagination =
        typeof state.mutateDuringPagination === 'number' ? state.mutateDuringPagination - 1 : false;
      paging.delete(item.itemId);
      refuse(
        'TRANSACTIONS_ERROR',
        'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION',
        'Underlying transaction data changed since last page was fetched. Please restart pagination from last update.',
      );
    }
    const page = item.pages[position] ?? {};
    const read = Math.min(position + 1, item.pages.length);
    const hasMore = read < item.pages.length;
    const nextCursor = fakeCursor(read);
    if (hasMore) paging.set(item.itemId, nextCursor);
    else paging.delete(item.itemId);
    // Plaid sends the institution's own description only when asked for it.
    const options = body['options'] as { include_original_description?: unknown } | undefined;
    const shown = (transactions: Transaction[] = []): Transaction[] =>
      options?.include_original_description === true
        ? transactions
        : transactions.map((transaction) => ({ ...transaction, original_description: null }));
    return {
      transactions_update_status: 'HISTORICAL_UPDATE_COMPLETE',
      accounts: item.accounts,
      added: shown(page.added),
      modified: shown(page.modified),
      removed: (page.removed ?? []).map((id) => ({
        transaction_id: id,
        account_id: item.accounts[0]?.account_id ?? '',
      })),
      next_cursor: nextCursor,
      has_more: hasMore,
    };
  },
};

function send(response: ServerResponse, status: number, body: Record<string, unknown>): void {
  const text = JSON.stringify({ ...body, request_id: requestId() });
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

async function answer(
  state: FakePlaidState,
  paging: Paging,
  request: IncomingMessage,
): Promise<Record<string, unknown>> {
  const path = new URL(request.url ?? '/', 'http://fake').pathname;
  const handler = request.method === 'POST' ? HANDLERS[path] : undefined;
  const body = await readBody(request);
  const header = (name: string): string | undefined => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const fromHeaders = header('plaid-client-id') !== undefined || header('plaid-secret') !== undefined;
  const fromBody = body['client_id'] !== undefined || body['secret'] !== undefined;
  const clientId = fromHeaders ? header('plaid-client-id') : body['client_id'];
  const secret = fromHeaders ? header('plaid-secret') : body['secret'];
  const { client_id: _clientId, secret: _secret, ...rest } = body;
  state.calls.push({ path, body: rest, credentials: fromHeaders ? 'headers' : fromBody ? 'body' : 'none' });
  if (!handler)
    refuse('INVALID_REQUEST', 'NOT_FOUND', `${request.method} ${path} is not an endpoint of this fake`, 404);
  if (clientId !== state.clientId || secret !== state.secret)
    refuse('INVALID_INPUT', 'INVALID_API_KEYS', 'invalid client_id or secret provided');
  const failure = state.failNext.get(path);
  if (failure) {
    state.failNext.delete(path);
    throw new FakePlaidRefusal(failure);
  }
  return handler!(state, body, paging);
}

/** Starts the fake on 127.0.0.1 on a free port; `close()` stops it. */
export async function startFakePlaid(
  options: { clientId?: string; secret?: string; accounts?: AccountBase[] } = {},
): Promise<FakePlaid> {
  const state: FakePlaidState = {
    clientId: options.clientId ?? FAKE_PLAID_CLIENT_ID,
    secret: options.secret ?? FAKE_PLAID_SECRET,
    accounts: options.accounts ?? [
      fakeAccount({ account_id: 'acc-checking', name: 'Business Checking', mask: '1234' }),
    ],
    items: new Map(),
    mutateDuringPagination: false,
    failNext: new Map(),
    calls: [],
  };
  const paging: Paging = new Map();
  const server = createServer((request, response) => {
    answer(state, paging, request).then(
      (body) => send(response, 200, body),
      (error: unknown) => {
        if (error instanceof FakePlaidRefusal) {
          const { status, ...plaidError } = error.body;
          send(response, status ?? 400, { display_message: null, ...plaidError });
        } else {
          send(response, 500, {
            error_type: 'API_ERROR',
            error_code: 'INTERNAL_SERVER_ERROR',
            error_message: `fake Plaid failed: ${String(error)}`,
            display_message: null,
          });
        }
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    state,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
