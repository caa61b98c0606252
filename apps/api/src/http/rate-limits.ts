import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '@rf/domain';

/** Requests allowed per minute (docs/architecture.md, “Sessions, limits and enumeration”). */
export interface RateLimits {
  /** /graphql (HTTP and socket operations) per signed-in user. */
  readonly graphqlPerUser: number;
  /** /graphql per client address, whoever is signed in. */
  readonly graphqlPerAddress: number;
  /** /auth per client address. */
  readonly authPerAddress: number;
  /** /auth per account named in the body (username or e-mail), known or not. */
  readonly authPerAccount: number;
}

// Well above what a person clicking through the web app sends (a screen is a handful of
// queries); the per-address limits leave room for an office or a carrier behind one address.
export const DEFAULT_RATE_LIMITS: RateLimits = {
  graphqlPerUser: 1_200,
  graphqlPerAddress: 6_000,
  authPerAddress: 300,
  authPerAccount: 30,
};

const ENV: Record<keyof RateLimits, string> = {
  graphqlPerUser: 'RATE_LIMIT_GRAPHQL_PER_USER',
  graphqlPerAddress: 'RATE_LIMIT_GRAPHQL_PER_ADDRESS',
  authPerAddress: 'RATE_LIMIT_AUTH_PER_ADDRESS',
  authPerAccount: 'RATE_LIMIT_AUTH_PER_ACCOUNT',
};

/** The limits, each overridable by its `RATE_LIMIT_*` variable (a positive whole number). */
export function parseRateLimits(env: NodeJS.ProcessEnv): RateLimits {
  const limits: Record<string, number> = {};
  for (const [key, name] of Object.entries(ENV)) {
    const raw = env[name]?.trim();
    const value = raw ? Number(raw) : DEFAULT_RATE_LIMITS[key as keyof RateLimits];
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`${name} must be a whole number of requests per minute, such as 600`);
    limits[key] = value;
  }
  return limits as unknown as RateLimits;
}

/** What a limit is counted on: the client address and, when known, the user or the account typed. */
export interface LimitSubject {
  readonly address: string;
  readonly user?: string | undefined;
}

/** Counts one request against the limits of /graphql; false when one of them is exhausted. */
export type GraphqlLimiter = (subject: LimitSubject) => Promise<{ allowed: boolean; retryAfter: number }>;

const WINDOW_MS = 60_000;

type Check = (
  request: FastifyRequest,
) => Promise<{ isAllowed: boolean; isExceeded: boolean; ttlInSeconds: number }>;

/**
 * Rate limits on /graphql and /auth, per user (or account) and per address, with @fastify/rate-limit's
 * counters. Over a limit, /graphql answers `LimitExceeded` and /auth `LimitExceededException`, with
 * `retry-after`. Counters live in the process: with several replicas each counts its own share.
 * Returns the /graphql limiter for operations that arrive over the socket.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  limits: RateLimits,
  authenticate: (authorization: string | undefined) => Promise<Caller | null>,
): Promise<GraphqlLimiter> {
  await app.register(rateLimit, { global: false, timeWindow: WINDOW_MS });
  const subjectOf = new WeakMap<FastifyRequest, LimitSubject>();
  const limiter = (max: number, key: (s: LimitSubject) => string | null): Check => {
    const check = app.createRateLimit({
      max,
      timeWindow: WINDOW_MS,
      keyGenerator: (request) => key(subjectOf.get(request) ?? { address: request.ip }) ?? '',
      // A subject without that key (no user, no account typed) is not counted by that limit.
      allowList: (request) => key(subjectOf.get(request) ?? { address: request.ip }) === null,
    });
    return check as Check;
  };
  const graphql = [
    limiter(limits.graphqlPerAddress, (s) => `graphql:address:${s.address}`),
    limiter(limits.graphqlPerUser, (s) => (s.user ? `graphql:user:${s.user}` : null)),
  ];
  const auth = [
    limiter(limits.authPerAddress, (s) => `auth:address:${s.address}`),
    limiter(limits.authPerAccount, (s) => (s.user ? `auth:account:${s.user}` : null)),
  ];
  const esign = [limiter(limits.authPerAddress, (s) => `esign:address:${s.address}`)];
  const run = async (checks: readonly Check[], request: FastifyRequest, subject: LimitSubject) => {
    subjectOf.set(request, subject);
    let retryAfter = 0;
    for (const check of checks) {
      const limit = await check(request);
      if (!limit.isAllowed && limit.isExceeded) retryAfter = Math.max(retryAfter, limit.ttlInSeconds);
    }
    return { allowed: retryAfter === 0, retryAfter };
  };
  const refuse = (reply: FastifyReply, retryAfter: number, body: unknown) =>
    reply.code(429).header('retry-after', String(retryAfter)).send(body);

  app.addHook('preHandler', async (request, reply) => {
    const route = request.routeOptions.url ?? '';
    if (route === '/graphql') {
      const user = await authenticate(request.headers.authorization).catch(() => null);
      const { allowed, retryAfter } = await run(graphql, request, { address: request.ip, user: user?.sub });
      if (!allowed)
        return refuse(reply, retryAfter, {
          errors: [{ message: tooMany(retryAfter), errorType: 'LimitExceeded', data: null }],
        });
    } else if (route.startsWith('/esign/sign/') || route === '/esign/verify') {
      // The public signing and verification pages: no account, so counted per address like /auth.
      const { allowed, retryAfter } = await run(esign, request, { address: request.ip });
      if (!allowed)
        return refuse(reply, retryAfter, { error: 'LimitExceeded', message: tooMany(retryAfter) });
    } else if (route.startsWith('/auth/')) {
      const { allowed, retryAfter } = await run(auth, request, {
        address: request.ip,
        user: accountOf(request.body),
      });
      if (!allowed)
        return refuse(reply, retryAfter, { error: 'LimitExceededException', message: tooMany(retryAfter) });
    }
    return undefined;
  });

  // Socket operations count against the same /graphql limits; the request stands for the socket.
  return async (subject) => {
    const stand = { ip: subject.address, routeOptions: { config: {} } } as unknown as FastifyRequest;
    return run(graphql, stand, subject);
  };
}

const tooMany = (seconds: number): string =>
  `Too many requests: try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/** The account an /auth request names (username or e-mail), as typed, in lower case. */
function accountOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { username, email } = body as { username?: unknown; email?: unknown };
  const named = typeof username === 'string' ? username : typeof email === 'string' ? email : undefined;
  return named?.trim().toLowerCase().slice(0, 320) || undefined;
}
