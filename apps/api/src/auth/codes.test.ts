import { beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { CODE_TTL_MS, MAX_CODE_ATTEMPTS } from './codes.ts';
import { CODE_COOLDOWN_SECONDS } from './resend-code.ts';
import {
  codeSentTo,
  lastMailTo,
  PASSWORD,
  post,
  signUpConfirmed,
  testAuthApp,
  uniqueEmail,
  type TestAuthApp,
} from './test-support.ts';

const otherCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describeDatabases('verification and reset codes', (db) => {
  let t: TestAuthApp;
  beforeAll(async () => {
    t = await testAuthApp(db());
  });

  const signUp = async (email: string) => {
    expect((await post(t.app, 'sign-up', { email, password: PASSWORD, name: 'Coder' })).status).toBe(200);
    return codeSentTo(t.app, email);
  };

  it('stores only a hash of the code', async () => {
    const email = uniqueEmail('hash');
    const code = await signUp(email);
    const rows = await db().query<{ code_hash: string }>(
      'SELECT c.code_hash FROM auth_codes c JOIN auth_users u USING (sub) WHERE u.email = $1',
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).not.toContain(code);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts a sign-up code once', async () => {
    const email = uniqueEmail('once');
    const code = await signUp(email);
    expect(
      (await post(t.app, 'confirm-sign-up', { username: email, code: otherCode(code) })).body.error,
    ).toBe('CodeMismatchException');
    expect((await post(t.app, 'confirm-sign-up', { username: email, code })).status).toBe(200);
    // A confirmed account answers like a wrong code (the endpoint does not tell who has an account).
    const again = await post(t.app, 'confirm-sign-up', { username: email, code });
    expect(again.body.error).toBe('CodeMismatchException');
    const left = await db().query(
      'SELECT 1 FROM auth_codes c JOIN auth_users u USING (sub) WHERE u.email = $1',
      [email],
    );
    expect(left).toHaveLength(0);
  });

  it('lets a sign-up code expire after 24 hours', async () => {
    const email = uniqueEmail('expiry');
    const code = await signUp(email);
    t.clock.advance(CODE_TTL_MS['sign-up'] + 1000);
    expect((await post(t.app, 'confirm-sign-up', { username: email, code })).body.error).toBe(
      'ExpiredCodeException',
    );
    // A new code works again.
    t.clock.advance(CODE_COOLDOWN_SECONDS * 1000);
    expect((await post(t.app, 'resend-code', { username: email })).status).toBe(200);
    const fresh = await codeSentTo(t.app, email);
    expect((await post(t.app, 'confirm-sign-up', { username: email, code: fresh })).status).toBe(200);
  });

  it('replaces the previous code on resend, and limits how often codes are sent', async () => {
    const email = uniqueEmail('resend');
    const first = await signUp(email);
    t.clock.advance(CODE_COOLDOWN_SECONDS * 1000);
    expect((await post(t.app, 'resend-code', { username: email })).status).toBe(200);
    const second = await codeSentTo(t.app, email);
    expect((await post(t.app, 'resend-code', { username: email })).body.error).toBe('LimitExceededException');
    if (first !== second)
      expect((await post(t.app, 'confirm-sign-up', { username: email, code: first })).body.error).toBe(
        'CodeMismatchException',
      );
    expect((await post(t.app, 'confirm-sign-up', { username: email, code: second })).status).toBe(200);
  });

  it(`burns a code after ${MAX_CODE_ATTEMPTS} wrong guesses`, async () => {
    const email = uniqueEmail('guess');
    const code = await signUp(email);
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i += 1)
      expect(
        (await post(t.app, 'confirm-sign-up', { username: email, code: otherCode(code) })).body.error,
      ).toBe('CodeMismatchException');
    // The fifth failure also locks the username for a second; once that has passed, the code is gone.
    expect((await post(t.app, 'confirm-sign-up', { username: email, code })).body.error).toBe(
      'LimitExceededException',
    );
    t.clock.advance(2_000);
    expect((await post(t.app, 'confirm-sign-up', { username: email, code })).body.error).toBe(
      'ExpiredCodeException',
    );
  });

  it('lets a reset code expire after an hour and use it once', async () => {
    const email = uniqueEmail('resetcode');
    await signUpConfirmed(t.app, { email });
    await post(t.app, 'forgot-password', { username: email });
    const code = await codeSentTo(t.app, email);
    t.clock.advance(CODE_TTL_MS.reset + 1000);
    const late = await post(t.app, 'confirm-forgot-password', {
      username: email,
      code,
      password: 'new passphrase here',
    });
    expect(late.body.error).toBe('ExpiredCodeException');

    t.clock.advance(CODE_COOLDOWN_SECONDS * 1000);
    await post(t.app, 'forgot-password', { username: email });
    const fresh = await codeSentTo(t.app, email);
    const weak = await post(t.app, 'confirm-forgot-password', {
      username: email,
      code: fresh,
      password: 'password1',
    });
    expect(weak.body.error).toBe('InvalidPasswordException');
    // A refused password did not use the code up.
    const ok = await post(t.app, 'confirm-forgot-password', {
      username: email,
      code: fresh,
      password: 'new passphrase here',
    });
    expect(ok.status).toBe(200);
    const again = await post(t.app, 'confirm-forgot-password', {
      username: email,
      code: fresh,
      password: 'other passphrase',
    });
    expect(again.body.error).toBe('CodeMismatchException');
  });

  it('answers the same for an unknown account and sends nothing', async () => {
    const nobody = uniqueEmail('nobody');
    const known = uniqueEmail('somebody');
    await signUpConfirmed(t.app, { email: known });
    const a = await post(t.app, 'forgot-password', { username: nobody });
    const b = await post(t.app, 'forgot-password', { username: known });
    expect(a.status).toBe(b.status);
    expect(Object.keys(a.body)).toEqual(Object.keys(b.body));
    expect(await lastMailTo(t.app, nobody)).toBeUndefined();
    const confirm = await post(t.app, 'confirm-forgot-password', {
      username: nobody,
      code: '123456',
      password: 'new passphrase here',
    });
    expect(confirm.body.error).toBe('CodeMismatchException');
    expect((await post(t.app, 'confirm-sign-up', { username: nobody, code: '123456' })).body.error).toBe(
      'CodeMismatchException',
    );
  });
});
