import Fastify, { type FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AppContext } from '../app-context.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { generateTestKeys } from '../keys.ts';
import type { Mailer, OutboxMessage } from '../mail/mailer.ts';
import type { ThrottleOptions } from './throttle.ts';
import { registerAuth } from './routes.ts';

/** A clock tests move by hand, so expiry and back-off are tested without sleeping. */
export interface TestClock {
  readonly now: () => Date;
  advance(ms: number): void;
}

export function testClock(start = Date.now()): TestClock {
  let t = start;
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
  };
}

export const PUBLIC_URL = 'http://auth.test';

export async function testContext(db: Database, env: Record<string, string> = {}): Promise<AppContext> {
  const config = loadConfig({ PUBLIC_URL, DATA_DIR: '/tmp/rf-auth-test', ...env });
  return { config, db, keys: await generateTestKeys() };
}

export interface TestAuthApp {
  readonly app: FastifyInstance;
  readonly ctx: AppContext;
  readonly clock: TestClock;
}

/** A Fastify instance with only the user pool and /dev/mail, on the given database. */
export async function testAuthApp(
  db: Database,
  options: {
    env?: Record<string, string>;
    throttle?: Partial<ThrottleOptions>;
    clock?: TestClock;
    mailer?: Mailer;
  } = {},
): Promise<TestAuthApp> {
  const ctx = await testContext(db, options.env);
  const clock = options.clock ?? testClock();
  const app = Fastify();
  registerAuth(app, ctx, {
    now: clock.now,
    ...(options.throttle ? { throttle: options.throttle } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
  });
  await app.ready();
  return { app, ctx, clock };
}

export interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

export async function post(
  app: FastifyInstance,
  path: string,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
): Promise<Answer> {
  const res = await app.inject({
    method: 'POST',
    url: `/auth/${path}`,
    payload: payload as object,
    headers,
    remoteAddress,
  });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

/** The newest message of the outbox sent to `to`, read through /dev/mail as a developer would. */
export async function lastMailTo(app: FastifyInstance, to: string): Promise<OutboxMessage | undefined> {
  const res = await app.inject({ method: 'GET', url: '/dev/mail', headers: { accept: 'application/json' } });
  return res.json<OutboxMessage[]>().find((m) => m.to === to);
}

export async function codeSentTo(app: FastifyInstance, to: string): Promise<string> {
  const mail = await lastMailTo(app, to);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  expect(code, `a code mailed to ${to}`).toBeDefined();
  return code ?? '';
}

let counter = 0;
/** A fresh address per test, since a suite shares one database. */
export const uniqueEmail = (label = 'user'): string => `${label}.${Date.now()}.${++counter}@example.com`;
export const PASSWORD = 'correct-horse-demo';

/** Signs a user up and confirms them through the endpoints; returns their sub. */
export async function signUpConfirmed(
  app: FastifyInstance,
  input: {
    email: string;
    password?: string;
    name?: string;
    phone_number?: string;
    group_type?: string;
    group_name?: string;
  },
): Promise<string> {
  const up = await post(app, 'sign-up', { name: 'Test User', password: PASSWORD, ...input });
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  const code = await codeSentTo(app, input.email);
  const confirmed = await post(app, 'confirm-sign-up', { username: input.email, code });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return String(up.body.userSub);
}

export interface Tokens {
  readonly idToken: string;
  readonly accessToken: string;
  readonly refreshToken: string;
}

export async function signInOk(app: FastifyInstance, username: string, password = PASSWORD): Promise<Tokens> {
  const res = await post(app, 'sign-in', { username, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as Tokens;
}
