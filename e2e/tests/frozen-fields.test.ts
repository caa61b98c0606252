import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api, type Row } from '../support/api.ts';
import { baseURL, launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';
import { fillText, stampOf, until } from '../support/flows.ts';
import { approvedLine, demoParties } from '../support/requests.ts';

/**
 * docs/business-rules.md, “Frozen fields per state”: an approved line's limit and terms change
 * only through named operations, for the admin too. The admin's edit form of such a line shows them
 * read-only with the operation to use instead, and saves what may still change. The line is made in
 * the setup, so the demo's records stay as other files expect.
 */
describe('Edit forms show what the state freezes read-only', () => {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let tab: Tab | undefined;
  let api: Api;
  const n = stampOf();
  let lineId = '';
  const token = async (email: string) => (await api.signIn(email)).idToken;
  const getLine = async () =>
    (
      await api.gql<{ getBuyer: Row }>(
        await token(DEMO_EMAIL.admin),
        'query ($id: ID!) { getBuyer(id: $id) { _version buyer_status buyer_currency buyer_description buyer_loan_approved_amount } }',
        { id: lineId },
      )
    ).getBuyer;

  beforeAll(async () => {
    api = new Api(baseURL());
    lineId = await approvedLine(api, await demoParties(api), {
      name: `E2E Frozen ${n} Textiles GmbH`,
      limit: '150000.00',
    });
    browser = await launch();
    context = await newContext(browser);
    context.setDefaultTimeout(10_000);
    tab = await Tab.open(context);
    await signInThroughUI(tab.page, DEMO_EMAIL.admin);
    await tab.settle();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await tab?.screenshot(`fail-frozen-fields-${ctx.task.name.slice(0, 40)}`).catch(() => undefined);
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
  });

  it('the admin edits an approved line: limit and terms disabled, naming Change limit or Reopen; the rest saves', async () => {
    const t = tab as Tab;
    const page = t.page;
    expect((await getLine()).buyer_status).toBe('Approved');
    const visit = await t.visit(`/admin/buyer/${lineId}?edit=1`);
    expect(visit.problems).toEqual([]);
    // An input's id is its field's name; an autocomplete's input keeps only the name.
    const input = (name: string) =>
      page.locator(`main #${name}, main input[name="${name}"]:not([aria-hidden=true])`).first();
    const help = (name: string) => page.locator(`main #${name}-helper-text`);

    // First step, the parties: the supplier can change, the line's funders cannot.
    await until(() => input('supplierId').isEnabled()).toBe(true);
    for (const name of ['investorId', 'spvId']) {
      expect(await input(name).isDisabled(), name).toBe(true);
      expect(await help(name).innerText(), name).toBe('Frozen while Approved — use “Reopen”');
    }
    // Identity: the name can change, the currency cannot.
    const step = (name: RegExp) => page.locator('main .MuiStepButton-root').filter({ hasText: name });
    await step(/Identity and contact/).click();
    await until(() => input('buyer_name').isEnabled()).toBe(true);
    expect(await input('buyer_currency').isDisabled()).toBe(true);
    expect(await help('buyer_currency').innerText()).toBe('Frozen while Approved — use “Reopen”');

    // The financing terms: the limit through "Change limit", the terms by reopening the line.
    await step(/Financing terms/).click();
    await until(() => input('buyer_loan_approved_amount').isVisible()).toBe(true);
    expect(await input('buyer_loan_approved_amount').isDisabled()).toBe(true);
    expect(await input('buyer_loan_approved_amount').inputValue()).toMatch(/^150,?000(\.00?)?$/);
    expect(await help('buyer_loan_approved_amount').innerText()).toBe(
      'Frozen while Approved — use “Change limit”',
    );
    for (const name of ['buyer_loan_request_amount', 'buyer_loan_discount_fee', 'buyer_loan_advance_rate']) {
      expect(await input(name).isDisabled(), name).toBe(true);
      expect(await help(name).innerText(), name).toBe('Frozen while Approved — use “Reopen”');
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await t.screenshot('admin-approved-line-frozen-edit');

    // What the state leaves editable still saves; the frozen limit and currency stay as they were.
    await step(/Identity and contact/).click();
    await fillText(page, 'buyer_description', `Checked by the frozen-fields test ${n}`);
    await page.locator('main form').getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/admin/buyer/${lineId}` && !u.search.includes('edit'));
    expect(await getLine()).toMatchObject({
      buyer_status: 'Approved',
      buyer_currency: 'USD',
      buyer_description: `Checked by the frozen-fields test ${n}`,
    });
    expect(Number((await getLine()).buyer_loan_approved_amount)).toBe(150000);
  });

  it('the server refuses the same fields to a raw update, as the form says', async () => {
    const line = await getLine();
    await expect(
      api.gql(
        await token(DEMO_EMAIL.admin),
        'mutation ($input: UpdateBuyerInput!) { updateBuyer(input: $input) { id } }',
        { input: { id: lineId, _version: line._version, buyer_loan_approved_amount: '100000.00' } },
      ),
    ).rejects.toThrow(/buyer_loan_approved_amount cannot be changed: the [\w ]+ is Approved/i);
  });
});
