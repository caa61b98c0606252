import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';

/** Public paths, and each area's own login and register screens, signed out. */
const SIGNED_OUT = [
  { path: '/login', heading: 'Sign in', shot: 'public-login' },
  { path: '/register', heading: 'Create your account', shot: 'public-register' },
  { path: '/404', heading: 'Page not found' },
  { path: '/', heading: 'Sign in' },
  { path: '/admin/login', heading: 'Admin sign-in', shot: 'admin-login' },
  { path: '/investor/login', heading: 'Investor sign-in' },
  { path: '/investor/register', heading: 'Register as an investor', shot: 'investor-register' },
  { path: '/spv/login', heading: 'SPV sign-in' },
  { path: '/spv/register', heading: 'Register as an SPV' },
  { path: '/broker/login', heading: 'Broker sign-in' },
  { path: '/broker/register', heading: 'Register as a broker' },
] as const;

describe('Public screens', () => {
  let browser: Browser | undefined;
  let tab: Tab;

  beforeAll(async () => {
    browser = await launch();
    tab = await Tab.open(await newContext(browser));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(SIGNED_OUT)('$path signed out shows "$heading"', async (c) => {
    const visit = await tab.visit(c.path, { content: false });
    expect(visit.problems).toEqual([]);
    await expect
      .poll(() => tab.page.getByRole('heading', { level: 1, name: c.heading, exact: true }).isVisible())
      .toBe(true);
    if ('shot' in c) await tab.screenshot(c.shot);
  });

  it('/ signed in shows the main screen of the user (supplier → /app/dashboard)', async () => {
    const own = await Tab.open(await newContext(browser as Browser));
    await signInThroughUI(own.page, DEMO_EMAIL.supplier);
    const visit = await own.visit('/', { expectPath: '/app/dashboard' });
    expect(visit.problems).toEqual([]);
    await own.page.context().close();
  });

  // docs/architecture.md, “Demo data set”: phones +15550000001 … in the order Admin, Supplier S1,
  // Supplier S2, Investor I1, Investor I2, SPV P, Broker B (was numbered in another order until
  // commit 9584f48).
  it('a demo user signs in by phone: +15550000002 is Supplier S1', async () => {
    const own = await Tab.open(await newContext(browser as Browser));
    try {
      await signInThroughUI(own.page, '+15550000002');
      expect(new URL(own.page.url()).pathname).toBe('/app/dashboard');
      // The account menu names the signed-in user (from the id token, which stays in memory).
      await own.page.getByRole('button', { name: 'Account menu' }).click();
      await expect
        .poll(() => own.page.getByRole('menu').getByText(DEMO_EMAIL.supplier).isVisible())
        .toBe(true);
    } finally {
      await own.page.context().close();
    }
  });
});
