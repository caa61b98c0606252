import { readFile } from 'node:fs/promises';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, claims, type Row } from '../support/api.ts';
import { camt053 } from '../support/bank.ts';
import { baseURL, launch, SignedInTabs, type Tab } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';
import { stampOf, stepsInOrder, until } from '../support/flows.ts';
import { isoDay, runOperation, uploadPdf } from '../support/requests.ts';

/**
 * docs/business-rules.md, “Payments and reconciliation”: an approved request's advance is a
 * pending payout instruction on /admin/payouts; the administrator chooses it (by keyboard) and
 * exports a pain.001 file, which the browser downloads and which carries the instruction's
 * reference; the instruction is then Exported. The investor imports its bank's camt.053 statement
 * with the debit carrying that reference as end-to-end id through the remittance page's file
 * input: the summary says 1 new, 1 matched, and the payout is Confirmed with its transaction; the
 * same file again brings 0 new and 1 duplicate. On the admin's account page a statement of another
 * account is refused naming both, and a CSV export is previewed, mapped (prefilled from its header)
 * and imported. Screens at 1280 and 390 px (screenshots `payouts-*`, `statement-import-*`).
 *
 * Supplier S2, investor I2 (which funds S2's lines) and SPV P, on a line and request made here
 * through the API, so the accounts other files change (S1's payout account, I1's remittance
 * account) stay theirs. S2 gets an approved USD payout account for the export (deleted after, when
 * this file made it); I2's remittance account in the demo is approved and in USD.
 */
const INVESTOR2 = 'investor2@demo.test';
const BANK = 'iban bank_account_number iso_currency_code bank_status bank_account_purpose bank_account_name';
const INSTRUCTIONS = `query ($requestId: ID) { payoutInstructions(requestId: $requestId) {
  id reference status amount currency problems transactionId debtorAccount { id } } }`;

