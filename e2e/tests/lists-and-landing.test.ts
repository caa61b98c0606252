import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { Api } from '../support/api.ts';
import { baseURL, launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { AREA, DEMO_EMAIL } from '../support/config.ts';
import { until } from '../support/flows.ts';

/**
 * Lists: list rows are real links (keyboard, new tab) and a list's search, filter, sort and
 * page live in the URL (Back and reload restore them); another role's user who opens /app is taken
 * to their own area; a new supplier lands on its onboarding checklist.
 */
describe('Lists as links with their state in the URL; who lands where', () => {
  let browser: Browser | undefined;
  let admin: Tab;

  beforeAll(async () => {
    browser = await launch();
    admin = await Tab.open(await newContext(browser));
    await signInThroughUI(admin.page, DEMO_EMAIL.admin);
    await admin.settle();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const grid = (page: Page) => page.getByRole('grid');
  const query = (page: Page) => new URL(page.url()).searchParams;

  it('opens a list row by keyboard: the row’s first cell is a link to the record', async () => {
    onTestFailed(() => admin.screenshot('fail-lists-keyboard'));
    const page = admin.page;
    const visit = await admin.visit('/admin/suppliers');
    expect(visit.problems).toEqual([]);
    const links = grid(page).getByRole('link');
    await until(() => links.count()).toBeGreaterThan(0);
    // Every row has a real link (an <a href>) to its supplier, so "open in new tab" works too.
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^\/admin\/supplier\/[0-9a-f-]{36}$/);

    // Keyboard only: from the search box, Tab into the grid, arrow down to the first row, Enter.
    await page.getByLabel('Search').focus();
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return {
          tag: el?.tagName ?? '',
          href: el?.getAttribute('href') ?? null,
          inGrid: Boolean(el?.closest('[role="grid"]')),
          header: Boolean(el?.closest('[role="columnheader"]')),
        };
      });
    for (let i = 0; i < 6 && !(await focused()).inGrid; i++) await page.keyboard.press('Tab');
    expect((await focused()).inGrid).toBe(true);
    if ((await focused()).header) await page.keyboard.press('ArrowDown');
    await until(async () => (await focused()).tag).toBe('A');
    const target = (await focused()).href;
    expect(target).toBe(hrefs[0]);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === target);
    await admin.settle();
    const detail = await admin.describe(target as string);
    expect(detail.problems).toEqual([]);
    // The supplier's detail is titled by its name, with no raw ids on the screen.
    expect(detail.heading).toBeTruthy();
    expect(detail.mainText).not.toMatch(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/);
  });

  it('keeps a search in the URL, so Back from a record restores it', async () => {
    onTestFailed(() => admin.screenshot('fail-lists-back'));
    const page = admin.page;
    await admin.visit('/admin/requests');
    const firstLink = grid(page).getByRole('link').first();
    await until(() => firstLink.isVisible()).toBe(true);
    // Search for the first request's invoice number.
    const invoice = (await firstLink.innerText()).trim();
    expect(invoice).not.toBe('');
    await page.getByLabel('Search').fill(invoice);
    await page.waitForURL((u) => u.searchParams.get('q') === invoice);
    await admin.settle();
    const rowsFound = await grid(page).getByRole('link').allInnerTexts();
    expect(rowsFound.length).toBeGreaterThan(0);
    for (const text of rowsFound) expect(text).toContain(invoice);
    const listUrl = page.url();

    // Open the request (a link click), then Back.
    await grid(page).getByRole('link').first().click();
    await page.waitForURL((u) => u.pathname.startsWith('/admin/request/'));
    await admin.settle();
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/admin/requests');
    await admin.settle();
    expect(page.url()).toBe(listUrl);
    expect(await page.getByLabel('Search').inputValue()).toBe(invoice);
    expect(await grid(page).getByRole('link').allInnerTexts()).toEqual(rowsFound);
    await admin.screenshot('lists-search-restored');
  });

  it('keeps the status filter and the page (with its server cursor) through a reload', async () => {
    onTestFailed(() => admin.screenshot('fail-lists-page'));
    const page = admin.page;
    await admin.visit('/admin/requests?size=10');
    await until(() => grid(page).getByRole('link').count()).toBe(10);
    const firstPage = await grid(page).getByRole('link').allInnerTexts();
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    expect(query(page).get('after')).toBeTruthy();
    // The first page stays on screen until the second one's rows arrive.
    await until(() => grid(page).getByRole('link').allInnerTexts()).not.toEqual(firstPage);
    await admin.settle();
    const secondPage = await grid(page).getByRole('link').allInnerTexts();
    expect(secondPage.length).toBeGreaterThan(0);
    // A reload shows the same page.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await admin.settle();
    expect(query(page).get('page')).toBe('2');
    await until(() => grid(page).getByRole('link').allInnerTexts()).toEqual(secondPage);
    // A status chip is a filter in the URL too, and starts again on the first page.
    await page
      .getByRole('group', { name: 'Filter by status' })
      .getByRole('button', { name: 'Approved' })
      .click();
    await page.waitForURL((u) => u.searchParams.get('status') === 'Approved' && !u.searchParams.has('page'));
    await admin.settle();
    await page.reload({ waitUntil: 'domcontentloaded' });
    await admin.settle();
    expect(
      await page
        .getByRole('group', { name: 'Filter by status' })
        .getByRole('button', { name: 'Approved' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('takes a signed-in investor who opens /app to the investor area', async () => {
    const investor = await Tab.open(await newContext(browser as Browser));
    onTestFailed(() => investor.screenshot('fail-lists-investor-app'));
    await signInThroughUI(investor.page, DEMO_EMAIL.investor);
    await investor.settle();
    for (const at of ['/app', '/app/requests', '/app/dashboard']) {
      const visit = await investor.visit(at, { expectPath: `${AREA.investor.base}/dashboard` });
      expect(visit.problems).toEqual([]);
      await until(() =>
        investor.page.getByRole('navigation', { name: 'Investor navigation' }).isVisible(),
      ).toBe(true);
      expect(await investor.page.getByRole('navigation', { name: 'Supplier navigation' }).count()).toBe(0);
    }
    // Also straight from the address bar (a page load, not a client-side move).
    await investor.page.goto('/app/buyers');
    await investor.page.waitForURL((u) => u.pathname === `${AREA.investor.base}/dashboard`);
    await investor.page.context().close();
  });

  it('lands a new supplier on its onboarding checklist, not on an empty dashboard', async () => {
    const api = new Api(baseURL());
    const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-7);
    const who = {
      email: `e2e-landing-${n}@example.test`,
      password: 'amber-kettle-river-52',
      name: `E2E Landing ${n}`,
      organisation: `E2E Landing ${n} Ltd`,
    };
    const since = Date.now();
    await api.auth('sign-up', {
      email: who.email,
      password: who.password,
      name: who.name,
      group_type: 'Supplier',
      group_name: who.organisation,
    });
    await api.auth('confirm-sign-up', {
      email: who.email,
      username: who.email,
      code: await api.codeFor(who.email, since),
    });
    const supplier = await Tab.open(await newContext(browser as Browser));
    onTestFailed(() => supplier.screenshot('fail-lists-new-supplier'));
    await signInThroughUI(supplier.page, who.email, who.password);
    await supplier.page.waitForURL((u) => u.pathname === '/app/account', { timeout: 20_000 });
    await supplier.settle();
    const landing = await supplier.describe('/app/account');
    expect(landing.problems).toEqual([]);
    const checklist = supplier.page.getByRole('region', { name: 'Onboarding checklist' });
    expect(await checklist.isVisible()).toBe(true);
    expect(await checklist.getByRole('button', { name: 'Add company details' }).isVisible()).toBe(true);
    await supplier.screenshot('new-supplier-landing');
    // The dashboard, opened on purpose, also leads back to the checklist until the company is approved.
    await supplier.visit('/app/dashboard', { expectPath: '/app/account' });
    await supplier.page.setViewportSize({ width: 390, height: 844 });
    await supplier.settle();
    await supplier.screenshot('new-supplier-landing-390');
    await supplier.page.context().close();
  });
});
