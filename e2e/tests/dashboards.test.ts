import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../support/api.ts';
import { baseURL, launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { AREA, DEMO_EMAIL, type RoleKey } from '../support/config.ts';
import { until } from '../support/flows.ts';

interface Figures {
  currency: string;
  approvedLimit: string;
  utilisation: string;
  available: string;
  requestCount: number;
  feesEarned: string;
  byStatus: { status: string; count: number; volume: string }[];
  pastDue: { count: number; amount: string };
  aging: { bucket: string; count: number; amount: string }[];
  exposure: { lineId: string; buyerName: string }[];
  volumeByMonth: { month: string; status: string; volume: string }[];
}
interface Dashboard {
  currencies: Figures[];
  queues: { key: string; count: number }[];
  dueSoon: { invoiceNumber: string }[];
  latestLines: { buyerName: string }[];
}

const DASHBOARD = `query { dashboard {
  currencies { currency approvedLimit utilisation available requestCount feesEarned
    byStatus { status count volume } pastDue { count amount } aging { bucket count amount }
    exposure { lineId buyerName } volumeByMonth { month status volume } }
  queues { key count } dueSoon { invoiceNumber } latestLines { buyerName } } }`;

/** The server's decimal string as the screens show money: code, grouped integer part, its digits. */
const money = (value: string, currency: string) => {
  const [int = '0', frac] = value.replace(/^-/, '').split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency} ${value.startsWith('-') ? '−' : ''}${grouped}${frac !== undefined ? `.${frac}` : ''}`;
};

const ROLES: RoleKey[] = ['admin', 'supplier', 'investor', 'spv', 'broker'];

/**
 * docs/business-rules.md, “Dashboards”: each area's dashboard shows the
 * server's figures per currency (compared with the `dashboard` query's answer for the same user,
 * never with numbers written here), the currency is chosen by chips and kept in the address, a
 * card leads to the list it summarises with its filter (the list's count is the card's), the
 * administrator's work queues lead to their screens, and the charts render from a chunk loaded
 * after the figures, each with its table. Every area at 1280 and 390 px (screenshots `dashboard-*`).
 */
describe('Dashboards', () => {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const tabs = new Map<RoleKey, Tab>();
  const tokens = new Map<RoleKey, string>();
  let api: Api;
  let current: Tab | undefined;

  const dashboardOf = async (role: RoleKey) =>
    (await api.gql<{ dashboard: Dashboard }>(tokens.get(role)!, DASHBOARD)).dashboard;
  const tab = (role: RoleKey) => {
    current = tabs.get(role)!;
    return current;
  };
  const text = async (page: Page, testId: string) =>
    (await page.getByTestId(testId).innerText()).replace(/\s+/g, ' ').trim();
  const listCount = async (page: Page) => Number(await page.getByLabel(/^\d+ records$/).innerText());
  const chooseCurrency = async (page: Page, currency: string) => {
    await page.getByRole('group', { name: 'Currency' }).getByRole('button', { name: currency }).click();
    await page.waitForURL((u) => u.searchParams.get('currency') === currency);
  };

  beforeAll(async () => {
    api = new Api(baseURL());
    browser = await launch();
    for (const role of ROLES) {
      tokens.set(role, (await api.signIn(DEMO_EMAIL[role])).idToken);
      const context = await newContext(browser);
      context.setDefaultTimeout(10_000);
      contexts.push(context);
      const t = await Tab.open(context);
      await signInThroughUI(t.page, DEMO_EMAIL[role]);
      await t.settle();
      tabs.set(role, t);
    }
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await current?.screenshot(`fail-dashboards-${ctx.task.name.slice(0, 40)}`).catch(() => undefined);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  for (const role of ROLES)
    it(`${role}: the figures of every currency are the server’s, the currency kept in the address`, async () => {
      const t = tab(role);
      const page = t.page;
      const dashboard = await dashboardOf(role);
      expect(dashboard.currencies.length, 'the demo gives every area figures').toBeGreaterThan(0);
      const visit = await t.visit(`${AREA[role].base}/dashboard`);
      expect(visit.problems).toEqual([]);
      expect(visit.heading).toBe('Dashboard');

      // The chips are the server's currencies in its order, the first that has requests chosen.
      const chips = page.getByRole('group', { name: 'Currency' }).getByRole('button');
      await until(() => chips.allInnerTexts()).toEqual(dashboard.currencies.map((c) => c.currency));
      const opening = (dashboard.currencies.find((c) => c.requestCount > 0) ?? dashboard.currencies[0]!)
        .currency;
      expect(await chips.filter({ hasText: opening }).getAttribute('aria-pressed')).toBe('true');

      for (const f of dashboard.currencies) {
        const c = f.currency;
        await chooseCurrency(page, c);
        await until(() => text(page, 'value-approvedLimit')).toBe(money(f.approvedLimit, c));
        expect(await text(page, 'value-utilisation')).toBe(money(f.utilisation, c));
        expect(await text(page, 'value-available')).toBe(money(f.available, c));
        expect(await text(page, 'value-fees')).toBe(money(f.feesEarned, c));
        expect(await text(page, 'value-requests')).toBe(String(f.requestCount));
        expect(await text(page, 'value-pastDue')).toBe(String(f.pastDue.count));
        if (f.pastDue.count > 0)
          expect(await text(page, 'card-pastDue')).toContain(money(f.pastDue.amount, c));
        for (const s of f.byStatus) {
          const row = await text(page, `status-${s.status}`);
          expect(row).toBe(`${s.status} ${s.count} ${money(s.volume, c)}`);
        }
      }
      // A reload keeps the currency chosen last.
      const last = dashboard.currencies[dashboard.currencies.length - 1]!.currency;
      await page.reload();
      await t.settle();
      await until(() => chips.filter({ hasText: last }).getAttribute('aria-pressed')).toBe('true');

      // Invoices due soon for funders, the latest limit requests for the others, as the server lists them.
      const funder = role === 'investor' || role === 'spv';
      const section = page.getByRole('region', {
        name: funder ? 'Invoices due in the next 7 days' : 'Latest limit requests',
      });
      const rows = funder
        ? dashboard.dueSoon.map((r) => r.invoiceNumber)
        : dashboard.latestLines.map((l) => l.buyerName);
      if (rows.length === 0) expect(await section.innerText()).toMatch(/No (invoices|limit requests)/);
      else expect(await section.getByRole('row').count()).toBe(rows.length + 1);
      for (const r of rows) expect(await section.innerText()).toContain(r);
      expect(t.consoleErrors).toEqual([]);
      expect(t.graphqlErrors).toEqual([]);
    });

  it('a status and the past-due card open the requests list filtered, with the card’s count', async () => {
    // The SPV funds lines in every currency of the demo; a currency with past-due requests if any.
    const role: RoleKey = 'spv';
    const t = tab(role);
    const page = t.page;
    const dashboard = await dashboardOf(role);
    const withRequests = dashboard.currencies.filter((c) => c.requestCount > 0);
    const f = withRequests.find((c) => c.pastDue.count > 0) ?? withRequests[0]!;
    const approved = f.byStatus.find((s) => s.status === 'Approved')!;
    await t.visit(`${AREA[role].base}/dashboard?currency=${f.currency}`);
    await page.getByTestId('status-Approved').getByRole('link').click();
    await page.waitForURL((u) => u.pathname === '/spv/requests');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      status: 'Approved',
      currency: f.currency,
    });
    await t.settle();
    await until(() => listCount(page)).toBe(approved.count);
    await expect(page.getByRole('button', { name: `Currency ${f.currency}` }).count()).resolves.toBe(1);

    await t.visit(`${AREA[role].base}/dashboard?currency=${f.currency}`);
    await page.getByTestId('card-pastDue').getByRole('link').click();
    await page.waitForURL((u) => u.pathname === '/spv/requests' && u.searchParams.get('due') === 'past');
    await t.settle();
    if (f.pastDue.count > 0) await until(() => listCount(page)).toBe(f.pastDue.count);
    else await until(() => page.getByText('No requests match this filter.').count()).toBe(1);
    // The filter's chip removes it: the currency's requests of every state.
    await page.getByRole('button', { name: 'Past due' }).locator('svg').click();
    await page.waitForURL((u) => !u.searchParams.has('due'));
    await t.settle();
    await until(() => listCount(page)).toBe(f.requestCount);
    expect(t.graphqlErrors).toEqual([]);
  });

  it('the administrator’s work queues lead to their screens, the lists counting what the queue counts', async () => {
    const t = tab('admin');
    const page = t.page;
    // Other test files change the demo data meanwhile: a queue's count is read from the server
    // again right after the page shows it, and the page reloaded until both agree.
    const queuesNow = async () => (await dashboardOf('admin')).queues;
    const count = async (key: string) => (await queuesNow()).find((q) => q.key === key)!.count;
    expect((await queuesNow()).length).toBeGreaterThan(0);
    const visit = await t.visit('/admin/dashboard');
    expect(visit.problems).toEqual([]);
    const section = page.getByRole('region', { name: 'Work queues' });
    const shown = async () => {
      const queues = await queuesNow();
      const texts = await Promise.all(queues.map((q) => text(page, `queue-${q.key}`)));
      return queues.filter((q, i) => !texts[i]!.endsWith(` ${q.count}`)).map((q) => q.key);
    };
    for (let attempt = 0; (await shown()).length > 0 && attempt < 3; attempt++) {
      await page.reload();
      await t.settle();
    }
    expect(await shown(), 'queues whose count differs from the server’s').toEqual([]);

    const lists: [string, string, Record<string, string>][] = [
      ['requestsAwaitingDecision', '/admin/requests', { status: 'Under Review' }],
      ['linesAwaitingDecision', '/admin/buyers', { status: 'Investor Offer Pending' }],
      ['possibleDuplicates', '/admin/requests', { flag: 'duplicate' }],
    ];
    for (const [key, path, query] of lists) {
      await t.visit('/admin/dashboard');
      await section.getByTestId(`queue-${key}`).getByRole('link').click();
      await page.waitForURL((u) => u.pathname === path);
      expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual(query);
      await t.settle();
      const expected = await count(key);
      if (expected > 0) await until(() => listCount(page)).toBe(expected);
      else await until(() => page.getByText(/match this filter/).count()).toBe(1);
    }
    await t.visit('/admin/dashboard');
    await section.getByTestId('queue-payoutsToExport').getByRole('link').click();
    await page.waitForURL(
      (u) => u.pathname === '/admin/payouts' && u.searchParams.get('status') === 'Pending',
    );
    await t.visit('/admin/dashboard');
    await section.getByTestId('queue-unmatchedPayments').getByRole('link').click();
    await page.waitForURL((u) => u.pathname === '/admin/reconciliation');
    await t.settle();
    expect(t.graphqlErrors).toEqual([]);
  });

  it('the charts come after the figures, in a chunk of their own when one nears the screen, each with its table', async () => {
    // A fresh browser context: nothing cached, so the order of the loads is the first visit's;
    // on a phone the charts are below the first screen.
    const context = await newContext(browser!);
    contexts.push(context);
    const t = await Tab.open(context);
    current = t;
    const page = t.page;
    const dashboard = await dashboardOf('investor');
    const f = dashboard.currencies.find((c) => c.volumeByMonth.length > 0 && c.exposure.length > 0)!;
    expect(f, 'the demo investor has requests and an approved line in a currency').toBeDefined();
    const loads: ('figures' | 'charts')[] = [];
    page.on('response', (res) => {
      // The dashboard's chart chunk and the chart library's own (shared with other screens' charts).
      if (/\/(dashboard-charts|BarChart)-[\w-]+\.js$/.test(res.url())) loads.push('charts');
      if (res.url().endsWith('/graphql') && /dashboard/.test(res.request().postData() ?? ''))
        loads.push('figures');
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await signInThroughUI(page, DEMO_EMAIL.investor);
    await page.goto(`/investor/dashboard?currency=${f.currency}`);
    await t.settle();
    await until(() => text(page, 'value-approvedLimit')).toBe(money(f.approvedLimit, f.currency));
    expect(loads, 'no chart is near the first screen yet').not.toContain('charts');
    const volume = page.getByRole('region', { name: 'Volume by month and status' });
    const chart = volume.getByRole('img', { name: /^Volume by month and status: / });
    await volume.scrollIntoViewIfNeeded();
    await until(() => chart.locator('.MuiBarChart-element').count()).toBeGreaterThan(0);
    expect(loads).toContain('charts');
    expect(loads.indexOf('figures'), loads.join(', ')).toBeLessThan(loads.indexOf('charts'));

    // The same figures as a table: the server's cells of the months shown.
    await volume.getByRole('button', { name: 'Table' }).click();
    const table = volume.getByRole('table', { name: 'Volume by month and status' });
    expect(await table.getByRole('row').count()).toBe(f.volumeByMonth.length + 1);
    for (const cell of f.volumeByMonth)
      expect(await table.innerText()).toContain(money(cell.volume, f.currency));

    const aging = page.getByRole('region', { name: 'Aging' });
    if (f.aging.some((b) => b.count > 0)) {
      await aging.scrollIntoViewIfNeeded();
      await until(() => aging.locator('.MuiBarChart-element').count()).toBeGreaterThan(0);
      await aging.getByRole('button', { name: 'Table' }).click();
      const rows = aging.getByRole('table').getByRole('row');
      expect(await rows.count()).toBe(f.aging.length + 1);
    }
    const lines = page.getByRole('region', { name: 'Utilisation per line' });
    await lines.scrollIntoViewIfNeeded();
    await until(() => lines.locator('.MuiBarChart-element').count()).toBeGreaterThan(0);
    await lines.getByRole('button', { name: 'Table' }).click();
    const exposure = lines.getByRole('table', { name: 'Utilisation per line' });
    for (const e of f.exposure)
      await expect(exposure.getByRole('link', { name: e.buyerName }).count()).resolves.toBe(1);
    expect(t.consoleErrors).toEqual([]);
  });

  it('a caller with nothing yet sees where to start; a failed load says so and is tried again', async () => {
    // The server's answers replaced in this page only: no lines or requests, then a refusal.
    const context = await newContext(browser!);
    contexts.push(context);
    const t = await Tab.open(context);
    current = t;
    const page = t.page;
    await signInThroughUI(page, DEMO_EMAIL.broker);
    let answer: 'empty' | 'refused' | 'server' = 'empty';
    await page.route('**/graphql', async (route) => {
      if (answer === 'server' || !/dashboard/.test(route.request().postData() ?? '')) return route.continue();
      const body =
        answer === 'empty'
          ? {
              data: {
                dashboard: {
                  area: 'broker',
                  today: '2026-11-25',
                  months: [],
                  currencies: [],
                  queues: [],
                  dueSoon: [],
                  latestLines: [],
                },
              },
            }
          : { errors: [{ message: 'Not allowed: the test refused it', errorType: 'Unauthorized' }] };
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
    });
    await page.goto('/broker/dashboard');
    await until(() => page.getByTestId('dashboard-empty').count()).toBe(1);
    expect(await page.getByRole('group', { name: 'Currency' }).count()).toBe(0);
    expect(await page.getByTestId('dashboard-empty').getByRole('link').getAttribute('href')).toBe(
      '/broker/suppliers',
    );
    expect(await page.getByRole('region', { name: 'Latest limit requests' }).innerText()).toContain(
      'No limit requests are waiting.',
    );

    answer = 'refused';
    await page.reload();
    const alert = page.getByRole('alert').filter({ hasText: 'The dashboard could not be loaded' });
    await until(() => alert.innerText()).toContain(
      'The dashboard could not be loaded: Not allowed: the test refused it',
    );
    answer = 'server';
    await alert.getByRole('button', { name: 'Try again' }).click();
    await until(() => page.getByRole('group', { name: 'Currency' }).count()).toBe(1);
    expect(await alert.count()).toBe(0);
  });

  it('every area’s dashboard at 1280 and 390 px, without sideways scrolling', async () => {
    for (const role of ROLES) {
      const t = tab(role);
      const page = t.page;
      const dashboard = await dashboardOf(role);
      const f = dashboard.currencies.find((c) => c.requestCount > 0) ?? dashboard.currencies[0]!;
      await t.visit(`${AREA[role].base}/dashboard?currency=${f.currency}`);
      await until(() => text(page, 'value-approvedLimit')).toBe(money(f.approvedLimit, f.currency));
      await t.screenshot(`dashboard-${role}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await t.settle();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await t.screenshot(`dashboard-${role}-390`);
      await page.setViewportSize({ width: 1280, height: 860 });
      expect(t.consoleErrors).toEqual([]);
    }
  });
});
