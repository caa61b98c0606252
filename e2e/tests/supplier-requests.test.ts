import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api, type Row } from '../support/api.ts';
import { baseURL, launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';
import { confirmMove, fillText, openMove, stampOf, until, upload } from '../support/flows.ts';
import { cents, money } from '../support/lines.ts';
import {
  approvedLine,
  demoParties,
  isoDay,
  newRequest,
  runOperation,
  type DemoParties,
} from '../support/requests.ts';

/**
 * The supplier's side of a request (docs/business-rules.md, “Frozen fields per state”) as
 * supplier@demo.test: a request in Documents Pending opened from the list, with what was asked for,
 * the documents attached (an upload, the signed copies) and the request resubmitted; a request
 * withdrawn; the details a submitted request still lets it edit, the frozen ones read-only; its own
 * buyer line; a frozen field's edit refused by the server, naming the field and the state; the
 * indicative price while a request is entered. The setup makes its own line and requests through
 * the declared operations, so the demo's records stay as other files expect.
 */
describe('Supplier requests: documents asked for, resubmit, withdraw, frozen fields, indicative price', () => {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let tab: Tab;
  let api: Api;
  let parties: DemoParties;
  let lineId = '';
  let pendingId = '';
  let withdrawId = '';
  const n = stampOf();
  const pendingNumber = `E2E-DOCS-${n}`;
  const withdrawNumber = `E2E-WD-${n}`;
  const comment = 'Please add the packing list.';

  const token = async (email: string) => (await api.signIn(email)).idToken;
  const request = async (id: string) =>
    (
      await api.gql<{ getRequest: Row }>(
        await token(DEMO_EMAIL.supplier),
        `query ($id: ID!) { getRequest(id: $id) { _version request_status packing_list_attachment ipu_attachment
           invoice_ipu_signed offer_notice_attachment sold_goods_description invoice_amount } }`,
        { id },
      )
    ).getRequest;
  const main = () => tab.page.locator('main');
  const region = (name: string) => tab.page.getByRole('region', { name });
  /** Closes the notices of earlier steps, so a screenshot shows the screen. */
  const quiet = async (t: Tab = tab) => {
    for (let i = 0; i < 10; i++) {
      const close = t.page.locator('.MuiSnackbar-root button');
      if (!(await close.count())) break;
      await close
        .first()
        .click()
        .catch(() => undefined);
      await t.page.waitForTimeout(250);
    }
  };
  const mobile = async (name: string) => {
    await tab.page.setViewportSize({ width: 390, height: 844 });
    await quiet();
    await tab.screenshot(name);
    await tab.page.setViewportSize({ width: 1280, height: 860 });
  };

  beforeAll(async () => {
    api = new Api(baseURL());
    parties = await demoParties(api);
    lineId = await approvedLine(api, parties, { name: `E2E Docs ${n} Trading BV`, limit: '300000.00' });
    pendingId = await newRequest(api, parties, { buyerId: lineId, invoiceNumber: pendingNumber });
    await runOperation(api, DEMO_EMAIL.spv, 'askForDocuments', {
      id: pendingId,
      documents_requested: 'Packing list',
      documents_comment: comment,
    });
    withdrawId = await newRequest(api, parties, { buyerId: lineId, invoiceNumber: withdrawNumber });

    browser = await launch();
    context = await newContext(browser);
    context.setDefaultTimeout(10_000);
    tab = await Tab.open(context);
    await signInThroughUI(tab.page, DEMO_EMAIL.supplier);
    await tab.settle();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await tab.screenshot(`fail-supplier-requests-${ctx.task.name.slice(0, 40)}`).catch(() => undefined);
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
  });

  it('opens a request in Documents Pending from the list and sees what is asked for', async () => {
    const page = tab.page;
    await tab.visit('/app/requests');
    await page.getByRole('row').filter({ hasText: pendingNumber }).first().click();
    await page.waitForURL((u) => u.pathname === `/app/request/${pendingId}`, { timeout: 15_000 });
    await tab.settle();
    const asked = region('Documents asked for');
    await until(() => asked.innerText()).toMatch(/Packing list\s+Missing/);
    expect(await asked.innerText()).toContain(comment);
    expect(await asked.innerText()).toMatch(/Still missing: Packing list/);
    // The answers are offered with the list; deciding is not the supplier's. Signed documents come
    // from the platform's signing, never from the supplier's uploads.
    expect(await asked.getByRole('button', { name: 'Resubmit', exact: true }).count()).toBe(1);
    expect(
      await main()
        .getByRole('button', { name: /signed copies/i })
        .count(),
    ).toBe(0);
    await until(() => region('Signatures').innerText()).toMatch(/IPU[\s\S]*Bea Buyer/);
    expect(await main().getByRole('button', { name: 'Withdraw', exact: true }).count()).toBe(1);
    expect(await main().getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
    await until(() => region('History').innerText()).toMatch(/Ask for documents/);
    await quiet();
    await tab.screenshot('supplier-request-documents-pending');
    await mobile('supplier-request-documents-pending-390');
  });

  it('uploads the packing list and resubmits', async () => {
    const page = tab.page;
    const asked = region('Documents asked for');
    await upload(page, 'packing_list_attachment', `packing-${n}.pdf`);
    await until(() => asked.innerText()).toMatch(/Packing list\s+Attached/);
    await until(async () => Boolean((await request(pendingId)).packing_list_attachment)).toBe(true);
    await until(() => asked.innerText()).toMatch(/Everything asked for is attached/);
    const history = region('History');

    const resubmit = await openMove(page, 'Resubmit');
    await confirmMove(page, resubmit, 'Resubmit');
    await until(async () => (await request(pendingId)).request_status).toBe('Under Review');
    await until(() => history.innerText()).toMatch(/Resubmit/);
    expect(await region('Documents asked for').count()).toBe(0);
    expect(tab.graphqlErrors).toEqual([]);
    expect(tab.consoleErrors).toEqual([]);
    tab.reset();
  });

  it('edits what a submitted request still allows; amount, dates, number and line stay read-only', async () => {
    const page = tab.page;
    await main().getByRole('button', { name: 'Edit details' }).click();
    const edit = region('Edit details');
    await edit.waitFor({ state: 'visible' });
    expect(await edit.innerText()).toMatch(/These stay as they are while the request is Under Review/);
    expect(await edit.innerText()).toMatch(/Invoice amount\s+USD 25,000\.00/);
    expect(await edit.locator('#invoice_amount').count()).toBe(0);
    expect(await edit.locator('#invoice_due_date').count()).toBe(0);
    await fillText(page, 'sold_goods_description', `Cotton yarn, lot ${n}`);
    await edit.scrollIntoViewIfNeeded();
    await quiet();
    await tab.screenshot('supplier-request-edit-details');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await until(async () => (await request(pendingId)).sold_goods_description).toBe(`Cotton yarn, lot ${n}`);
  });

  it('withdraws a request under review; it ends Declined with the reason', async () => {
    const page = tab.page;
    await tab.visit(`/app/request/${withdrawId}`);
    const dialog = await openMove(page, 'Withdraw');
    expect(await dialog.innerText()).toMatch(/Withdrawn by the supplier/);
    expect(await dialog.innerText()).toMatch(/This cannot be undone/);
    await confirmMove(page, dialog, 'Withdraw request');
    await until(async () => (await request(withdrawId)).request_status).toBe('Declined');
    await until(() => main().innerText()).toMatch(/Reason[\s\S]*Withdrawn by the supplier/);
    // Nothing of a declined request changes any more.
    expect(await main().getByRole('button', { name: 'Edit details' }).count()).toBe(0);
    expect(await main().getByRole('button', { name: 'Withdraw', exact: true }).count()).toBe(0);
  });

  it('opens its own buyer line; edits it while under review, its offered terms read-only once approved', async () => {
    const page = tab.page;
    const supplier = await token(DEMO_EMAIL.supplier);
    const made = await api.gql<{ createBuyer: Row }>(
      supplier,
      `mutation ($input: CreateBuyerInput!) { createBuyer(input: $input) { id } }`,
      {
        input: {
          supplierId: parties.supplierId,
          buyer_name: `E2E Review ${n} Foods SA`,
          buyer_country: 'FR',
          buyer_currency: 'EUR',
          buyer_date_of_incorporation: '2008-03-04',
          buyer_loan_request_amount: '150000.00',
        },
      },
    );
    await tab.visit('/app/buyers');
    await page.getByRole('link', { name: `Open line: E2E Review ${n} Foods SA` }).click();
    await page.waitForURL((u) => u.pathname === `/app/buyer/${made.createBuyer.id}`);
    await tab.settle();
    await main().getByRole('button', { name: 'Edit buyer' }).click();
    const edit = region('Edit buyer');
    await fillText(page, 'buyer_loan_request_amount', '175000');
    await edit.getByRole('button', { name: /^Save/ }).last().click();
    await until(() => main().innerText()).toMatch(/Requested limit\s+EUR 175,000\.00/);

    await tab.visit(`/app/buyer/${lineId}`);
    await main().getByRole('button', { name: 'Edit buyer' }).click();
    const approved = region('Edit buyer');
    await until(() => approved.innerText()).toMatch(/These stay as they are while the buyer is Approved/);
    expect(await approved.innerText()).toMatch(/USD 300,000\.00/);
    expect(await approved.locator('#buyer_loan_request_amount').count()).toBe(0);
    expect(await approved.locator('#buyer_currency').count()).toBe(0);
    await until(() => region('Requests on this line').innerText()).toMatch(new RegExp(pendingNumber));
    await quiet();
    await tab.screenshot('supplier-line-approved-edit');
  });

  it('refuses an edit of a frozen field, naming the field and the state; the admin’s form shows it read-only', async () => {
    // Through the API as the supplier: the amount of a submitted request.
    const supplier = await token(DEMO_EMAIL.supplier);
    const refused = await api
      .gql(supplier, 'mutation ($input: UpdateRequestInput!) { updateRequest(input: $input) { id } }', {
        input: { id: pendingId, _version: (await request(pendingId))._version, invoice_amount: '50000.00' },
      })
      .then(
        () => '',
        (e: Error) => e.message,
      );
    expect(refused).toMatch(/invoice_amount cannot be changed: the request is Under Review/);
    expect((await request(pendingId)).invoice_amount).toBe('25000.00');

    // In the browser as the admin: the line form shows the frozen amount read-only, with the way
    // to change it, instead of offering a field the server refuses.
    const adminContext = await newContext(browser as Browser);
    const adminTab = await Tab.open(adminContext);
    await signInThroughUI(adminTab.page, DEMO_EMAIL.admin);
    await adminTab.settle();
    await adminTab.visit(`/admin/buyer/${lineId}?edit=1`);
    await adminTab.page
      .locator('main .MuiStepButton-root')
      .filter({ hasText: /Financing terms/ })
      .click();
    const amount = adminTab.page.locator('main #buyer_loan_request_amount');
    await until(() => amount.isDisabled()).toBe(true);
    const note = adminTab.page.locator('main #buyer_loan_request_amount-helper-text');
    expect(await note.innerText()).toBe('Frozen while Approved — use “Reopen”');
    await quiet(adminTab);
    await amount.scrollIntoViewIfNeeded();
    await adminTab.screenshot('frozen-line-edit');
    await adminTab.page.setViewportSize({ width: 390, height: 844 });
    await quiet(adminTab);
    await amount.scrollIntoViewIfNeeded();
    await adminTab.screenshot('frozen-line-edit-390');
    await adminContext.close();
  });

  it('shows an indicative price from the server while a request is entered', async () => {
    const page = tab.page;
    const due = isoDay(75);
    const supplier = await token(DEMO_EMAIL.supplier);
    const { indicativePrice: expected } = await api.gql<{ indicativePrice: Row }>(
      supplier,
      `query ($b: ID!, $a: Decimal!, $d: AWSDate!) { indicativePrice(buyerId: $b, invoice_amount: $a, invoice_due_date: $d) {
         invoice_purchase_amount discount_fee_amount invoice_purchase_duration payout_date unavailable } }`,
      { b: lineId, a: '100000.00', d: due },
    );
    expect(expected.unavailable).toBeNull();
    await tab.visit(`/app/newrequest/${lineId}`);
    const panel = region('Indicative price');
    await until(() => panel.innerText()).toMatch(/Enter the invoice amount and the due date/);
    await fillText(page, 'invoice_amount', '100,000.00');
    await fillText(page, 'invoice_due_date', due);
    const purchase = money(cents(expected.invoice_purchase_amount), 'USD');
    await until(() => panel.innerText()).toMatch(
      new RegExp(`Purchase amount\\s+${purchase.replace(/[.$]/g, '\\$&')}`),
    );
    expect(await panel.innerText()).toMatch(
      new RegExp(
        `Discount fee\\s+${money(cents(expected.discount_fee_amount), 'USD').replace(/\./g, '\\.')}`,
      ),
    );
    expect(await panel.innerText()).toMatch(
      new RegExp(`Days\\s+${String(expected.invoice_purchase_duration)}`),
    );
    expect(await panel.innerText()).toMatch(
      /Indicative only: the binding price is fixed when the request is approved/,
    );
    await page.locator('#invoice_amount').scrollIntoViewIfNeeded();
    await quiet();
    await tab.screenshot('indicative-price-new-request');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('#invoice_amount').scrollIntoViewIfNeeded();
    await quiet();
    await tab.screenshot('indicative-price-new-request-390');
    await page.setViewportSize({ width: 1280, height: 860 });

    // Typing on changes it (debounced): a due date the rules refuse is said, not priced.
    await fillText(page, 'invoice_due_date', isoDay(500));
    await until(() => panel.innerText()).toMatch(/No indicative price: .*at most 365 days ahead/);

    // Several invoices: each shows its own, under the invoice.
    await tab.visit(`/app/newmultirequest/${parties.supplierGroup}/${lineId}/${parties.supplierId}`);
    const invoice = region('Invoice 1');
    await invoice.locator('input[name="invoices.0.invoice_amount"]').fill('100000');
    await invoice.locator('input[name="invoices.0.invoice_due_date"]').fill(due);
    await until(() => invoice.getByTestId('indicative-price').innerText()).toMatch(
      new RegExp(`You would receive about ${purchase.replace(/[.$]/g, '\\$&')}`),
    );
    expect(await invoice.getByTestId('indicative-price').innerText()).toMatch(
      /binding price is fixed at approval/,
    );
    await quiet();
    await tab.screenshot('indicative-price-several-invoices');
    expect(tab.graphqlErrors).toEqual([]);
    expect(tab.consoleErrors).toEqual([]);
  });
});
