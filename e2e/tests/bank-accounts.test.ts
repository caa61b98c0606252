import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, type Row } from '../support/api.ts';
import { baseURL, launch, SignedInTabs } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';
import { fillText, pickAuto, stepsInOrder, until } from '../support/flows.ts';

/**
 * docs/business-rules.md, “Bank accounts, transactions and settlement”: the supplier changes its
 * payout account on its company screen (a bad IBAN is refused next to the field, a good one is
 * stored in electronic format, back Under Review); the investor sees its remittance and collection accounts with
 * their transactions, and a change of its approved remittance account sends it back to review; the
 * administrator can add an account for the company on `accounts/{id}`. The demo is left as other
 * files expect: the payout and remittance accounts' details restored and approved.
 */
const BANK =
  'id _version iban bic_swift_code bank_account_number bank_routing_number bank_status bank_account_purpose';

describe('Bank accounts: owners add and edit their accounts, the details checked field by field', () => {
  let browser: Browser | undefined;
  let api: Api;
  const tabs = new SignedInTabs(() => browser);
  let payout: Row = { id: '' };
  let remittance: Row = { id: '' };
  let investorId = '';
  const adminToken = async () => (await api.signIn(DEMO_EMAIL.admin)).idToken;
  const bank = async (id: string): Promise<Row | undefined> =>
    (await api.list(await adminToken(), 'Bank', BANK, { id: { eq: id } }))[0];
  const dialogOf = (page: { getByRole: (role: 'dialog') => Locator }) => page.getByRole('dialog');

  beforeAll(async () => {
    api = new Api(baseURL());
    const investor = await api.signIn(DEMO_EMAIL.investor);
    const [account] = await api.list(investor.idToken, 'Bank', `${BANK} investorId`, {
      bank_account_purpose: { eq: 'remittance' },
    });
    if (!account) throw new Error('Demo data: the investor has no remittance account');
    remittance = account;
    investorId = String(account.investorId);
    browser = await launch();
  });
  stepsInOrder('bank-accounts', () => tabs.current);
  afterAll(async () => {
    const admin = await adminToken().catch(() => '');
    // The supplier's payout account as the demo made it, approved again.
    if (admin && payout.id) {
      const row = await bank(payout.id).catch(() => undefined);
      if (row && row.iban !== payout.iban)
        await api
          .gql(admin, 'mutation ($input: UpdateBankInput!) { updateBank(input: $input) { id } }', {
            input: {
              id: payout.id,
              _version: row._version,
              iban: payout.iban,
              bic_swift_code: payout.bic_swift_code,
              bank_country: payout.bank_country,
              bank_account_number: payout.bank_account_number,
              bank_routing_number: payout.bank_routing_number,
            },
          })
          .catch(() => undefined);
      const now = await bank(payout.id).catch(() => undefined);
      if (now?.bank_status === 'Under Review')
        await api
          .gql(admin, 'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }', {
            input: { model: 'Bank', id: payout.id, to: 'Approved' },
          })
          .catch(() => undefined);
    }
    if (admin && remittance.id) {
      const row = await bank(remittance.id).catch(() => undefined);
      if (row && row.bank_account_number !== remittance.bank_account_number)
        await api
          .gql(admin, 'mutation ($input: UpdateBankInput!) { updateBank(input: $input) { id } }', {
            input: {
              id: remittance.id,
              _version: row._version,
              bank_account_number: remittance.bank_account_number,
            },
          })
          .catch(() => undefined);
      if (row && row.bank_status === 'Under Review')
        await api
          .gql(admin, 'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }', {
            input: { model: 'Bank', id: remittance.id, to: 'Approved' },
          })
          .catch(() => undefined);
    }
    await tabs.close();
    await browser?.close();
  });

  it('the supplier changes its payout account: a bad IBAN is refused next to the field, a good one stored electronically and reviewed again', async () => {
    const supplier = await api.signIn(DEMO_EMAIL.supplier);
    const [demo] = await api.list(supplier.idToken, 'Bank', `${BANK} bank_account_name bank_country`, {
      bank_account_purpose: { eq: 'payout' },
    });
    if (!demo) throw new Error('Demo data: the supplier has no payout account');
    payout = demo;
    const t = await tabs.of(DEMO_EMAIL.supplier);
    const page = t.page;
    const visit = await t.visit('/app/account');
    expect(visit.problems).toEqual([]);
    const section = page.getByRole('region', { name: 'Payout account' });
    await section.scrollIntoViewIfNeeded();
    const card = section.getByRole('region', { name: String(demo.bank_account_name) });
    await until(() => card.innerText()).toMatch(/Approved/);
    await card.getByRole('button', { name: 'Edit account' }).click();
    const dialog = dialogOf(page);
    await dialog.waitFor({ state: 'visible' });
    await expect
      .poll(() => dialog.getByRole('heading', { name: 'Edit payout account' }).isVisible())
      .toBe(true);
    await pickAuto(page, 'bank_country', 'United Kingdom', /\(GB\)$/);
    await fillText(page, 'bank_account_number', '');
    await fillText(page, 'bank_routing_number', '');
    await fillText(page, 'iban', 'GB82 WEST 1234 5698 7654 31');
    await dialog.getByRole('button', { name: 'Save account' }).click();
    await until(() =>
      dialog.getByText('IBAN: GB82 WEST 1234 5698 7654 31 fails its checksum').isVisible(),
    ).toBe(true);
    await t.screenshot('bank-accounts-payout-refused');
    expect(await bank(payout.id)).toMatchObject({ iban: demo.iban, bank_status: 'Approved' });

    await fillText(page, 'iban', 'gb29 nwbk 6016 1331 9268 19');
    await fillText(page, 'bic_swift_code', 'nwbkgb2l');
    await dialog.getByRole('button', { name: 'Save account' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    await t.settle();
    expect(await bank(payout.id)).toMatchObject({
      iban: 'GB29NWBK60161331926819',
      bic_swift_code: 'NWBKGB2L',
      bank_status: 'Under Review',
    });
    await until(() => card.innerText()).toMatch(/IBAN GB29 NWBK 6016 1331 9268 19/);
    expect(await card.innerText()).toMatch(/Under Review/);
    await card.scrollIntoViewIfNeeded();
    await t.screenshot('bank-accounts-payout-changed');
  });

  it('the investor sees its accounts; a changed approved account goes back to review, a bad routing number is refused', async () => {
    const t = await tabs.of(DEMO_EMAIL.investor);
    const page = t.page;
    const visit = await t.visit('/investor/bank');
    expect(visit.problems).toEqual([]);
    expect(visit.heading).toBe('Bank');
    const card = page.getByRole('region', { name: /Remittance Account$/ });
    expect(await card.innerText()).toMatch(/Approved/);
    expect(await card.getByRole('link', { name: 'View transactions' }).getAttribute('href')).toBe(
      '/investor/bank/remittance',
    );
    expect(
      await page
        .getByRole('region', { name: /Collection Account$/ })
        .getByRole('link', { name: 'View transactions' })
        .getAttribute('href'),
    ).toBe('/investor/bank/collection');
    await t.screenshot('bank-accounts-investor');

    await card.getByRole('button', { name: 'Edit account' }).click();
    const dialog = dialogOf(page);
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.innerText()).toMatch(
      /This account is approved\. Changing its details sends it back to review/,
    );
    await fillText(page, 'bank_routing_number', '021000022');
    await dialog.getByRole('button', { name: 'Save account' }).click();
    await until(() =>
      dialog
        .getByText('Routing number: 021000022 is not a routing number (9 digits with a valid ABA checksum)')
        .isVisible(),
    ).toBe(true);
    await t.screenshot('bank-accounts-investor-refused');
    await fillText(page, 'bank_routing_number', String(remittance.bank_routing_number));
    const changed = `${String(remittance.bank_account_number).slice(0, -1)}${String(remittance.bank_account_number).endsWith('7') ? '8' : '7'}`;
    await fillText(page, 'bank_account_number', changed);
    await dialog.getByRole('button', { name: 'Save account' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    await t.settle();
    expect(await bank(remittance.id)).toMatchObject({
      bank_account_number: changed,
      bank_status: 'Under Review',
    });
    await until(() => card.innerText()).toMatch(/Under Review/);
  });

  it('the administrator can add an account for the company on accounts/{id}; the form checks it too', async () => {
    const t = await tabs.of(DEMO_EMAIL.admin);
    const page = t.page;
    const visit = await t.visit(`/admin/accounts/${investorId}`);
    expect(visit.problems).toEqual([]);
    await page.locator('main').getByRole('button', { name: 'Add collection account' }).click();
    const dialog = dialogOf(page);
    await dialog.waitFor({ state: 'visible' });
    await fillText(page, 'bank_account_name', 'Second collection');
    await pickAuto(page, 'iso_currency_code', 'EUR', /^EUR/);
    await fillText(page, 'iban', 'DE89 3704 0044 0532 0130 00');
    await fillText(page, 'bic_swift_code', 'NWBKGB2L');
    await dialog.getByRole('button', { name: 'Add collection account' }).click();
    await until(() =>
      dialog.getByText('BIC SWIFT code: NWBKGB2L is a BIC of GB, but the IBAN is of DE').isVisible(),
    ).toBe(true);
    await t.screenshot('bank-accounts-admin-add');
    // Not saved: the demo keeps one collection account per funder.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(
      (await api.list(await adminToken(), 'Bank', 'id', { investorId: { eq: investorId } })).length,
    ).toBe(2);
  });
});
