import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, type Row } from '../support/api.ts';
import { baseURL, launch, SignedInTabs } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';
import { stampOf, stepsInOrder, until } from '../support/flows.ts';
import { pendingLine } from '../support/lines.ts';
import { demoParties, uploadPdf } from '../support/requests.ts';

/**
 * A buyer line's page on the investor's side: its risk assessment, its documents (with a preview)
 * and its financial statements, which the investor reads but never enters, neither on the screens
 * nor through the API; another investor cannot download the line's documents. The line, its
 * credit report and its statement are made in the setup by the supplier (the admin proposes the
 * terms), so that the demo's own lines stay as they are for the other files of a run.
 */
const INVESTOR2 = 'investor2@demo.test';

describe('Funder line page: risk, documents and financials, read only', () => {
  let browser: Browser | undefined;
  let api: Api;
  const tabs = new SignedInTabs(() => browser);
  const n = stampOf();
  const lineName = `E2E Line Page ${n} Metals GmbH`;
  let lineId = '';
  let supplierGroup = '';
  let fileKey = '';
  let statementId = '';

  const token = async (email: string) => (await api.signIn(email)).idToken;

  beforeAll(async () => {
    api = new Api(baseURL());
    const parties = await demoParties(api);
    supplierGroup = parties.supplierGroup;
    lineId = await pendingLine(api, { ...parties, name: lineName, currency: 'USD', amount: '800000.00' });
    // A credit report on the line, uploaded by the supplier.
    const supplierToken = await token(DEMO_EMAIL.supplier);
    fileKey = await uploadPdf(api, supplierToken, `credit-report-${n}.pdf`);
    await api.gql(
      supplierToken,
      `mutation ($input: CreateDocumentInput!) { createDocument(input: $input) { id } }`,
      {
        input: {
          buyerId: lineId,
          supplierId: parties.supplierId,
          document_type: 'Company Credit Report',
          document_attachment: fileKey,
        },
      },
    );
    // The line's financial statements, entered by the supplier (funders only read them).
    const statement = await api.gql<{ createFinancials: Row }>(
      supplierToken,
      `mutation ($input: CreateFinancialsInput!) { createFinancials(input: $input) { id } }`,
      {
        input: {
          buyerId: lineId,
          supplierId: parties.supplierId,
          financials_reporting_period: 2025,
          current_assets: '3000000',
          current_liabilities: '2000000',
        },
      },
    );
    statementId = String(statement.createFinancials.id);
    browser = await launch();
  });
  stepsInOrder('funder-line-page', () => tabs.current);
  afterAll(async () => {
    await tabs.close();
    await browser?.close();
  });

  it('another investor cannot download the line’s documents (server-enforced)', async () => {
    const download = await fetch(`${baseURL()}/files/${fileKey}`, {
      headers: { authorization: await token(INVESTOR2) },
    });
    expect(download.status).toBeGreaterThanOrEqual(400);
  });

  it('the investor sees the line’s risk, documents (preview) and financials at /investor/buyer/{id}', async () => {
    const t = await tabs.of(DEMO_EMAIL.investor);
    const page = t.page;
    const visit = await t.visit(`/investor/buyer/${lineId}`);
    expect(visit.problems).toEqual([]);
    const risk = page.getByRole('region', { name: 'Risk assessment' });
    await until(() => risk.innerText()).toMatch(/How the grade is derived/);
    expect(await risk.innerText()).toMatch(/Time in business[\s\S]*Incorporated 2001-04-02/);
    const documents = page.getByRole('region', { name: 'Documents' });
    await until(() => documents.innerText()).toMatch(/Company Credit Report/);
    await documents
      .getByRole('button', { name: /^Preview / })
      .first()
      .click();
    const preview = page.getByRole('dialog').filter({ hasText: `credit-report-${n}.pdf` });
    await preview.waitFor({ state: 'visible' });
    await until(() => preview.getByRole('button', { name: 'Download' }).isEnabled()).toBe(true);
    await preview.getByRole('button', { name: 'Close' }).click();
    await preview.waitFor({ state: 'hidden' });

    // Financials: the statement the supplier entered, read here and at /investor/financials/{id}; a
    // funder never enters or edits a party's statements
    // (docs/business-rules.md, “Party records and inviting users”).
    const financials = page.getByRole('region', { name: 'Financials' });
    await until(() => financials.innerText()).toMatch(/2025[\s\S]*1\.5/);
    expect(await financials.getByRole('button', { name: 'Add' }).count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await t.screenshot('investor-buyer-line');
    await financials.scrollIntoViewIfNeeded();
    await t.screenshot('investor-buyer-line-financials');
    await financials.getByRole('link', { name: '2025' }).click();
    await page.waitForURL((u) => u.pathname === `/investor/financials/${statementId}`);
    await t.settle();
    const statement = await t.describe(page.url());
    expect(statement.problems).toEqual([]);
    await until(() => page.getByRole('region', { name: 'Risk assessment' }).innerText()).toMatch(
      /Current ratio\s+1\.5[\s\S]*Current ratio 1\.5\S* is at least 1\.5: Low/,
    );
    expect(await page.locator('main').getByRole('button', { name: 'Edit' }).count()).toBe(0);

    // The "new financials" route of the investor area lists the line's statements, no form.
    const identity = (
      await api.gql<{ getBuyer: Row }>(
        await token(DEMO_EMAIL.admin),
        'query ($id: ID!) { getBuyer(id: $id) { identityId } }',
        { id: lineId },
      )
    ).getBuyer.identityId;
    const listed = await t.visit(
      `/investor/investornewfinancials/${supplierGroup}/${lineId}/${String(identity)}`,
    );
    expect(listed.problems).toEqual([]);
    expect(listed.mainText).toMatch(
      /entered by its supplier, the supplier’s broker or an administrator[\s\S]*2025/,
    );
    expect(await page.locator('main form').count()).toBe(0);
    expect(
      await page
        .locator('main')
        .getByRole('button', { name: /^(Add|Save)/ })
        .count(),
    ).toBe(0);
    await t.screenshot('investor-line-financials');

    // Nor can the investor write them through the API: the server refuses create and update.
    const investorToken = await token(DEMO_EMAIL.investor);
    await expect(
      api.gql(
        investorToken,
        `mutation ($input: CreateFinancialsInput!) { createFinancials(input: $input) { id } }`,
        { input: { buyerId: lineId, financials_reporting_period: 2026, current_assets: '1' } },
      ),
    ).rejects.toThrow(/a funder cannot add or change another party's financials/);
    const [stored] = await api.list(investorToken, 'Financials', '_version current_assets', {
      id: { eq: statementId },
    });
    await expect(
      api.gql(
        investorToken,
        `mutation ($input: UpdateFinancialsInput!) { updateFinancials(input: $input) { id } }`,
        { input: { id: statementId, _version: stored?._version, current_assets: '1' } },
      ),
    ).rejects.toThrow(/Unauthorized/);
    const after = await api.list(await token(DEMO_EMAIL.admin), 'Financials', 'current_assets', {
      buyerId: { eq: lineId },
    });
    expect(after.map((r) => Number(r.current_assets))).toEqual([3000000]);
  });
});
