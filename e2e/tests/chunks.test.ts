import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
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

/**
 * The first load's script budget (docs/architecture.md, “Web bundle and first load”): what a page
 * loads to show its screen — the entry with its static imports and the route's chunks, which the
 * server links from index.html for that address — in a handful of files, every one of them used
 * (else the links would be wasted bytes): at most 200 KB gzip each, /login and the signed-in
 * dashboards alike (bench/WEB-RESULTS.md says what they hold).
 */
const KB = 1024;

describe('Initial JS of the first pages', () => {
  let browser: Browser | undefined;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The scripts index.html names for `path` (entry, modulepreload links) and their gzip size. */
  async function initialScripts(path: string): Promise<Map<string, number>> {
    const html = await (await fetch(new URL(path, baseURL()))).text();
    const out = new Map<string, number>();
    for (const [, src] of html.matchAll(
      /<(?:script|link)\b[^>]*\b(?:src|href)="(\/static\/js\/[^"]+\.js)"/g,
    )) {
      const res = await fetch(new URL(src as string, baseURL()), {
        headers: { 'accept-encoding': 'identity' },
      });
      expect(res.status, src).toBe(200);
      out.set(src as string, gzipSync(Buffer.from(await res.arrayBuffer())).length);
    }
    return out;
  }

  it.each([
    { path: '/login', user: null, ready: 'button', budget: 200 },
    { path: '/app/dashboard', user: DEMO_EMAIL.supplier, ready: 'h1', budget: 200 },
    { path: '/admin/dashboard', user: DEMO_EMAIL.admin, ready: 'h1', budget: 200 },
    { path: '/investor/dashboard', user: DEMO_EMAIL.investor, ready: 'h1', budget: 200 },
  ])(
    '$path: its screen needs at most $budget KB gzip of scripts, all of them used',
    async ({ path, user, ready, budget }) => {
      const ctx = await newContext(browser as Browser);
      if (user) {
        const tab = await Tab.open(ctx);
        await signInThroughUI(tab.page, user);
        await tab.page.close();
      }
      const page = await ctx.newPage();
      const loaded = new Set<string>();
      page.on('request', (r) => {
        if (r.resourceType() === 'script') loaded.add(new URL(r.url()).pathname);
      });
      await page.goto(path);
      if (ready === 'h1') await page.locator('main h1').first().waitFor({ timeout: 20_000 });
      else await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe(path);

      const initial = await initialScripts(path);
      const total = [...initial.values()].reduce((n, b) => n + b, 0);
      expect([...initial.keys()].filter((s) => !loaded.has(s))).toEqual([]);
      expect(initial.size).toBeLessThanOrEqual(8);
      expect(total, `${path}: ${(total / KB).toFixed(1)} KB gzip`).toBeLessThanOrEqual(budget * KB);
      await ctx.close();
    },
  );
});
