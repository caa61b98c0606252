import type { Browser, BrowserContext, Locator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api, type Row } from '../support/api.ts';
import { baseURL, launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';
import { stampOf, until } from '../support/flows.ts';
import { approvedLine, demoParties, isoDay, newRequest, runOperation } from '../support/requests.ts';
import { camt053, importStatementFile } from '../support/bank.ts';

interface Allocation {
  id: string;
  transactionId: string;
  amount: string;
  method: string;
  undoneAt: string | null;
  undoReason: string | null;
}

const ALLOCATIONS = `query ($requestId: ID) { paymentAllocations(requestId: $requestId) {
  id transactionId amount method undoneAt undoReason } }`;

/**
 * docs/business-rules.md, “Payments and reconciliation”: two approved requests on a new line of
 * S1 funded by I1; I1's collection statement brings (a) a payment naming request 1's invoice for
 * its amount, which the platform matches and settles, and (b) a payment of request 2's amount +
 * 100 naming nothing. At /admin/reconciliation the administrator opens (b): request 2 is suggested
 * for the payer's name but not for its amount; Split refuses more than the open balance with the
 * server's message, then allocates part of it; request 2 shows the allocation and stays Approved;
 * "Unmatch" asks for a reason and undoes it. The screen at 1280 and 390 px (screenshots
 * `reconciliation-*`). The setup makes its own line, requests and payments through the API.
 */
describe('Reconciliation of collection payments', () => {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let tab: Tab | undefined;
  let api: Api;
  const n = stampOf();
  const buyer = `E2E Recon ${n} Metals BV`;
  const invoice1 = `E2E-REC-${n}-A`;
  const invoice2 = `E2E-REC-${n}-B`;
  let request1 = '';
  let request2 = '';
  const invoice3 = `E2E-REC-${n}-C`;
  let request3 = '';
  let imported: { matched?: number; transactionIds: string[] } = { transactionIds: [] };
  let unnamedPayment = '';

  const token = async (email: string) => (await api.signIn(email)).idToken;
  const requestStatus = async (id: string) =>
    (
      await api.gql<{ getRequest: Row }>(
        await token(DEMO_EMAIL.admin),
        'query ($id: ID!) { getRequest(id: $id) { request_status } }',
        { id },
      )
    ).getRequest.request_status;
  const allocationsOf = async (requestId: string) =>
    (
      await api.gql<{ paymentAllocations: Allocation[] }>(await token(DEMO_EMAIL.admin), ALLOCATIONS, {
        requestId,
      })
    ).paymentAllocations;
  const noSidewaysScroll = async (t: Tab) =>
    expect(
      await t.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

  beforeAll(async () => {
    api = new Api(baseURL());
    const admin = await token(DEMO_EMAIL.admin);
    const parties = await demoParties(api);
    const [collection] = await api.list(admin, 'Bank', 'iban bank_account_number iso_currency_code', {
      bank_account_purpose: { eq: 'collection' },
      investorId: { eq: parties.investorId },
      bank_status: { eq: 'Approved' },
      iso_currency_code: { eq: 'USD' },
    });
    if (!collection) throw new Error('Demo data: investor I1 has no approved USD collection account');

    // Two approved requests of 25,000.00 USD on a new line, paid out today and due in 10 days:
    // within the days a payment of today is matched against (45 before, 14 after).
    const buyerId = await approvedLine(api, parties, { name: buyer });
    request1 = await newRequest(api, parties, {
      buyerId,
      invoiceNumber: invoice1,
      due: isoDay(10),
      signed: true,
    });
    request2 = await newRequest(api, parties, {
      buyerId,
      invoiceNumber: invoice2,
      due: isoDay(10),
      signed: true,
    });
    // A third, smaller one, which the unnamed payment's rest pays in part.
    request3 = await newRequest(api, parties, {
      buyerId,
      invoiceNumber: invoice3,
      amount: '5000.00',
      due: isoDay(10),
      signed: true,
    });
    for (const id of [request1, request2, request3])
      await runOperation(api, DEMO_EMAIL.admin, 'approveRequest', { id, payout_date: isoDay(0) });

    const xml = camt053(
      {
        iban: collection.iban as string | null,
        number: collection.bank_account_number as string | null,
        currency: String(collection.iso_currency_code),
      },
      [
        {
          amount: '25000.00',
          currency: 'USD',
          date: isoDay(0),
          reference: `E2E-REC-${n}-1`,
          payer: buyer,
          remittance: `Invoice ${invoice1}`,
        },
        {
          amount: '25100.00',
          currency: 'USD',
          date: isoDay(0),
          reference: `E2E-REC-${n}-2`,
          payer: buyer,
          remittance: 'Payment for goods',
        },
      ],
    );
    imported = await importStatementFile(
      api,
      await token(DEMO_EMAIL.investor),
      collection.id,
      `e2e-rec-${n}.xml`,
      xml,
    );

    browser = await launch();
    context = await newContext(browser);
    context.setDefaultTimeout(10_000);
    tab = await Tab.open(context);
    await signInThroughUI(tab.page, DEMO_EMAIL.admin);
    await tab.settle();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await tab?.screenshot(`fail-reconciliation-${ctx.task.name.slice(0, 40)}`).catch(() => undefined);
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
  });

  it('the payment naming request 1’s invoice for its amount is matched by the platform, which settles it', async () => {
    expect(imported.transactionIds).toHaveLength(2);
    expect(imported.matched).toBe(1);
    expect(await requestStatus(request1)).toBe('Settled');

    const t = tab as Tab;
    const visit = await t.visit(`/admin/request/${request1}`);
    expect(visit.problems).toEqual([]);
    const panel = t.page.getByTestId('request-payments');
    expect(await panel.getByTestId('payments-status').innerText()).toBe('Settled');
    const allocations = panel.getByTestId('allocation');
    expect(await allocations.count()).toBe(1);
    const text = await allocations.first().innerText();
    expect(text).toMatch(new RegExp(`Payment of \\d{1,2} \\w{3} \\d{4} from ${buyer}`));
    expect(text).toMatch(/USD 25,000\.00/);
    expect(text).toMatch(/\bauto\b/);
    await until(() => panel.getByTestId('payments-open-balance').innerText()).toBe('USD 0.00');
    expect(await panel.getByTestId('payments-paid').innerText()).toBe('USD 25,000.00');
    // A settled request's allocations are decided: nothing to unmatch.
    expect(await panel.getByRole('button', { name: /Unmatch/ }).count()).toBe(0);
    await panel.scrollIntoViewIfNeeded();
    await t.screenshot('reconciliation-request-settled');
  });

  /** The payment of 25,100.00 opened at /admin/reconciliation, found by the payer's name. */
  const openUnnamedPayment = async (t: Tab, status: string): Promise<Locator> => {
    const visit = await t.visit('/admin/reconciliation');
    expect(visit.problems).toEqual([]);
    expect(visit.heading).toBe('Reconciliation');
    await t.page.getByRole('searchbox', { name: 'Search payments in' }).fill(buyer);
    const rows = t.page.getByTestId('payment-row');
    // The named payment is matched: only the unnamed one is left to reconcile.
    await until(async () => (await rows.allInnerTexts()).map((r) => r.replace(/\s+/g, ' '))).toEqual([
      expect.stringMatching(new RegExp(`${buyer} USD 25,100\\.00 .*Payment for goods.*${status}`)),
    ]);
    await rows.first().click();
    await t.page.waitForURL((u) => u.searchParams.has('payment'));
    unnamedPayment = new URL(t.page.url()).searchParams.get('payment') ?? '';
    const detail = t.page.getByTestId('payment-detail');
    // The overline is set in capitals.
    await until(() => detail.innerText()).toMatch(/Money in\s+USD 25,100\.00/i);
    return detail;
  };

  it('request 2 is suggested for the payer, not the amount; Split refuses too much, then allocates part', async () => {
    const t = tab as Tab;
    const page = t.page;
    const detail = await openUnnamedPayment(t, 'Unmatched');
    expect(imported.transactionIds).toContain(unnamedPayment);

    const suggestion = detail.getByTestId('suggestion').filter({ hasText: invoice2 });
    await until(() => suggestion.count()).toBe(1);
    const chips = await suggestion.locator('[aria-label="Why it is suggested"]').innerText();
    expect(chips).toMatch(/payer name 100 % like the buyer's/);
    expect(chips).not.toMatch(/amount equals/);
    expect(chips).not.toMatch(/Platform would match/);
    expect(await suggestion.innerText()).toMatch(/Open balance\s+USD 25,000\.00/);
    await t.screenshot('reconciliation-1280');

    await detail.getByRole('button', { name: 'Split', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await until(() => dialog.innerText()).toMatch(/Nothing of this payment is allocated yet/);
    const pick = dialog.locator('#split-request-1');
    await pick.fill(invoice2);
    await page.getByRole('option', { name: new RegExp(invoice2) }).click();
    expect(await dialog.innerText()).toMatch(/Open balance USD 25,000\.00/);

    // More than request 2's open balance: the server refuses, in its words.
    await dialog.locator('#split-amount-1').fill('25100.00');
    await dialog.getByRole('button', { name: 'Allocate', exact: true }).click();
    await until(() => dialog.getByRole('alert').innerText()).toMatch(
      new RegExp(`invoice ${invoice2}: 25100\\.00 USD is more than its open balance 25000\\.00 USD`),
    );
    await t.screenshot('reconciliation-split-refused');
    expect(await allocationsOf(request2)).toEqual([]);

    await dialog.locator('#split-amount-1').fill('10000.00');
    await dialog.getByRole('button', { name: 'Allocate', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const made = await allocationsOf(request2);
    expect(made).toEqual([
      expect.objectContaining({
        transactionId: unnamedPayment,
        amount: '10000.00',
        method: 'manual',
        undoneAt: null,
      }),
    ]);
    expect(await requestStatus(request2)).toBe('Approved');

    await until(() => detail.getByTestId('reconciliation-status').first().innerText()).toBe(
      'Partially matched',
    );
    const allocated = detail.getByRole('region', { name: 'Allocated to' }).getByTestId('allocation');
    await until(() => allocated.count()).toBe(1);
    expect((await allocated.innerText()).replace(/\s+/g, ' ')).toMatch(
      new RegExp(`Invoice ${invoice2} .*manual .*USD 10,000\\.00 Unmatch`),
    );
    await t.screenshot('reconciliation-allocated-1280');

    // At 390 px: the list, then the payment instead of it, nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await until(() => detail.isVisible()).toBe(true);
      await noSidewaysScroll(t);
      await t.screenshot('reconciliation-detail-390');
      await page.getByRole('button', { name: '‹ Back to the list' }).click();
      await until(() => page.getByTestId('payment-row').count()).toBe(1);
      await noSidewaysScroll(t);
      await t.screenshot('reconciliation-390');
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });

  it('request 2 shows the allocation and stays Approved; Unmatch asks for a reason and undoes it', async () => {
    const t = tab as Tab;
    const page = t.page;
    const visit = await t.visit(`/admin/request/${request2}`);
    expect(visit.problems).toEqual([]);
    const panel = page.getByTestId('request-payments');
    expect(await panel.getByTestId('payments-status').innerText()).toBe('Approved');
    const row = panel.getByTestId('allocation');
    expect(await row.count()).toBe(1);
    expect((await row.innerText()).replace(/\s+/g, ' ')).toMatch(
      new RegExp(`Payment of \\d{1,2} \\w{3} \\d{4} from ${buyer} .*manual .*USD 10,000\\.00`),
    );
    // The server's figures (requestBalance); the browser sums nothing.
    await until(() => panel.getByTestId('payments-open-balance').innerText()).toBe('USD 15,000.00');
    expect(await panel.getByTestId('payments-paid').innerText()).toBe('USD 10,000.00');

    // Partially matched, the payment is still listed to reconcile.
    const detail = await openUnnamedPayment(t, 'Partially matched');
    const allocated = detail.getByRole('region', { name: 'Allocated to' });
    await allocated
      .getByRole('button', { name: new RegExp(`Unmatch USD 10,000\\.00 from Invoice ${invoice2}`) })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Unmatch', exact: true }).click();
    await until(() => dialog.innerText()).toMatch(/Say why the allocation is undone/);
    await dialog.getByLabel('Reason').fill('Paid another invoice: the buyer will say which');
    await dialog.getByRole('button', { name: 'Unmatch', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    expect(await allocationsOf(request2)).toEqual([
      expect.objectContaining({
        amount: '10000.00',
        undoneAt: expect.any(String),
        undoReason: 'Paid another invoice: the buyer will say which',
      }),
    ]);
    await until(() => detail.getByTestId('reconciliation-status').first().innerText()).toBe('Unmatched');
    await until(() => allocated.getByTestId('undone').innerText()).toMatch(
      /Undone .*: Paid another invoice: the buyer will say which/,
    );
    expect(await allocated.getByRole('button', { name: /Unmatch/ }).count()).toBe(0);

    await t.visit(`/admin/request/${request2}`);
    const undone = page.getByTestId('request-payments').getByTestId('undone');
    await until(() => undone.innerText()).toMatch(/Paid another invoice/);
    expect(await requestStatus(request2)).toBe('Approved');
  });

  it('the investor sees what its collection payment paid', async () => {
    const named = imported.transactionIds.find((id) => id !== unnamedPayment);
    expect(named).toBeTruthy();
    const investorContext = await newContext(browser!);
    try {
      investorContext.setDefaultTimeout(10_000);
      const t = await Tab.open(investorContext);
      await signInThroughUI(t.page, DEMO_EMAIL.investor);
      await t.settle();
      const visit = await t.visit(`/investor/bank/collection/${named}`);
      expect(visit.problems).toEqual([]);
      const paid = t.page.getByTestId('payment-paid');
      expect(await paid.getByTestId('reconciliation-status').innerText()).toBe('Matched');
      const rows = paid.getByTestId('allocation');
      expect(await rows.count()).toBe(1);
      expect((await rows.innerText()).replace(/\s+/g, ' ')).toMatch(
        new RegExp(
          `Invoice ${invoice1} Allocated \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} auto USD 25,000\\.00`,
        ),
      );
      expect(await rows.getByRole('link', { name: `Invoice ${invoice1}` }).getAttribute('href')).toBe(
        `/investor/request/${request1}`,
      );
      await paid.scrollIntoViewIfNeeded();
      await t.screenshot('reconciliation-investor-payment');
    } finally {
      await investorContext.close().catch(() => undefined);
    }
  });

  it('splits the unnamed payment across two requests: request 2 paid and settled, request 3 partly paid', async () => {
    const t = tab as Tab;
    const page = t.page;
    const detail = await openUnnamedPayment(t, 'Unmatched');
    await detail.getByRole('button', { name: 'Split', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#split-request-1').fill(invoice2);
    await page.getByRole('option', { name: new RegExp(invoice2) }).click();
    await dialog.locator('#split-amount-1').fill('25000.00');
    await dialog.getByRole('button', { name: 'Add a request' }).click();
    await dialog.locator('#split-request-2').fill(invoice3);
    await page.getByRole('option', { name: new RegExp(invoice3) }).click();
    await dialog.locator('#split-amount-2').fill('100.00');
    await dialog.getByRole('button', { name: 'Allocate', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The payment is used up; request 2 is paid in full, so the platform settled it; request 3
    // has 4,900.00 open, as the server sums it.
    await until(() => detail.getByTestId('reconciliation-status').first().innerText()).toBe('Matched');
    expect(await requestStatus(request2)).toBe('Settled');
    expect(await requestStatus(request3)).toBe('Approved');
    await t.visit(`/admin/request/${request3}`);
    const panel = page.getByTestId('request-payments');
    await until(() => panel.innerText()).toMatch(/Open balance\s+USD 4,900\.00/);
    expect(await panel.innerText()).toMatch(/Paid\s+USD 100\.00/);
    await t.visit(`/admin/request/${request2}`);
    await until(() => page.getByTestId('request-payments').innerText()).toMatch(/Open balance\s+USD 0\.00/);
    await t.screenshot('reconciliation-split-two');
  });

  it('a manual debit confirms request 2’s advance; a manual credit is reversed with a reason', async () => {
    const t = tab as Tab;
    const page = t.page;
    const admin = await token(DEMO_EMAIL.admin);
    const parties = await demoParties(api);
    const accountOf = async (purpose: string) => {
      const [account] = await api.list(admin, 'Bank', 'bank_account_name iban bank_account_number', {
        bank_account_purpose: { eq: purpose },
        investorId: { eq: parties.investorId },
        bank_status: { eq: 'Approved' },
        iso_currency_code: { eq: 'USD' },
      });
      if (!account) throw new Error(`Demo data: investor I1 has no approved USD ${purpose} account`);
      // The account as the picker names it (reconciliation-parts.tsx, accountLabel).
      return [account.bank_account_name, purpose, 'USD', account.iban || account.bank_account_number]
        .filter(Boolean)
        .join(' · ');
    };
    const { payoutInstructions } = await api.gql<{
      payoutInstructions: { id: string; reference: string; kind: string; amount: string; status: string }[];
    }>(admin, 'query ($r: ID) { payoutInstructions(requestId: $r) { id reference kind amount status } }', {
      r: request2,
    });
    const advance = payoutInstructions.find((i) => i.kind === 'advance');
    expect(advance?.status).toBe('Pending');

    const record = async (account: string, amount: string, reference: string) => {
      const before = new URL(page.url()).searchParams.get('payment');
      await page.getByRole('button', { name: 'Manual entry' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('#manual-account').click();
      await page.getByRole('option', { name: account, exact: true }).click();
      await dialog.locator('#manual-date').fill(isoDay(0));
      await dialog.locator('#manual-amount').fill(amount);
      await dialog.locator('#manual-counterparty').fill(`E2E Recon ${n} Supplies`);
      await dialog.locator('#manual-reference').fill(reference);
      await dialog.getByRole('button', { name: 'Record entry' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // The screen opens the new entry.
      await page.waitForURL(
        (u) => Boolean(u.searchParams.get('payment')) && u.searchParams.get('payment') !== before,
      );
      return new URL(page.url()).searchParams.get('payment') ?? '';
    };

    // The advance paid by the bank, entered by hand: money out of I1's remittance account.
    expect((await t.visit('/admin/reconciliation')).problems).toEqual([]);
    const debit = await record(await accountOf('remittance'), `-${advance!.amount}`, `E2E-REC-${n}-OUT`);
    const detail = page.getByTestId('payment-detail');
    await until(() => detail.innerText()).toMatch(/Money out\s+USD −[\d,]+\.\d{2}/i);
    expect(await page.getByRole('tab', { name: 'Money out' }).getAttribute('aria-selected')).toBe('true');
    const instruction = detail.getByTestId('payout-instruction').filter({ hasText: advance!.reference });
    await until(() => instruction.count()).toBe(1);
    expect(await instruction.innerText()).toMatch(new RegExp(`Advance of invoice ${invoice2}`));
    await t.screenshot('reconciliation-payout-1280');
    await instruction.getByRole('button', { name: `Confirm payout ${advance!.reference}` }).click();
    const confirm = page.getByRole('dialog');
    expect(await confirm.innerText()).toMatch(/This cannot be undone here/);
    await confirm.getByRole('button', { name: 'Confirm payout' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await until(() => detail.getByTestId('reconciliation-status').first().innerText()).toBe('Matched');
    await until(() => detail.getByRole('region', { name: 'Payout it confirmed' }).innerText()).toMatch(
      new RegExp(`${advance!.reference}\\s+Confirmed`),
    );
    const paidOut = (
      await api.gql<{ getRequest: Row }>(
        admin,
        'query ($id: ID!) { getRequest(id: $id) { payout_date transactionId_payout } }',
        { id: request2 },
      )
    ).getRequest;
    expect(paidOut).toMatchObject({ payout_date: isoDay(0), transactionId_payout: debit });

    // A credit entered by mistake: reversed with a reason, both entries then ignored.
    const credit = await record(await accountOf('collection'), '123.45', `E2E-REC-${n}-IN`);
    await until(() => detail.innerText()).toMatch(/Money in\s+USD 123\.45/i);
    await detail.getByRole('button', { name: 'Reverse' }).click();
    const reverse = page.getByRole('dialog');
    await reverse.getByRole('button', { name: 'Reverse' }).click();
    await until(() => reverse.innerText()).toMatch(/Say why the entry is reversed/);
    await reverse.getByLabel('Reason').fill('Entered twice');
    await reverse.getByRole('button', { name: 'Reverse' }).click();
    await reverse.waitFor({ state: 'hidden' });
    await until(() => detail.getByTestId('reconciliation-status').first().innerText()).toBe('Ignored');
    expect(await detail.getByRole('button', { name: 'Reverse' }).count()).toBe(0);
    const reversals = await api.list(
      admin,
      'Transaction',
      'transaction_source_amount reconciliation_status',
      {
        reversal_of: { eq: credit },
      },
    );
    expect(reversals).toEqual([
      expect.objectContaining({ transaction_source_amount: '-123.45', reconciliation_status: 'Ignored' }),
    ]);
  });
});
