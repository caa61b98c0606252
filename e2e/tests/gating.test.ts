import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { AREA, DEMO_EMAIL, ROLES, type RoleKey } from '../support/config.ts';
import { fill } from '../support/routes.ts';

/** A sample of each area's routes, with real ids. */
const SAMPLES: Record<RoleKey, readonly string[]> = {
  supplier: ['/app/dashboard', '/app/buyers', '/app/newsupplierdirector/{S1.id}'],
  admin: [
    '/admin/dashboard',
    '/admin/suppliers',
    '/admin/supplier/{A.supplier}',
    '/admin/request/{A.request}',
  ],
  investor: [
    '/investor/dashboard',
    '/investor/obligors',
    '/investor/request/{I1.request}',
    '/investor/bank/remittance',
  ],
  spv: ['/spv/dashboard', '/spv/bookkeeping', '/spv/request/{P.request}', '/spv/bank/collection'],
  broker: ['/broker/dashboard', '/broker/suppliers', '/broker/supplier/{B.supplier}', '/broker/groups'],
};

type Viewer = RoleKey | 'signed out';
const VIEWERS: readonly Viewer[] = ['signed out', ...ROLES];

/**
 * Each area shows its login screen to a user without its role. The supplier area (`/app`, the
 * address most people type) takes a signed-in user of another role to their own area instead.
 */
function expectation(area: RoleKey, viewer: Viewer): 'content' | 'login' | 'own area' {
  if (viewer === area) return 'content';
  if (area === 'supplier') return viewer === 'signed out' ? 'login' : 'own area';
  return 'login';
}

const fixtures = inject('fixtures');
const cases = ROLES.flatMap((area) =>
  VIEWERS.filter((viewer) => viewer !== area).flatMap((viewer) =>
    SAMPLES[area].map((sample) => ({
      area,
      viewer,
      sample,
      path: fill(sample, fixtures),
      want: expectation(area, viewer),
    })),
  ),
);

describe('Area gating', () => {
  let browser: Browser | undefined;
  const tabs = new Map<Viewer, Tab>();
  /** What each viewer's tab shows now: an area's login screen looks the same for every path. */
  const showing = new Map<Viewer, string>();

  beforeAll(async () => {
    browser = await launch();
    const b = browser;
    await Promise.all(
      VIEWERS.map(async (viewer) => {
        const tab = await Tab.open(await newContext(b));
        if (viewer !== 'signed out') {
          await signInThroughUI(tab.page, DEMO_EMAIL[viewer]);
          await tab.settle();
        }
        tabs.set(viewer, tab);
      }),
    );
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(cases)('$area area $sample as $viewer → $want', async (c) => {
    const tab = tabs.get(c.viewer) as Tab;
    onTestFailed(() => tab.screenshot(`fail-gating-${c.area}-${c.viewer}-${c.sample}`));
    const screen = `${c.area} ${c.want}`;
    const same = c.want === 'login' && showing.get(c.viewer) === screen;
    showing.set(c.viewer, screen);
    if (c.want === 'own area' && c.viewer !== 'signed out') {
      const own = AREA[c.viewer];
      const visit = await tab.visit(c.path, { expectPath: `${own.base}/dashboard` });
      expect(visit.problems).toEqual([]);
      await expect
        .poll(() => tab.page.getByRole('navigation', { name: `${own.label} navigation` }).isVisible())
        .toBe(true);
      return;
    }
    const visit = await tab.visit(c.path, {
      content: c.want === 'content',
      ...(same ? { renderTimeoutMs: 150 } : {}),
    });
    const label = AREA[c.area].label;
    const page = tab.page;
    const nav = page.getByRole('navigation', { name: `${label} navigation` });
    if (c.want === 'content') {
      expect(visit.problems).toEqual([]);
      await expect.poll(() => nav.isVisible()).toBe(true);
      return;
    }
    // The area's login screen: its sign-in heading; the area's navigation and content are not shown.
    const heading = c.area === 'supplier' ? 'Sign in' : `${label} sign-in`;
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: heading, exact: true }).isVisible())
      .toBe(true);
    expect(await nav.count()).toBe(0);
    // The sign-in screen is the page's only main region: no area layout around it.
    expect(await page.locator('main').count()).toBe(1);
    expect(
      await page.locator('main').getByRole('heading', { level: 1, name: heading, exact: true }).count(),
    ).toBe(1);
    if (c.viewer === 'signed out') {
      expect(await page.getByLabel('E-mail or phone number').isVisible()).toBe(true);
    } else {
      // Signed in with another role: the screen says so and offers the way to the own area.
      expect(await page.getByText(`You are signed in as ${DEMO_EMAIL[c.viewer]}`).isVisible()).toBe(true);
    }
    expect(visit.problems).toEqual([]);
  });

  it.each(ROLES)('an unknown path of the %s area ends on its 404 screen', async (area) => {
    const tab = tabs.get(area) as Tab;
    const base = AREA[area].base;
    const visit = await tab.visit(`${base}/no-such-screen/42`, { expectPath: `${base}/404`, content: false });
    expect(await tab.page.getByRole('heading', { level: 1, name: 'Page not found' }).isVisible()).toBe(true);
    expect(visit.problems).toEqual([]);
  });

  it('an unknown top-level path ends on /404', async () => {
    const tab = tabs.get('signed out') as Tab;
    const visit = await tab.visit('/no-such-page', { expectPath: '/404', content: false });
    expect(await tab.page.getByRole('heading', { level: 1, name: 'Page not found' }).isVisible()).toBe(true);
    expect(visit.problems).toEqual([]);
  });
});
