import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testContext } from '../auth/test-support.ts';
import type { Database } from '../db/database.ts';
import { describeDatabases } from '../db/test-databases.ts';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name, values]),
  );
}

describeDatabases('security headers', (db) => {
  let web: string;
  let app: FastifyInstance | undefined;
  beforeAll(() => {
    web = mkdtempSync(join(tmpdir(), 'rf-web-'));
    mkdirSync(join(web, 'static/js'), { recursive: true });
    writeFileSync(
      join(web, 'index.html'),
      '<!doctype html><script type="module" src="/static/js/a.js"></script>',
    );
    writeFileSync(join(web, 'static/js/a.js'), 'console.log(1)');
  });
  afterAll(() => rmSync(web, { recursive: true, force: true }));
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  const build = async (database: Database, env: Record<string, string> = {}) =>
    (app = await buildApp(await testContext(database, { WEB_DIST: web, ...env })));

  it('forbid inline and foreign scripts and being framed, on the app, its files and the API', async () => {
    const server = await build(db());
    for (const url of ['/', '/app/dashboard', '/static/js/a.js', '/healthz', '/auth/session']) {
      const res = await server.inject({ method: 'GET', url });
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['script-src'], url).toEqual(["'self'"]);
      expect(csp['script-src-attr'], url).toEqual(["'none'"]);
      expect(csp['default-src'], url).toEqual(["'self'"]);
      expect(csp['object-src'], url).toEqual(["'none'"]);
      expect(csp['frame-ancestors'], url).toEqual(["'none'"]);
      expect(csp['connect-src'], url).toEqual(["'self'"]);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('allow the inline styles MUI injects, and blob: previews, but nothing else inline', async () => {
    const res = await (await build(db())).inject({ method: 'GET', url: '/' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['frame-src']).toEqual(["'self'", 'blob:']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    const unsafe = Object.entries(csp).filter(([, v]) => v.some((x) => x.startsWith("'unsafe")));
    expect(unsafe.map(([name]) => name)).toEqual(['style-src']);
  });

  it("let the browser report to the web app's Sentry, and nowhere else", async () => {
    const server = await build(db(), { VITE_SENTRY_DSN: 'https://key@o1.ingest.sentry.io/42' });
    const res = await server.inject({ method: 'GET', url: '/' });
    expect(directives(res.headers['content-security-policy'])['connect-src']).toEqual([
      "'self'",
      'https://o1.ingest.sentry.io',
    ]);
  });

  it('let the bank-data provider’s linking window in only when one is configured', async () => {
    const server = await build(db(), { PLAID_CLIENT_ID: 'id', PLAID_SECRET: 'secret' });
    const csp = directives(
      (await server.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    expect(csp['script-src']).toEqual(["'self'", 'https://cdn.plaid.com']);
    expect(csp['frame-src']).toEqual(["'self'", 'blob:', 'https://cdn.plaid.com']);
  });

  it('send HSTS only over HTTPS', async () => {
    const plain = await build(db());
    expect(
      (await plain.inject({ method: 'GET', url: '/' })).headers['strict-transport-security'],
    ).toBeUndefined();
    // A forged X-Forwarded-Proto from a client that is not a trusted proxy changes nothing.
    const forged = await plain.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
    await plain.close();

    const https = await build(db(), { PUBLIC_URL: 'https://rf.example.com' });
    const res = await https.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await https.close();

    const proxied = await build(db(), { TRUST_PROXY: '127.0.0.1' });
    const viaProxy = await proxied.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toMatch(/^max-age=/);
  });
});
