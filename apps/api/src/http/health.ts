import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '@rf/domain';
import type { AppContext } from '../app-context.ts';
import { migrationsApplied } from '../db/migrate.ts';
import { ApiError } from './errors.ts';

export interface HealthDeps {
  /** The Caller of an Authorization header (auth/authenticate.ts); only an administrator reads metrics. */
  readonly authenticate: (authorization: string | undefined) => Promise<Caller | null>;
}

/** 401 without a valid token, 403 for anyone but an administrator; null when the caller may go on. */
async function refuseUnlessAdmin(
  deps: HealthDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | null> {
  let caller: Caller | null;
  try {
    caller = await deps.authenticate(request.headers.authorization);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    caller = null;
  }
  if (!caller)
    return reply
      .code(401)
      .send({ error: 'Unauthorized', message: "Send an administrator's token in the Authorization header." });
  if (caller.role !== 'Admin')
    return reply
      .code(403)
      .send({ error: 'Forbidden', message: 'Only an administrator may read the metrics.' });
  return null;
}

/**
 * Liveness, readiness (database reachable, migrations applied) and Prometheus metrics, the last for
 * administrators only (docs/architecture.md, “Deployment”).
 */
export function registerHealth(app: FastifyInstance, ctx: AppContext, deps: HealthDeps): void {
  const started = Date.now();
  let requests = 0;
  app.addHook('onResponse', async () => {
    requests += 1;
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    try {
      const ready = await migrationsApplied(ctx.db);
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'migrations pending' });
    } catch {
      return reply.code(503).send({ status: 'database unreachable' });
    }
  });
  app.get('/metrics', async (request, reply) => {
    const refused = await refuseUnlessAdmin(deps, request, reply);
    if (refused) return refused;
    reply.header('cache-control', 'no-store');
    const memory = process.memoryUsage();
    reply.type('text/plain; version=0.0.4');
    return [
      '# TYPE process_uptime_seconds gauge',
      `process_uptime_seconds ${(Date.now() - started) / 1000}`,
      '# TYPE process_resident_memory_bytes gauge',
      `process_resident_memory_bytes ${memory.rss}`,
      '# TYPE http_requests_total counter',
      `http_requests_total ${requests}`,
      '',
    ].join('\n');
  });
}
