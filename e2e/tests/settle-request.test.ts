import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adjustedDiscountFeeRate } from '@rf/domain/pricing';
import { MoneyDecimal, roundHalfUp } from '@rf/domain/money';
import { Api, type Row } from '../support/api.ts';
import { baseURL, launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';
import { confirmMove, openMove, pickAuto, stampOf, until } from '../support/flows.ts';
import { approvedLine, demoParties, isoDay, newRequest, runOperation } from '../support/requests.ts';
import { camt053, importStatementFile } from '../support/bank.ts';

/**
 * docs/business-rules.md, “Bank accounts, transactions and settlement”: the admin settles an
 * approved request at /admin/request/{id} by picking the collection transaction that paid it; the
 * dialog previews the payback date and the adjusted discount fee rate
 * (docs/business-rules.md, “How a request is priced at approval”), and the request then shows the
 * payback link and date. The setup makes its own line, request and payments through the API, so the
 * demo's records stay as other files expect.
 */
describe('Admin settles an approved request by its collection transaction', () => {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let tab: Tab | undefined;
  let api: Api;
  const n = stampOf();
  const invoiceNumber = `E2E-SETTLE-${n}`;
  // Paid out today (approval takes a payout date from today on), paid back the same day, before
  // the due date.
  const payout = isoDay(0);
  const due = isoDay(10);
  const paid = isoDay(0);
  let requestId = '';
  let paymentId = '';

  const token = async (email: string) => (await api.signIn(email)).idToken;
  const gql = async <T = Record<string, Row>>(email: string, query: string, variables = {}) =>
    api.gql<T>(await token(email), query, variables);
  const getRequest = async () =>
    (
      await gql<{ getRequest: Row }>(
        DEMO_EMAIL.admin,
        `query ($id: ID!) { getRequest(id: $id) { request_status transactionId_payback payback_date payout_date
           invoice_due_date base_rate_amount discount_fee_rate discount_fee_rate_adjusted } }`,
        { id: requestId },
      )
    ).getRequest;

  beforeAll(async () => {
    api = new Api(baseURL());
    const admin = await token(DEMO_EMAIL.admin);
    const parties = await demoParties(api);
    const investor = { id: parties.investorId };
    const [collection] = await api.list(admin, 'Bank', 'investorId', {
      bank_account_purpose: { eq: 'collection' },
      investorId: { eq: investor.id },
    });
    if (!collection) throw new Error('Demo data: investor I1 has no collection account');

    // A line of S1 funded by I1 and P, approved with room for the request, and the request approved
    // with its invoice and signed copies
    // (docs/business-rules.md, “Preconditions of approving a request”).
    const buyerId = await approvedLine(api, parties, { name: `E2E Settle ${n} Metals BV` });
    requestId = await newRequest(api, parties, { buyerId, invoiceNumber, due, signed: true });
    await runOperation(api, DEMO_EMAIL.admin, 'approveRequest', { id: requestId, payout_date: payout });

    // The buyer's payment into I1's collection account, and a pending one that is not offered, as
    // I1's bank statement brings them in.
    const [account] = await api.list(admin, 'Bank', 'iban bank_account_number iso_currency_code', {
      id: { eq: collection.id },
    });
    const payment = async (date: string, status: 'Posted' | 'Pending') => {
      const reference = `E2E-SETTLE-${n}-${status}`;
      const xml = camt053(
        {
          iban: account!.iban as string | null,
          number: account!.bank_account_number as string | null,
          currency: String(account!.iso_currency_code),
        },
        [
          {
            amount: '25000.00',
            currency: 'USD',
            date,
            reference,
            status: status === 'Posted' ? 'BOOK' : 'PDNG',
            payer: `E2E Settle ${n} Metals BV`,
            // Not the invoice number: the platform would match and settle it on its own.
            remittance: `Payment Settle ${n} ${status}`,
          },
        ],
      );
      const imported = await importStatementFile(
        api,
        await token(DEMO_EMAIL.investor),
        collection.id,
        `${reference}.xml`,
        xml,
      );
      return imported.transactionIds[0] as string;
    };
    paymentId = await payment(paid, 'Posted');
    await payment(paid, 'Pending');

    browser = await launch();
    context = await newContext(browser);
    context.setDefaultTimeout(10_000);
    tab = await Tab.open(context);
    await signInThroughUI(tab.page, DEMO_EMAIL.admin);
    await tab.settle();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await tab?.screenshot(`fail-settle-request-${ctx.task.name.slice(0, 40)}`).catch(() => undefined);
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
  });

  it('picks the collection transaction, previews the adjusted rate, settles, then shows the payback', async () => {
    const t = tab as Tab;
    const page = t.page;
    const visit = await t.visit(`/admin/request/${requestId}`);
    expect(visit.problems).toEqual([]);
    const dialog = await openMove(page, 'Settle');
    expect(await dialog.innerText()).toMatch(/Settles the request from the payments allocated to it/);
    // Settling without a transaction is refused in the dialog, before anything is sent.
    await dialog.getByRole('button', { name: 'Settle', exact: true }).click();
    await until(() => dialog.innerText()).toMatch(/Pick the collection transaction that paid the request/);

    // Only the posted payment is offered (the pending one is not), labelled with sender and description.
    await page.locator('[role=dialog] #transactionId_payback').fill(`Settle ${n}`);
    const options = page.getByRole('option');
    await until(() => options.allInnerTexts()).toEqual([
      expect.stringMatching(
        new RegExp(`USD 25,000\\.00 · E2E Settle ${n} Metals BV · Payment Settle ${n} Posted`),
      ),
    ]);
    await pickAuto(page, 'transactionId_payback', `Settle ${n}`, new RegExp(`Settle ${n} Posted`));
    expect(await page.locator('[role=dialog] #payback_date').inputValue()).toBe(paid);

    const before = await getRequest();
    const expected = adjustedDiscountFeeRate({
      baseRate: String(before.base_rate_amount),
      spread: String(before.discount_fee_rate),
      payoutDate: payout,
      dueDate: due,
      paybackDate: paid,
    });
    // Paid before the due date: the planned fee over fewer days is a higher rate than the spread.
    expect(Number(expected)).toBeGreaterThan(Number(before.discount_fee_rate));
    const preview = dialog.getByTestId('adjusted-rate');
    await until(() => preview.innerText()).toMatch(
      /Adjusted discount fee rate: .+ %.*Paid before the due date/,
    );
    // The screen shows the server's rate rounded half-up to 4 places (formatRate).
    const shown = /rate: ([\d.,]+) %/.exec(await preview.innerText())?.[1]?.replace(/,/g, '');
    expect(shown).toBe(roundHalfUp(new MoneyDecimal(expected), 4).replace(/\.?0+$/, ''));

    await confirmMove(page, dialog, 'Settle');
    const settled = await getRequest();
    expect(settled).toMatchObject({
      request_status: 'Settled',
      transactionId_payback: paymentId,
      payback_date: paid,
      discount_fee_rate_adjusted: expected,
    });

    const main = page.locator('main');
    await until(() => main.innerText()).toMatch(/Payback\s+\d{1,2} \w{3} \d{4}\s+Open transaction/);
    const link = main.getByRole('link', { name: 'Open transaction' }).last();
    expect(await link.getAttribute('href')).toBe(`/admin/transaction/${paymentId}`);
    expect(await main.innerText()).toMatch(/Adjusted spread \(at payback\)/);
    // Settled is final: no move is offered any more.
    expect(await main.getByRole('button', { name: 'Settle', exact: true }).count()).toBe(0);
    await t.screenshot('admin-request-settled');
  });
});
