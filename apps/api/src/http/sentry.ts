import * as Sentry from '@sentry/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** What a report says about the request that failed. */
export interface FailedRequest {
  readonly method: string;
  readonly url: string;
}

/**
 * Starts Sentry's server SDK when `SENTRY_DSN` is set (docs/architecture.md, “Deployment”); without
 * it nothing is started and nothing is ever sent. `options` is for tests (a transport that keeps
 * the envelopes instead of sending them).
 */
export function startErrorReporting(
  config: Pick<Config, 'sentryDsn' | 'production'>,
  options: { init?: (options: Sentry.NodeOptions) => unknown; sdk?: Partial<Sentry.NodeOptions> } = {},
): boolean {
  if (!config.sentryDsn) return false;
  (options.init ?? Sentry.init)({
    dsn: config.sentryDsn,
    environment: config.production ? 'production' : 'development',
    // Errors only: no performance tracing, no personal data (addresses, cookies, bodies).
    sendDefaultPii: false,
    ...options.sdk,
  });
  return true;
}

/**
 * Reports an internal failure (an answer of 500, a GraphQL `InternalFailure`) with the method and
 * address of the request it failed, when error reporting was started.
 */
export function reportInternalError(error: unknown, request?: FailedRequest): void {
  if (!Sentry.isInitialized()) return;
  Sentry.withScope((scope) => {
    if (request) {
      scope.setTag('url', request.url.split('?')[0] ?? request.url);
      scope.addEventProcessor((event) => ({
        ...event,
        request: { ...event.request, method: request.method, url: request.url },
      }));
    }
    Sentry.captureException(error);
  });
}

/**
 * Reports the errors behind answers of 500 and above, whichever route or error handler answered:
 * `onError` sees the error before the route's error handler turns it into an answer, `onResponse`
 * sees the status that answer got.
 */
export function registerErrorReporting(app: FastifyInstance, config: Pick<Config, 'publicUrl'>): void {
  const errors = new WeakMap<FastifyRequest, unknown>();
  app.addHook('onError', async (request, _reply, error) => {
    errors.set(request, error);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 500 || !errors.has(request)) return;
    reportInternalError(errors.get(request), {
      method: request.method,
      url: new URL(request.url, config.publicUrl).href,
    });
  });
}
