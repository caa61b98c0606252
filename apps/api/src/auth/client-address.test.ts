import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { describeDatabases } from '../db/test-databases.ts';
import { DEFAULT_THROTTLE } from './throttle.ts';
import { testClock, testContext } from './test-support.ts';
import type { Database } from '../db/database.ts';

/** One failed sign-in of a new unknown username (so only the address counter grows). */
async function failSignIn(app: FastifyInstance, n: number, remoteAddress: string, forwarded: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/auth/sign-in',
    payload: { username: `nobody.${Date.now()}.${n}@example.com`, password: 'wrong-password' },
    headers: { 'x-forwarded-for': forwarded },
    remoteAddress,
  });
  return res.json<{ error: string }>().error;
}

/** The answers to one more than the address threshold of failures, each with another forged address. */
async function failuresWithForgedAddresses(app: FastifyInstance, remoteAddress: string): Promise<string[]> {
  const answers: string[] = [];
  for (let n = 0; n <= DEFAULT_THROTTLE.addressThreshold; n++)
    answers.push(await failSignIn(app, n, remoteAddress, `198.51.100.${n + 1}`));
  return answers;
}

describeDatabases('the client address behind the sign-in throttle', (db) => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  // The clock stands still, so a lock holds however slowly the machine answers.
  const build = async (database: Database, env: Record<string, string> = {}) =>
    buildApp(await testContext(database, env), { auth: { now: testClock().now } });

  it('is the socket address: a forged X-Forwarded-For does not dodge the per-address lock', async () => {
    app = await build(db());
    const answers = await failuresWithForgedAddresses(app, '203.0.113.7');
    expect(answers.slice(0, -1).every((e) => e === 'NotAuthorizedException')).toBe(true);
    expect(answers.at(-1)).toBe('LimitExceededException');
  });

  it('is the forwarded address when TRUST_PROXY names the proxy the request came through', async () => {
    app = await build(db(), { TRUST_PROXY: '10.0.0.0/8' });
    const answers = await failuresWithForgedAddresses(app, '10.1.2.3');
    expect(answers.every((e) => e === 'NotAuthorizedException')).toBe(true);
    // A client outside the trusted range cannot forge its address.
    const direct = await failuresWithForgedAddresses(app, '203.0.113.8');
    expect(direct.at(-1)).toBe('LimitExceededException');
  });
});
