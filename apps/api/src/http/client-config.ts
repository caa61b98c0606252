import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** What the web app learns from the server at start (no inline script: the CSP forbids it). */
export interface ClientConfig {
  /** Demo mode: the app shows its "Demo data" banner. */
  readonly demo: boolean;
  /**
   * A bank-data provider is configured: the screens offer to link an account with its bank
   * (docs/architecture.md, “Payments”); otherwise statements are imported as files only.
   */
  readonly bankLink: boolean;
}

/** `GET /config.json` (docs/architecture.md, “Deployment”). */
export function registerClientConfig(app: FastifyInstance, config: Pick<Config, 'demo' | 'plaid'>): void {
  const body: ClientConfig = { demo: config.demo, bankLink: config.plaid !== null };
  app.get('/config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return body;
  });
}
