import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'graphql-ws';
import { afterEach, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../app.ts';
import { testContext } from '../auth/test-support.ts';
import { createUser } from '../auth/users.ts';
import { describeDatabases } from '../db/test-databases.ts';
import { parseRateLimits } from './rate-limits.ts';

const PASSWORD = 'correct-horse-test';
const LIMITS = {
  RATE_LIMIT_GRAPHQL_PER_USER: '5',
  RATE_LIMIT_GRAPHQL_PER_ADDRESS: '8',
  RATE_LIMIT_AUTH_PER_ADDRESS: '6',
  RATE_LIMIT_AUTH_PER_ACCOUNT: '3',
};

describeDatabases('rate limits on /graphql and /auth', (db) => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  const start = async () => {
    app = await buildApp(await testContext(db(), LIMITS));
    return app;
  };
  const user = async (server: FastifyInstance) => {
    const email = `limited.${randomUUID()}@example.com`;
    await createUser(db(), { email, password: PASSWORD, name: 'L', groupId: randomUUID(), confirmed: true });
    const res = await server.inject({
      method: 'POST',
      url: '/auth/sign-in',
      payload: { username: email, password: PASSWORD },
      remoteAddress: `192.0.2.${Math.floor(Math.random() * 200)}`,
    });
    return res.json<{ idToken: string }>().idToken;
  };
  const query = (server: FastifyInstance, token: string | null, remoteAddress: string) =>
    server.inject({
      method: 'POST',
      url: '/graphql',
      headers: token ? { authorization: token } : {},
      payload: { query: '{ __typename }' },
      remoteAddress,
    });

  it('answers LimitExceeded to a user over their limit, from any address, and not to another user', async () => {
    const server = await start();
    const [ann, bob] = [await user(server), await user(server)];
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await query(server, ann, `198.51.100.${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await query(server, ann, '198.51.100.99');
    expect(refused.json()).toMatchObject({
      errors: [{ errorType: 'LimitExceeded', message: /Too many requests/ }],
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await query(server, bob, '198.51.100.1')).statusCode).toBe(200);
  });

  it('answers LimitExceeded to an address over its limit, signed in or not', async () => {
    const server = await start();
    const statuses = [];
    for (let i = 0; i < 9; i += 1) statuses.push((await query(server, null, '203.0.113.5')).statusCode);
    expect(statuses.slice(0, 8).every((s) => s === 200)).toBe(true);
    expect(statuses[8]).toBe(429);
    expect((await query(server, null, '203.0.113.6')).statusCode).toBe(200);
  });

  it('answers LimitExceededException on /auth per address and per account named', async () => {
    const server = await start();
    const signIn = (username: string, remoteAddress: string) =>
      server.inject({
        method: 'POST',
        url: '/auth/sign-in',
        payload: { username, password: 'not the password' },
        remoteAddress,
      });
    const fromOne = [];
    for (let i = 0; i < 7; i += 1)
      fromOne.push(await signIn(`n${i}.${randomUUID()}@example.com`, '203.0.113.9'));
    expect(fromOne.map((r) => r.statusCode).slice(-1)).toEqual([429]);
    expect(fromOne.at(-1)?.json()).toMatchObject({ error: 'LimitExceededException' });
    const target = `Target.${randomUUID()}@example.com`;
    const atOne = [];
    for (let i = 0; i < 4; i += 1)
      atOne.push(await signIn(i % 2 ? target : target.toLowerCase(), `198.18.0.${i}`));
    expect(atOne.map((r) => r.statusCode)).toEqual([401, 401, 401, 429]);
  });

  it('counts operations over the socket against the same per-user limit', async () => {
    const server = await start();
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const token = await user(server);
    const client = createClient({
      url: `ws://127.0.0.1:${port}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { Authorization: token },
      retryAttempts: 0,
    });
    const run = () =>
      new Promise<string>((resolve) => {
        client.subscribe(
          { query: '{ __typename }' },
          {
            next: () => resolve('ok'),
            error: (e) =>
              resolve(Array.isArray(e) ? String((e[0] as { message: string }).message) : String(e)),
            complete: () => undefined,
          },
        );
      });
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await run());
    await client.dispose();
    expect(answers.slice(0, 5)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(answers[5]).toMatch(/Too many requests/);
  });

  it('refuses a limit that is not a positive whole number, naming the variable', () => {
    expect(() => parseRateLimits({ RATE_LIMIT_AUTH_PER_ADDRESS: 'lots' })).toThrow(
      /RATE_LIMIT_AUTH_PER_ADDRESS/,
    );
    expect(parseRateLimits({}).authPerAddress).toBeGreaterThan(0);
  });
});
