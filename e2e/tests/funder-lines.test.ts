import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Api, claims, type Row } from '../support/api.ts';
import { baseURL, launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';
import { confirmMove, fillText, pdf, stampOf, until } from '../support/flows.ts';
import { cents, money, pendingLine } from '../support/lines.ts';

/**
 * Buyer credit lines on the funders' side: the investor approves a pending line with a
 * limit and an adjusted spread at /investor/limits; the supplier's buyer card shows the approved
 * limit and what is available; the SPV declines another pending line with a reason, which the line
 * then shows; the obligors screens show the approved line with its exposure and available limit,
 * and the demo lines with figures computed here from the API. Another investor never sees the
 * lines. The two pending lines are made in the setup (the supplier adds them, the admin proposes
 * the terms), so that the demo's own pending lines stay as they are for the other files of a run.
 */
const INVESTOR2 = 'investor2@demo.test';
const CALL_MOVE = 'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }';

describe('Funder lines: approve and decline at limits, buyer cards, obligors', () => {
  let browser: Browser | undefined;
  let api: Api;
  const n = stampOf();
  const approveName = `E2E Approve ${n} Trading AG`;
  const declineName = `E2E Decline ${n} Foods SA`;
  const reason = `Concentration too high for sector ${n}`;
  let approveId = '';
  let declineId = '';
  let supplierGroup = '';
  let fileKey = '';
  let statementId = '';
  const contexts: BrowserContext[] = [];
  const tabs = new Map<string, Tab>();
  let current: Tab | undefined;

  const token = async (email: string) => (await api.signIn(email)).idToken;
  const tab = async (email: string): Promise<Tab> => {
    const known = tabs.get(email);
    if (known) return (current = known);
    const context = await newContext(browser as Browser);
    contexts.push(context);
    context.setDefaultTimeout(10_000);
    const t = await Tab.open(context);
    await signInThroughUI(t.page, email);
    await t.settle();
    tabs.set(email, t);
    return (current = t);
  };
  const line = async (id: string) => {
    const data = await api.gql<{ getBuyer: Row | null }>(
      await token(DEMO_EMAIL.admin),
      `query ($id: ID!) { getBuyer(id: $id) { id buyer_status buyer_loan_approved_amount buyer_loan_discount_fee } }`,
      { id },
    );
    return data.getBuyer;
  };

  beforeAll(async () => {
    api = new Api(baseURL());
    const adminToken = await token(DEMO_EMAIL.admin);
    const groupOf = async (email: string) => String(claims(await token(email))['custom:groupid']);
    supplierGroup = await groupOf(DEMO_EMAIL.supplier);
    const [investor] = await api.list(adminToken, 'Investor', 'userId', {
      userId: { eq: await groupOf(DEMO_EMAIL.investor) },
    });
    const [spv] = await api.list(adminToken, 'Spv', 'userId', {
      userId: { eq: await groupOf(DEMO_EMAIL.spv) },
    });
    if (!investor || !spv) throw new Error('Demo data: no investor I1 or SPV P');
    const funders = { investorId: investor.id, spvId: spv.id, supplierGroup };
    approveId = await pendingLine(api, {
      ...funders,
      name: approveName,
      currency: 'USD',
      amount: '800000.00',
    });
    declineId = await pendingLine(api, {
      ...funders,
      name: declineName,
      currency: 'EUR',
      amount: '300000.00',
    });
    // A credit report on the line to approve, uploaded by the supplier.
    const form = new FormData();
    const file = pdf(`credit-report-${n}.pdf`);
    form.append('file', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
    const supplierToken = await token(DEMO_EMAIL.supplier);
    const res = await fetch(`${baseURL()}/files`, {
      method: 'POST',
      headers: { authorization: supplierToken },
      body: form,
    });
    if (res.status !== 201) throw new Error(`Upload refused: ${res.status} ${await res.text()}`);
    fileKey = ((await res.json()) as { key: string }).key;
    const [supplier] = await api.list(supplierToken, 'Supplier', 'userId', { userId: { eq: supplierGroup } });
    await api.gql(
      supplierToken,
      `mutation ($input: CreateDocumentInput!) { createDocument(input: $input) { id } }`,
      {
        input: {
          buyerId: approveId,
          supplierId: supplier?.id,
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
          buyerId: approveId,
          supplierId: supplier?.id,
          financials_reporting_period: 2025,
          current_assets: '3000000',
          current_liabilities: '2000000',
        },
      },
    );
    statementId = String(statement.createFinancials.id);
    browser = await launch();
  });
  let failed = false;
  beforeEach((ctx) => {
    // Each step needs the ones before it.
    if (failed) ctx.skip();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') {
      failed = true;
      await current?.screenshot(`fail-funder-lines-${ctx.task.name.slice(0, 40)}`).catch(() => undefined);
    }
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('never shows the lines to another investor (server-enforced)', async () => {
    const other = await token(INVESTOR2);
    const seen = await api.list(other, 'Buyer', 'buyer_name', { buyer_name: { beginsWith: 'E2E ' } });
    expect(seen.map((b) => b.id)).not.toContain(approveId);
    expect(seen.map((b) => b.id)).not.toContain(declineId);
    const direct = await api.gql<{ getBuyer: Row | null }>(
      other,
      'query ($id: ID!) { getBuyer(id: $id) { id } }',
      {
        id: approveId,
      },
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
    const download = await fetch(`${baseURL()}/files/${fileKey}`, { headers: { authorization: other } });
    expect(download.status).toBeGreaterThanOrEqual(400);

    const t = await tab(INVESTOR2);
    const visit = await t.visit('/investor/limits');
    expect(visit.problems).toEqual([]);
    expect(visit.mainText).not.toContain(approveName);
    expect(visit.mainText).not.toContain(declineName);
    await t.visit(`/investor/buyer/${approveId}`);
    await until(() => t.page.locator('main').innerText()).toMatch(/does not exist or you do not have access/);
    expect((await line(approveId))?.buyer_status).toBe('Investor Offer Pending');
  });

  it('the investor approves a line at /investor/limits with a limit and an adjusted spread', async () => {
    const t = await tab(DEMO_EMAIL.investor);
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
    expect((await line(approveId))?.buyer_status).toBe('Investor Offer Pending');

    await limit.fill('650,000.50');
    await fillText(page, 'buyer_loan_discount_fee', '5.25');
    await dialog.getByLabel('Comment (optional)').fill('Approved below the request: concentration');
    await page.waitForTimeout(400); // the label and button transitions, for the screenshot
    await t.screenshot('investor-limits-approve-dialog');
    const since = Date.now();
    await confirmMove(page, dialog, 'Approve line');
    expect(await line(approveId)).toMatchObject({
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
    await until(async () => {
      const mail = (await api.mails()).find(
        (m) =>
          m.to === DEMO_EMAIL.supplier &&
          m.subject.includes(approveName) &&
          Date.parse(m.sentAt) >= since - 1000,
      );
      return mail ? `${mail.subject}\n${mail.text}` : '';
    }).toMatch(
      /: Approved\n[\s\S]*Approved limit USD 650,000\.50 \(requested USD 800,000\.00\); spread 5\.25 %/,
    );
  });

  it('the investor sees the line’s risk, documents (preview) and financials at /investor/buyer/{id}', async () => {
    const t = await tab(DEMO_EMAIL.investor);
    const page = t.page;
    const visit = await t.visit(`/investor/buyer/${approveId}`);
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

    // Financials: the statement the supplier entered, read here and at /investor/financials/{id};
    // a funder never enters or edits a party's statements (docs/business-rules.md, “Parties”).
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

    // The spec's "new financials" route of the investor area lists the line's statements, no form.
    const identity = (
      await api.gql<{ getBuyer: Row }>(
        await token(DEMO_EMAIL.admin),
        'query ($id: ID!) { getBuyer(id: $id) { identityId } }',
        { id: approveId },
      )
    ).getBuyer.identityId;
    const listed = await t.visit(
      `/investor/investornewfinancials/${supplierGroup}/${approveId}/${String(identity)}`,
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
        { input: { buyerId: approveId, financials_reporting_period: 2026, current_assets: '1' } },
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
      buyerId: { eq: approveId },
    });
    expect(after.map((r) => Number(r.current_assets))).toEqual([3000000]);
  });

  it('the supplier’s buyer card shows the approved limit and the available amount', async () => {
    const t = await tab(DEMO_EMAIL.supplier);
    const page = t.page;
    const visit = await t.visit('/app/buyers');
    expect(visit.problems).toEqual([]);
    const card = page
      .locator('.MuiCard-root')
      .filter({ has: page.getByRole('heading', { name: approveName }) });
    await until(() => card.innerText()).toMatch(/Approved limit\s*USD 650,000\.50/);
    expect(await card.innerText()).toMatch(/Requested limit\s*USD 800,000\.00/);
    expect(await card.innerText()).toMatch(/Available\s*USD 650,000\.50/);
    await until(() => card.getByRole('button', { name: 'New request' }).isVisible()).toBe(true);
  });

  it('the SPV declines the other line at /spv/limits with a reason, shown on the line', async () => {
    const t = await tab(DEMO_EMAIL.spv);
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
    expect((await line(declineId))?.buyer_status).toBe('Investor Offer Pending');
    await dialog.getByLabel('Reason').fill(reason);
    const since = Date.now();
    await confirmMove(page, dialog, 'Decline line');
    expect(await line(declineId)).toMatchObject({
      buyer_status: 'Declined',
      buyer_loan_approved_amount: '0',
    });
    // The supplier is told why.
    await until(async () => {
      const mail = (await api.mails()).find(
        (m) =>
          m.to === DEMO_EMAIL.supplier &&
          m.subject.includes(declineName) &&
          Date.parse(m.sentAt) >= since - 1000,
      );
      return mail ? `${mail.subject}\n${mail.text}` : '';
    }).toContain(`: Declined\nBuyer line ${declineName} is now Declined`);
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

    const supplier = await tab(DEMO_EMAIL.supplier);
    await supplier.page.reload({ waitUntil: 'domcontentloaded' });
    await supplier.visit('/app/buyers');
    const card = supplier.page
      .locator('.MuiCard-root')
      .filter({ has: supplier.page.getByRole('heading', { name: declineName }) });
    await until(() => card.innerText()).toMatch(/Declined[\s\S]*Approved limit\s*EUR 0\.00/);
    await until(() => card.innerText()).toMatch(new RegExp(`Reason\\s*[^\\n]*\\(SPV\\): ${reason}`));
    await supplier.screenshot('supplier-buyers-cards');
  });

  it('obligors show the approved line and the demo lines with exposure and available computed from the API', async () => {
    for (const [email, base] of [
      [DEMO_EMAIL.investor, '/investor'],
      [DEMO_EMAIL.spv, '/spv'],
    ] as const) {
      const t = await tab(email);
      const page = t.page;
      const visit = await t.visit(`${base}/obligors`);
      expect(visit.problems).toEqual([]);
      expect(visit.mainText).toMatch(/Exposure \(outstanding purchases\)/);
      const rowOf = (name: string) =>
        page.getByRole('table', { name: 'Obligors' }).getByRole('row').filter({ hasText: name });
      await until(() => rowOf(approveName).innerText()).toMatch(
        /USD 650,000\.50\s+USD 0\.00\s+USD 650,000\.50\s+USD 0\.00/,
      );
      expect(visit.mainText).not.toContain(declineName);

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
      // One total per currency, never one across currencies.
      for (const [currency, exposure] of totals) {
        const total = page.getByRole('row').filter({ hasText: new RegExp(`^Total ${currency} \\(`) });
        expect(await total.innerText()).toContain(money(exposure, currency));
      }
      await t.screenshot(`${base.slice(1)}-obligors`);
    }
  });
});
