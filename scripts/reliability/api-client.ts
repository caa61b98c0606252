import { RUN_PASSWORD } from './run-database.ts';

/** A GraphQL error as the API reports it (docs/decisions/0003-appsync-compatible-api.md). */
export interface GqlError {
  readonly message: string;
  readonly errorType: string;
  readonly data?: unknown;
}

export interface GqlAnswer<T> {
  readonly data?: T | null;
  readonly errors?: GqlError[];
}

/** An answer that says the request was refused, as opposed to one that never arrived. */
export class RefusedError extends Error {
  constructor(
    readonly errorType: string,
    message: string,
  ) {
    super(`${errorType}: ${message}`);
  }
}

/** Signs in through `/auth/sign-in` and returns the id token. */
export async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: RUN_PASSWORD }),
  });
  const body = (await res.json()) as { idToken?: string; error?: string; message?: string };
  if (!res.ok || !body.idToken)
    throw new Error(`sign-in of ${email} answered ${res.status}: ${body.error} ${body.message}`);
  return body.idToken;
}

/**
 * One POST to /graphql. Resolves with the answer (errors included) once a response arrived; a
 * network failure (the server killed mid-request) rejects with the fetch error.
 */
export async function gql<T = Record<string, unknown>>(
  url: string,
  token: string,
  query: string,
  variables?: Record<string, unknown>,
): Promise<GqlAnswer<T>> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  try {
    return JSON.parse(text) as GqlAnswer<T>;
  } catch {
    throw new Error(`/graphql answered ${res.status}: ${text.slice(0, 300)}`);
  }
}

/** Like gql, but the data or a RefusedError carrying the first error's type. */
export async function gqlData<T = Record<string, unknown>>(
  url: string,
  token: string,
  query: string,
  variables?: Record<string, unknown>,
): Promise<T> {
  const answer = await gql<T>(url, token, query, variables);
  const error = answer.errors?.[0];
  if (error) throw new RefusedError(error.errorType, error.message);
  if (!answer.data) throw new Error('/graphql answered without data or errors');
  return answer.data;
}

export interface Uploaded {
  readonly key: string;
  readonly size: number;
}

/** `POST /files` as a multipart form with one file field; 201 with the stored key. */
export async function upload(url: string, token: string, name: string, bytes: Uint8Array): Promise<Uploaded> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const res = await fetch(`${url}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as Uploaded & { error?: string; message?: string };
  if (res.status !== 201) throw new RefusedError(body.error ?? String(res.status), body.message ?? '');
  return body;
}

/** `GET /files/<key>`: the stored bytes, or null when the server answers 404. */
export async function download(url: string, token: string, key: string): Promise<Buffer | null> {
  const res = await fetch(`${url}/files/${key}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`GET /files/${key} answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}
