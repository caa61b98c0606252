import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** What the web app learns from the server at start (no inline script: the CSP forbids it). */
export interface ClientConfig {
  /** Demo mode: the app shows its "Demo data" banner. */
  readonly demo: boolean;
}

/** `GET /config.json` (docs/architecture.md, “Deployment”). */
export function registerClientConfig(app: FastifyInstance, config: Pick<Config, 'demo'>): void {
  const body: ClientConfig = { demo: config.demo };
  app.get('/config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return body;
  });
}
