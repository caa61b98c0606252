import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, type Row } from '../support/api.ts';
import { baseURL, launch, SignedInTabs } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';
import { confirmMove, fillText, stampOf, stepsInOrder, until } from '../support/flows.ts';
import { cents, lineState, money, pendingLine, supplierMailAbout } from '../support/lines.ts';
import { demoParties } from '../support/requests.ts';

/**
 * A buyer line approved by its investor: another investor never sees it; the investor approves it
 * with a limit and an adjusted spread at /investor/limits; the supplier's buyer card shows the
 * approved limit and what is available; the obligors screens show the line with its exposure and
 * available limit, and the demo lines with figures computed here from the API. The pending line is
 * made in the setup (the supplier adds it, the admin proposes the terms), so that the demo's own
 * pending lines stay as they are for the other files of a run.
 */
const INVESTOR2 = 'investor2@demo.test';
const CALL_MOVE = 'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }';

describe('Funder line approval: limits, buyer card, obligors', () => {
  let browser: Browser | undefined;
  let api: Api;
  const tabs = new SignedInTabs(() => browser);
  const n = stampOf();
  const approveName = `E2E Approve ${n} Trading AG`;
  let approveId = '';

  const token = async (email: string) => (await api.signIn(email)).idToken;

  beforeAll(async () => {
    api = new Api(baseURL());
    const parties = await demoParties(api);
    approveId = await pendingLine(api, {
      ...parties,
      name: approveName,
      currency: 'USD',
      amount: '800000.00',
    });
    browser = await launch();
  });
  stepsInOrder('funder-line-approval', () => tabs.current);
  afterAll(async () => {
    await tabs.close();
    await browser?.close();
  });

  it('never shows the line to another investor (server-enforced)', async () => {
    const other = await token(INVESTOR2);
    const seen = await api.list(other, 'Buyer', 'buyer_name', { buyer_name: { beginsWith: 'E2E ' } });
    expect(seen.map((b) => b.id)).not.toContain(approveId);
    const direct = await api.gql<{ getBuyer: Row | null }>(
      other,
      'query ($id: ID!) { getBuyer(id: $id) { id } }',
      { id: approveId },
    );
    expect(direct.getBuyer).toBeNull();
    await expect(
      api.gql(other, CALL_MOVE, {
        input: {
          model: 'Buyer',
          id: approveId,
          to: 'Approved',
          values: JSON.stringify({ buyer_loan_approved_amount: '1' }),
        },
      }),
    ).rejects.toThrow(/Unauthorized/);

    const t = await tabs.of(INVESTOR2);
    const visit = await t.visit('/investor/limits');
    expect(visit.problems).toEqual([]);
    expect(visit.mainText).not.toContain(approveName);
    await t.visit(`/investor/buyer/${approveId}`);
    await until(() => t.page.locator('main').innerText()).toMatch(/does not exist or you do not have access/);
    expect((await lineState(api, approveId))?.buyer_status).toBe('Investor Offer Pending');
  });

  it('the investor approves a line at /investor/limits with a limit and an adjusted spread', async () => {
    const t = await tabs.of(DEMO_EMAIL.investor);
    const page = t.page;
    const visit = await t.visit('/investor/limits');
    expect(visit.problems).toEqual([]);
    const row = page
      .getByRole('region', { name: 'Awaiting an offer' })
      .getByRole('row')
      .filter({ hasText: approveName });
    await until(() => row.innerText()).toMatch(/USD 800,000\.00/);
    expect(await row.innerText()).toMatch(/Grade [A-D]|Not graded/);
    expect(await row.innerText()).toMatch(/Term SOFR 3 months \+ 4\.5 %/);
    await row.getByRole('button', { name: 'Approve line' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ state: 'visible' });
    const limit = dialog.getByLabel('Approved limit');
    expect(await limit.inputValue()).toBe('800000.00');
    // More than requested, then a fraction of a cent: refused in the dialog, nothing sent.
    await limit.fill('800000.01');
    await dialog.getByRole('button', { name: 'Approve line', exact: true }).click();
    await until(() => dialog.innerText()).toMatch(/At most the requested USD 800,000\.00/);
    await limit.fill('650000.505');
    await until(() => dialog.innerText()).toMatch(/Use at most 2 decimals/);
    await limit.fill('0');
    await until(() => dialog.innerText()).toMatch(/more than 0; decline the line instead/);
    expect((await lineState(api, approveId))?.buyer_status).toBe('Investor Offer Pending');

    await limit.fill('650,000.50');
    await fillText(page, 'buyer_loan_discount_fee', '5.25');
    await dialog.getByLabel('Comment (optional)').fill('Approved below the request: concentration');
    await page.waitForTimeout(400); // the label and button transitions, for the screenshot
    await t.screenshot('investor-limits-approve-dialog');
    const since = Date.now();
    await confirmMove(page, dialog, 'Approve line');
    expect(await lineState(api, approveId)).toMatchObject({
      buyer_status: 'Approved',
      buyer_loan_approved_amount: '650000.50',
      buyer_loan_discount_fee: '5.25',
    });
    // It leaves the waiting list for the approved lines, with nothing used yet.
    const approved = page
      .getByRole('region', { name: 'Approved lines' })
      .getByRole('row')
      .filter({ hasText: approveName });
    await until(() => approved.innerText()).toMatch(/USD 650,000\.50\s+USD 0\.00\s+USD 650,000\.50/);
    // Recorded in the history (by the investor) and e-mailed to the supplier.
    const history = await api.gql<{ statusHistory: Row[] }>(
      await token(DEMO_EMAIL.supplier),
      'query ($id: ID!) { statusHistory(model: "Buyer", id: $id) { to comment actorRole } }',
      { id: approveId },
    );
    expect(history.statusHistory.at(-1)).toMatchObject({
      to: 'Approved',
      actorRole: 'Investor',
      comment: 'Approved below the request: concentration',
    });
    await until(() => supplierMailAbout(api, approveName, since)).toMatch(
      /: Approved\n[\s\S]*Approved limit USD 650,000\.50 \(requested USD 800,000\.00\); spread 5\.25 %/,
    );
  });

  it('the supplier’s buyer card shows the approved limit and the available amount', async () => {
    const t = await tabs.of(DEMO_EMAIL.supplier);
    const page = t.page;
    const visit = await t.visit('/app/buyers');
    expect(visit.problems).toEqual([]);
    const card = page
      .locator('.MuiCard-root')
      .filter({ has: page.getByRole('heading', { name: approveName }) });
    await until(() => card.innerText()).toMatch(/Approved limit\s*USD 650,000\.50/);
    expect(await card.innerText()).toMatch(/Requested limit\s*USD 800,000\.00/);
    // The available amount is the ledger's, answered by its own query (lineLimits).
    await until(() => card.innerText()).toMatch(/Available\s*USD 650,000\.50/);
    await until(() => card.getByRole('button', { name: 'New request' }).isVisible()).toBe(true);
  });

  it('obligors show the approved line and the demo lines with exposure and available computed from the API', async () => {
    for (const [email, base] of [
      [DEMO_EMAIL.investor, '/investor'],
      [DEMO_EMAIL.spv, '/spv'],
    ] as const) {
      const t = await tabs.of(email);
      const page = t.page;
      const visit = await t.visit(`${base}/obligors`);
      expect(visit.problems).toEqual([]);
      expect(visit.mainText).toMatch(/Exposure \(outstanding purchases\)/);
      const rowOf = (name: string) =>
        page.getByRole('table', { name: 'Obligors' }).getByRole('row').filter({ hasText: name });
      await until(() => rowOf(approveName).innerText()).toMatch(
        /USD 650,000\.50\s+USD 0\.00\s+USD 650,000\.50\s+USD 0\.00/,
      );

      // Every approved line the viewer funds, figures computed here (exact, in cents) from what the API returns.
      const idToken = await token(email);
      const lines = await api.list(idToken, 'Buyer', 'buyer_name buyer_currency buyer_loan_approved_amount', {
        buyer_status: { eq: 'Approved' },
      });
      const requests = await api.list(
        idToken,
        'Request',
        'buyerId invoice_purchase_amount invoice_currency',
        {
          request_status: { eq: 'Approved' },
        },
      );
      // The new line and the demo's approved lines of this funder (docs/architecture.md, “Demo data set”: two per supplier).
      expect(lines.length).toBeGreaterThanOrEqual(3);
      expect(await rowOf('').count()).toBeGreaterThanOrEqual(lines.length);
      const totals = new Map<string, bigint>();
      for (const l of lines) {
        const currency = String(l.buyer_currency);
        const exposure = requests
          .filter((r) => r.buyerId === l.id && (r.invoice_currency ?? currency) === currency)
          .reduce((sum, r) => sum + cents(r.invoice_purchase_amount), 0n);
        const limit = cents(l.buyer_loan_approved_amount);
        totals.set(currency, (totals.get(currency) ?? 0n) + exposure);
        const text = await rowOf(String(l.buyer_name)).first().innerText();
        expect(text, String(l.buyer_name)).toContain(
          `${money(limit, currency)}\t${money(exposure, currency)}`,
        );
        expect(text, String(l.buyer_name)).toContain(money(limit - exposure, currency));
      }
      // One total per currency, never one across currencies (summed by the server, loaded apart).
      for (const [currency, exposure] of totals) {
        const total = page.getByRole('row').filter({ hasText: new RegExp(`^Total ${currency} \\(`) });
        await until(() => total.innerText()).toContain(money(exposure, currency));
      }
      await t.screenshot(`${base.slice(1)}-obligors`);
    }
  });
});
