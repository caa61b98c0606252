import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Api, claims, invitationOf } from '../support/api.ts';
import { baseURL, launch, newContext, signInThroughUI, signOutThroughUI, Tab } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';
import { fillText, save, stampOf, until } from '../support/flows.ts';

/**
 * Broker onboarding: broker@demo.test creates a supplier organisation with its first user; the
 * invitation from /dev/mail is opened, a password is set and the user signs in to the supplier
 * area; the broker finds the supplier under its suppliers and adds a director for it. Who may
 * invite (docs/business-rules.md, “Party records and inviting users”): the broker may invite
 * into the supplier only until its first user joined; then the supplier's Owner invites colleagues
 * from Settings, and a colleague who is not the Owner may not.
 */
describe('Broker flow: new supplier organisation → invitation → first sign-in → broker adds a director', () => {
  let browser: Browser | undefined;
  let api: Api;
  const n = stampOf();
  const org = `Broker Intro ${n} Ltd`;
  const user = { name: `Ivy Invitee ${n}`, email: `e2e-inv-${n}@example.test` };
  const password = 'copper-kettle-meadow-93';
  const colleague = { name: `Cora Colleague ${n}`, email: `e2e-col-${n}@example.test` };
  let colleagueInvitation = '';
  let broker: Tab;
  let invitee: Tab;
  let current: Tab | undefined;
  let invitation = '';
  let groupId = '';
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
    groupId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await broker.settle();
    await until(() => page.getByText(`An invitation was sent to ${user.email}`).first().isVisible()).toBe(
      true,
    );
    // Nobody has joined yet: the broker may still invite into the supplier it created.
    await until(() => page.getByRole('button', { name: 'Invite user' }).first().isVisible()).toBe(true);
    await broker.screenshot('broker-flow-invite-before-join');

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

  it("the supplier's Owner invites a colleague from Settings", async () => {
    current = invitee;
    const page = invitee.page;
    await invitee.visit('/app/settings');
    const team = page.getByRole('region', { name: 'Your organisation' });
    await until(() => team.getByRole('button', { name: 'Invite a colleague' }).isVisible()).toBe(true);
    await invitee.screenshot('broker-flow-owner-invite-action');
    await team.getByRole('button', { name: 'Invite a colleague' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByLabel('Name').fill(colleague.name);
    await dialog.getByLabel('E-mail').fill(colleague.email);
    await invitee.screenshot('broker-flow-owner-invite-dialog');
    const sent = Date.now();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    await until(() => team.innerText()).toMatch(new RegExp(colleague.email));
    colleagueInvitation = invitationOf(await api.mailTo(colleague.email, sent)) ?? '';
    expect(colleagueInvitation).not.toBe('');
  });

  it('a colleague who is not the Owner sees no invite action', async () => {
    const tab = await tabFor();
    current = tab;
    const page = tab.page;
    await page.goto(`/login?invitation=${encodeURIComponent(colleagueInvitation)}`);
    await page.getByLabel('New password').fill(password);
    await page.getByLabel('Repeat the password').fill(password);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/app'), { timeout: 20_000 });
    await tab.settle();
    await tab.visit('/app/settings');
    const team = page.getByRole('region', { name: 'Your organisation' });
    await until(() => team.innerText()).toMatch(/Only your organisation's Owner may invite colleagues/);
    expect(await team.getByRole('button', { name: 'Invite a colleague' }).count()).toBe(0);
  });

  it('the broker can no longer invite into the supplier once its first user joined', async () => {
    current = broker;
    const page = broker.page;
    await page.reload({ waitUntil: 'domcontentloaded' });
    await broker.visit(`/broker/user/${groupId}`);
    const users = page.getByRole('region', { name: 'Users' });
    await until(() => users.innerText()).toMatch(/already has a user who joined/);
    expect(await page.getByRole('button', { name: 'Invite user' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Resend invitation' }).count()).toBe(0);
    await broker.screenshot('broker-flow-invite-after-join');
    // The server says the same to a direct call.
    const token = (await api.signIn(DEMO_EMAIL.broker)).idToken;
    await expect(
      api.gql(token, 'mutation ($i: InviteUserInput!) { inviteUser(input: $i) { sub } }', {
        i: { groupId, email: `e2e-late-${n}@example.test`, name: 'Too Late' },
      }),
    ).rejects.toThrow(/already has a user who joined/);
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
