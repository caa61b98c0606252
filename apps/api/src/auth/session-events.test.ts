import { beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import type { Row } from '../db/database.ts';
import {
  PASSWORD,
  post,
  signUpConfirmed,
  testAuthApp,
  uniqueEmail,
  type TestAuthApp,
} from './test-support.ts';

const FROM = { address: '198.51.100.23', headers: { 'user-agent': 'session-events-test' } };

/**
 * Sign-up, sign-in (succeeded or failed) and sign-out are in the audit trail with the client's
 * address and user agent (docs/architecture.md, “Audit trail”).
 */
describeDatabases('audit trail of the user pool', (db) => {
  let t: TestAuthApp;
  const say = (path: string, payload: unknown, headers: Record<string, string> = {}) =>
    post(t.app, path, payload, { ...FROM.headers, ...headers }, FROM.address);
  const eventsOf = (where: string, value: string): Promise<Row[]> =>
    db().query(
      `SELECT action, model, record_id, actor_sub, actor_role, owner_group_id, address, user_agent, detail, changes
         FROM audit_event WHERE ${where} = $1 ORDER BY at, action`,
      [value],
    );

  beforeAll(async () => {
    t = await testAuthApp(db());
  });

  it('records a sign-up’s new organisation as made by the new user, from their address', async () => {
    const email = uniqueEmail('signup');
    const up = await say('sign-up', { email, password: PASSWORD, name: 'Sue Signup', group_name: 'Sue Ltd' });
    expect(up.status).toBe(200);
    const [event, ...more] = await eventsOf('actor_sub', String(up.body.userSub));
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      action: 'signUp',
      model: 'Usergroup',
      actor_role: 'Supplier',
      address: FROM.address,
      user_agent: 'session-events-test',
    });
    expect(event!.changes).toContainEqual({ field: 'group_name', old: null, new: 'Sue Ltd' });
  });

  it('records a sign-in, each failed one and the sign-out, once', async () => {
    const email = uniqueEmail('events');
    const sub = await signUpConfirmed(t.app, { email });
    expect((await say('sign-in', { username: email, password: 'not the password' })).status).toBe(401);
    t.clock.advance(1000);
    const ok = await say('sign-in', { username: email, password: PASSWORD });
    expect(ok.status).toBe(200);
    const signedIn = (await eventsOf('record_id', sub)).filter((e) => e.model === 'User');
    expect(signedIn).toEqual([
      expect.objectContaining({
        action: 'signInFailed',
        actor_sub: sub,
        address: FROM.address,
        detail: 'Wrong password',
      }),
      expect.objectContaining({
        action: 'signIn',
        actor_sub: sub,
        actor_role: 'Supplier',
        address: FROM.address,
        user_agent: 'session-events-test',
        detail: null,
      }),
    ]);
    const sessions = await db().query('SELECT 1 FROM auth_sessions WHERE sub = $1', [sub]);
    expect(sessions.length).toBe(1);

    const refreshToken = String(ok.body.refreshToken);
    expect((await say('sign-out', { refreshToken })).status).toBe(200);
    expect((await say('sign-out', { refreshToken })).status).toBe(200);
    const out = (await eventsOf('record_id', sub)).filter((e) => e.action === 'signOut');
    expect(out).toEqual([expect.objectContaining({ actor_sub: sub, address: FROM.address })]);
  });

  it('records a failed sign-in of an unknown username with what was tried', async () => {
    const email = uniqueEmail('nobody');
    expect((await say('sign-in', { username: email, password: PASSWORD })).status).toBe(401);
    const [event] = await eventsOf('detail', `Unknown username ${email}`);
    expect(event).toMatchObject({
      action: 'signInFailed',
      actor_sub: null,
      record_id: null,
      address: FROM.address,
    });
  });
});
