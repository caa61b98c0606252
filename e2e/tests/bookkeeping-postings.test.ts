import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../support/api.ts';
import { baseURL, launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';
import { until } from '../support/flows.ts';

interface Booking {
  id: string;
  requestId: string;
  bookkeeping_status_admin: string | null;
  bookkeeping_status_spv: string | null;
}

const BOOKINGS =
  'query { listBookkeepings(limit: 1000) { items { id requestId bookkeeping_status_admin bookkeeping_status_spv } } }';

/**
 * docs/business-rules.md, “Bookkeeping that posts”: the bookkeeping detail of a settled request
 * shows its amounts and what each step posted (approval, settlement, the limit's release), by
 * account and party, never bare ids; the SPV's purchase approval books the purchase, which then
 * shows on the detail, and sends the RAA offer notice for signature. At 1280 and 390 px
 * (screenshots `bookkeeping-*`).
 */
describe('Bookkeeping that posts', () => {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  let admin: Tab;
  let spv: Tab;
  let api: Api;
  let adminToken = '';
  let bookings: Booking[] = [];
  const statusOf = async (requestId: string) =>
    (
      await api.gql<{ getRequest: { request_status: string } }>(
        adminToken,
        'query ($id: ID!) { getRequest(id: $id) { request_status } }',
        { id: requestId },
      )
    ).getRequest.request_status;

  beforeAll(async () => {
    api = new Api(baseURL());
    adminToken = (await api.signIn(DEMO_EMAIL.admin)).idToken;
    bookings = (await api.gql<{ listBookkeepings: { items: Booking[] } }>(adminToken, BOOKINGS))
      .listBookkeepings.items;
    browser = await launch();
    const open = async (email: string) => {
      const context = await newContext(browser!);
      context.setDefaultTimeout(10_000);
      contexts.push(context);
      const tab = await Tab.open(context);
      await signInThroughUI(tab.page, email);
      await tab.settle();
      return tab;
    };
    admin = await open(DEMO_EMAIL.admin);
    spv = await open(DEMO_EMAIL.spv);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') {
      await admin?.screenshot(`fail-bookkeeping-admin-${ctx.task.name.slice(0, 40)}`).catch(() => undefined);
      await spv?.screenshot(`fail-bookkeeping-spv-${ctx.task.name.slice(0, 40)}`).catch(() => undefined);
    }
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('shows a settled request’s amounts and the entries of each step, by account and party', async () => {
    let settled: Booking | undefined;
    for (const b of bookings) if ((await statusOf(b.requestId)) === 'Settled') settled = settled ?? b;
    expect(settled, 'the demo has a settled request with its bookkeeping').toBeDefined();
    const page = admin.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    await admin.visit(`/admin/bookkeeping/${settled!.id}`);
    const panel = page.getByRole('region', { name: 'Postings' });
    await panel.waitFor();
    await until(async () => (await panel.getByRole('region', { name: 'Settlement' }).count()) > 0).toBe(true);
    for (const step of ['Approval', 'Settlement', 'Limit release'])
      expect(await panel.getByRole('region', { name: step }).count(), step).toBeGreaterThan(0);
    const text = await panel.innerText();
    expect(text).toMatch(/Receivables purchased/i);
    expect(text).toMatch(/Purchase amount/);
    // Parties by name, never an id.
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
    await admin.screenshot('bookkeeping-settled-detail');
    await page.setViewportSize({ width: 390, height: 844 });
    await admin.settle();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await admin.screenshot('bookkeeping-settled-detail-390');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('books the SPV’s purchase on its approval and sends the RAA offer notice for signature', async () => {
    // The last of its batch to be purchased: a batch's one RAA waits for every invoice's purchase.
    const lastOfBatch = async (requestId: string) => {
      const { getRequest } = await api.gql<{ getRequest: { batchId: string | null } }>(
        adminToken,
        'query ($id: ID!) { getRequest(id: $id) { batchId } }',
        { id: requestId },
      );
      if (!getRequest.batchId) return true;
      const { listRequests } = await api.gql<{
        listRequests: {
          items: { id: string; request_status: string; bookkeeping_status_spv: string | null }[];
        };
      }>(
        adminToken,
        'query ($b: String!) { listRequests(filter: { batchId: { eq: $b } }, limit: 50) { items { id request_status bookkeeping_status_spv } } }',
        { b: getRequest.batchId },
      );
      return listRequests.items
        .filter((r) => r.id !== requestId)
        .every(
          (r) =>
            !['Under Review', 'Documents Pending'].includes(r.request_status) &&
            (!['Approved', 'Settled'].includes(r.request_status) || r.bookkeeping_status_spv === 'Approved'),
        );
    };
    let open: Booking | undefined;
    for (const b of bookings)
      if (
        !open &&
        b.bookkeeping_status_spv !== 'Approved' &&
        (await statusOf(b.requestId)) === 'Approved' &&
        (await lastOfBatch(b.requestId))
      )
        open = b;
    expect(open, 'the demo has an approved request whose SPV purchase is open').toBeDefined();
    const page = spv.page;
    await spv.visit(`/spv/bookkeeping/${open!.id}`);
    const panel = page.getByRole('region', { name: 'Postings' });
    await panel.waitFor();
    await page.getByRole('button', { name: 'Approve purchase' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByRole('button', { name: 'Approve purchase', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await until(
      async () => (await panel.getByRole('region', { name: 'SPV purchase' }).count()) > 0,
      15_000,
    ).toBe(true);
    expect(await panel.getByRole('region', { name: 'SPV purchase' }).innerText()).toMatch(
      /Receivables purchased/i,
    );
    await spv.screenshot('bookkeeping-spv-purchase');
    const { requestEnvelopes } = await api.gql<{ requestEnvelopes: { kind: string; status: string }[] }>(
      adminToken,
      'query ($id: ID!) { requestEnvelopes(requestId: $id) { kind status } }',
      { id: open!.requestId },
    );
    expect(requestEnvelopes.map((e) => e.kind)).toContain('raa_offer_notice');
  });
});
