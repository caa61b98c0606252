import { beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { setUserDisabled } from './users.ts';
import {
  PASSWORD,
  lastMailTo,
  post,
  signUpConfirmed,
  testAuthApp,
  testClock,
  uniqueEmail,
  type Answer,
  type TestAuthApp,
} from './test-support.ts';

/** The shape of an answer with the values that must differ between calls taken out. */
const shapeOf = (answer: Answer) => ({
  status: answer.status,
  body: JSON.parse(
    JSON.stringify(answer.body, (key, value: unknown) =>
      key === 'userSub' && typeof value === 'string' && /^[0-9a-f-]{36}$/.test(value) ? 'a uuid' : value,
    ),
  ) as unknown,
});

const mailDomain = (email: string) => email.replace(/^[^@]*/, 'x');

describeDatabases('the code endpoints do not tell who has an account', (db) => {
  let t: TestAuthApp;
  beforeAll(async () => {
    t = await testAuthApp(db());
  });

  it('sign-up answers alike for a new address, a taken address and a taken phone number', async () => {
    const owner = uniqueEmail('owner');
    await signUpConfirmed(t.app, { email: owner, phone_number: '+15557100001' });
    t.clock.advance(60_000); // past the cooldown of the owner's own sign-up
    // The same local part length and domain, so the masked destination is the same too.
    const fresh = uniqueEmail('ownex');
    const newcomer = uniqueEmail('ownez');
    const answers = [
      await post(t.app, 'sign-up', { email: fresh, password: PASSWORD, name: 'New' }),
      await post(t.app, 'sign-up', { email: owner.toUpperCase(), password: PASSWORD, name: 'Again' }),
      await post(t.app, 'sign-up', {
        email: newcomer,
        password: PASSWORD,
        name: 'Phone',
        phone_number: '+15557100001',
      }),
    ];
    expect(answers.map(shapeOf)).toEqual(answers.map(() => shapeOf(answers[0]!)));
    expect(mailDomain(fresh)).toBe(mailDomain(owner));
    // The mailboxes learn what happened: a code, "you already have an account", "the phone is taken".
    expect((await lastMailTo(t.app, fresh))?.text).toMatch(/Your code: \d{6}/);
    const ownerMail = await lastMailTo(t.app, owner);
    expect(ownerMail?.subject).toBe('You already have an account');
    expect(ownerMail?.text).not.toMatch(/\d{6}/);
    expect((await lastMailTo(t.app, newcomer))?.subject).toBe('Your sign-up could not be completed');
    const signIn = await post(t.app, 'sign-in', { username: newcomer, password: PASSWORD });
    expect(signIn.body.error).toBe('NotAuthorizedException');
  });

  it('confirm-sign-up answers a wrong code alike for unknown, unconfirmed and confirmed accounts', async () => {
    const confirmed = uniqueEmail('confirmed');
    await signUpConfirmed(t.app, { email: confirmed });
    const pending = uniqueEmail('pending');
    await post(t.app, 'sign-up', { email: pending, password: PASSWORD, name: 'Pending' });
    const answers = await Promise.all(
      [uniqueEmail('nobody'), pending, confirmed].map((username) =>
        post(t.app, 'confirm-sign-up', { username, code: '000000' }, {}, `10.9.0.${username.length}`),
      ),
    );
    expect(new Set(answers.map((a) => JSON.stringify(shapeOf(a)))).size).toBe(1);
    expect(answers[0]?.body.error).toBe('CodeMismatchException');
  });

  it('resend-code and forgot-password answer alike for unknown, unconfirmed, confirmed and disabled accounts', async () => {
    // One first letter, so the masked destinations are alike too.
    const confirmed = uniqueEmail('same');
    await signUpConfirmed(t.app, { email: confirmed });
    const disabled = uniqueEmail('same');
    const disabledSub = await signUpConfirmed(t.app, { email: disabled });
    await setUserDisabled(db(), disabledSub, true);
    const pending = uniqueEmail('same');
    await post(t.app, 'sign-up', { email: pending, password: PASSWORD, name: 'Pending' });
    t.clock.advance(60_000); // past the sign-up's cooldown
    for (const path of ['resend-code', 'forgot-password']) {
      const answers = [];
      for (const username of [uniqueEmail('same'), pending, confirmed, disabled])
        answers.push(shapeOf(await post(t.app, path, { username })));
      expect(new Set(answers.map((a) => JSON.stringify(a))).size, path).toBe(1);
      expect(answers[0]?.status, path).toBe(200);
    }
  });
});

describeDatabases('the code endpoints are throttled per account and per address', (db) => {
  it('locks confirm-sign-up for a username after 5 wrong codes, even for the right one', async () => {
    const t = await testAuthApp(db());
    const email = uniqueEmail('guess');
    await post(t.app, 'sign-up', { email, password: PASSWORD, name: 'Guessed' });
    const code = /Your code: (\d{6})/.exec((await lastMailTo(t.app, email))?.text ?? '')?.[1] ?? '';
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i += 1) {
      // From a new address each time: the account's own counter locks it.
      const answer = await post(
        t.app,
        'confirm-sign-up',
        { username: email, code: wrong },
        {},
        `10.1.0.${i}`,
      );
      expect(answer.body.error).not.toBe('LimitExceededException');
    }
    const right = await post(t.app, 'confirm-sign-up', { username: email, code }, {}, '10.1.0.99');
    expect(right).toMatchObject({ status: 429, body: { error: 'LimitExceededException' } });
  });

  it('locks a client address that tries codes on many usernames', async () => {
    const t = await testAuthApp(db());
    for (let i = 0; i < 20; i += 1)
      await post(
        t.app,
        'confirm-sign-up',
        { username: uniqueEmail('spray'), code: '123456' },
        {},
        '10.2.0.1',
      );
    const next = await post(
      t.app,
      'confirm-sign-up',
      { username: uniqueEmail('x'), code: '123456' },
      {},
      '10.2.0.1',
    );
    expect(next).toMatchObject({ status: 429, body: { error: 'LimitExceededException' } });
    const elsewhere = await post(
      t.app,
      'confirm-sign-up',
      { username: uniqueEmail('y'), code: '123456' },
      {},
      '10.2.0.2',
    );
    expect(elsewhere.body.error).toBe('CodeMismatchException');
  });

  it('lets one address ask for a sign-up code for an address at most every 30 seconds', async () => {
    const t = await testAuthApp(db(), { clock: testClock() });
    const email = uniqueEmail('twice');
    expect((await post(t.app, 'sign-up', { email, password: PASSWORD, name: 'One' })).status).toBe(200);
    const again = await post(t.app, 'sign-up', { email, password: PASSWORD, name: 'Two' });
    expect(again).toMatchObject({ status: 429, body: { error: 'LimitExceededException' } });
    expect((await post(t.app, 'resend-code', { username: email })).status).toBe(429);
  });
});

describeDatabases('the code e-mails leave after the answer', (db) => {
  it('answers sign-up, resend-code and forgot-password before a slow mail server has taken the mail', async () => {
    const held: MailMessage[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const t = await testAuthApp(db(), {
      mailer: {
        send: async (message) => {
          await gate;
          held.push(message);
        },
      },
    });
    const email = uniqueEmail('slow');
    const answers = [await post(t.app, 'sign-up', { email, password: PASSWORD, name: 'Slow' })];
    t.clock.advance(60_000);
    answers.push(await post(t.app, 'resend-code', { username: email }));
    answers.push(await post(t.app, 'forgot-password', { username: email }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(held).toEqual([]);
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(held.map((m) => m.subject)).toEqual([
      'Your verification code',
      'Your verification code',
      'Your password reset code',
    ]);
  });

  it('answers alike when the mail server fails: the user asks for a new code', async () => {
    const t = await testAuthApp(db(), {
      mailer: {
        send: async () => {
          throw new Error('SMTP down');
        },
      },
    });
    const answer = await post(t.app, 'sign-up', {
      email: uniqueEmail('down'),
      password: PASSWORD,
      name: 'Down',
    });
    expect(answer.status).toBe(200);
  });
});
