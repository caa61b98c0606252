import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';

/**
 * What docs/architecture.md, “Deployment” promises the browser: the Content-Security-Policy holds
 * on the sign-in page and signed in (file previews too), demo mode shows its banner, and without a
 * DSN no Sentry SDK is loaded.
 */

/** Every report of a broken CSP rule: Chrome's console message and the DOM's violation event. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) messages.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__cspViolations', { value: seen });
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return async () => {
    const events = await page.evaluate(
      () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
    );
    return [...messages, ...events];
  };
}

/** The scripts a page loaded, with their text. */
function watchScripts(page: Page): Map<string, Promise<string>> {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script')
      scripts.set(
        res.url(),
        res.text().catch(() => ''),
      );
  });
  return scripts;
}

/** The signed-in frame of an area (its account menu), not its sign-in screen. */
const signedInLayout = (page: Page) => page.getByRole('button', { name: 'Account menu' }).isVisible();

describe('HTTP hardening in the browser', () => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the sign-in page carries the security headers and breaks no rule of its CSP', async () => {
    const context = await newContext(browser as Browser);
    const page = await context.newPage();
    const violations = await watchCsp(page);
    const res = await page.goto('/login');
    const headers = res?.headers() ?? {};
    expect(headers['content-security-policy']).toMatch(/script-src 'self';/);
    expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['strict-transport-security']).toBeUndefined(); // plain HTTP
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Sign in' }).isVisible()).toBe(true);
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it("an administrator's screens break no rule of the CSP, a PDF preview included", async () => {
    const context = await newContext(browser as Browser);
    const tab = await Tab.open(context);
    const violations = await watchCsp(tab.page);
    await signInThroughUI(tab.page, DEMO_EMAIL.admin, undefined, '/admin/login');
    // What each screen shows is the crawl's to check (crawl-admin.test.ts); here, only the CSP.
    await tab.page.goto('/admin/dashboard');
    await expect.poll(() => signedInLayout(tab.page)).toBe(true);
    await tab.page.goto(`/admin/supplier/${inject('fixtures')['A.supplier']}`);
    await expect.poll(() => signedInLayout(tab.page)).toBe(true);
    // A document's PDF is shown from a blob: URL in a frame (frame-src blob:).
    await tab.page.goto(`/admin/document/${inject('fixtures')['A.document']}`);
    const previewButton = tab.page
      .locator('main')
      .getByRole('button', { name: /^Preview .*\.pdf$/ })
      .first();
    await previewButton.waitFor({ state: 'visible', timeout: 20_000 });
    await previewButton.click();
    const frame = tab.page.getByRole('dialog').locator('iframe');
    await expect.poll(() => frame.getAttribute('src'), { timeout: 15_000 }).toMatch(/^blob:/);
    await tab.page.waitForTimeout(1_000); // the PDF viewer loads in the frame
    await tab.screenshot('hardening-admin-preview');
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('shows the "Demo data" banner the server announces, and keeps the session over a reload', async () => {
    const context = await newContext(browser as Browser);
    const tab = await Tab.open(context);
    const config = await tab.page.request.get('/config.json');
    expect(await config.json()).toEqual({ demo: true, bankLink: false });
    await signInThroughUI(tab.page, DEMO_EMAIL.investor, undefined, '/investor/login');
    await tab.page.reload();
    await tab.page.waitForURL((u) => u.pathname === '/investor/dashboard');
    await expect.poll(() => signedInLayout(tab.page)).toBe(true);
    const banner = tab.page.getByRole('complementary', { name: 'Demo mode' });
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await banner.innerText()).toMatch(/^Demo data/);
    await tab.settle().catch(() => undefined); // the dashboard's own state is the crawl's to check
    await tab.screenshot('hardening-demo-banner');
    await context.close();
  });

  it('loads no Sentry SDK without a DSN, and the first page has none in its scripts', async () => {
    const context = await newContext(browser as Browser);
    const page = await context.newPage();
    const scripts = watchScripts(page);
    await signInThroughUI(page, DEMO_EMAIL.supplier);
    await page.waitForLoadState('networkidle');
    expect(scripts.size).toBeGreaterThan(5);
    for (const [url, text] of scripts) expect(await text, url).not.toContain('__SENTRY__');
    await context.close();
  });
});
