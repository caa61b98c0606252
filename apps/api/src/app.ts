import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.ts';
import { fastifyTrustProxy } from './config.ts';
import { registerHealth } from './http/health.ts';
import { registerAuth } from './auth/routes.ts';
import { createAuthenticator } from './auth/authenticate.ts';
import { registerGraphql } from './graphql/register.ts';
import { registerFiles } from './files/routes.ts';
import { canReadFile } from './operations/can-read-file.ts';
import { registerWeb } from './http/web.ts';
import { registerCompression } from './http/compression.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { registerFairLanes } from './http/fair-lanes.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerErrorReporting } from './http/sentry.ts';
import { registerClientConfig } from './http/client-config.ts';
import type { AuthOptions } from './auth/auth-deps.ts';
import { createMailer } from './mail/mailer.ts';
import { createFileStore } from './files/create-file-store.ts';
import { registerEsign } from './esign/routes.ts';
import { canReadEnvelope } from './operations/read-envelopes.ts';
import { platformCertificateOnce } from './esign/seal/platform-certificate.ts';
import { registerLedgerRoutes } from './ledger/routes.ts';
import { registerReportRoutes } from './reporting/routes.ts';
import { registerBankRoutes } from './bank/routes.ts';
import { plaidProvider } from './bank/provider/plaid-provider.ts';
import { registerCrmRoutes } from './crm/routes.ts';

/**
 * Builds the HTTP server: every route of docs/architecture.md, “The running system” on one Fastify
 * instance.
 */
export async function buildApp(
  ctx: AppContext,
  options: { logger?: boolean; auth?: AuthOptions } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { level: process.env.LOG_LEVEL ?? 'info' } : false,
    // Per-request log lines cost more than a short query; errors are still logged.
    disableRequestLogging: process.env.LOG_REQUESTS !== 'true',
    bodyLimit: 1024 * 1024,
    // The client's address is the socket's unless TRUST_PROXY names the proxies in front
    // (docs/architecture.md, “Deployment”): a forged X-Forwarded-For must not dodge the throttles.
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
  });
  await registerSecurityHeaders(app, ctx.config);
  registerErrorReporting(app, ctx.config);
  await registerCompression(app);
  const authenticate = createAuthenticator(ctx);
  const limitSocket = await registerRateLimits(app, ctx.config.rateLimits, authenticate);
  registerFairLanes(app);
  registerHealth(app, ctx, { authenticate });
  registerClientConfig(app, ctx.config);
  registerAuth(app, ctx, options.auth);
  app.get('/.well-known/jwks.json', async () => ctx.keys.jwks);
  const mailer = createMailer(ctx);
  const files = createFileStore(ctx.config);
  await registerGraphql(app, ctx, { authenticate, limitSocket, mailer });
  registerFiles(app, ctx, {
    authenticate,
    canReadFile: (caller, key) => canReadFile(ctx.db, caller, key),
    store: files,
  });
  registerLedgerRoutes(app, ctx, { authenticate });
  registerReportRoutes(app, ctx, { authenticate });
  registerBankRoutes(app, {
    db: ctx.db,
    keys: ctx.keys,
    authenticate,
    fileSizeLimit: ctx.config.fileSizeLimit,
    provider: ctx.config.plaid ? plaidProvider(ctx.config.plaid) : null,
  });
  registerCrmRoutes(app, {
    db: ctx.db,
    keys: ctx.keys,
    mailer,
    publicUrl: ctx.config.publicUrl,
    authenticate,
    applicationsPerHour: ctx.config.crmApplicationsPerHour,
    pushToCrm: ctx.config.crm !== null,
  });
  registerEsign(app, {
    db: ctx.db,
    keys: ctx.keys,
    publicUrl: ctx.config.publicUrl,
    files,
    mailer,
    certificate: platformCertificateOnce(ctx.config),
    authenticate,
    canReadEnvelope: (caller, id) => canReadEnvelope({ db: ctx.db, keys: ctx.keys, caller }, id),
  });
  await registerWeb(app, ctx);
  return app;
}
