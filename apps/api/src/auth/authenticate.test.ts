import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { generateTestKeys } from '../keys.ts';
import { createAuthenticator } from './authenticate.ts';
import { grantRoleGroups } from './organisations.ts';
import {
  PASSWORD,
  post,
  signInOk,
  signUpConfirmed,
  testAuthApp,
  testContext,
  uniqueEmail,
  type TestAuthApp,
} from './test-support.ts';
import { createUser, findUserByEmail, grantGroup, revokeGroup, setUserDisabled } from './users.ts';

const unauthorized = { errorType: 'Unauthorized' };

describeDatabases('authenticator', (db) => {
  let t: TestAuthApp;
  let authenticate: ReturnType<typeof createAuthenticator>;
  beforeAll(async () => {
    t = await testAuthApp(db());
    authenticate = createAuthenticator(t.ctx, { now: t.clock.now });
  });

  it('returns null without a token and a Caller for a raw or Bearer id token', async () => {
    const email = uniqueEmail('caller');
    const sub = await signUpConfirmed(t.app, { email, name: 'Cal Caller' });
    const { idToken, accessToken } = await signInOk(t.app, email);
    expect(await authenticate(undefined)).toBeNull();
    expect(await authenticate('')).toBeNull();
    const caller = await authenticate(idToken);
    expect(caller).toEqual({ sub, groupId: expect.any(String), role: 'Supplier', email, name: 'Cal Caller' });
    expect(await authenticate(`Bearer ${idToken}`)).toEqual(caller);
    expect((await authenticate(accessToken))?.sub).toBe(sub);
  });

  it('refuses garbage, foreign signatures and expired tokens', async () => {
    const email = uniqueEmail('bad');
    await signUpConfirmed(t.app, { email });
    const { idToken } = await signInOk(t.app, email);
    await expect(authenticate('not-a-jwt')).rejects.toMatchObject(unauthorized);
    const [h, p] = idToken.split('.');
    const other = await generateTestKeys();
    const forged = await new SignJWT({ token_use: 'id', 'cognito:groups': ['Admin'] })
      .setProtectedHeader({ alg: 'ES256', kid: t.ctx.keys.kid })
      .setSubject('x')
      .setIssuer(t.ctx.config.publicUrl)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(other.privateKey);
    await expect(authenticate(forged)).rejects.toMatchObject(unauthorized);
    await expect(authenticate(`${h}.${p}.${forged.split('.')[2]}`)).rejects.toMatchObject(unauthorized);
    t.clock.advance(3600 * 1000 + 10_000);
    await expect(authenticate(idToken)).rejects.toMatchObject(unauthorized);
  });

  it("rejects a disabled user's tokens and refresh, and lets them back in when re-enabled", async () => {
    const email = uniqueEmail('disabled');
    const sub = await signUpConfirmed(t.app, { email });
    const tokens = await signInOk(t.app, email);
    expect(await authenticate(tokens.idToken)).not.toBeNull();
    await setUserDisabled(db(), sub, true, { now: t.clock.now() });
    await expect(authenticate(tokens.idToken)).rejects.toMatchObject(unauthorized);
    await expect(authenticate(tokens.accessToken)).rejects.toMatchObject(unauthorized);
    expect((await post(t.app, 'refresh', { refreshToken: tokens.refreshToken })).status).toBe(401);
    expect((await post(t.app, 'sign-in', { username: email, password: PASSWORD })).body).toEqual({
      error: 'NotAuthorizedException',
      message: 'User is disabled.',
    });
    await setUserDisabled(db(), sub, false, { now: t.clock.now() });
    // Tokens from before the disable stay dead; a new sign-in works.
    await expect(authenticate(tokens.idToken)).rejects.toMatchObject(unauthorized);
    expect(await authenticate((await signInOk(t.app, email)).idToken)).toMatchObject({ sub });
  });

  it('signs out everywhere with global sign-out', async () => {
    const email = uniqueEmail('global');
    await signUpConfirmed(t.app, { email });
    const a = await signInOk(t.app, email);
    const b = await signInOk(t.app, email);
    const out = await post(t.app, 'sign-out', { global: true }, { authorization: `Bearer ${a.accessToken}` });
    expect(out.status).toBe(200);
    for (const token of [a.idToken, b.idToken, b.accessToken])
      await expect(authenticate(token)).rejects.toMatchObject(unauthorized);
    expect((await post(t.app, 'refresh', { refreshToken: b.refreshToken })).status).toBe(401);
    expect(await authenticate((await signInOk(t.app, email)).idToken)).not.toBeNull();
  });

  it('carries role groups granted by an admin into refreshed tokens; revoking one ends current tokens', async () => {
    const email = uniqueEmail('investor');
    await post(t.app, 'sign-up', {
      email,
      password: PASSWORD,
      name: 'Ivy',
      group_type: 'Investor',
      group_name: 'Ivy Fund',
    });
    const user = await findUserByEmail(db(), email);
    await db().query('UPDATE auth_users SET confirmed = true WHERE sub = $1', [user?.sub ?? '']);
    const before = await signInOk(t.app, email);
    expect(await authenticate(before.idToken)).toMatchObject({ role: 'Supplier', groupId: user?.groupId });

    await db().query(`UPDATE usergroup SET group_status = 'Active' WHERE "groupId" = $1`, [
      user?.groupId ?? '',
    ]);
    expect(await grantRoleGroups(db(), user?.groupId ?? '')).toEqual([
      { sub: user?.sub, groupId: user?.groupId, before: [], after: ['Investor'] },
    ]);
    const refreshed = await post(t.app, 'refresh', { refreshToken: before.refreshToken });
    const idToken = String(refreshed.body.idToken);
    expect(await authenticate(idToken)).toMatchObject({ role: 'Investor' });

    await revokeGroup(db(), user?.sub ?? '', 'Investor', { now: t.clock.now() });
    await expect(authenticate(idToken)).rejects.toMatchObject(unauthorized);
    const again = await post(t.app, 'refresh', { refreshToken: String(refreshed.body.refreshToken) });
    expect(await authenticate(String(again.body.idToken))).toMatchObject({ role: 'Supplier' });
  });

  it('creates users for seeding with groups and an organisation, ready to sign in', async () => {
    const email = uniqueEmail('seeded');
    const groupId = '6f1c1a59-3c41-4a8e-9d7f-2f0f5d1d9b11';
    const { sub } = await createUser(db(), {
      email,
      password: PASSWORD,
      name: 'Ada Admin',
      phone: '+15550001234',
      groups: ['Admin'],
      groupId,
    });
    const tokens = await signInOk(t.app, '+15550001234');
    expect(await authenticate(tokens.idToken)).toEqual({
      sub,
      groupId,
      role: 'Admin',
      email,
      name: 'Ada Admin',
    });
    await grantGroup(db(), sub, 'Admin');
    expect((await findUserByEmail(db(), email.toUpperCase()))?.groups).toEqual(['Admin']);
    await expect(createUser(db(), { email, name: 'Dup' })).rejects.toMatchObject({
      code: 'UsernameExistsException',
    });
    await expect(
      createUser(db(), { email: uniqueEmail(), name: 'Weak', password: 'password' }),
    ).rejects.toMatchObject({
      code: 'InvalidPasswordException',
    });
  });
});

