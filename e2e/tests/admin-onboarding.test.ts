import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Api, claims, type Mail } from '../support/api.ts';
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
 * The admin side of company onboarding for a party other than a supplier: the admin
 * creates an investor organisation and its company record, adds a director who is a politically
 * exposed person (marked for enhanced due diligence wherever the person appears), a UBO and a
 * document through `adminnewdocument/{id}`, then submits and approves the company with its
 * onboarding checklist; the owner is e-mailed. Then the admin declines a bank account with a
 * comment and its history shows who, when and why. Each step needs the ones before it.
 */
describe('Admin onboarding: investor company with PEP director, document, checklist review; bank decline', () => {
  let browser: Browser | undefined;
  let api: Api;
  let admin: Tab;
  const context: BrowserContext[] = [];
  const n = stampOf();
  const org = `E2E Capital ${n} LP`;
  const owner = { name: `Olga Owner ${n}`, email: `e2e-inv-${n}@example.test` };
  const company = `E2E Capital Fund ${n} LP`;
  const director = `Petra Politic ${n}`;
  let investorId = '';
  let groupId = '';
  let directorId = '';
  let failed = false;

  const main = (page: Page) => page.locator('main');
  const region = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });
  const adminToken = async () => (await api.signIn(DEMO_EMAIL.admin)).idToken;
  const mailTo = async (to: string, subject: RegExp, since: number): Promise<Mail | undefined> => {
    let found: Mail | undefined;
    await until(async () => {
      found = (await api.mails()).find(
        (m) =>
          m.to.toLowerCase().includes(to.toLowerCase()) &&
          subject.test(m.subject) &&
          Date.parse(m.sentAt) >= since - 1000,
      );
      return Boolean(found);
    }, 15_000).toBe(true);
    return found;
  };
  /** No console error, failed request or GraphQL error since the last visit. */
  const clean = () =>
    expect([...admin.consoleErrors, ...admin.httpErrors, ...admin.graphqlErrors]).toEqual([]);

  beforeAll(async () => {
    api = new Api(baseURL());
    browser = await launch();
    const ctx = await newContext(browser);
    ctx.setDefaultTimeout(10_000);
    context.push(ctx);
    admin = await Tab.open(ctx);
    await signInThroughUI(admin.page, DEMO_EMAIL.admin);
    await admin.settle();
  });
  beforeEach((ctx) => {
    if (failed) ctx.skip();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    failed = true;
    await admin.screenshot(`fail-admin-onboarding-${ctx.task.name.slice(0, 40)}`).catch(() => undefined);
  });
  let declined = '';
  afterAll(async () => {
    // The demo investor's collection account approved again: other files import its statements.
    if (declined) {
      const token = await adminToken().catch(() => '');
      for (const [to, comment] of [
        ['Under Review', 'Reopened after the test'],
        ['Approved', 'Approved again'],
      ] as const)
        await api
          .gql(token, 'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }', {
            input: { model: 'Bank', id: declined, to, comment },
          })
          .catch(() => undefined);
    }
    for (const c of context) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('creates an investor organisation and its company record, which starts as a Draft with its checklist', async () => {
    const page = admin.page;
    await admin.visit('/admin/newuser?type=Investor', { expectPath: '/admin/newuser' });
    await page.locator('[id="group_name"]').fill(org);
    await page.locator('[id="user.name"]').fill(owner.name);
    await page.locator('[id="user.email"]').fill(owner.email);
    await page.getByRole('button', { name: 'Create and invite' }).click();
    await page.waitForURL((u) => /^\/admin\/user\/[^/]+$/.test(u.pathname), { timeout: 15_000 });
    groupId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await admin.settle();
    await page.getByRole('button', { name: 'Create investor record' }).click();
    await page.waitForURL((u) => u.pathname.startsWith(`/admin/newinvestor/${groupId}/`));
    await admin.settle();
    await fillText(page, 'investor_name', company);
    await pickSelect(page, 'investor_type', 'Limited Liability');
    await pickAuto(page, 'investor_country', 'United Kingdom', /United Kingdom/);
    await fillText(page, 'investor_register_number', `LP${n}`);
    await fillText(page, 'investor_date_of_incorporation', '2012-04-02');
    await fillText(page, 'investor_address_street', 'Threadneedle Street');
    await fillText(page, 'investor_address_city', 'London');
    await fillText(page, 'investor_address_postalcode', 'EC2R 8AH');
    await upload(page, 'investor_registration_cert_attachment', 'registration.pdf');
    await upload(page, 'investor_articles_of_association_attachment', 'articles.pdf');
    await upload(page, 'investor_shareholder_list_attachment', 'shareholders.pdf');
    await upload(page, 'investor_director_list_attachment', 'directors.pdf');
    await save(admin, /^\/admin\/investor\/[^/]+$/);
    investorId = new URL(page.url()).pathname.split('/').pop() ?? '';

    const checklist = region(page, 'Onboarding checklist');
    await until(() => checklist.innerText()).toMatch(/Draft/);
    await until(() => checklist.innerText()).toMatch(/Company documents\s*Complete/);
    await until(() => checklist.innerText()).toMatch(/Directors\s*Missing: at least one director/);
    // "Submit for review" waits for the checklist.
    expect(await main(page).getByRole('button', { name: 'Submit for review' }).isDisabled()).toBe(true);
    const [row] = await api.list(await adminToken(), 'Investor', 'userId investor_status', {
      id: { eq: investorId },
    });
    expect(row).toMatchObject({ userId: groupId, investor_status: 'Draft' });
    clean();
  });

  it('adds a director with PEP "Yes": marked for enhanced due diligence in the table, checklist and detail', async () => {
    const page = admin.page;
    await region(page, 'Directors').getByRole('button', { name: 'Add' }).click();
    await page.waitForURL((u) => u.pathname === `/admin/adminnewinvestordirector/${investorId}`);
    await admin.settle();
    await fillText(page, 'director_name', director);
    await fillText(page, 'director_email', `petra.${n}@example.test`);
    await fillText(page, 'director_date_of_birth', '1970-02-14');
    await pickSelect(page, 'director_pep_status', 'Yes');
    await pickSelect(page, 'director_id_type', 'Passport');
    await fillText(page, 'director_id_number', `X${n}`);
    await upload(page, 'director_id_attachment', 'passport.pdf');
    await save(admin, `/admin/investor/${investorId}`);

    const row = region(page, 'Directors').getByRole('row').filter({ hasText: director });
    await until(() => row.getByTestId('pep-badge').isVisible()).toBe(true);
    await until(() => page.getByTestId('pep-summary').innerText()).toMatch(
      new RegExp(`Enhanced due diligence: ${director} is a politically exposed person`),
    );
    const [saved] = await api.list(await adminToken(), 'Director', 'userId director_pep_status investorId', {
      director_name: { eq: director },
    });
    expect(saved).toMatchObject({ userId: groupId, director_pep_status: true, investorId });
    directorId = String(saved?.id);

    await row.click();
    await page.waitForURL((u) => u.pathname === `/admin/director/${directorId}`);
    await admin.settle();
    await until(() => main(page).getByTestId('pep-badge').first().isVisible()).toBe(true);
    // The review dialog of the person says so too.
    const dialog = await openMove(page, 'Approve');
    expect(await dialog.getByTestId('pep-badge').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await admin.screenshot('admin-onboarding-pep-director');
    clean();
  });

  it('adds a UBO with an ID document, and a document to the investor through adminnewdocument/{id}', async () => {
    const page = admin.page;
    await admin.visit(`/admin/investor/${investorId}`);
    await region(page, 'UBOs').getByRole('button', { name: 'Add' }).click();
    await page.waitForURL((u) => u.pathname === `/admin/adminnewinvestorubo/${investorId}`);
    await admin.settle();
    await fillText(page, 'ubo_name', `Uma Owner ${n}`);
    await fillText(page, 'ubo_date_of_birth', '1966-09-30');
    await fillText(page, 'ubo_ownership_percentage', '60');
    await pickSelect(page, 'ubo_id_type', 'Passport');
    await upload(page, 'ubo_id_attachment', 'ubo-passport.pdf');
    await save(admin, `/admin/investor/${investorId}`);

    await region(page, 'Documents').getByRole('button', { name: 'Add' }).click();
    await page.waitForURL((u) => u.pathname === `/admin/adminnewdocument/${investorId}`);
    await admin.settle();
    await until(() => main(page).innerText()).toMatch(new RegExp(`For the investor ${company}`));
    await admin.screenshot('admin-onboarding-new-investor-document');
    await pickSelect(page, 'document_type', 'Company Credit Report');
    await upload(page, 'document_attachment', 'credit-report.pdf');
    await save(admin, `/admin/investor/${investorId}`);
    await until(() => region(page, 'Documents').innerText()).toMatch(/Company Credit Report/);
    const [doc] = await api.list(await adminToken(), 'Document', 'investorId userId document_attachment', {
      investorId: { eq: investorId },
    });
    expect(doc).toMatchObject({ investorId, userId: groupId });
    expect(doc?.document_attachment).toBeTruthy();

    // The document links back to its owner (the row opens from its type; its file name previews).
    await region(page, 'Documents')
      .getByRole('row')
      .filter({ hasText: 'Company Credit Report' })
      .getByRole('cell')
      .first()
      .click();
    await page.waitForURL((u) => u.pathname === `/admin/document/${String(doc?.id)}`);
    await admin.settle();
    await region(page, 'Linked to').getByRole('link', { name: company }).click();
    await page.waitForURL((u) => u.pathname === `/admin/investor/${investorId}`);
    await admin.settle();
    clean();
  });

  it('adds the investor’s financial statements through adminnewfinancials; the ratios are derived', async () => {
    const page = admin.page;
    await region(page, 'Financials').getByRole('button', { name: 'Add' }).click();
    await page.waitForURL((u) => u.pathname.startsWith(`/admin/adminnewfinancials/${groupId}/-/`));
    expect(new URL(page.url()).searchParams.get('investorId')).toBe(investorId);
    await admin.settle();
    await fillText(page, 'financials_reporting_period', '2025');
    await fillText(page, 'current_assets', '3000000');
    await fillText(page, 'current_liabilities', '2000000');
    await page.locator('main form').getByRole('button', { name: 'Save financial statements' }).click();
    await page.waitForURL((u) => /^\/admin\/financials\/[^/]+$/.test(u.pathname), { timeout: 15_000 });
    await admin.settle();
    const statementId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const [statement] = await api.list(await adminToken(), 'Financials', 'investorId userId current_ratio', {
      id: { eq: statementId },
    });
    expect(statement).toMatchObject({ investorId, userId: groupId });
    expect(Number(statement?.current_ratio)).toBe(1.5);
    // The statements sit under their company.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: company }).click();
    await page.waitForURL((u) => u.pathname === `/admin/investor/${investorId}`);
    await admin.settle();
    await until(() => region(page, 'Onboarding checklist').innerText()).toMatch(
      /Financial statements · optional for the review\s*Complete/,
    );
    clean();
  });

  it('submits the investor for review and approves it with the checklist complete; history and e-mail follow', async () => {
    const page = admin.page;
    const checklist = region(page, 'Onboarding checklist');
    await until(() => checklist.innerText()).toMatch(/Everything needed is there/);
    await until(() => checklist.innerText()).toMatch(/Beneficial owners \(total ownership 60 %\)\s*Complete/);
    await admin.screenshot('admin-onboarding-investor-checklist');
    let dialog = await openMove(page, 'Submit for review');
    await confirmMove(page, dialog, 'Submit');
    await admin.settle();
    await until(() => checklist.innerText()).toMatch(/Under Review/);

    const since = Date.now();
    dialog = await openMove(page, 'Approve');
    await dialog
      .locator('#status-comment')
      .fill('Company documents and people checked; PEP cleared by compliance.');
    await confirmMove(page, dialog, 'Approve');
    await admin.settle();
    await until(() => checklist.innerText()).toMatch(/Approved/);
    const history = region(page, 'History');
    await until(() => history.innerText()).toMatch(/PEP cleared by compliance/);
    await until(() => history.innerText()).toMatch(/Under Review/);
    const [row] = await api.list(await adminToken(), 'Investor', 'investor_status', {
      id: { eq: investorId },
    });
    expect(row?.investor_status).toBe('Approved');
    const mail = await mailTo(owner.email, /Approved/, since);
    expect(mail?.text).toMatch(/PEP cleared by compliance/);
    clean();
  });

  it('declines a bank account of the demo investor with a comment; the history shows it', async () => {
    const page = admin.page;
    const investorToken = (await api.signIn(DEMO_EMAIL.investor)).idToken;
    const demoGroup = String(claims(investorToken)['custom:groupid']);
    const [account] = await api.list(await adminToken(), 'Bank', 'bank_account_name bank_status investorId', {
      userId: { eq: demoGroup },
      bank_account_purpose: { eq: 'collection' },
    });
    if (!account) throw new Error('Demo data: no collection account of investor@demo.test');
    declined = account.id;
    await admin.visit(`/admin/accounts/${String(account.investorId)}`);
    await page
      .getByRole('row')
      .filter({ hasText: String(account.bank_account_name) })
      .click();
    await page.waitForURL((u) => u.pathname === `/admin/account/${account.id}`);
    await admin.settle();

    // An approved account is reopened first (a reason is required), then declined.
    if (account.bank_status === 'Approved') {
      const reopen = await openMove(page, 'Reopen');
      await reopen.locator('#status-comment').fill('Annual account review');
      await confirmMove(page, reopen, 'Reopen');
      await admin.settle();
    }
    const since = Date.now();
    const dialog = await openMove(page, 'Decline');
    // Without a reason nothing is sent: the dialog stays open and asks for one.
    await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
    await until(() => dialog.getByText('Say why: a reason is required').isVisible()).toBe(true);
    await dialog.locator('#status-comment').fill(`IBAN does not match the bank statement (${n})`);
    await confirmMove(page, dialog, 'Decline');
    await admin.settle();
    const history = region(page, 'History');
    await until(() => history.innerText()).toMatch(
      new RegExp(`IBAN does not match the bank statement \\(${n}\\)`),
    );
    await until(() => history.innerText()).toMatch(/Declined/);
    await until(() => history.innerText()).toMatch(/Admin/);
    await admin.screenshot('admin-onboarding-bank-declined');
    const [row] = await api.list(await adminToken(), 'Bank', 'bank_status', { id: { eq: account.id } });
    expect(row?.bank_status).toBe('Declined');
    const mail = await mailTo(DEMO_EMAIL.investor, /Declined/, since);
    expect(mail?.text).toMatch(/IBAN does not match/);
    clean();
  });
});
