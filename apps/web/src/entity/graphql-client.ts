import { RequestError } from '../shared/errors.ts';
import { getIdToken, refreshTokens } from '../auth/session.ts';

export interface GraphQLErrorEntry {
  readonly message: string;
  readonly errorType?: string;
  readonly data?: unknown;
  readonly path?: readonly (string | number)[];
}

// Declared in shared/ so that the session's profile (auth/user-context.tsx) can name it too.
export type { ApiRecord } from '../shared/api-record.ts';

/** A GraphQL error, carrying AppSync's errorType and, for conflicts, the current record. */
export class GraphQLError extends RequestError {
  readonly errorType: string;
  readonly errors: readonly GraphQLErrorEntry[];
  constructor(errors: readonly GraphQLErrorEntry[], url: string) {
    const first = errors[0];
    const errorType = first?.errorType ?? 'Unknown';
    super({ message: messageOf(first), url, status: 200, code: errorType, data: first?.data });
    this.name = 'GraphQLError';
    this.errorType = errorType;
    this.errors = errors;
  }
}

function messageOf(e: GraphQLErrorEntry | undefined): string {
  if (!e) return 'The server returned an error.';
  switch (e.errorType) {
    case 'Unauthorized':
      if (/^Not allowed:/.test(e.message)) return e.message.replace(/^Not allowed:\s*/, 'Not allowed: ');
      // A refused status move names what is allowed instead (changeStatus,
      // docs/business-rules.md, “Status moves, guards and effects”).
      if (/\bcannot move\b/.test(e.message)) return `Not allowed: ${e.message}.`;
      return 'You do not have access to this. Sign in with an account that does, or ask an administrator.';
    case 'NotFound':
      return 'This record does not exist or has been deleted.';
    case 'LimitExceeded':
      return 'Too many requests at once. Please wait a moment and try again.';
    case 'ConflictUnhandled':
      return 'Someone else changed this record after you opened it.';
    case 'InternalFailure':
      return 'The server could not complete this request. Please try again.';
    default:
      return e.message || 'The server returned an error.';
  }
}

const ENDPOINT = '/graphql';

/** A tiny fetch-based GraphQL client; the identity token goes in the Authorization header. */
export async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const attempt = async (token: string | null): Promise<Response> =>
    fetch(ENDPOINT, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...(token ? { Authorization: token } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
  let res: Response;
  try {
    res = await attempt(await getIdToken());
    if (res.status === 401) {
      const next = await refreshTokens();
      if (next) res = await attempt(next.idToken);
    }
  } catch (e) {
    if (e instanceof RequestError) throw e;
    throw new RequestError({
      message: 'No connection to the server. Check your network and try again.',
      url: ENDPOINT,
      status: 0,
    });
  }
  let body: { data?: T; errors?: GraphQLErrorEntry[] } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    body = {};
  }
  if (body.errors?.length) throw new GraphQLError(body.errors, ENDPOINT);
  if (!res.ok || body.data === undefined || body.data === null) {
    throw new RequestError({
      message:
        res.status === 401
          ? 'Your session has ended. Please sign in again.'
          : `The server could not answer (HTTP ${res.status}). Please try again.`,
      url: ENDPOINT,
      status: res.status,
    });
  }
  return body.data;
}
