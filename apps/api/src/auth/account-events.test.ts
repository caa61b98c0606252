import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import type { Row } from '../db/database.ts';
import { issueInvitation } from './invitations.ts';
import {
  codeSentTo,
  PASSWORD,
  post,
  signInOk,
  signUpConfirmed,
  testAuthApp,
  uniqueEmail,
  type TestAuthApp,
} from './test-support.ts';
import { insertUser } from './users.ts';

const FROM = { address: '198.51.100.23', headers: { 'user-agent': 'account-events-test' } };
const MASKED_PASSWORD = { field: 'password', old: '••••', new: '•••• changed' };

/**
 * Sign-up, sign-in (succeeded, failed or refused by a lock), sign-out, password changes and resets
 * and accepted invitations are in the audit trail with the client's address and user agent, a
 * password never but masked (docs/architecture.md, “Audit trail”).
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
  const eventOf = async (action: string, sub: string): Promise<Row[]> =>
    (await eventsOf('record_id', sub)).filter((e) => e.action === action);

  beforeAll(async () => {
    // Two failures lock an account, so a lock is quick to reach; the address never locks here.
    t = await testAuthApp(db(), { throttle: { accountThreshold: 2, addressThreshold: 1000 } });
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
      user_agent: 'account-events-test',
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
        user_agent: 'account-events-test',
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

  it('records a password change by the user, from their address, the password masked', async () => {
    const email = uniqueEmail('change');
    const sub = await signUpConfirmed(t.app, { email });
    const { accessToken } = await signInOk(t.app, email);
    const proposedPassword = 'a changed passphrase';
    const changed = await say(
      'change-password',
      { previousPassword: PASSWORD, proposedPassword },
      { authorization: `Bearer ${accessToken}` },
    );
    expect(changed.status).toBe(200);
    const events = await eventOf('changePassword', sub);
    expect(events).toEqual([
      expect.objectContaining({
        model: 'User',
        actor_sub: sub,
        actor_role: 'Supplier',
        address: FROM.address,
        user_agent: 'account-events-test',
        changes: [MASKED_PASSWORD],
      }),
    ]);
    const [hash] = await db().query<{ password_hash: string }>(
      'SELECT password_hash FROM auth_users WHERE sub = $1',
      [sub],
    );
    const text = JSON.stringify(events);
    for (const secret of [proposedPassword, PASSWORD, hash!.password_hash])
      expect(text).not.toContain(secret);
  });

  it('records a reset with the mailed code, from the address that sent the code, the password masked', async () => {
    const email = uniqueEmail('reset');
    const sub = await signUpConfirmed(t.app, { email });
    expect((await say('forgot-password', { username: email })).status).toBe(200);
    const code = await codeSentTo(t.app, email);
    const password = 'a reset passphrase';
    expect((await say('confirm-forgot-password', { username: email, code, password })).status).toBe(200);
    const events = await eventOf('resetPassword', sub);
    expect(events).toEqual([
      expect.objectContaining({
        model: 'User',
        actor_sub: sub,
        address: FROM.address,
        user_agent: 'account-events-test',
        // Confirmed and verified already: only the password changed.
        changes: [MASKED_PASSWORD],
      }),
    ]);
    expect(JSON.stringify(events)).not.toContain(password);
  });

  it('records an accepted invitation: the first password chosen and the account confirmed', async () => {
    const email = uniqueEmail('invited');
    const groupId = randomUUID();
    const { sub } = await insertUser(db(), {
      email,
      passwordHash: null,
      name: 'Ines Invited',
      phone: null,
      groups: ['Investor'],
      groupId,
      confirmed: false,
      now: t.clock.now(),
    });
    const { token } = await issueInvitation(db(), { sub, invitedBy: null, now: t.clock.now() });
    const password = 'an invited passphrase';
    expect((await say('accept-invitation', { token, password })).status).toBe(200);
    const events = await eventOf('acceptInvitation', sub);
    expect(events).toEqual([
      expect.objectContaining({
        model: 'User',
        actor_sub: sub,
        actor_role: 'Investor',
        owner_group_id: groupId,
        address: FROM.address,
        user_agent: 'account-events-test',
        changes: [
          { field: 'password', old: null, new: '•••• changed' },
          { field: 'confirmed', old: false, new: true },
          { field: 'emailVerified', old: false, new: true },
        ],
      }),
    ]);
    expect(JSON.stringify(events)).not.toContain(password);
    // A used invitation records nothing more.
    expect((await say('accept-invitation', { token, password })).status).not.toBe(200);
    expect(await eventOf('acceptInvitation', sub)).toHaveLength(1);
  });

  it('records a sign-in the lock refuses before the password is checked, saying what is locked', async () => {
    const email = uniqueEmail('locked');
    const sub = await signUpConfirmed(t.app, { email });
    for (let i = 0; i < 2; i += 1)
      expect((await say('sign-in', { username: email, password: 'not the password' })).status).toBe(401);
    // Locked now: even the right password is refused, and the refusal is recorded.
    const refused = await say('sign-in', { username: email, password: PASSWORD });
    expect(refused.body.error).toBe('LimitExceededException');
    expect(await eventOf('signInLocked', sub)).toEqual([
      expect.objectContaining({
        model: 'User',
        actor_sub: sub,
        address: FROM.address,
        user_agent: 'account-events-test',
        detail: 'Too many failed sign-ins: the account is locked',
      }),
    ]);
  });

  it('records a locked sign-in of an unknown username with what was tried', async () => {
    const email = uniqueEmail('nobody-locked');
    for (let i = 0; i < 3; i += 1) await say('sign-in', { username: email, password: PASSWORD });
    const [event, ...more] = await eventsOf(
      'detail',
      `Unknown username ${email}. Too many failed sign-ins: the account is locked`,
    );
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      action: 'signInLocked',
      actor_sub: null,
      record_id: null,
      address: FROM.address,
    });
  });
});
