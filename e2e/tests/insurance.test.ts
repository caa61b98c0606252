import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, type Row } from '../support/api.ts';
import { baseURL, launch, SignedInTabs } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';
import { fillText, openMove, pickAuto, pickSelect, stampOf, stepsInOrder, until } from '../support/flows.ts';
import { isoDay } from '../support/requests.ts';

/**
 * docs/business-rules.md, “Credit insurance”: the administrator records a policy through
 * `newinsurance` (an empty form is refused field by field, nothing saved), filled from the demo's
 * one uninsured approved line (S2's GBP line, funded by I2 and the SPV) with an insured limit below
 * its exposure; the policy's page shows the over-insured flag; the SPV's obligors screen flags the
 * line, at 1280 and 390 px; the approval dialog of a request on the demo's over-insured buyer warns.
 * The policy is deleted at the end, so the demo stays as other files expect.
 */
const FIGURES = `query { insuredExposures { buyerId company { name } currency exposure overInsured policy { id } } }`;

describe('Credit insurance: a policy recorded by the admin flags the funder’s obligors and limits', () => {
  let browser: Browser | undefined;
  let api: Api;
  const tabs = new SignedInTabs(() => browser);
  const policyNumber = `E2E-${stampOf()}`;
  let line: Row = { id: '' };
  let policyId = '';
  const adminToken = async () => (await api.signIn(DEMO_EMAIL.admin)).idToken;

  beforeAll(async () => {
    api = new Api(baseURL());
    const admin = await adminToken();
    const [gbp] = await api.list(admin, 'Buyer', 'buyer_name buyer_country buyer_duns_number', {
      buyer_status: { eq: 'Approved' },
      buyer_currency: { eq: 'GBP' },
    });
    if (!gbp) throw new Error('Demo data: no approved GBP line');
    line = gbp;
    browser = await launch();
  });
  stepsInOrder('insurance', () => tabs.current);
  afterAll(async () => {
    if (policyId) {
      const admin = await adminToken();
      const { getInsurance } = await api.gql<{ getInsurance: { _version: number } | null }>(
        admin,
        'query ($id: ID!) { getInsurance(id: $id) { _version } }',
        { id: policyId },
      );
      if (getInsurance)
        await api
          .gql(admin, 'mutation ($input: DeleteInsuranceInput!) { deleteInsurance(input: $input) { id } }', {
            input: { id: policyId, _version: getInsurance._version },
          })
          .catch(() => undefined);
    }
    await tabs.close();
    await browser?.close();
  });

  it('the admin records a policy through newinsurance; an empty form is refused field by field', async () => {
    const t = await tabs.of(DEMO_EMAIL.admin);
    const page = t.page;
    const visit = await t.visit('/admin/newinsurance');
    expect(visit.problems).toEqual([]);
    expect(visit.heading).toBe('Credit insurance');
    // Nothing typed: every field says what it needs, and nothing is sent.
    await page.locator('main form').getByRole('button', { name: 'Save policy' }).click();
    for (const message of ['Buyer company is required', 'Insurer is required', 'Insured limit is required'])
      await until(() => page.getByText(message).first().isVisible()).toBe(true);
    expect(page.url()).toMatch(/\/admin\/newinsurance$/);

    // The company from its line, the cover typed.
    await page.getByLabel('Fill in the buyer company from a line').click();
    await page.getByRole('option', { name: new RegExp(`^${String(line.buyer_name)} \\(`) }).click();
    await until(() => page.locator('#insurance_buyer_name').inputValue()).toBe(String(line.buyer_name));
    await fillText(page, 'insurance_name', 'Credendo');
    await fillText(page, 'insurance_policy_number', policyNumber);
    await pickSelect(page, 'insurance_type', 'Single buyer');
    await fillText(page, 'insurance_cover_amount', '1000.00');
    await pickAuto(page, 'insurance_cover_currency', 'GBP', /^GBP/);
    await fillText(page, 'insurance_coverage_rate', '90');
    await fillText(page, 'insurance_cover_start_date', isoDay(-10));
    await fillText(page, 'insurance_cover_end_date', isoDay(200));
    await t.screenshot('insurance-admin-new-policy');
    await page.locator('main form').getByRole('button', { name: 'Save policy' }).click();
    await page.waitForURL((u) => /^\/admin\/insurance\/[0-9a-f-]{36}$/.test(u.pathname), { timeout: 15_000 });
    policyId = page.url().split('/').pop() ?? '';
    await t.settle();

    // The policy's page: its figures, computed by the server, flag the exposure above the limit.
    const panel = page.getByRole('region', { name: 'Credit insurance' });
    await until(() => panel.innerText()).toMatch(/Over insured limit/);
    expect(await panel.innerText()).toContain(`Credendo · policy ${policyNumber}`);
    expect(await panel.innerText()).toMatch(/Insured limit\s+GBP 1,000\.00/);
    expect(await panel.innerText()).toMatch(/Insured share\s+GBP 900\.00/);
    expect(t.graphqlErrors).toEqual([]);
    await t.screenshot('insurance-admin-policy');

    // The server says the same to the funder: over the insured limit.
    const spv = (await api.signIn(DEMO_EMAIL.spv)).idToken;
    const rows = (await api.gql<{ insuredExposures: Row[] }>(spv, FIGURES)).insuredExposures;
    expect(rows.find((r) => r.buyerId === line.id && r.currency === 'GBP')).toMatchObject({
      overInsured: true,
      policy: { id: policyId },
    });
  });

  it('the SPV’s obligors and limits screens flag the line over its insured limit, at 1280 and 390 px', async () => {
    const t = await tabs.of(DEMO_EMAIL.spv);
    const page = t.page;
    const visit = await t.visit('/spv/obligors');
    expect(visit.problems).toEqual([]);
    const row = page
      .getByRole('table', { name: 'Obligors' })
      .getByRole('row')
      .filter({ hasText: String(line.buyer_name) });
    await until(() => row.innerText()).toMatch(/Over insured limit/);
    await t.screenshot('insurance-spv-obligors');
    // The limits screen flags it among the approved lines too.
    expect((await t.visit('/spv/limits')).problems).toEqual([]);
    const approved = page.getByRole('region', { name: 'Approved lines' });
    const limitsRow = approved.getByRole('row').filter({ hasText: String(line.buyer_name) });
    await until(() => limitsRow.innerText()).toMatch(/Over insured limit/);
    expect(await limitsRow.innerText()).toContain('Insured GBP 900.00 (limit GBP 1,000.00)');
    await t.screenshot('insurance-spv-limits');

    await page.setViewportSize({ width: 390, height: 844 });
    const narrow = await t.visit('/spv/obligors');
    expect(narrow.problems).toEqual([]);
    await row.getByText('Over insured limit').scrollIntoViewIfNeeded();
    expect(await row.getByText('Over insured limit').isVisible()).toBe(true);
    await t.screenshot('insurance-spv-obligors-390');
    // The line's page: the policy and the insured exposure to the buyer company.
    await t.visit(`/spv/buyer/${line.id}`);
    const panel = page.getByRole('region', { name: 'Credit insurance' });
    await until(() => panel.innerText()).toMatch(/Over insured limit/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await t.screenshot('insurance-spv-buyer-390');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('the approval dialog of a request on an over-insured buyer warns before approving', async () => {
    const spv = (await api.signIn(DEMO_EMAIL.spv)).idToken;
    const over = (await api.gql<{ insuredExposures: Row[] }>(spv, FIGURES)).insuredExposures.filter(
      (r) => r.overInsured,
    );
    const requests = await api.list(spv, 'Request', 'buyerId request_status', {
      request_status: { eq: 'Documents Pending' },
    });
    const request = requests.find((r) => over.some((o) => o.buyerId === r.buyerId));
    if (!request) throw new Error('Demo data: no request awaiting a decision on an over-insured buyer');
    const t = await tabs.of(DEMO_EMAIL.spv);
    const page = t.page;
    expect((await t.visit(`/spv/request/${request.id}`)).problems).toEqual([]);
    const dialog = await openMove(page, 'Approve');
    await until(() => dialog.getByRole('status').first().innerText()).toMatch(
      /above the insured limit of [A-Z]{3} [\d,.]+ \(.+ policy .+\)\. You can still approve/,
    );
    await t.screenshot('insurance-approval-warning');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
