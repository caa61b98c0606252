import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../support/api.ts';
import { baseURL, launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';

interface Report {
  funderName: string;
  rollForward: { closing: string; ledgerBalance: string; agreesWithLedger: boolean };
  eligibility: { borrowingBase: string };
  obligors: { name: string; overLimit: boolean }[];
}

const REPORT = `query ($m: String!, $id: ID!, $c: String!, $from: AWSDate!, $to: AWSDate!) {
  funderReport(funderModel: $m, funderId: $id, currency: $c, from: $from, to: $to) {
    funderName rollForward { closing ledgerBalance agreesWithLedger } eligibility { borrowingBase } obligors { name overLimit }
  }
}`;

/** "243162.09" → "243,162.09", as the screens and the PDF group the server's figures. */
const grouped = (amount: string) => {
  const [whole = '', fraction] = amount.split('.');
  return `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction === undefined ? '' : `.${fraction}`}`;
};

/**
 * docs/business-rules.md, “Funder reporting”: the investor opens Reports from its navigation, sees
 * this year's report in a currency the server names, with the server's closing figure agreeing
 * with the ledger and the charts' chunk loaded, and downloads the CSV and the PDF with the same
 * figures; the administrator picks the SPV; another investor's report is refused to the investor
 * through GraphQL and the download. At 1280 and 390 px without sideways scrolling (screenshots
 * `reports-*`). The demo's postings are the operations' own: this file makes none.
 */
describe('Funder reports', () => {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  let investor: Tab;
  let admin: Tab;
  let api: Api;
  let investorToken = '';
  let investorId = '';
  let spvId = '';
  let otherInvestorId = '';
  const year = new Date().toISOString().slice(0, 4);
  const today = new Date().toISOString().slice(0, 10);

  const noSidewaysScroll = async (t: Tab) =>
    expect(
      await t.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

  beforeAll(async () => {
    api = new Api(baseURL());
    investorToken = (await api.signIn(DEMO_EMAIL.investor)).idToken;
    const adminToken = (await api.signIn(DEMO_EMAIL.admin)).idToken;
    const mine = await api.gql<{ listInvestors: { items: { id: string }[] } }>(
      investorToken,
      '{ listInvestors { items { id } } }',
    );
    investorId = mine.listInvestors.items[0]!.id;
    const all = await api.gql<{
      listInvestors: { items: { id: string }[] };
      listSpvs: { items: { id: string; spv_name: string }[] };
    }>(
      adminToken,
      '{ listInvestors(limit: 100) { items { id } } listSpvs(limit: 100) { items { id spv_name } } }',
    );
    otherInvestorId = all.listInvestors.items.find((i) => i.id !== investorId)!.id;
    spvId = all.listSpvs.items[0]!.id;
    browser = await launch();
    const open = async (email: string) => {
      const context = await newContext(browser!);
      context.setDefaultTimeout(15_000);
      contexts.push(context);
      const tab = await Tab.open(context);
      await signInThroughUI(tab.page, email);
      await tab.settle();
      return tab;
    };
    investor = await open(DEMO_EMAIL.investor);
    admin = await open(DEMO_EMAIL.admin);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') {
      await investor
        ?.screenshot(`fail-reports-investor-${ctx.task.name.slice(0, 40)}`)
        .catch(() => undefined);
      await admin?.screenshot(`fail-reports-admin-${ctx.task.name.slice(0, 40)}`).catch(() => undefined);
    }
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('refuses another funder’s report to the investor, through GraphQL and the downloads', async () => {
    await expect(
      api.gql(investorToken, REPORT, {
        m: 'Investor',
        id: otherInvestorId,
        c: 'USD',
        from: `${year}-01-01`,
        to: today,
      }),
    ).rejects.toThrow(/Unauthorized/);
    await expect(
      api.gql(investorToken, REPORT, { m: 'Spv', id: spvId, c: 'USD', from: `${year}-01-01`, to: today }),
    ).rejects.toThrow(/Unauthorized/);
    const query = new URLSearchParams({
      funderModel: 'Investor',
      funderId: otherInvestorId,
      currency: 'USD',
      from: `${year}-01-01`,
      to: today,
    });
    for (const file of ['funder.csv', 'funder.pdf']) {
      const res = await fetch(`${baseURL()}/reports/${file}?${query.toString()}`, {
        headers: { authorization: investorToken },
      });
      expect(res.status).toBe(403);
    }
  });

  it('shows the investor this year’s report with the server’s figures and downloads it as CSV and PDF', async () => {
    const t = investor;
    const { page } = t;
    await page.getByRole('link', { name: 'Reports' }).click();
    await t.settle();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Reports' }).count()).toBe(1);
    await page.getByRole('button', { name: 'This year' }).click();
    await t.settle();
    const currency = (await page.getByLabel('Currency').innerText()).trim();
    expect(currency).toMatch(/^[A-Z]{3}$/);
    const { funderReport: report } = await api.gql<{ funderReport: Report }>(investorToken, REPORT, {
      m: 'Investor',
      id: investorId,
      c: currency,
      from: `${year}-01-01`,
      to: today,
    });
    expect(report.rollForward.agreesWithLedger).toBe(true);
    const roll = page.getByRole('region', { name: 'Roll-forward' });
    await expect.poll(() => roll.innerText()).toContain(`${currency} ${grouped(report.rollForward.closing)}`);
    expect(await roll.innerText()).toContain('Agrees with the ledger');
    const eligibility = page.getByRole('region', { name: 'Eligibility and borrowing base' });
    expect(await eligibility.innerText()).toContain(
      `${currency} ${grouped(report.eligibility.borrowingBase)}`,
    );
    // The charts' chunk loaded: the aging chart is drawn next to its table.
    await expect
      .poll(() => page.getByRole('region', { name: 'Aging' }).locator('svg').count())
      .toBeGreaterThan(0);
    await noSidewaysScroll(t);
    await t.screenshot('reports-investor');

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`funder-report-${currency}-${year}-01-01-${today}.csv`);
    const text = await readFile((await csv.path())!, 'utf8');
    expect(text).toContain(`Closing outstanding,${report.rollForward.closing}\r\n`);
    expect(text).toContain(`Borrowing base,${report.eligibility.borrowingBase}\r\n`);
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`funder-report-${currency}-${year}-01-01-${today}.pdf`);
    const pdfText = execFileSync('pdftotext', ['-layout', (await pdf.path())!, '-'], { encoding: 'utf8' });
    expect(pdfText).toContain(report.funderName);
    expect(pdfText).toContain(grouped(report.rollForward.closing));
    expect(pdfText).toContain(grouped(report.eligibility.borrowingBase));

    await page.setViewportSize({ width: 390, height: 844 });
    await t.settle();
    await noSidewaysScroll(t);
    await t.screenshot('reports-investor-390');
    await page.setViewportSize({ width: 1280, height: 860 });
    expect(t.consoleErrors).toEqual([]);
  });

  it('lets the administrator pick the SPV and read its report', async () => {
    const t = admin;
    const { page } = t;
    await t.go('/admin/reports');
    await t.settle();
    expect(await page.getByText('Choose an investor or SPV to see its report.').count()).toBe(1);
    await page.getByLabel('Investor or SPV').click();
    await page
      .getByRole('option', { name: /\(SPV\)$/ })
      .first()
      .click();
    await t.settle();
    await page.getByRole('button', { name: 'This year' }).click();
    await t.settle();
    const roll = page.getByRole('region', { name: 'Roll-forward' });
    await expect.poll(() => roll.innerText()).toContain('Closing outstanding');
    expect(await roll.innerText()).toContain('Agrees with the ledger');
    await noSidewaysScroll(t);
    await t.screenshot('reports-admin-spv');
    expect(t.consoleErrors).toEqual([]);
  });
});
