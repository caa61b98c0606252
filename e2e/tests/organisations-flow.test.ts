import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Api, invitationOf, type Mail } from '../support/api.ts';
import { baseURL, launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';
import { stampOf, until } from '../support/flows.ts';

/**
 * Self-registration (docs/business-rules.md, “Organisations, roles and who sees what”): an
 * investor organisation registers itself and waits on "pending approval"; the admin approves it
 * (the user is e-mailed and reaches the investor area), invites a colleague and resends the
 * invitation (the first link stops working), revokes the Investor group (the area closes at once)
 * and disables the user (sign-in refused).
 */
describe('Organisations: self-registration → approval → invitations → group and access changes', () => {
  let browser: Browser | undefined;
  let api: Api;
  const n = stampOf();
  const org = `Selfreg Capital ${n}`;
  const investor = {
    name: `Rita Register ${n}`,
    email: `e2e-selfreg-${n}@example.test`,
    password: 'amber-lantern-harbour-41',
  };
  const colleague = { name: `Colin Colleague ${n}`, email: `e2e-colleague-${n}@example.test` };
  let groupId = '';
  let firstInvitation = '';
  const contexts: BrowserContext[] = [];
  let admin: Tab;
  let user: Tab;
  let current: Tab | undefined;
  let failed = false;

  const tabFor = async (email?: string): Promise<Tab> => {
    const context = await newContext(browser as Browser);
    context.setDefaultTimeout(10_000);
    contexts.push(context);
    const tab = await Tab.open(context);
    if (email) {
      await signInThroughUI(tab.page, email);
      await tab.settle();
    }
    return tab;
  };
  const invitationIn = (mail: Mail): string => {
    const token = invitationOf(mail);
    expect(token, `an invitation link in: ${mail.text}`).not.toBeNull();
    return token ?? '';
  };
  /** Confirms the dialog a button opened and waits for it to close. */
  const confirm = async (tab: Tab, button: string) => {
    const dialog = tab.page.getByRole('dialog');
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByRole('button', { name: button, exact: true }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
  };
  const usersTable = () => admin.page.getByRole('region', { name: 'Users' });
  const userRow = (name: string) => usersTable().getByRole('row').filter({ hasText: name });

  beforeAll(async () => {
    api = new Api(baseURL());
    browser = await launch();
  });
  beforeEach((ctx) => {
    if (failed) ctx.skip();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    failed = true;
    await current?.screenshot(`fail-orgs-${ctx.task.name.slice(0, 40)}`).catch(() => undefined);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('an investor registers at /investor/register and waits on the pending-approval screen', async () => {
    user = await tabFor();
    current = user;
    const page = user.page;
    await page.goto('/investor/register');
    await page.getByLabel('E-mail').fill(investor.email);
    await page.locator('input[autocomplete="new-password"]').fill(investor.password);
    await page.getByLabel('Your name').fill(investor.name);
    await page.getByLabel('Organisation name').fill(org);
    const sent = Date.now();
    await page.getByRole('button', { name: 'Create account' }).click();
    await until(() => page.getByRole('heading', { level: 1, name: 'Verify your e-mail' }).isVisible()).toBe(
      true,
    );
    await page.getByLabel('Verification code').fill(await api.codeFor(investor.email, sent));
    await page.getByRole('button', { name: 'Verify' }).click();
    await until(
      () => page.getByRole('heading', { level: 1, name: 'Waiting for approval' }).isVisible(),
      20_000,
    ).toBe(true);
    await until(() => page.locator('body').innerText()).toMatch(new RegExp(org));
    await page.getByRole('button', { name: 'Check again' }).click();
    await until(() => page.getByRole('status').innerText()).toMatch(/Not approved yet/);
  });

  it('the admin approves the organisation; the user is e-mailed and reaches the investor area', async () => {
    admin = await tabFor(DEMO_EMAIL.admin);
    current = admin;
    const page = admin.page;
    await admin.visit('/admin/investorgroups');
    await page.getByRole('link', { name: org }).or(page.getByText(org)).first().click();
    await page.waitForURL((u) => /^\/admin\/user\/[^/]+$/.test(u.pathname), { timeout: 15_000 });
    groupId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await admin.settle();
    await until(() => page.getByRole('status').filter({ hasText: 'Waiting for approval' }).isVisible()).toBe(
      true,
    );
    const sent = Date.now();
    await page.getByRole('button', { name: 'Approve organisation' }).click();
    await confirm(admin, 'Approve organisation');
    await until(() => page.locator('main').innerText()).not.toMatch(/Waiting for approval/);
    const mail = await api.mailTo(investor.email, sent);
    expect(`${mail.subject}\n${mail.text}`).toMatch(/approved/i);

    // The waiting screen notices the approval by itself and opens the investor area.
    current = user;
    await until(
      () => user.page.getByRole('heading', { level: 1, name: 'Waiting for approval' }).isVisible(),
      15_000,
    ).toBe(false);
    await until(() => user.page.locator('main h1').first().isVisible(), 15_000).toBe(true);
    expect(new URL(user.page.url()).pathname).toMatch(/^\/investor\//);
    await user.settle();
    expect((await user.describe(new URL(user.page.url()).pathname)).problems).toEqual([]);
  });

  it('the admin invites a colleague and resends the invitation; only the newest link works', async () => {
    current = admin;
    const page = admin.page;
    let sent = Date.now();
    await usersTable().getByRole('button', { name: 'Invite user' }).click();
    await page.waitForURL((u) => u.pathname === `/admin/newuser/${groupId}`);
    await admin.settle();
    await page.locator('[id="user.name"]').fill(colleague.name);
    await page.locator('[id="user.email"]').fill(colleague.email);
    await page.locator('main form').getByRole('button', { name: /invit/i }).last().click();
    await page.waitForURL((u) => u.pathname === `/admin/user/${groupId}`, { timeout: 15_000 });
    await admin.settle();
    firstInvitation = invitationIn(await api.mailTo(colleague.email, sent));

    await new Promise((r) => setTimeout(r, 1_100));
    sent = Date.now();
    await userRow(colleague.name).getByRole('button', { name: 'Resend invitation' }).click();
    await until(() =>
      page.getByText(`A new invitation was sent to ${colleague.email}`).first().isVisible(),
    ).toBe(true);
    const second = invitationIn(await api.mailTo(colleague.email, sent));
    expect(second).not.toBe(firstInvitation);

    const old = await tabFor();
    current = old;
    await old.page.goto(`/login?invitation=${encodeURIComponent(firstInvitation)}`);
    await old.page.getByLabel('New password').fill('willow-parcel-garden-58');
    await old.page.getByLabel('Repeat the password').fill('willow-parcel-garden-58');
    await old.page.getByRole('button', { name: 'Set password and sign in' }).click();
    await until(() => old.page.locator('body').innerText()).toMatch(/not valid or has already been used/);
    expect(new URL(old.page.url()).pathname).toBe('/login');
    await old.page.context().close();
  });

  it('revoking the Investor group closes the area at once', async () => {
    current = admin;
    const page = admin.page;
    await userRow(investor.name).getByRole('button', { name: /group/i }).click();
    await page.getByRole('menuitem', { name: /Revoke the Investor group/ }).click();
    await confirm(admin, 'Revoke group');
    await until(() =>
      page
        .getByText(/Investor group revoked from/)
        .first()
        .isVisible(),
    ).toBe(true);

    current = user;
    await user.page.goto('/investor/limits');
    // The old tokens are refused; the refreshed ones no longer carry the group: the area's gate.
    await until(() => user.page.locator('body').innerText(), 15_000).toMatch(
      /Investor sign-in[\s\S]*a supplier user\. This area is for investor users/,
    );
    await until(() => user.page.locator('main h1').innerText()).toBe('Investor sign-in');
  });

  it('a disabled user cannot sign in', async () => {
    current = admin;
    await userRow(investor.name).getByRole('button', { name: 'Disable', exact: true }).click();
    await confirm(admin, 'Disable user');
    await until(() => userRow(investor.name).innerText()).toMatch(/Disabled/i);
    await expect(api.signIn(investor.email, investor.password)).rejects.toThrow(/disabled/i);
  });
});
