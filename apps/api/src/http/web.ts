import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';

const API_PREFIXES = [
  '/graphql',
  '/auth/',
  '/files',
  '/ledger/',
  '/reports/',
  '/dev/',
  '/healthz',
  '/readyz',
  '/metrics',
  '/.well-known/',
];

/**
 * Serves the built React app: static files (hashed assets cached for a year) and index.html for
 * every client route, so deep links work.
 */
export async function registerWeb(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const root = ctx.config.webDist;
  if (!existsSync(join(root, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root,
    // Files are looked up per request, so a rebuilt bundle is served without a restart.
    wildcard: true,
    // The web build writes .br and .gz next to each file (apps/web/scripts/compress.mjs).
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, path) => {
      res.raw.setHeader(
        'Cache-Control',
        path.includes('/static/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    if (request.method !== 'GET' || isApi || request.url.startsWith('/static/')) {
      return reply
        .code(404)
        .send({ error: 'NotFound', message: `No route for ${request.method} ${request.url}` });
    }
    return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
