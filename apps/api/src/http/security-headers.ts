import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** One year, with subdomains: the usual HSTS policy. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Whether the client reached us over HTTPS: `PUBLIC_URL` says so, or the request came over TLS (or,
 * with `TRUST_PROXY`, a trusted proxy says it did).
 */
export function servedOverHttps(config: Pick<Config, 'publicUrl'>, request: FastifyRequest): boolean {
  return config.publicUrl.startsWith('https://') || request.protocol === 'https';
}

/** The origin the browser's error reports go to, from the web app's Sentry DSN. */
function sentryOrigin(dsn: string | undefined): string[] {
  if (!dsn) return [];
  try {
    return [new URL(dsn).origin];
  } catch {
    return [];
  }
}

/** Where Plaid Link's script and frame come from (docs/architecture.md, “Payments”). */
export const PLAID_LINK_ORIGIN = 'https://cdn.plaid.com';

/**
 * The Content-Security-Policy of every answer (docs/architecture.md, “Deployment”): scripts only
 * from our own origin, never inline; styles also inline, since MUI's emotion injects `<style>` tags
 * and `style` attributes; blob: frames and images for file previews; nobody may frame us.
 */
export function contentSecurityDirectives(config: Pick<Config, 'browserSentryDsn'> & { plaid?: unknown }) {
  // The bank-data provider's linking flow: its script and its frame, only when it is configured.
  const plaid = config.plaid ? [PLAID_LINK_ORIGIN] : [];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...plaid],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...sentryOrigin(config.browserSentryDsn)],
    'frame-src': ["'self'", 'blob:', ...plaid],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * Security headers from @fastify/helmet on every answer: the CSP above, `nosniff`, `DENY` framing,
 * no referrer; HSTS only over HTTPS, where it means something (over plain HTTP a browser ignores
 * it, and on localhost it would pin the name to HTTPS for a year).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(config) },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (servedOverHttps(config, request)) reply.header('strict-transport-security', HSTS);
  });
}
