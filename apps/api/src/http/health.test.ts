import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { signInOk, signUpConfirmed, testContext, uniqueEmail } from '../auth/test-support.ts';
import { grantGroup } from '../auth/users.ts';
import { describeDatabases } from '../db/test-databases.ts';

describeDatabases('health and metrics', (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(await testContext(db(), { DEMO: 'false' }));
  });
  afterAll(() => app.close());

  const metrics = (authorization?: string) =>
    app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers liveness and readiness to anyone', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('keeps /metrics from anyone without a valid token', async () => {
    expect((await metrics()).statusCode).toBe(401);
    const forged = await metrics('Bearer x.y.z');
    expect(forged.statusCode).toBe(401);
    expect(forged.body).not.toContain('process_');
  });

  it('keeps /metrics from signed-in users who are not administrators', async () => {
    const email = uniqueEmail('metrics-user');
    await signUpConfirmed(app, { email });
    const res = await metrics(`Bearer ${(await signInOk(app, email)).accessToken}`);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('process_');
  });

  it('serves /metrics to an administrator', async () => {
    const email = uniqueEmail('metrics-admin');
    const sub = await signUpConfirmed(app, { email });
    await grantGroup(db(), sub, 'Admin');
    const res = await metrics(`Bearer ${(await signInOk(app, email)).idToken}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^http_requests_total \d+$/m);
  });
});
