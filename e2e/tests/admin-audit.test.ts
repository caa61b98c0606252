import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../support/api.ts';
import { baseURL, launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { ARTIFACTS, DEMO_EMAIL } from '../support/config.ts';
import { fillText, save, stampOf, until } from '../support/flows.ts';
import { demoParties } from '../support/requests.ts';

/**
 * docs/architecture.md, “Audit trail”: an administrator changes a record through its edit form and
 * then finds the change, old → new, with who made it and from where, in the record's "Audit trail"
 * section and on the audit screen, filtered to that record; both read at 390 px too. The record is
 * made in the setup and deleted at the end, so the demo's records stay as other files expect.
 */
describe('Audit trail: a change shows on the record and on the audit screen', () => {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let tab: Tab | undefined;
  let api: Api;
  const n = stampOf();
  const name = `E2E Audit ${n} Director`;
  let directorId = '';
  let adminToken = '';
  const change = /Job title: — → Chief Auditor/;
  /** A screenshot of the record's Audit trail section alone (it ends a long page). */
  const shootSection = (t: Tab, name: string) =>
    t.page
      .locator('.MuiAccordion-root')
      .filter({ has: t.page.getByRole('button', { name: 'Audit trail' }) })
      .screenshot({ path: join(ARTIFACTS, `${name}.png`) });

  beforeAll(async () => {
    api = new Api(baseURL());
    adminToken = (await api.signIn(DEMO_EMAIL.admin)).idToken;
    const parties = await demoParties(api);
    const made = await api.gql<{ createDirector: { id: string } }>(
      adminToken,
      'mutation ($input: CreateDirectorInput!) { createDirector(input: $input) { id } }',
      { input: { userId: parties.supplierGroup, supplierId: parties.supplierId, director_name: name } },
    );
    directorId = made.createDirector.id;
    browser = await launch();
    context = await newContext(browser);
    context.setDefaultTimeout(10_000);
    tab = await Tab.open(context);
    await signInThroughUI(tab.page, DEMO_EMAIL.admin);
    await tab.settle();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await tab?.screenshot(`fail-admin-audit-${ctx.task.name.slice(0, 40)}`).catch(() => undefined);
  });
  afterAll(async () => {
    if (directorId) {
      const { getDirector } = await api.gql<{ getDirector: { _version: number } | null }>(
        adminToken,
        'query ($id: ID!) { getDirector(id: $id) { _version } }',
        { id: directorId },
      );
      if (getDirector)
        await api
          .gql(
            adminToken,
            'mutation ($input: DeleteDirectorInput!) { deleteDirector(input: $input) { id } }',
            {
              input: { id: directorId, _version: getDirector._version },
            },
          )
          .catch(() => undefined);
    }
    await context?.close().catch(() => undefined);
    await browser?.close();
  });

  it('the admin edits a director; its detail lists the change with who and from where', async () => {
    const t = tab as Tab;
    const page = t.page;
    expect((await t.visit(`/admin/director/${directorId}?edit=1`)).problems).toEqual([]);
    await fillText(page, 'director_jobtitle', 'Chief Auditor');
    await save(t, `/admin/director/${directorId}`);
    // The "Director saved." notice would cover the screenshots.
    await page.locator('.MuiSnackbar-root').getByRole('button', { name: 'Close' }).click();

    const section = page.getByRole('region', { name: 'Audit trail' });
    await page.getByRole('button', { name: 'Audit trail' }).click();
    await until(() => section.getByRole('listitem').count()).toBe(2);
    const [changed, created] = await section.getByRole('listitem').allInnerTexts();
    expect(changed).toMatch(/^[\s\S]*Changed[\s\S]*Job title: — → Chief Auditor/);
    expect(changed).toMatch(/by .+ \(Admin\)/);
    expect(changed).toMatch(/from \S+/);
    expect(created).toMatch(new RegExp(`Created[\\s\\S]*Name: — → ${name}`));
    // References and the owner read by name once loaded (the supplier, its organisation), not by id.
    const uuid = /→ [0-9a-f]{8}-[0-9a-f]{4}-/;
    await until(async () => uuid.test(await section.getByRole('listitem').last().innerText())).toBe(false);
    expect(t.graphqlErrors).toEqual([]);
    await shootSection(t, 'admin-audit-record-detail');
  });

  it('the audit screen finds the change with its filters, and reads at 390 px', async () => {
    const t = tab as Tab;
    const page = t.page;
    const visit = await t.visit('/admin/audit');
    expect(visit.problems).toEqual([]);
    expect(visit.heading).toBe('Audit trail');
    await page.getByLabel('Kind of record').click();
    await page.getByRole('option', { name: 'Director', exact: true }).click();
    await page.getByLabel('Record id').fill(directorId);
    await page.waitForURL((u) => u.searchParams.get('record') === directorId);
    await t.settle();
    const events = page.getByRole('region', { name: 'Events' }).getByRole('listitem');
    await until(() => events.count()).toBe(2);
    const first = await events.first().innerText();
    expect(first).toMatch(/Changed · Director of \S/);
    expect(first).toMatch(change);
    expect(first).toMatch(/by .+ \(Admin\)/);
    await t.screenshot('admin-audit-screen');

    // The record link opens the director.
    await events.first().getByRole('link', { name: 'Director' }).click();
    await page.waitForURL((u) => u.pathname === `/admin/director/${directorId}`);

    await page.setViewportSize({ width: 390, height: 844 });
    const narrow = await t.visit(`/admin/audit?model=Director&record=${directorId}`);
    expect(narrow.problems).toEqual([]);
    expect(await events.first().innerText()).toMatch(change);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await t.screenshot('admin-audit-screen-390');
    await t.visit(`/admin/director/${directorId}`);
    await page.getByRole('button', { name: 'Audit trail' }).click();
    await until(() => page.getByRole('region', { name: 'Audit trail' }).getByRole('listitem').count()).toBe(
      2,
    );
    await shootSection(t, 'admin-audit-record-detail-390');
    await page.setViewportSize({ width: 1280, height: 860 });
  });
});
