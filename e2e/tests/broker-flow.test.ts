import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Api, claims, invitationOf } from '../support/api.ts';
import { baseURL, launch, newContext, signInThroughUI, signOutThroughUI, Tab } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';
import { fillText, save, stampOf, until } from '../support/flows.ts';

/**
 * Issue 4 §6, flow 2: broker@demo.test creates a supplier organisation with its first user; the
 * invitation from /dev/mail is opened, a password is set and the user signs in to the supplier
 * area; the broker finds the supplier under its suppliers and adds a director for it.
 */
describe('Broker flow: new supplier organisation → invitation → first sign-in → broker adds a director', () => {
  let browser: Browser | undefined;
  let api: Api;
  const n = stampOf();
  const org = `Broker Intro ${n} Ltd`;
  const user = { name: `Ivy Invitee ${n}`, email: `e2e-inv-${n}@example.test` };
  const password = 'copper-kettle-meadow-93';
  let broker: Tab;
  let invitee: Tab;
  let current: Tab | undefined;
  let invitation = '';
  const contexts: BrowserContext[] = [];
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

  beforeAll(async () => {
    api = new Api(baseURL());
    browser = await launch();
  });
  beforeEach((ctx) => {
    // Each step needs the ones before it.
    if (failed) ctx.skip();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    failed = true;
    await current?.screenshot(`fail-broker-${ctx.task.name.slice(0, 40)}`).catch(() => undefined);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('the broker creates a supplier organisation with its first user at /broker/newuser', async () => {
    broker = await tabFor(DEMO_EMAIL.broker);
    current = broker;
    const page = broker.page;
    await broker.visit('/broker/newuser');
    await until(() =>
      page.getByRole('heading', { level: 1, name: 'New supplier organisation' }).isVisible(),
    ).toBe(true);
    await page.locator('[id="group_name"]').fill(org);
    await page.locator('[id="user.name"]').fill(user.name);
    await page.locator('[id="user.email"]').fill(user.email);
    const sent = Date.now();
    await page.getByRole('button', { name: 'Create and invite' }).click();
    await page.waitForURL((u) => /^\/broker\/user\/[^/]+$/.test(u.pathname), { timeout: 15_000 });
    await broker.settle();
    await until(() => page.getByText(`An invitation was sent to ${user.email}`).first().isVisible()).toBe(
      true,
    );

    // The invitation e-mail, with its link.
    const mail = await api.mailTo(user.email, sent);
    invitation = invitationOf(mail) ?? '';
    expect(invitation, `an invitation link in: ${mail.text}`).not.toBe('');
  });

  it('the invited user opens the link, sets a password and lands in the supplier area', async () => {
    invitee = await tabFor();
    current = invitee;
    const page = invitee.page;
    await page.goto(`/login?invitation=${encodeURIComponent(invitation)}`);
    await until(() => page.getByRole('heading', { level: 1, name: 'Set your password' }).isVisible()).toBe(
      true,
    );
    await page.getByLabel('New password').fill(password);
    await page.getByLabel('Repeat the password').fill(password);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/app'), { timeout: 20_000 });
    await invitee.settle();
    expect((await invitee.describe(new URL(page.url()).pathname)).problems).toEqual([]);
    await until(() => page.getByText(user.name).first().isVisible()).toBe(true);
  });

  it('signs out and in again with the new password and sees its supplier area', async () => {
    const page = invitee.page;
    await signOutThroughUI(page);
    await page.waitForURL((u) => u.pathname.endsWith('/login'));
    await page.getByLabel('E-mail or phone number').fill(user.email);
    await page.locator('input[autocomplete="current-password"]').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/app') && !u.pathname.endsWith('/login'), {
      timeout: 20_000,
    });
    await invitee.settle();
    const dashboard = await invitee.describe(new URL(page.url()).pathname);
    expect(dashboard.problems).toEqual([]);
    await until(() => page.getByText('Receivables Finance · Supplier').first().isVisible()).toBe(true);
    await invitee.visit('/app/account');
    await until(() => page.locator('main').innerText()).toMatch(new RegExp(org));
    await invitee.screenshot('broker-flow-invitee-account');
  });

  it('the broker sees the new supplier in /broker/suppliers and adds a director for it', async () => {
    current = broker;
    const page = broker.page;
    // A new page load: the broker's lists are read afresh.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await broker.visit('/broker/suppliers');
    const row = page.getByRole('row').filter({ hasText: org });
    await until(() => row.isVisible()).toBe(true);
    await row.click();
    await page.waitForURL((u) => /^\/broker\/supplier\/[^/]+$/.test(u.pathname));
    const supplierId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await broker.settle();
    await until(() => page.locator('main').innerText()).toMatch(new RegExp(org));
    // Introduced by this broker: the supplier record names the broker's own Broker record.
    const token = (await api.signIn(DEMO_EMAIL.broker)).idToken;
    const [own] = await api.list(token, 'Broker', 'userId', {
      userId: { eq: claims(token)['custom:groupid'] },
    });
    const [record] = await api.list(token, 'Supplier', 'brokerId', { id: { eq: supplierId } });
    expect(record?.brokerId).toBe(own?.id);

    await page.getByRole('region', { name: 'Directors' }).getByRole('button', { name: 'Add' }).click();
    await page.waitForURL((u) => u.pathname === `/broker/brokernewsupplierdirector/${supplierId}`);
    await broker.settle();
    const director = `Dexter Director ${n}`;
    await fillText(page, 'director_name', director);
    await fillText(page, 'director_email', `dexter.${n}@example.test`);
    await fillText(page, 'director_date_of_birth', '1980-02-29');
    await save(broker, `/broker/supplier/${supplierId}`);
    await until(() =>
      page.getByRole('region', { name: 'Directors' }).getByRole('cell', { name: director }).isVisible(),
    ).toBe(true);
    expect((await broker.describe(`/broker/supplier/${supplierId}`)).problems).toEqual([]);
    await broker.screenshot('broker-flow-supplier');
  });
});
