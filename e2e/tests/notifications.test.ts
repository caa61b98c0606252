import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, type Tokens } from '../support/api.ts';
import { baseURL, launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';
import { stampOf, until } from '../support/flows.ts';
import { approvedLine, demoParties, newRequest, type DemoParties } from '../support/requests.ts';

/**
 * Notifications (docs/business-rules.md, “Notifications”): the supplier submits a request on a
 * line the demo investor funds; the investor's bell shows it live, opening it lands on the
 * request and marks it read; the e-mail reaches /dev/mail; with the e-mail switched off in
 * Settings the next one comes only in the app.
 */
describe('Notifications (investor@demo.test watching its bell)', () => {
  let browser: Browser | undefined;
  let tab: Tab;
  let api: Api;
  let investor: Tokens;
  let parties: DemoParties;
  let line: string;
  const stamp = stampOf();
  // By its markup: while the panel is open (or closing) the page behind it is hidden from the
  // accessibility tree, so a role query would not find it.
  const bell = () => tab.page.locator('header button[aria-haspopup="dialog"][aria-label^="Notifications"]');
  const unread = async () =>
    (
      await api.gql<{ unreadNotificationCount: number }>(
        investor.idToken,
        'query { unreadNotificationCount }',
      )
    ).unreadNotificationCount;
  const mailsAbout = async (invoice: string) =>
    (await api.mails()).filter((m) => m.subject.includes(invoice));
  const emailSwitch = () =>
    tab.page
      .getByRole('switch', { name: 'E-mail: New requests on your buyer lines' })
      .or(tab.page.getByRole('checkbox', { name: 'E-mail: New requests on your buyer lines' }));

  beforeAll(async () => {
    api = new Api(baseURL());
    investor = await api.signIn(DEMO_EMAIL.investor);
    parties = await demoParties(api);
    line = await approvedLine(api, parties, { name: `Bell Buyer ${stamp}` });
    browser = await launch();
    tab = await Tab.open(await newContext(browser));
    await signInThroughUI(tab.page, DEMO_EMAIL.investor);
    await bell().waitFor();
  });
  afterAll(async () => {
    // The demo investor's e-mail switch back on, whatever happened.
    await api
      ?.gql(
        investor.idToken,
        'mutation { setNotificationPreference(event: "request.submitted", email: true) { email } }',
      )
      .catch(() => undefined);
    await browser?.close();
  });

  it('clears the bell with “Mark all as read”', async () => {
    await tab.visit('/investor/requests');
    await bell().click();
    const panel = tab.page.getByRole('dialog', { name: 'Notifications' });
    await panel.waitFor();
    const markAll = panel.getByRole('button', { name: 'Mark all as read' });
    // The demo's own history left the investor unread notifications.
    await panel.getByRole('list', { name: 'Latest notifications' }).waitFor();
    await markAll.click();
    await until(unread).toBe(0);
    await tab.page.keyboard.press('Escape');
    await until(() => bell().getAttribute('aria-label')).toBe('Notifications');
  });

  it('shows a new request live, opens it on the request, marks it read and e-mails it', async () => {
    const invoice = `BELL-${stamp}`;
    const since = Date.now();
    const id = await newRequest(api, parties, { buyerId: line, invoiceNumber: invoice });
    // No reload: the subscription brings it.
    await until(() => bell().getAttribute('aria-label'), 8_000).toBe('Notifications, 1 unread');
    await bell().click();
    const item = tab.page.getByRole('dialog', { name: 'Notifications' }).getByRole('button', {
      name: new RegExp(`New request ${invoice} from`),
    });
    await item.waitFor();
    // Once the panel has faded in.
    const panel = tab.page.getByRole('dialog', { name: 'Notifications' });
    await until(() => panel.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await tab.page.setViewportSize({ width: 390, height: 800 });
    await tab.screenshot('notifications-bell-390');
    await tab.page.setViewportSize({ width: 1280, height: 800 });
    await tab.screenshot('notifications-bell-1280');
    await item.click();
    await until(() => new URL(tab.page.url()).pathname).toBe(`/investor/request/${id}`);
    await until(unread).toBe(0);
    await until(() => bell().getAttribute('aria-label')).toBe('Notifications');

    const mail = await api.mailTo(DEMO_EMAIL.investor, since);
    const all = await mailsAbout(invoice);
    const toInvestor = all.find((m) => m.to === DEMO_EMAIL.investor) ?? mail;
    expect(toInvestor.subject).toMatch(new RegExp(`^New request ${invoice} from `));
    expect(toInvestor.text).toContain(`/investor/request/${id}`);
    expect(toInvestor.html).toContain(`/investor/request/${id}`);
    expect((await tab.describe(`/investor/request/${id}`)).problems).toEqual([]);
  });

  it('sends no e-mail once the investor turns it off in Settings; the bell still rings', async () => {
    await tab.visit('/investor/settings');
    const toggle = emailSwitch();
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await until(
      async () =>
        (
          await api.gql<{ notificationPreferences: { event: string; email: boolean }[] }>(
            investor.idToken,
            'query { notificationPreferences { event email } }',
          )
        ).notificationPreferences.find((p) => p.event === 'request.submitted')?.email,
    ).toBe(false);
    await tab.screenshot('notifications-settings');

    const invoice = `QUIET-${stamp}`;
    await newRequest(api, parties, { buyerId: line, invoiceNumber: invoice });
    await until(() => bell().getAttribute('aria-label'), 8_000).toBe('Notifications, 1 unread');
    // The SPV's users are still e-mailed: the mail went out, only not to the investor.
    await until(async () => (await mailsAbout(invoice)).some((m) => m.to === DEMO_EMAIL.spv), 15_000).toBe(
      true,
    );
    expect((await mailsAbout(invoice)).map((m) => m.to)).not.toContain(DEMO_EMAIL.investor);

    await toggle.click();
    await until(async () => toggle.isChecked()).toBe(true);
  });
});
