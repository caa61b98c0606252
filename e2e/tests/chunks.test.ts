import type { Browser, BrowserContext, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';

/**
 * Lazy screens (docs/architecture.md, “Loading, session and errors”): "Loading..." while a screen's
 * chunk loads; a failed chunk load is retried once before the error screen. The list screen's chunk
 * is the one held up.
 */
const LIST_CHUNK = '**/static/js/list-screen-*.js';

describe('Lazy screen chunks (admin, dashboard → suppliers on the client)', () => {
  let browser: Browser | undefined;
  let context: BrowserContext;

  beforeAll(async () => {
    browser = await launch();
    context = await newContext(browser);
    const tab = await Tab.open(context);
    await signInThroughUI(tab.page, DEMO_EMAIL.admin);
    await tab.page.close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A fresh page on the dashboard (so no screen chunk but the dashboard's is loaded yet). */
  async function onDashboard(handler: (route: Route, attempt: number) => Promise<void>) {
    const tab = await Tab.open(context);
    let attempts = 0;
    await tab.page.route(LIST_CHUNK, (route) => handler(route, ++attempts));
    await tab.visit('/admin/dashboard');
    return { tab, attempts: () => attempts };
  }

  it('shows "Loading..." while the screen chunk loads, then the screen', async () => {
    const { tab, attempts } = await onDashboard(async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await tab.go('/admin/suppliers');
    await expect
      .poll(() => tab.page.getByRole('status').filter({ hasText: 'Loading...' }).first().isVisible(), {
        timeout: 1400,
      })
      .toBe(true);
    await tab.page.waitForURL((u) => u.pathname === '/admin/suppliers');
    await tab.settle();
    const visit = await tab.describe('/admin/suppliers');
    expect(visit.heading).toBe('Suppliers');
    expect(visit.problems).toEqual([]);
    expect(attempts()).toBe(1);
    await tab.page.close();
  });

  it('retries a chunk that failed once and shows the screen', async () => {
    const { tab, attempts } = await onDashboard((route, attempt) =>
      attempt === 1 ? route.abort('connectionreset') : route.continue(),
    );
    await tab.go('/admin/suppliers');
    await tab.page.waitForURL((u) => u.pathname === '/admin/suppliers');
    await expect
      .poll(() => tab.page.getByRole('heading', { level: 1, name: 'Suppliers' }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await tab.settle();
    expect(attempts()).toBe(2);
    // The failed first attempt is expected to leave its network error in the console; nothing else.
    const visit = await tab.describe('/admin/suppliers');
    const unexpected = visit.problems.filter(
      (p) => !/list-screen-.*ERR_CONNECTION_RESET|Failed to load resource: net::ERR_CONNECTION_RESET/.test(p),
    );
    expect(unexpected).toEqual([]);
    await tab.page.close();
  });

  it('shows the error screen when the chunk fails twice', async () => {
    const { tab, attempts } = await onDashboard((route) => route.abort('connectionreset'));
    await tab.go('/admin/suppliers');
    await expect
      .poll(() => tab.page.getByRole('heading', { name: 'Unexpected Application Error' }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await tab.page.getByText('A part of the application could not be loaded').isVisible()).toBe(true);
    expect(await tab.page.getByRole('button', { name: 'Reload the page' }).isVisible()).toBe(true);
    expect(attempts()).toBe(2);
    await tab.page.close();
  });
});
