import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../support/api.ts';
import { baseURL, launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';
import { until } from '../support/flows.ts';

const QUEUES = `query { dashboard { queues { key count } } }`;

/**
 * docs/business-rules.md, “Dashboards”: the administrator's work queues of envelopes and of
 * expiring insurance lead from the dashboard to a list holding exactly what they count — the
 * envelopes list (`/admin/envelopes?view=waiting|expired`, the server's own queue conditions) and
 * the policies filtered to those expiring (`?expiry=soon`, a chip that removes it). Other files
 * change the demo data meanwhile: a count is read from the server again until the list agrees.
 * The envelopes list at 1280 and 390 px (screenshots `work-queue-*`).
 */
describe('Work queue lists', () => {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let t: Tab;
  let page: Page;
  let api: Api;
  let token = '';

  const count = async (key: string) =>
    (
      await api.gql<{ dashboard: { queues: { key: string; count: number }[] } }>(token, QUEUES)
    ).dashboard.queues.find((q) => q.key === key)!.count;
  /** Every row of the envelopes list, its further pages shown. */
  const envelopeRows = async () => {
    const more = page.getByRole('button', { name: 'Show more' });
    while (await more.count()) {
      await more.click();
      await t.settle();
    }
    return page.getByTestId('envelope-row').count();
  };
  const openQueue = async (key: string) => {
    await t.visit('/admin/dashboard');
    const section = page.getByRole('region', { name: 'Work queues' });
    await section.getByTestId(`queue-${key}`).getByRole('link').click();
  };

  beforeAll(async () => {
    api = new Api(baseURL());
    token = (await api.signIn(DEMO_EMAIL.admin)).idToken;
    browser = await launch();
    context = await newContext(browser);
    context.setDefaultTimeout(10_000);
    t = await Tab.open(context);
    page = t.page;
    await signInThroughUI(page, DEMO_EMAIL.admin);
    await t.settle();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await t.screenshot(`fail-work-queue-${ctx.task.name.slice(0, 40)}`).catch(() => undefined);
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
  });

  for (const [key, view] of [
    ['envelopesWaiting', 'waiting'],
    ['envelopesExpired', 'expired'],
  ] as const)
    it(`${key} leads to the envelopes list of its view, with as many rows as it counts`, async () => {
      await openQueue(key);
      await page.waitForURL((u) => u.pathname === '/admin/envelopes');
      expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ view });
      await t.settle();
      const chip = page
        .getByRole('group', { name: 'Envelopes to show' })
        .getByRole('button', { pressed: true });
      expect(await chip.innerText()).toBe(
        view === 'waiting' ? 'Out for signature' : 'Expired, to send again',
      );
      await until(async () => {
        const [expected, rows] = [await count(key), await envelopeRows()];
        if (rows !== expected) {
          await page.reload();
          await t.settle();
        }
        return rows === expected;
      }, 30_000).toBe(true);
      const expected = await count(key);
      if (expected === 0)
        expect(await page.getByText(/^No (envelope is out|expired envelope waits)/).count()).toBe(1);
      else
        expect(await page.getByTestId('envelopes-shown').innerText()).toMatch(
          new RegExp(`${expected} envelopes?$`),
        );
      if (view === 'waiting' && expected > 0)
        // Each row links its requests by invoice number, and one still out can be reminded or voided.
        expect(
          await page.getByTestId('envelope-row').first().getByRole('link').first().getAttribute('href'),
        ).toMatch(/^\/admin\/request\/[0-9a-f-]{36}$/);
      if (view === 'expired' && expected > 0)
        expect(
          await page
            .getByTestId('envelope-row')
            .first()
            .getByRole('button', { name: 'Send new envelope' })
            .count(),
        ).toBe(1);
      await t.screenshot(`work-queue-envelopes-${view}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await t.settle();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      if (expected > 0) expect(await page.getByTestId('envelope-row').count()).toBe(expected);
      await t.screenshot(`work-queue-envelopes-${view}-390`);
      await page.setViewportSize({ width: 1280, height: 860 });
      expect(t.graphqlErrors).toEqual([]);
    });

  it('the envelopes list offers every envelope too, and is in the admin navigation', async () => {
    await t.visit('/admin/envelopes?view=waiting');
    await page.getByRole('group', { name: 'Envelopes to show' }).getByRole('button', { name: 'All' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/envelopes' && !u.searchParams.has('view'));
    await t.settle();
    const { listEnvelopes } = await api.gql<{ listEnvelopes: { total: number } }>(
      token,
      'query { listEnvelopes(limit: 1) { total } }',
    );
    expect(listEnvelopes.total).toBeGreaterThan(0);
    await until(() => page.getByTestId('envelopes-shown').innerText()).toMatch(/envelopes$/);
    expect(await page.getByRole('link', { name: 'Envelopes', exact: true }).count()).toBeGreaterThan(0);
  });

  it('insuranceExpiring leads to the policies expiring soon, as a chip that removes the filter', async () => {
    await openQueue('insuranceExpiring');
    await page.waitForURL((u) => u.pathname === '/admin/newinsurance');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ tab: 'policies', expiry: 'soon' });
    await t.settle();
    const chip = page.getByRole('button', { name: 'Expiring within 30 days' });
    expect(await chip.count()).toBe(1);
    const expected = await count('insuranceExpiring');
    if (expected > 0) await until(() => page.getByLabel(/^\d+ records$/).innerText()).toBe(String(expected));
    else await until(() => page.getByText(/match this filter/).count()).toBe(1);
    await t.screenshot('work-queue-insurance');
    // Removing the chip shows every policy again, on the same tab.
    await chip.locator('.MuiChip-deleteIcon').click();
    await page.waitForURL((u) => !u.searchParams.has('expiry') && u.searchParams.get('tab') === 'policies');
    const { listInsurances } = await api.gql<{ listInsurances: { items: unknown[] } }>(
      token,
      'query { listInsurances(limit: 1000) { items { id } } }',
    );
    await until(() => page.getByLabel(/^\d+ records$/).innerText()).toBe(String(listInsurances.items.length));
    expect(t.graphqlErrors).toEqual([]);
  });
});