describeDatabases('authenticator with an external OIDC issuer', (db) => {
  let server: Server;
  let issuer: string;
  let external: Awaited<ReturnType<typeof generateTestKeys>>;
  beforeAll(async () => {
    external = await generateTestKeys();
    server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(req.url === '/.well-known/jwks.json' ? JSON.stringify(external.jwks) : '{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("verifies that issuer's tokens against its JWKS, with the same claims", async () => {
    const ctx = await testContext(db(), { OIDC_ISSUER: issuer });
    const authenticate = createAuthenticator(ctx);
    const sign = (iss: string, keys = external) =>
      new SignJWT({
        token_use: 'id',
        'cognito:groups': ['Broker'],
        'custom:groupid': 'g-1',
        email: 'b@x.test',
      })
        .setProtectedHeader({ alg: 'ES256', kid: keys.kid })
        .setSubject('external-user-1')
        .setIssuer(iss)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(keys.privateKey);
    expect(await authenticate(`Bearer ${await sign(issuer)}`)).toEqual({
      sub: 'external-user-1',
      groupId: 'g-1',
      role: 'Broker',
      email: 'b@x.test',
    });
    // Signed by that issuer's key but claiming to be someone else: refused.
    await expect(authenticate(await sign(ctx.config.publicUrl))).rejects.toMatchObject(unauthorized);
    await expect(authenticate(await sign(issuer, await generateTestKeys()))).rejects.toMatchObject(
      unauthorized,
    );
  });
});
