import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { REFRESH_COOKIE, SESSION_HINT_COOKIE } from './session-cookies.ts';
import { PASSWORD, signUpConfirmed, testAuthApp, uniqueEmail, type TestAuthApp } from './test-support.ts';

type Cookie = LightMyRequestResponse['cookies'][number];

const cookieOf = (res: LightMyRequestResponse, name: string): Cookie | undefined =>
  res.cookies.find((c) => c.name === name);

async function signIn(app: FastifyInstance, email: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/auth/sign-in',
    payload: { username: email, password: PASSWORD },
    headers,
  });
}

const postWithCookie = (app: FastifyInstance, path: string, token: string, payload: object = {}) =>
  app.inject({ method: 'POST', url: `/auth/${path}`, payload, cookies: { [REFRESH_COOKIE]: token } });

describeDatabases('the refresh cookie of the web app', (db) => {
  let t: TestAuthApp;
  let email: string;
  beforeAll(async () => {
    t = await testAuthApp(db());
    email = uniqueEmail('cookie');
    await signUpConfirmed(t.app, { email });
  });

  it('sign-in keeps the refresh token in an HttpOnly, SameSite=Strict cookie for /auth, and in the JSON', async () => {
    const res = await signIn(t.app, email);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ refreshToken: string; idToken: string }>();
    expect(body.idToken).toBeTruthy();
    expect(cookieOf(res, REFRESH_COOKIE)).toMatchObject({
      value: body.refreshToken,
      path: '/auth',
      httpOnly: true,
      sameSite: 'Strict',
      maxAge: 30 * 24 * 3600,
    });
    expect(cookieOf(res, REFRESH_COOKIE)?.secure).toBeFalsy();
    // The hint the web app reads carries no secret.
    expect(cookieOf(res, SESSION_HINT_COOKIE)).toMatchObject({ value: '1', path: '/', sameSite: 'Strict' });
    expect(cookieOf(res, SESSION_HINT_COOKIE)?.httpOnly).toBeFalsy();
  });

  it('marks the cookies Secure when the request came over HTTPS', async () => {
    const https = await testAuthApp(db(), { env: { PUBLIC_URL: 'https://rf.example.com' } });
    const res = await signIn(https.app, email);
    expect(cookieOf(res, REFRESH_COOKIE)?.secure).toBe(true);
    expect(cookieOf(res, SESSION_HINT_COOKIE)?.secure).toBe(true);
  });

  it('refreshes with the cookie alone, rotating it', async () => {
    const first = cookieOf(await signIn(t.app, email), REFRESH_COOKIE)?.value ?? '';
    const res = await postWithCookie(t.app, 'refresh', first);
    expect(res.statusCode).toBe(200);
    const next = cookieOf(res, REFRESH_COOKIE)?.value;
    expect(next).toBe(res.json<{ refreshToken: string }>().refreshToken);
    expect(next).not.toBe(first);
    // A token in the body is still the one used (API clients).
    const byBody = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      payload: { refreshToken: next },
      cookies: { [REFRESH_COOKIE]: 'stale' },
    });
    expect(byBody.statusCode).toBe(200);
  });

  it('without a token in the body or a cookie, answers as before', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/refresh', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'InvalidParameterException',
      message: 'Invalid value for refreshToken: is required',
    });
  });

  it('clears a refused cookie so the browser stops sending it', async () => {
    const res = await postWithCookie(t.app, 'refresh', 'not-a-token');
    expect(res.statusCode).toBe(401);
    expect(cookieOf(res, REFRESH_COOKIE)).toMatchObject({ value: '', path: '/auth' });
    expect(cookieOf(res, SESSION_HINT_COOKIE)).toMatchObject({ value: '', path: '/' });
  });

  it('signs out with the cookie alone: the session ends and both cookies are cleared', async () => {
    const token = cookieOf(await signIn(t.app, email), REFRESH_COOKIE)?.value ?? '';
    const out = await postWithCookie(t.app, 'sign-out', token);
    expect(out.statusCode).toBe(200);
    expect(cookieOf(out, REFRESH_COOKIE)).toMatchObject({ value: '', path: '/auth' });
    expect(new Date(cookieOf(out, SESSION_HINT_COOKIE)?.expires ?? 0).getTime()).toBeLessThan(Date.now());
    expect((await postWithCookie(t.app, 'refresh', token)).statusCode).toBe(401);
  });
});
