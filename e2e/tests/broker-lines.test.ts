import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { Api } from '../support/api.ts';
import { baseURL, launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';
import { fillText, pickAuto, pickSelect, save, stampOf, until } from '../support/flows.ts';

/**
 * Buyer credit lines on the broker's side: broker@demo.test adds a buyer line for the
 * supplier it introduced (Supplier S1), proposes its terms (requested amount, advance, base rate,
 * spread, fees, investor and SPV picked by name) and submits it for an investor offer; the line then
 * shows "Investor Offer Pending" on its page and in the broker's limits, which list only the
 * broker's suppliers' lines. The line is new, so the demo's own lines stay as they are.
 */
describe('Broker lines: new buyer line → terms → submitted for an investor offer → limits', () => {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let broker: Tab;
  const fixtures = inject('fixtures');
  const supplierId = fixtures['B.supplier'] ?? '';
  const n = stampOf();
  const buyerName = `E2E Broker Line ${n} GmbH`;
  let buyerId = '';
  let failed = false;

  beforeAll(async () => {
    browser = await launch();
    context = await newContext(browser);
    context.setDefaultTimeout(10_000);
    broker = await Tab.open(context);
    await signInThroughUI(broker.page, DEMO_EMAIL.broker);
    await broker.settle();
  });
  beforeEach((ctx) => {
    // Each step needs the ones before it.
    if (failed) ctx.skip();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    failed = true;
    await broker?.screenshot(`fail-broker-lines-${ctx.task.name.slice(0, 40)}`).catch(() => undefined);
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
  });

  it('adds a buyer line for its supplier from the supplier page', async () => {
    const page = broker.page;
    await broker.visit(`/broker/supplier/${supplierId}`);
    await page
      .getByRole('region', { name: /^Buyer lines/ })
      .getByRole('button', { name: 'Add' })
      .click();
    await page.waitForURL((u) => u.pathname.startsWith(`/broker/newbuyer/${supplierId}/`));
    await broker.settle();
    await fillText(page, 'buyer_name', buyerName);
    await pickAuto(page, 'buyer_currency', 'USD', /^USD/);
    await fillText(page, 'buyer_loan_request_amount', '650000');
    await save(broker, /^\/broker\/buyer\/[^/]+$/);
    buyerId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await until(() => page.locator('main').innerText()).toMatch(new RegExp(buyerName));
    expect(await page.locator('main').getByText('Under Review').first().isVisible()).toBe(true);
  });

  it('proposes the terms with the investor and SPV and submits them for an investor offer', async () => {
    const page = broker.page;
    await page.locator('main').getByRole('button', { name: 'Submit terms', exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ state: 'visible' });
    // Without the funders the form refuses to send (the server requires them too).
    await dialog.getByRole('button', { name: 'Submit terms', exact: true }).click();
    await until(() => dialog.locator('#investorId-helper-text').innerText()).toBe('Investor is required');
    await until(() => dialog.locator('#spvId-helper-text').innerText()).toBe('SPV is required');

    await pickAuto(page, 'investorId', 'Harbor', /Harbor Credit Fund/);
    await pickAuto(page, 'spvId', 'Receivables', /Receivables Funding SPV/);
    await fillText(page, 'buyer_loan_advance_rate', '85');
    await pickSelect(page, 'buyer_loan_rate', 'Term SOFR 3 months');
    await fillText(page, 'buyer_loan_discount_fee', '4.25');
    await fillText(page, 'buyer_loan_transaction_fee', '25');
    await fillText(page, 'buyer_loan_broker_fee', '20');
    await fillText(page, 'buyer_loan_spv_fee', '0.5');
    await broker.screenshot('broker-lines-terms');
    await dialog.getByRole('button', { name: 'Submit terms', exact: true }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    const header = page.locator('main').getByText('Investor Offer Pending').first();
    await until(() => header.isVisible()).toBe(true);
    // No approving for the broker; the funders show by name.
    await expect(page.locator('main').getByRole('button', { name: 'Approve line' }).count()).resolves.toBe(0);
    await until(() => page.locator('main').innerText()).toMatch(/Harbor Credit Fund LP/);
    expect(broker.consoleErrors).toEqual([]);
    expect(broker.graphqlErrors).toEqual([]);

    const token = (await new Api(baseURL()).signIn(DEMO_EMAIL.broker)).idToken;
    const [line] = await new Api(baseURL()).list(
      token,
      'Buyer',
      'buyer_status buyer_loan_advance_rate buyer_loan_rate userId supplierId brokerId',
      { id: { eq: buyerId } },
    );
    expect(line).toMatchObject({
      buyer_status: 'Investor Offer Pending',
      buyer_loan_rate: 'SOFR(3M)',
      supplierId,
      userId: fixtures['B.supplier.groupId'],
    });
    expect(Number(line?.buyer_loan_advance_rate)).toBe(85);
  });

  it('sees the line in its limits as "Investor Offer Pending", and only its suppliers’ lines', async () => {
    const page = broker.page;
    const visit = await broker.visit('/broker/limits');
    expect(visit.problems).toEqual([]);
    const open = page.getByRole('region', { name: 'Under review and awaiting an offer' });
    const row = open.getByRole('row').filter({ hasText: buyerName });
    await until(() => row.isVisible()).toBe(true);
    await expect(row.innerText()).resolves.toMatch(/Investor Offer Pending/);
    await expect(row.innerText()).resolves.toMatch(/USD 650,000\.00/);
    await expect(row.innerText()).resolves.toMatch(/Advance 85 % · Term SOFR 3 months \+ 4\.25 %/);
    await broker.screenshot('broker-lines-limits');

    // Lines of a supplier the broker did not introduce (S2, docs/architecture.md, “Demo data set”)
    // appear nowhere on the screen.
    const api = new Api(baseURL());
    const names = async (email: string) =>
      (await api.list((await api.signIn(email)).idToken, 'Buyer', 'buyer_name')).map((b) =>
        String(b.buyer_name),
      );
    const mine = new Set(await names(DEMO_EMAIL.broker));
    const foreign = (await names(DEMO_EMAIL.supplier2)).filter((name) => !mine.has(name));
    expect(foreign.length).toBeGreaterThan(0);
    const text = await page.locator('main').innerText();
    for (const name of foreign) expect(text).not.toContain(name);
  });
});
