import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../support/api.ts';
import { baseURL, launch, newContext, signOutThroughUI, Tab } from '../support/browser.ts';

/** A unique e-mail address and phone number per run (the data dir is fresh, but runs may repeat). */
function newIdentity(tag: string) {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-7);
  return {
    email: `e2e-${tag}-${n}@example.test`,
    phone: `+1444${n}`,
    name: `E2E ${tag} ${n}`,
    organisation: `E2E ${tag} Trading ${n} Ltd`,
    password: 'purple-otter-lamp-41',
  };
}

/** Everything the page keeps in localStorage and sessionStorage, as one string. */
const webStorage = (page: Page): Promise<string> =>
  page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }));
/** A token in web storage: a JWT (`eyJ…`) or anything named like one. */
const TOKEN_IN_STORAGE = /eyJ|token/i;

const refreshCookie = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === 'rf_refresh');

async function fillSignIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('E-mail or phone number').fill(username);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('Sign-up, sign-in and password reset', () => {
  let browser: Browser | undefined;
  let api: Api;

  beforeAll(async () => {
    browser = await launch();
    api = new Api(baseURL());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('registers a supplier at /register, verifies the e-mail with the code from /dev/mail, signs in by e-mail and by phone', async () => {
    const who = newIdentity('reg');
    const tab = await Tab.open(await newContext(browser as Browser));
    const page = tab.page;
    await page.goto('/register');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Create your account' }).isVisible())
      .toBe(true);
    await page.getByLabel('E-mail').fill(who.email);
    await page.locator('input[autocomplete="new-password"]').fill(who.password);
    await page.getByLabel('Your name').fill(who.name);
    await page.getByLabel('Phone number (optional)').fill(who.phone);
    await page.getByLabel('Organisation name').fill(who.organisation);
    const sent = Date.now();
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Verify your e-mail' }).isVisible())
      .toBe(true);
    const code = await api.codeFor(who.email, sent);
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();

    // Verified and signed in: a new supplier lands on its onboarding checklist, not the dashboard.
    await page.waitForURL((u) => u.pathname === '/app/account', { timeout: 20_000 });
    await tab.settle();
    const landing = await tab.describe('/app/account');
    expect(landing.problems).toEqual([]);
    await expect.poll(() => page.getByText(who.name).first().isVisible()).toBe(true);

    // docs/architecture.md, “Deployment”: no token in web storage; the refresh token is in an
    // HttpOnly cookie for /auth, which scripts cannot read; a reload restores the session from it.
    expect(await webStorage(page)).not.toMatch(TOKEN_IN_STORAGE);
    expect(await refreshCookie(page)).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('rf_refresh');
    await page.reload();
    await page.waitForURL((u) => u.pathname === '/app/account', { timeout: 20_000 });
    await tab.settle();
    expect((await tab.describe('/app/account')).problems).toEqual([]);
    await expect.poll(() => page.getByText(who.name).first().isVisible()).toBe(true);

    await signOutThroughUI(page);
    expect(new URL(page.url()).pathname).toBe('/app/login');
    expect(await refreshCookie(page)).toBeUndefined();
    expect(await webStorage(page)).not.toMatch(TOKEN_IN_STORAGE);
    // Signed out for good: a reload shows the sign-in again.
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);

    // Sign in again, now with the phone number.
    await fillSignIn(page, who.phone, who.password);
    await page.waitForURL((u) => u.pathname === '/app/account', { timeout: 20_000 });
    await tab.settle();
    expect((await tab.describe('/app/account')).problems).toEqual([]);
    await signOutThroughUI(page);
    expect(await refreshCookie(page)).toBeUndefined();
    expect(await webStorage(page)).not.toMatch(TOKEN_IN_STORAGE);
    await page.context().close();
  });

  it('resets a forgotten password with the code from /dev/mail and signs in with the new one', async () => {
    const who = newIdentity('reset');
    // The account, made through the user pool API (its own flow is the test above).
    const since = Date.now();
    await api.auth('sign-up', {
      email: who.email,
      password: who.password,
      name: who.name,
      phone_number: who.phone,
      group_type: 'Supplier',
      group_name: who.organisation,
    });
    await api.auth('confirm-sign-up', {
      email: who.email,
      username: who.email,
      code: await api.codeFor(who.email, since),
    });

    const tab = await Tab.open(await newContext(browser as Browser));
    const page = tab.page;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Reset your password' }).isVisible())
      .toBe(true);
    await page.getByLabel('E-mail').fill(who.email);
    const asked = Date.now();
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => page.getByLabel('New password').isVisible()).toBe(true);

    const code = await api.codeFor(who.email, asked);
    const newPassword = 'quiet-maple-harbour-77';
    await page.locator('input[autocomplete="one-time-code"]').fill(code);
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();

    // Back on the sign-in form, with the confirmation.
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Sign in' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Your password has been changed').isVisible()).toBe(true);
    await fillSignIn(page, who.email, newPassword);
    await page.waitForURL((u) => u.pathname === '/app/account', { timeout: 20_000 });
    await tab.settle();
    expect((await tab.describe('/app/account')).problems).toEqual([]);

    // The old password no longer works.
    await expect(api.signIn(who.email, who.password)).rejects.toThrow(/400|401|NotAuthorized/);
    await page.context().close();
  });
});
