import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../support/api.ts';
import { baseURL, launch, SignedInTabs } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';
import { confirmMove, stampOf, stepsInOrder, until } from '../support/flows.ts';
import { lineState, pendingLine, supplierMailAbout } from '../support/lines.ts';
import { demoParties } from '../support/requests.ts';

/**
 * A buyer line declined by its SPV: a reason is required, the supplier is e-mailed why, the line's
 * page and the supplier's buyer card show the reason, and the obligors screen leaves the line out.
 * The pending line is made in the setup (the supplier adds it, the admin proposes the terms), so
 * that the demo's own pending lines stay as they are for the other files of a run.
 */
describe('Funder line decline: reason, e-mail, line page, buyer card', () => {
  let browser: Browser | undefined;
  let api: Api;
  const tabs = new SignedInTabs(() => browser);
  const n = stampOf();
  const declineName = `E2E Decline ${n} Foods SA`;
  const reason = `Concentration too high for sector ${n}`;
  let declineId = '';

  beforeAll(async () => {
    api = new Api(baseURL());
    const parties = await demoParties(api);
    declineId = await pendingLine(api, {
      ...parties,
      name: declineName,
      currency: 'EUR',
      amount: '300000.00',
    });
    browser = await launch();
  });
  stepsInOrder('funder-line-decline', () => tabs.current);
  afterAll(async () => {
    await tabs.close();
    await browser?.close();
  });

  it('the SPV declines the line at /spv/limits with a reason, shown on the line', async () => {
    const t = await tabs.of(DEMO_EMAIL.spv);
    const page = t.page;
    const visit = await t.visit('/spv/limits');
    expect(visit.problems).toEqual([]);
    const row = page
      .getByRole('region', { name: 'Awaiting an offer' })
      .getByRole('row')
      .filter({ hasText: declineName });
    await row.getByRole('button', { name: 'Decline line' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByRole('button', { name: 'Decline line', exact: true }).click();
    await until(() => dialog.innerText()).toMatch(/Say why: a reason is required/);
    expect((await lineState(api, declineId))?.buyer_status).toBe('Investor Offer Pending');
    await dialog.getByLabel('Reason').fill(reason);
    const since = Date.now();
    await confirmMove(page, dialog, 'Decline line');
    expect(await lineState(api, declineId)).toMatchObject({
      buyer_status: 'Declined',
      buyer_loan_approved_amount: '0',
    });
    // The supplier is told why.
    await until(() => supplierMailAbout(api, declineName, since)).toContain(
      `: Declined\nBuyer line ${declineName} is now Declined`,
    );
    expect((await api.mails()).find((m) => m.subject.includes(declineName))?.text).toContain(
      `Comment: ${reason}`,
    );

    const declined = page
      .getByRole('region', { name: 'Declined lines' })
      .getByRole('row')
      .filter({ hasText: declineName });
    await until(() => declined.innerText()).toContain(reason);
    expect(await declined.innerText()).toMatch(/EUR 300,000\.00\s+EUR 0\.00/);
    await t.visit(`/spv/buyer/${declineId}`);
    await until(() => page.getByRole('region', { name: 'History' }).innerText()).toContain(reason);
    const obligors = await t.visit('/spv/obligors');
    expect(obligors.problems).toEqual([]);
    expect(obligors.mainText).not.toContain(declineName);

    const supplier = await tabs.of(DEMO_EMAIL.supplier);
    await supplier.page.reload({ waitUntil: 'domcontentloaded' });
    await supplier.visit('/app/buyers');
    const card = supplier.page
      .locator('.MuiCard-root')
      .filter({ has: supplier.page.getByRole('heading', { name: declineName }) });
    await until(() => card.innerText()).toMatch(/Declined[\s\S]*Approved limit\s*EUR 0\.00/);
    await until(() => card.innerText()).toMatch(new RegExp(`Reason\\s*[^\\n]*\\(SPV\\): ${reason}`));
    await supplier.screenshot('supplier-buyers-cards');
  });
});
