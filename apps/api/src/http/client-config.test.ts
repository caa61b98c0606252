import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { registerClientConfig } from './client-config.ts';

const configJson = async (env: Record<string, string>) => {
  const app = Fastify();
  registerClientConfig(app, loadConfig(env));
  const res = await app.inject({ method: 'GET', url: '/config.json' });
  await app.close();
  return { status: res.statusCode, body: res.json<unknown>(), cache: res.headers['cache-control'] };
};

it('tells the web app it runs in demo mode, so it shows the "Demo data" banner', async () => {
  expect(await configJson({})).toEqual({
    status: 200,
    body: { demo: true, bankLink: false },
    cache: 'no-cache',
  });
});

it('says no demo when demo mode is off, and always in production', async () => {
  expect((await configJson({ DEMO: 'false' })).body).toEqual({ demo: false, bankLink: false });
  // With the bank-data provider's credentials the screens offer to link accounts.
  expect((await configJson({ PLAID_CLIENT_ID: 'id', PLAID_SECRET: 'secret' })).body).toEqual({
    demo: true,
    bankLink: true,
  });
  expect((await configJson({ NODE_ENV: 'production', DEMO: 'true' })).body).toEqual({
    demo: false,
    bankLink: false,
  });
});
