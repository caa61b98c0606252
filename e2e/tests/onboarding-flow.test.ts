import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Api, claims } from '../support/api.ts';
import { baseURL, launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';
import {
  confirmMove,
  fillText,
  openMove,
  pickAuto,
  pickSelect,
  save,
  stampOf,
  until,
  upload,
} from '../support/flows.ts';

/**
 * Supplier onboarding: a new supplier registers, onboards its company through the forms (with a
 * director, a UBO and a company document) and submits it; the admin approves it; the supplier adds
 * a buyer; the admin proposes the terms; the investor approves the line; the supplier sees the
 * approved limit. Every step through the UI; the steps share one run and each depends on the one
 * before.
 */
describe('Onboarding flow: register → onboard → approve → buyer → terms → investor approval', () => {
  let browser: Browser | undefined;
  let api: Api;
  const n = stampOf();
  const who = {
    email: `e2e-onb-${n}@example.test`,
    password: 'amber-falcon-river-62',
    name: `Olive Onboard ${n}`,
    organisation: `E2E Onboard ${n} Ltd`,
  };
  const company = `Onboard Works ${n} Ltd`;
  const buyer = `Harbour Foods ${n} GmbH`;
  let supplierId = '';
  let supplier: Tab;
  let admin: Tab;
  let investorName = '';
  let spvName = '';
  const contexts: BrowserContext[] = [];
  let current: Tab | undefined;

  const tabFor = async (email?: string, password?: string): Promise<Tab> => {
    const context = await newContext(browser as Browser);
    contexts.push(context);
    context.setDefaultTimeout(10_000);
    const tab = await Tab.open(context);
    if (email) {
      await signInThroughUI(tab.page, email, password);
      await tab.settle();
    }
    return tab;
  };
  const buyerRow = async () => {
    const [row] = await api.list(
      (await api.signIn(DEMO_EMAIL.admin)).idToken,
      'Buyer',
      'buyer_name buyer_status buyer_loan_approved_amount investorId spvId buyer_loan_rate',
      {
        buyer_name: { eq: buyer },
      },
    );
    return row;
  };
  const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().isVisible();

  beforeAll(async () => {
    api = new Api(baseURL());
    const adminToken = (await api.signIn(DEMO_EMAIL.admin)).idToken;
    const groupOf = async (email: string) => claims((await api.signIn(email)).idToken)['custom:groupid'];
    const [inv] = await api.list(adminToken, 'Investor', 'investor_name', {
      userId: { eq: await groupOf(DEMO_EMAIL.investor) },
    });
    const [spv] = await api.list(adminToken, 'Spv', 'spv_name', {
      userId: { eq: await groupOf(DEMO_EMAIL.spv) },
    });
    investorName = String(inv?.investor_name ?? '');
    spvName = String(spv?.spv_name ?? '');
    if (!investorName || !spvName) throw new Error('Demo data: no investor or SPV of the demo users');
    browser = await launch();
  });
  let failed = false;
  beforeEach((ctx) => {
    // Each step needs the ones before it.
    if (failed) ctx.skip();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') failed = true;
    if (ctx.task.result?.state === 'fail' && current)
      await current.screenshot(`fail-onboarding-${ctx.task.name.slice(0, 40)}`).catch(() => undefined);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('registers at /register, verifies with the code from /dev/mail and signs in', async () => {
    supplier = await tabFor();
    current = supplier;
    const page = supplier.page;
    await page.goto('/register');
    await until(() => page.getByRole('heading', { level: 1, name: 'Create your account' }).isVisible()).toBe(
      true,
    );
    await page.getByLabel('E-mail').fill(who.email);
    await page.locator('input[autocomplete="new-password"]').fill(who.password);
    await page.getByLabel('Your name').fill(who.name);
    await page.getByLabel('Organisation name').fill(who.organisation);
    const sent = Date.now();
    await page.getByRole('button', { name: 'Create account' }).click();
    await until(() => page.getByRole('heading', { level: 1, name: 'Verify your e-mail' }).isVisible()).toBe(
      true,
    );
    await page.getByLabel('Verification code').fill(await api.codeFor(who.email, sent));
    await page.getByRole('button', { name: 'Verify' }).click();
    // Not onboarded yet: the supplier lands on its onboarding checklist, not an empty dashboard.
    await page.waitForURL((u) => u.pathname === '/app/account', { timeout: 20_000 });
    await supplier.settle();
    expect((await supplier.describe('/app/account')).problems).toEqual([]);
  });

  it('enters the company data at /app/newaccount and the four attachments through "Edit company"', async () => {
    const page = supplier.page;
    await supplier.visit('/app/account');
    await page.getByRole('button', { name: 'Add company details' }).click();
    await page.waitForURL((u) => u.pathname === '/app/newaccount');
    await supplier.settle();
    await fillText(page, 'supplier_name', company);
    await pickSelect(page, 'supplier_type', 'Limited Liability');
    await pickAuto(page, 'supplier_country', 'United Kingdom', /United Kingdom/);
    await fillText(page, 'supplier_register_number', `HRB ${n}`);
    await fillText(page, 'supplier_date_of_incorporation', '2015-03-12');
    await fillText(page, 'supplier_address_street', 'Canal Street');
    await fillText(page, 'supplier_address_city', 'Manchester');
    await fillText(page, 'supplier_address_postalcode', 'M1 3HE');
    await save(supplier, '/app/account');
    await until(() => visible(page, / saved\.$/)).toBe(true);

    const checklist = page.getByRole('list', { name: 'Checklist' });
    await until(() => checklist.innerText()).toMatch(/Company data\s*Complete/);
    await page.getByRole('button', { name: 'Edit company' }).first().click();
    await until(() => page.getByRole('heading', { level: 1, name: 'Edit company' }).isVisible()).toBe(true);
    await upload(page, 'supplier_registration_cert_attachment', 'registration-certificate.pdf');
    await upload(page, 'supplier_articles_of_association_attachment', 'articles.pdf');
    await upload(page, 'supplier_shareholder_list_attachment', 'shareholders.pdf');
    await upload(page, 'supplier_director_list_attachment', 'directors.pdf');
    await page.locator('main form').getByRole('button', { name: /^Save/ }).last().click();
    await until(() => checklist.isVisible(), 15_000).toBe(true);
    await supplier.settle();
    await until(() => checklist.innerText()).toMatch(/Company documents\s*Complete/);
  });

  it('adds a director and a UBO, each with an ID document', async () => {
    const page = supplier.page;
    await page.getByRole('region', { name: 'Directors' }).getByRole('button', { name: 'Add' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/app/newsupplierdirector/'));
    supplierId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await supplier.settle();
    await fillText(page, 'director_name', `Dora Director ${n}`);
    await fillText(page, 'director_email', `dora.${n}@example.test`);
    await fillText(page, 'director_date_of_birth', '1975-05-20');
    await pickSelect(page, 'director_id_type', 'Passport');
    await fillText(page, 'director_id_number', `P${n}`);
    await upload(page, 'director_id_attachment', 'director-passport.pdf');
    await save(supplier, '/app/account');

    await page.getByRole('region', { name: 'UBOs' }).getByRole('button', { name: 'Add' }).click();
    await page.waitForURL((u) => u.pathname === `/app/newsupplierubo/${supplierId}`);
    await supplier.settle();
    await fillText(page, 'ubo_name', `Ulla Owner ${n}`);
    await fillText(page, 'ubo_email', `ulla.${n}@example.test`);
    await fillText(page, 'ubo_date_of_birth', '1968-11-02');
    await fillText(page, 'ubo_ownership_percentage', '75');
    await pickSelect(page, 'ubo_id_type', 'Passport');
    await upload(page, 'ubo_id_attachment', 'ubo-passport.pdf');
    await save(supplier, '/app/account');

    const checklist = page.getByRole('list', { name: 'Checklist' });
    await until(() => checklist.innerText()).toMatch(/Beneficial owners \(total ownership 75 %\)/);
    await until(() => visible(page, 'Everything needed is there: submit your company for review.')).toBe(
      true,
    );
  });

  it('adds a company document (type and file) from /app/account', async () => {
    const page = supplier.page;
    const documents = page.getByRole('region', { name: 'Documents' });
    await documents.getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a document' });
    await dialog.waitFor({ state: 'visible' });
    await pickSelect(page, 'document_type', 'Company Credit Report');
    await upload(page, 'document_attachment', 'credit-report.pdf');
    await dialog.getByRole('button', { name: 'Save document' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    await until(() => documents.innerText()).toMatch(/Company Credit Report\s+credit-report\.pdf/);
    await until(() => page.getByRole('list', { name: 'Checklist' }).innerText()).toMatch(
      /Other documents[^\n]*\s*Complete/,
    );
  });

  it('submits the company for review', async () => {
    const page = supplier.page;
    const dialog = await openMove(page, 'Submit for review');
    await confirmMove(page, dialog, 'Submit');
    await page.waitForURL((u) => u.pathname === '/app/suppliers', { timeout: 15_000 });
    await supplier.settle();
    await until(() => visible(page, 'Thank you. Your company is under review.')).toBe(true);
  });

  it('the admin sees the supplier’s document and approves the company at /admin/supplier/{id}', async () => {
    admin = await tabFor(DEMO_EMAIL.admin);
    current = admin;
    const page = admin.page;
    await admin.visit('/admin/suppliers');
    await page.getByRole('row').filter({ hasText: company }).click();
    await page.waitForURL((u) => u.pathname === `/admin/supplier/${supplierId}`);
    await admin.settle();
    await until(() => page.getByRole('region', { name: 'Documents' }).innerText()).toMatch(
      /Company Credit Report\s+credit-report\.pdf/,
    );

    const dialog = await openMove(page, 'Approve');
    await confirmMove(page, dialog, 'Approve');
    await admin.settle();
    await until(() => page.locator('main').innerText()).toMatch(/Approved/);
    await until(() =>
      page.locator('main').getByRole('button', { name: 'Approve', exact: true }).count(),
    ).toBe(0);
    // The supplier's record says so.
    const [row] = await api.list(
      (await api.signIn(DEMO_EMAIL.admin)).idToken,
      'Supplier',
      'supplier_status',
      {
        id: { eq: supplierId },
      },
    );
    expect(row?.supplier_status).toBe('Approved');
  });

  it('the supplier adds a buyer with a requested amount at /app/newbuyer', async () => {
    current = supplier;
    const page = supplier.page;
    // The signed-in supplier's company is read once per page load: the approval shows after a reload.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await supplier.visit('/app/account');
    await until(() => visible(page, 'Your company is approved.')).toBe(true);
    await until(() => page.getByRole('region', { name: 'Documents' }).innerText()).toMatch(
      /Company Credit Report/,
    );
    await supplier.visit('/app/buyers');
    await page.getByRole('button', { name: 'New buyer' }).first().click();
    await page.waitForURL((u) => u.pathname === '/app/newbuyer');
    await supplier.settle();
    await fillText(page, 'buyer_name', buyer);
    await pickAuto(page, 'buyer_country', 'Germany', /Germany/);
    await pickAuto(page, 'buyer_currency', 'EUR', /^EUR/);
    await fillText(page, 'buyer_contact_email', `ap.${n}@example.test`);
    await fillText(page, 'buyer_loan_request_amount', '250000');
    await save(supplier, '/app/buyers');
    await until(() => page.getByRole('heading', { name: buyer, exact: true }).isVisible()).toBe(true);
  });

  it('the admin proposes the terms ("Submit terms") with the demo investor and SPV', async () => {
    current = admin;
    const page = admin.page;
    await admin.visit('/admin/buyers');
    await page.getByRole('row').filter({ hasText: buyer }).click();
    await page.waitForURL((u) => /^\/admin\/buyer\/[^/]+$/.test(u.pathname));
    await admin.settle();
    const dialog = await openMove(page, 'Submit terms');
    await pickAuto(page, 'investorId', investorName.slice(0, 6), investorName);
    await pickAuto(page, 'spvId', spvName.slice(0, 6), spvName);
    await fillText(page, 'buyer_loan_advance_rate', '85');
    await pickSelect(page, 'buyer_loan_rate', 'Term SOFR 3 months');
    await fillText(page, 'buyer_loan_discount_fee', '4.5');
    await confirmMove(page, dialog, 'Submit terms');
    await admin.settle();
    await until(() => page.locator('main').innerText()).toMatch(/Investor Offer Pending/);
    expect(await buyerRow()).toMatchObject({
      buyer_status: 'Investor Offer Pending',
      buyer_loan_rate: 'SOFR(3M)',
    });
  });

  it('the investor approves the line at /investor/limits with an approved limit', async () => {
    const investor = await tabFor(DEMO_EMAIL.investor);
    current = investor;
    const page = investor.page;
    await investor.visit('/investor/limits');
    const row = page.getByRole('row').filter({ hasText: buyer });
    await row.getByRole('button', { name: 'Approve line' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByLabel('Approved limit').fill('200000');
    await confirmMove(page, dialog, 'Approve line');
    expect(await buyerRow()).toMatchObject({ buyer_status: 'Approved' });
    expect(Number((await buyerRow())?.buyer_loan_approved_amount)).toBe(200000);
  });

  it('the supplier sees the approved limit on /app/buyers', async () => {
    current = supplier;
    const page = supplier.page;
    // A new page load (the supplier comes back later): the lists are read afresh.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await supplier.visit('/app/buyers');
    const card = page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: buyer }) });
    await until(() => card.innerText()).toMatch(/Approved limit\s*€?\s*(EUR\s*)?200,000\.00/);
    await until(() => card.getByRole('button', { name: 'New request' }).isVisible()).toBe(true);
    await supplier.screenshot('onboarding-approved-limit');
  });
});