/** `22500.5`, `USD` → `USD 22,500.50`, as the screens format money. */
const money = (amount: string, currency: string): string => {
  const [int = '0', frac = ''] = amount.replace(/^-/, '').split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency} ${amount.startsWith('-') ? '−' : ''}${grouped}.${frac.padEnd(2, '0')}`;
};

describe('Payouts exported as pain.001 and confirmed by an imported statement; CSV statements mapped', () => {
  let browser: Browser | undefined;
  let api: Api;
  const tabs = new SignedInTabs(() => browser);
  const n = stampOf();
  const invoiceNumber = `E2E-PAYOUT-${n}`;
  let requestId = '';
  let remittance: Row = { id: '' };
  let collection: Row = { id: '' };
  let madePayoutAccount = '';
  let instruction: Row = { id: '' };
  let statement = '';
  const statementName = `camt053-${n}.xml`;

  const token = async (email: string) => (await api.signIn(email)).idToken;
  const gql = async <T = Record<string, Row>>(email: string, query: string, variables = {}) =>
    api.gql<T>(await token(email), query, variables);
  const instructions = async () =>
    (await gql<{ payoutInstructions: Row[] }>(DEMO_EMAIL.admin, INSTRUCTIONS, { requestId }))
      .payoutInstructions;

  const narrow = (t: Tab) => t.page.setViewportSize({ width: 390, height: 844 });
  const wide = (t: Tab) => t.page.setViewportSize({ width: 1280, height: 860 });
  const noSidewaysScroll = async (t: Tab) =>
    expect(
      await t.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  const summaryOf = (panel: Locator) => ({
    created: panel.getByTestId('import-created'),
    duplicates: panel.getByTestId('import-duplicates'),
    matched: panel.getByTestId('import-matched'),
    format: panel.getByTestId('import-format'),
  });

  beforeAll(async () => {
    api = new Api(baseURL());
    const admin = await token(DEMO_EMAIL.admin);
    const groupOf = async (email: string) => String(claims(await token(email))['custom:groupid']);
    const [supplier] = await api.list(admin, 'Supplier', 'userId supplier_name', {
      userId: { eq: await groupOf(DEMO_EMAIL.supplier2) },
    });
    const [investor] = await api.list(admin, 'Investor', 'userId', {
      userId: { eq: await groupOf(INVESTOR2) },
    });
    const [spv] = await api.list(admin, 'Spv', 'userId', { userId: { eq: await groupOf(DEMO_EMAIL.spv) } });
    if (!supplier || !investor || !spv) throw new Error('Demo data: no supplier S2, investor I2 or SPV P');

    // I2's accounts as the demo made them: approved, in USD.
    const accounts = await api.list(admin, 'Bank', BANK, { investorId: { eq: investor.id } });
    const usable = (purpose: string) =>
      accounts.find(
        (a) =>
          a.bank_account_purpose === purpose && a.bank_status === 'Approved' && a.iso_currency_code === 'USD',
      );
    remittance = usable('remittance') ?? remittance;
    collection = usable('collection') ?? collection;
    if (!remittance.id || !collection.id)
      throw new Error('Demo data: investor I2 has no approved USD remittance and collection accounts');

    // S2's approved USD payout account: made by S2 and approved by the administrator when missing.
    const payouts = await api.list(admin, 'Bank', BANK, {
      supplierId: { eq: supplier.id },
      bank_account_purpose: { eq: 'payout' },
    });
    if (!payouts.some((a) => a.bank_status === 'Approved' && a.iso_currency_code === 'USD')) {
      const made = await gql<{ createBank: Row }>(
        DEMO_EMAIL.supplier2,
        'mutation ($input: CreateBankInput!) { createBank(input: $input) { id } }',
        {
          input: {
            supplierId: supplier.id,
            bank_account_name: `${String(supplier.supplier_name)} Payout`,
            bank_account_purpose: 'payout',
            iso_currency_code: 'USD',
            bank_country: 'DE',
            iban: 'DE89370400440532013000',
            bic_swift_code: 'COBADEFFXXX',
          },
        },
      );
      madePayoutAccount = made.createBank.id;
      await runOperation(api, DEMO_EMAIL.admin, 'approveBank', { id: madePayoutAccount });
    }

    // A line of S2 funded by I2 and P, and a request on it approved with signed copies of its
    // documents (docs/business-rules.md, “Preconditions of approving a request”): its advance is
    // instructed from I2's remittance account.
    const buyer = await gql<{ createBuyer: Row & { _version: number } }>(
      DEMO_EMAIL.supplier2,
      'mutation ($input: CreateBuyerInput!) { createBuyer(input: $input) { id _version } }',
      {
        input: {
          supplierId: supplier.id,
          buyer_name: `E2E Payout ${n} Foods BV`,
          buyer_country: 'NL',
          buyer_currency: 'USD',
          buyer_date_of_incorporation: '2004-02-11',
          buyer_loan_request_amount: '200000.00',
        },
      },
    );
    const buyerId = buyer.createBuyer.id;
    await gql(
      DEMO_EMAIL.admin,
      'mutation ($input: UpdateBuyerInput!) { updateBuyer(input: $input) { id } }',
      {
        input: {
          id: buyerId,
          _version: buyer.createBuyer._version,
          investorId: investor.id,
          spvId: spv.id,
          buyer_loan_advance_rate: '90',
          buyer_loan_rate: 'SOFR(3M)',
          buyer_loan_discount_fee: '4.5',
          buyer_loan_transaction_fee: '25',
          buyer_loan_spv_fee: '0.5',
        },
      },
    );
    await runOperation(api, DEMO_EMAIL.admin, 'submitLineTerms', { id: buyerId });
    await runOperation(api, INVESTOR2, 'approveLine', {
      id: buyerId,
      buyer_loan_approved_amount: '200000.00',
    });
    const supplierToken = await token(DEMO_EMAIL.supplier2);
    const request = await api.gql<{ createRequest: Row }>(
      supplierToken,
      'mutation ($input: CreateRequestInput!) { createRequest(input: $input) { id } }',
      {
        input: {
          buyerId,
          supplierId: supplier.id,
          invoice_number: invoiceNumber,
          invoice_amount: '25000.00',
          invoice_currency: 'USD',
          invoice_date: isoDay(-30),
          invoice_due_date: isoDay(60),
          invoice_attachment: await uploadPdf(api, supplierToken, `invoice-${invoiceNumber}.pdf`),
          ipu_signature_name: 'Bea Buyer',
          ipu_signature_email: `ap-e2e-payout-${n}@buyer.test`,
        },
      },
    );
    requestId = request.createRequest.id;
    await runOperation(api, DEMO_EMAIL.admin, 'attachSignedCopies', {
      id: requestId,
      ipu_attachment: await uploadPdf(api, admin, `ipu-${invoiceNumber}.pdf`),
      invoice_ipu_signed: isoDay(-1),
      offer_notice_attachment: await uploadPdf(api, admin, `offer-${invoiceNumber}.pdf`),
    });
    await runOperation(api, DEMO_EMAIL.admin, 'approveRequest', { id: requestId, payout_date: isoDay(0) });

    const [advance] = await instructions();
    if (!advance) throw new Error('The approval instructed no advance');
    instruction = advance;
    expect(instruction).toMatchObject({ status: 'Pending', currency: 'USD', problems: [] });
    expect((instruction.debtorAccount as Row).id).toBe(remittance.id);

    // I2's bank statement: the advance debited, carrying the instruction's reference end to end
    // (and not in the remittance text, so the end-to-end id is what matches it).
    statement = camt053(
      {
        iban: remittance.iban as string | null,
        number: remittance.bank_account_number as string | null,
        currency: 'USD',
      },
      [
        {
          amount: `-${String(instruction.amount)}`,
          currency: 'USD',
          date: isoDay(0),
          reference: `E2E-PAYOUT-DEBIT-${n}`,
          endToEndId: String(instruction.reference),
          payer: `${String(supplier.supplier_name)} Payout`,
          remittance: `Advance of invoice ${invoiceNumber}`,
        },
      ],
    );
    browser = await launch();
  });
  stepsInOrder('payouts-and-import', () => tabs.current);
  afterAll(async () => {
    if (madePayoutAccount) {
      const admin = await token(DEMO_EMAIL.admin).catch(() => '');
      const [row] = admin
        ? await api.list(admin, 'Bank', '_version', { id: { eq: madePayoutAccount } }).catch(() => [])
        : [];
      if (row)
        await api
          .gql(admin, 'mutation ($input: DeleteBankInput!) { deleteBank(input: $input) { id } }', {
            input: { id: madePayoutAccount, _version: row._version },
          })
          .catch(() => undefined);
    }
    await tabs.close();
    await browser?.close();
  });

  it('the admin chooses the pending advance by keyboard and exports pain.001: the file carries its reference', async () => {
    const t = await tabs.of(DEMO_EMAIL.admin);
    const page = t.page;
    const visit = await t.visit('/admin/payouts');
    expect(visit.problems).toEqual([]);
    expect(visit.heading).toBe('Payouts');
    const reference = String(instruction.reference);
    const row = page.getByTestId(`payout-${reference}`);
    const text = (await row.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain(invoiceNumber);
    expect(text).toContain('Advance');
    expect(text).toContain(money(String(instruction.amount), 'USD'));
    expect(await row.getByRole('link', { name: invoiceNumber }).getAttribute('href')).toBe(
      `/admin/request/${requestId}`,
    );

    const exportXml = page.locator('main').getByRole('button', { name: 'Export pain.001' });
    expect(await exportXml.isDisabled()).toBe(true);
    const box = row.getByRole('checkbox', { name: `Choose ${reference}` });
    await box.focus();
    await page.keyboard.press('Space');
    await until(() => box.isChecked()).toBe(true);
    await until(() => page.locator('main').innerText()).toMatch(/1 payout chosen\./);
    expect(await exportXml.isDisabled()).toBe(false);
    await t.screenshot('payouts-pending');
    await narrow(t);
    await t.settle();
    await noSidewaysScroll(t);
    await page.getByTestId(`payout-${reference}`).scrollIntoViewIfNeeded();
    await t.screenshot('payouts-pending-390');
    await wide(t);
    await t.settle();

    await exportXml.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ state: 'visible' });
    expect((await dialog.innerText()).replace(/\s+/g, ' ')).toContain(
      `${reference}: ${money(String(instruction.amount), 'USD')}`,
    );
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 15_000 }),
      dialog.getByRole('button', { name: 'Export pain.001' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^payouts-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.xml$/);
    const xml = await readFile((await download.path())!, 'utf8');
    expect(xml).toContain(`<EndToEndId>${reference}</EndToEndId>`);
    expect(xml).toContain(`<InstdAmt Ccy="USD">${String(instruction.amount)}</InstdAmt>`);
    await dialog.waitFor({ state: 'hidden' });

    // The list refreshed: the payout left Pending and is under Exported.
    await until(() => page.getByTestId(`payout-${reference}`).count()).toBe(0);
    expect(await page.locator('main').innerText()).toContain(
      `${download.suggestedFilename()} was downloaded`,
    );
    expect((await instructions())[0]).toMatchObject({ status: 'Exported' });
    await page.getByRole('tab', { name: /^Exported/ }).click();
    await until(() => page.getByTestId(`payout-${reference}`).isVisible()).toBe(true);
    expect(new URL(page.url()).search).toBe('?status=Exported');
    await t.screenshot('payouts-exported');
  });

  it('the investor imports the camt.053 statement with the debit: 1 new, 1 matched by the platform', async () => {
    const t = await tabs.of(INVESTOR2);
    const page = t.page;
    const visit = await t.visit('/investor/bank/remittance');
    expect(visit.problems).toEqual([]);
    const panel = page.getByTestId(`statement-import-${remittance.id}`);
    expect(await panel.innerText()).toMatch(/Import a statement/);
    await panel.locator('input[type=file][name=statement]').setInputFiles({
      name: statementName,
      mimeType: 'application/xml',
      buffer: Buffer.from(statement, 'utf8'),
    });
    const summary = summaryOf(panel);
    await until(() => summary.created.isVisible(), 20_000).toBe(true);
    expect(await summary.format.innerText()).toBe('camt.053.001.08');
    expect(await summary.created.innerText()).toBe('1');
    expect(await summary.duplicates.innerText()).toBe('0');
    expect(await summary.matched.innerText()).toBe('1');
    const table = panel.getByRole('table', { name: 'New transactions' });
    await until(() => table.isVisible()).toBe(true);
    await until(() => table.innerText()).toContain(String(instruction.reference));
    const line = (await table.innerText()).replace(/\s+/g, ' ');
    expect(line).toContain(money(`-${String(instruction.amount)}`, 'USD'));
    expect(line).toContain('Matched');
    // The account's recent imports list this one.
    await until(() => panel.getByRole('table', { name: 'Recent imports' }).innerText()).toContain(
      statementName,
    );
    await panel.getByTestId('import-summary').scrollIntoViewIfNeeded();
    await t.screenshot('statement-import-summary');
    await narrow(t);
    await t.settle();
    await noSidewaysScroll(t);
    await panel.getByTestId('import-summary').scrollIntoViewIfNeeded();
    await t.screenshot('statement-import-summary-390');
    await wide(t);
  });

  it('the payout is Confirmed, linked to the imported debit', async () => {
    const [confirmed] = await instructions();
    expect(confirmed).toMatchObject({ status: 'Confirmed', problems: [] });
    const transactionId = String(confirmed!.transactionId);
    const t = await tabs.of(DEMO_EMAIL.admin);
    const page = t.page;
    const visit = await t.visit('/admin/payouts?status=Confirmed');
    expect(visit.problems).toEqual([]);
    expect(await page.getByRole('tab', { name: /^Confirmed/ }).getAttribute('aria-selected')).toBe('true');
    const row = page.getByTestId(`payout-${String(instruction.reference)}`);
    await until(() => row.isVisible()).toBe(true);
    expect(await row.getByRole('link', { name: 'Open transaction' }).getAttribute('href')).toBe(
      `/admin/transaction/${transactionId}`,
    );
    await t.screenshot('payouts-confirmed');
    await narrow(t);
    await t.settle();
    await noSidewaysScroll(t);
    await t.screenshot('payouts-confirmed-390');
    await wide(t);
  });

  it('the same statement again brings nothing new: 0 new, 1 duplicate', async () => {
    const t = await tabs.of(INVESTOR2);
    const page = t.page;
    const panel = page.getByTestId(`statement-import-${remittance.id}`);
    await panel.getByRole('button', { name: 'Import another file' }).click();
    await panel.locator('input[type=file][name=statement]').setInputFiles({
      name: statementName,
      mimeType: 'application/xml',
      buffer: Buffer.from(statement, 'utf8'),
    });
    const summary = summaryOf(panel);
    await until(() => summary.created.isVisible(), 20_000).toBe(true);
    expect(await summary.created.innerText()).toBe('0');
    expect(await summary.duplicates.innerText()).toBe('1');
    expect(await summary.matched.innerText()).toBe('0');
    expect(await panel.innerText()).toMatch(
      /No new transactions: the account had every entry of the file already\./,
    );
    await until(async () => {
      const text = await panel.getByRole('table', { name: 'Recent imports' }).innerText();
      return text.split(statementName).length - 1;
    }).toBe(2);
  });

  it('on the admin’s account page another account’s statement is refused naming both, and a CSV is mapped and imported', async () => {
    const t = await tabs.of(DEMO_EMAIL.admin);
    const page = t.page;
    const visit = await t.visit(`/admin/account/${collection.id}`);
    expect(visit.problems).toEqual([]);
    const panel = page.getByTestId(`statement-import-${collection.id}`);
    const input = panel.locator('input[type=file][name=statement]');

    // The remittance account's statement, into the collection account.
    await input.setInputFiles({
      name: statementName,
      mimeType: 'application/xml',
      buffer: Buffer.from(statement),
    });
    const refusal = panel.getByRole('alert');
    await until(() => refusal.isVisible(), 20_000).toBe(true);
    const remittanceId = String(remittance.iban ?? remittance.bank_account_number).replace(/\s+/g, '');
    const collectionId = String(collection.iban ?? collection.bank_account_number).replace(/\s+/g, '');
    expect(await refusal.innerText()).toBe(
      `The statement is for account ${remittanceId}, not this account (${collectionId})`,
    );

    // A CSV export: previewed, its mapping prefilled from the header, one column unmapped first.
    const day = isoDay(0);
    const [y, m, d] = day.split('-');
    const csvName = `umsaetze-${n}.csv`;
    const csv = [
      'Buchungstag;Valuta;Auftraggeber/Empfänger;Verwendungszweck;Soll;Haben;Referenz',
      `${d}.${m}.${y};${d}.${m}.${y};E2E Payout ${n} Foods BV;E2E CSV ${n} payment;;1.234,56;E2E-CSV-${n}-1`,
      `${d}.${m}.${y};${d}.${m}.${y};Bank;E2E CSV ${n} fee;12,50;;E2E-CSV-${n}-2`,
    ].join('\r\n');
    await input.setInputFiles({ name: csvName, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    const form = panel.getByRole('form', { name: 'CSV column mapping' });
    await until(() => form.isVisible(), 20_000).toBe(true);
    const preview = form.getByRole('table', { name: `First rows of ${csvName}` });
    expect((await preview.innerText()).replace(/\s+/g, ' ')).toContain(`E2E-CSV-${n}-1`);
    const combo = (label: RegExp) => form.getByRole('combobox', { name: label });
    expect(await combo(/^Booking date/).innerText()).toBe('Buchungstag');
    expect(await combo(/^Credit/).innerText()).toBe('Haben');
    expect(await combo(/^Debit/).innerText()).toBe('Soll');
    expect(await combo(/^Bank reference/).innerText()).toBe('Referenz');
    expect(await combo(/^Date format/).innerText()).toBe('DD.MM.YYYY');
    expect(await combo(/^Decimal separator/).innerText()).toMatch(/^Comma/);
    expect(await combo(/^Delimiter/).innerText()).toMatch(/^Semicolon/);
    expect(await form.getByLabel('Default currency').inputValue()).toBe('USD');

    await combo(/^Booking date/).click();
    await page.getByRole('option', { name: 'Not in the file' }).click();
    await form.getByRole('button', { name: 'Import with this mapping' }).click();
    await until(() => form.innerText()).toContain('Choose the column with the booking date.');
    await combo(/^Booking date/).click();
    await page.getByRole('option', { name: 'Buchungstag' }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await until(() => form.innerText()).not.toContain('Choose the column with the booking date.');
    await form.scrollIntoViewIfNeeded();
    await t.screenshot('statement-import-csv-mapping');
    await narrow(t);
    await t.settle();
    // The panel fits the phone's width: the preview table scrolls inside its own box.
    expect(await panel.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await form.scrollIntoViewIfNeeded();
    await t.screenshot('statement-import-csv-mapping-390');
    await wide(t);

    await form.getByRole('button', { name: 'Import with this mapping' }).click();
    const summary = summaryOf(panel);
    await until(() => summary.created.isVisible(), 20_000).toBe(true);
    expect(await summary.format.innerText()).toBe('csv');
    expect(await summary.created.innerText()).toBe('2');
    expect(await summary.duplicates.innerText()).toBe('0');
    const table = panel.getByRole('table', { name: 'New transactions' });
    await until(() => table.innerText()).toContain(`E2E-CSV-${n}-1`);
    const rows = (await table.innerText()).replace(/\s+/g, ' ');
    expect(rows).toContain(money('1234.56', 'USD'));
    expect(rows).toContain(money('-12.50', 'USD'));
    expect(await table.getByRole('link').first().getAttribute('href')).toMatch(
      /^\/admin\/transaction\/[0-9a-f-]{36}$/,
    );
    await panel.getByTestId('import-summary').scrollIntoViewIfNeeded();
    await t.screenshot('statement-import-csv-summary');
  });
});
