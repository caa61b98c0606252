import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AppContext } from '../app-context.ts';
import { createAuthenticator } from '../auth/authenticate.ts';
import { registerAuth } from '../auth/routes.ts';
import { post, testContext } from '../auth/test-support.ts';
import type { Database } from '../db/database.ts';
import { createMailer } from '../mail/mailer.ts';
import { createRecord } from '../operations/create-record.ts';
import { seedOrganisation, type SeededMember } from '../organisations/test-support.ts';
import { registerCrmRoutes } from './routes.ts';

/** The CRM routes with the real user pool and tokens, for the CRM's tests. */
export interface CrmTestApp {
  readonly app: FastifyInstance;
  readonly ctx: AppContext;
  /** A request as the holder of `token` (none: public) from `address`. */
  call(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    options?: { token?: string | null; body?: unknown; address?: string },
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  signIn(email: string): Promise<string>;
}

let addresses = 0;
/** A client address of its own, so that one test's applications do not count against another's. */
export const freshAddress = (): string => `10.1.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

export async function crmTestApp(
  db: Database,
  options: { pushToCrm?: boolean; applicationsPerHour?: number } = {},
): Promise<CrmTestApp> {
  const ctx = await testContext(db);
  const app = Fastify({ logger: { level: 'error' } });
  await app.register(rateLimit, { global: false });
  registerAuth(app, ctx, { throttle: { accountThreshold: 50, addressThreshold: 1000 } });
  registerCrmRoutes(app, {
    db,
    keys: ctx.keys,
    mailer: createMailer(ctx),
    publicUrl: ctx.config.publicUrl,
    authenticate: createAuthenticator(ctx),
    applicationsPerHour: options.applicationsPerHour ?? 1000,
    pushToCrm: options.pushToCrm ?? false,
  });
  await app.ready();
  return {
    app,
    ctx,
    call: async (method, url, { token = null, body, address = '10.0.0.1' } = {}) => {
      const res = await app.inject({
        method,
        url,
        remoteAddress: address,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      return { status: res.statusCode, body: res.json() as Record<string, unknown> };
    },
    signIn: async (email) => {
      const res = await post(app, 'sign-in', { username: email, password: 'correct-horse-demo' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return String(res.body.idToken);
    },
  };
}

/** A signed-in member of a new organisation of the type; a broker with its Broker record. */
export async function member(
  t: CrmTestApp,
  type: 'Admin' | 'Supplier' | 'Investor' | 'Broker',
): Promise<SeededMember & { token: string; brokerId: string | null }> {
  const org = await seedOrganisation(t.ctx.db, { type });
  let brokerId: string | null = null;
  if (type === 'Broker') {
    const record = await createRecord(
      { db: t.ctx.db, keys: t.ctx.keys, caller: { sub: org.sub, groupId: org.groupId, role: 'Broker' } },
      { model: 'Broker', values: { broker_name: 'Referrals Ltd' } },
    );
    brokerId = String(record.id);
  }
  return { ...org, brokerId, token: await t.signIn(org.email) };
}

let applicants = 0;
/** A complete application; `over` replaces fields. */
export const application = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  company: `Acme Exports ${++applicants}`,
  contactName: 'Ada Lovelace',
  email: `ada.${Date.now()}.${applicants}@acme.example`,
  phone: `+44 20 7946 ${String(applicants).padStart(4, '0')}`,
  country: 'GB',
  monthlyVolume: '250000',
  currency: 'GBP',
  message: 'We sell machine parts to German buyers on 60-day terms.',
  website: '',
  ...over,
});
