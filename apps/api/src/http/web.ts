import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { indexPages } from './web-preload.ts';

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
 * every client route, so deep links work, with modulepreload links for the chunks that route opens
 * first (http/web-preload.ts).
 */
export async function registerWeb(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const root = ctx.config.webDist;
  if (!existsSync(join(root, 'index.html'))) return;
  const indexPage = indexPages(root);
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
  // index.html links the chunks a route opens first, so they load with the entry script.
  const sendIndex = (url: string, reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(indexPage(new URL(url, 'http://localhost').pathname));
  // "/" is a client route too (fastify-static would send index.html as it is).
  app.get('/', (request, reply) => sendIndex(request.url, reply));
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    if (request.method !== 'GET' || isApi || request.url.startsWith('/static/')) {
      return reply
        .code(404)
        .send({ error: 'NotFound', message: `No route for ${request.method} ${request.url}` });
    }
    return sendIndex(request.url, reply);
  });
}
