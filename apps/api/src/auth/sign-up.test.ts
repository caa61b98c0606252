import { decodeJwt } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import {
  PASSWORD,
  post,
  signInOk,
  signUpConfirmed,
  testAuthApp,
  uniqueEmail,
  type TestAuthApp,
} from './test-support.ts';
import { findUserByEmail } from './users.ts';

describeDatabases('sign-up', (db) => {
  let t: TestAuthApp;
  beforeAll(async () => {
    t = await testAuthApp(db());
  });

  const usergroupOf = async (sub: string) =>
    db().query<Record<string, unknown>>('SELECT * FROM usergroup WHERE sub = $1', [sub]);

  it('creates an Active supplier organisation owned by the user, and sets custom:groupid', async () => {
    const email = uniqueEmail('supplier');
    const sub = await signUpConfirmed(t.app, {
      email,
      name: 'Sam Supplier',
      phone_number: '+1 555 700 0001',
    });
    const [row, ...more] = await usergroupOf(sub);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({
      group_type: 'Supplier',
      group_status: 'Active',
      group_name: 'Sam Supplier',
      user_role: 'Owner',
      user_name: 'Sam Supplier',
      user_email: email,
      group_contact_name: 'Sam Supplier',
      group_contact_email: email,
      group_contact_phone: '+15557000001',
    });
    expect(row?.groupId).toMatch(/^[0-9a-f-]{36}$/);
    expect(row?.userId).toBe(row?.groupId);
    expect(row?.sortkey).toBe(row?.groupId);
    expect(row?.id).not.toBe(row?.groupId);
    expect(typeof row?.createdAt).toBe('string');
    const { idToken } = await signInOk(t.app, email);
    expect(decodeJwt(idToken)).toMatchObject({ 'custom:groupid': row?.groupId, 'cognito:groups': [] });
  });

  it('creates a Pending investor organisation and grants no role group', async () => {
    const email = uniqueEmail('investor');
    const sub = await signUpConfirmed(t.app, { email, group_type: 'Investor', group_name: 'Acme Capital' });
    const [row] = await usergroupOf(sub);
    expect(row).toMatchObject({
      group_type: 'Investor',
      group_status: 'Pending',
      group_name: 'Acme Capital',
      user_role: 'Owner',
    });
    expect((await findUserByEmail(db(), email))?.groups).toEqual([]);
    const { idToken } = await signInOk(t.app, email);
    expect(decodeJwt(idToken)['cognito:groups']).toEqual([]);
  });

  it('answers InvalidParameterException naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ password: PASSWORD, name: 'X' }, 'email'],
      [{ email: 'not-an-email', password: PASSWORD, name: 'X' }, 'email'],
      [{ email: uniqueEmail(), password: PASSWORD, name: 'X', phone_number: '555-1234' }, 'phone_number'],
      [{ email: uniqueEmail(), password: PASSWORD, name: 'X', group_type: 'Admin' }, 'group_type'],
      [{ email: uniqueEmail(), name: 'X' }, 'password'],
      [{ email: uniqueEmail(), password: PASSWORD }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await post(t.app, 'sign-up', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: 'InvalidParameterException',
        message: expect.stringContaining(field),
      });
    }
    const code = await post(t.app, 'confirm-sign-up', { username: uniqueEmail(), code: 'abc' });
    expect(code.body).toMatchObject({
      error: 'InvalidParameterException',
      message: expect.stringContaining('code'),
    });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'InvalidParameterException' });
  });
});
