import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { AppContext } from '../app-context.ts';
import { registerWeb } from './web.ts';

it('serves the app for client routes, hashed scripts with long caching, and 404 for missing scripts', async () => {
  const dist = mkdtempSync(join(tmpdir(), 'rf-web-'));
  mkdirSync(join(dist, 'static/js'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  const app = Fastify();
  await registerWeb(app, { config: loadConfig({ WEB_DIST: dist }) } as AppContext);
  await app.ready();
  const page = await app.inject('/admin/supplier/123');
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('id="root"');
  // A chunk built after the server started is served too (no restart after a rebuild).
  writeFileSync(join(dist, 'static/js/main-abc123.js'), 'console.log(1)');
  const chunk = await app.inject('/static/js/main-abc123.js');
  expect(chunk.statusCode).toBe(200);
  expect(chunk.headers['cache-control']).toContain('immutable');
  expect((await app.inject('/static/js/missing.js')).statusCode).toBe(404);
  // Pre-compressed copies are sent to clients that accept them.
  writeFileSync(join(dist, 'static/js/main-abc123.js.br'), 'compressed');
  const br = await app.inject({
    url: '/static/js/main-abc123.js',
    headers: { 'accept-encoding': 'br, gzip' },
  });
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.body).toBe('compressed');
  expect((await app.inject('/graphql')).statusCode).toBe(404);
  // An unknown address under an API prefix is not a client route.
  expect((await app.inject('/ledger/unknown.csv')).statusCode).toBe(404);
  await app.close();
});

it('links the chunks a route opens first from index.html (docs/architecture.md, “Web bundle and first load”)', async () => {
  const dist = mkdtempSync(join(tmpdir(), 'rf-web-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<html><head><script type="module" src="/static/js/index-1.js"></script></head><body></body></html>',
  );
  const app = Fastify();
  await registerWeb(app, { config: loadConfig({ WEB_DIST: dist }) } as AppContext);
  await app.ready();
  // A build without preload.json: index.html as it is.
  expect((await app.inject('/admin/dashboard')).body).not.toContain('modulepreload');
  writeFileSync(
    join(dist, 'preload.json'),
    JSON.stringify({
      sets: {
        login: ['/static/js/login-1.js'],
        area: ['/static/js/login-1.js', '/static/js/area-1.js'],
        data: ['/static/js/data-1.js'],
        dashboard: ['/static/js/dashboard-screen-1.js'],
      },
      areaBases: ['/app', '/admin'],
      dataBases: ['/app'],
    }),
  );
  const links = async (url: string) =>
    [...(await app.inject(url)).body.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
      (m) => m[1],
    );
  expect(await links('/')).toEqual(['/static/js/login-1.js']);
  expect(await links('/admin/login')).toEqual(['/static/js/login-1.js']);
  expect(await links('/admin/dashboard?x=1')).toEqual([
    '/static/js/login-1.js',
    '/static/js/area-1.js',
    '/static/js/dashboard-screen-1.js',
  ]);
  expect(await links('/app/requests')).toEqual([
    '/static/js/login-1.js',
    '/static/js/area-1.js',
    '/static/js/data-1.js',
  ]);
  expect(await links('/sign/abc')).toEqual([]);
  const page = await app.inject('/');
  expect(page.headers['content-type']).toContain('text/html');
  expect(page.headers['cache-control']).toBe('no-cache');
  await app.close();
});
