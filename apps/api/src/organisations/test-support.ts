import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { RoleGroup } from '@rf/domain';
import type { AppContext } from '../app-context.ts';
import { createAuthenticator } from '../auth/authenticate.ts';
import { hashPassword } from '../auth/passwords.ts';
import { registerAuth } from '../auth/routes.ts';
import { PASSWORD, post, testClock, testContext, uniqueEmail, type TestClock } from '../auth/test-support.ts';
import type { Database } from '../db/database.ts';
import { registerGraphql } from '../graphql/register.ts';
import { listOutbox, type OutboxMessage } from '../mail/mailer.ts';
import { createRecord } from '../operations/create-record.ts';
import { PLATFORM } from '../data/audit-trail.ts';
import { addMember } from './members.ts';
import type { GroupType } from './organisation.ts';

export { PASSWORD, post, uniqueEmail };

export type GqlAnswer<T> = {
  status: number;
  data?: T | null;
  errors?: { message: string; errorType: string; data: unknown }[];
};

/** The whole server as far as these operations go: the user pool at /auth and /graphql, real tokens. */
export interface OrgTestApp {
  readonly app: FastifyInstance;
  readonly ctx: AppContext;
  readonly clock: TestClock;
  gql<T = Record<string, unknown>>(
    token: string | null,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<GqlAnswer<T>>;
  /** Signs in and answers the id token. */
  signIn(email: string, password?: string): Promise<string>;
}

export async function orgTestApp(db: Database): Promise<OrgTestApp> {
  const ctx = await testContext(db);
  const clock = testClock();
  const app = Fastify();
  registerAuth(app, ctx, { now: clock.now, throttle: { accountThreshold: 50, addressThreshold: 1000 } });
  await registerGraphql(app, ctx, { authenticate: createAuthenticator(ctx, { now: clock.now }) });
  await app.ready();
  return {
    app,
    ctx,
    clock,
    gql: async (token, query, variables) => {
      const res = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payload: { query, variables },
      });
      return { status: res.statusCode, ...res.json() };
    },
    signIn: async (email, password = PASSWORD) => {
      const res = await post(app, 'sign-in', { username: email, password });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return String(res.body.idToken);
    },
  };
}

export interface SeededMember {
  readonly groupId: string;
  readonly sub: string;
  readonly email: string;
}

/** An organisation with one user who already chose the password PASSWORD (fixtures, not under test). */
export async function seedOrganisation(
  db: Database,
  input: { type: GroupType; name?: string; status?: 'Active' | 'Pending'; groups?: RoleGroup[] },
): Promise<SeededMember> {
  const groupId = randomUUID();
  const email = uniqueEmail(input.type.toLowerCase());
  const status = input.status ?? 'Active';
  const groups = input.groups ?? (input.type !== 'Supplier' && status === 'Active' ? [input.type] : []);
  const passwordHash = await hashPassword(PASSWORD);
  const sub = await db.transaction(async (tx) => {
    const member = await addMember(tx, {
      org: {
        groupId,
        group_type: input.type,
        group_name: input.name ?? `${input.type} ${groupId.slice(0, 8)}`,
        group_status: status,
        group_contact_name: null,
        group_contact_email: null,
        group_contact_phone: null,
        supplierId: null,
        investorId: null,
        spvId: null,
        brokerId: null,
      },
      user: { email, name: `${input.type} Owner` },
      role: 'Owner',
      groups,
      invitedBy: 'seed',
      write: { by: PLATFORM, at: new Date() },
    });
    await tx.query('UPDATE auth_users SET password_hash = $2 WHERE sub = $1', [member.sub, passwordHash]);
    await tx.query('DELETE FROM auth_invitations WHERE sub = $1', [member.sub]);
    return member.sub;
  });
  return { groupId, sub, email };
}

/** A broker organisation with its Broker record, as a broker that completed onboarding has. */
export async function seedBroker(t: OrgTestApp): Promise<SeededMember & { brokerId: string; token: string }> {
  const broker = await seedOrganisation(t.ctx.db, { type: 'Broker' });
  const record = await createRecord(
    { db: t.ctx.db, keys: t.ctx.keys, caller: { sub: broker.sub, groupId: broker.groupId, role: 'Broker' } },
    { model: 'Broker', values: { broker_name: 'Broker Ltd' } },
  );
  return { ...broker, brokerId: String(record.id), token: await t.signIn(broker.email) };
}

/** The newest mail sent to `to`. */
export async function mailTo(db: Database, to: string): Promise<OutboxMessage | undefined> {
  return (await listOutbox(db)).find((m) => m.to === to);
}

/** The invitation token of the newest invitation mailed to `to`. */
export async function invitationTokenFor(db: Database, to: string): Promise<string> {
  const mail = await mailTo(db, to);
  const token = /\/login\?invitation=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  expect(token, `an invitation mailed to ${to}`).toBeDefined();
  return token ?? '';
}

export const USER_FIELDS =
  'sub email name phone groupId groups user_role confirmed disabled invitationPending invitationExpiresAt createdAt';
export const ORGANISATION_FIELDS = `groupId group_type group_name group_status supplierId users { ${USER_FIELDS} }`;
