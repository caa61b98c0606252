import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api, claims } from '../support/api.ts';
import { baseURL, launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';
import { until } from '../support/flows.ts';

interface Account {
  id: string;
  kind: string;
  name: string;
  partyModel: string | null;
  partyId: string | null;
  partyName: string | null;
}

const ACCOUNTS =
  'query { ledgerAccounts { account { id kind name partyModel partyId partyName } currency } }';
const TOTALS = 'query { trialBalanceTotals { currency memo debit credit balance } }';

/**
 * docs/architecture.md, “Ledger”: on the demo data, the administrator's trial balance shows every
 * currency's total at zero (the server's sums, money and memo accounts apart); an account's
 * statement leads from an entry to its request; an investor sees its own accounts only, and not
 * another investor's even by its address. Each screen is read at 1280 and 390 px (screenshots
 * `ledger-*`). The demo's postings are the operations' own: this file makes none.
 */
describe('Ledger screens', () => {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  let admin: Tab;
  let investor: Tab;
  let api: Api;
  let adminToken = '';
  let investorToken = '';

  /** The page never scrolls sideways at the width it has. */
  const noSidewaysScroll = async (t: Tab) =>
    expect(
      await t.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  const narrow = (t: Tab) => t.page.setViewportSize({ width: 390, height: 844 });
  const wide = (t: Tab) => t.page.setViewportSize({ width: 1280, height: 860 });

  beforeAll(async () => {
    api = new Api(baseURL());
    adminToken = (await api.signIn(DEMO_EMAIL.admin)).idToken;
    investorToken = (await api.signIn(DEMO_EMAIL.investor)).idToken;
    browser = await launch();
    const open = async (email: string) => {
      const context = await newContext(browser!);
      context.setDefaultTimeout(10_000);
      contexts.push(context);
      const tab = await Tab.open(context);
      await signInThroughUI(tab.page, email);
      await tab.settle();
      return tab;
    };
    admin = await open(DEMO_EMAIL.admin);
    investor = await open(DEMO_EMAIL.investor);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') {
      await admin?.screenshot(`fail-ledger-admin-${ctx.task.name.slice(0, 40)}`).catch(() => undefined);
      await investor?.screenshot(`fail-ledger-investor-${ctx.task.name.slice(0, 40)}`).catch(() => undefined);
    }
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('the demo data has postings, and the server’s totals are zero in every currency', async () => {
    const { trialBalanceTotals } = await api.gql<{
      trialBalanceTotals: { currency: string; memo: boolean; debit: string; balance: string }[];
    }>(adminToken, TOTALS);
    expect(trialBalanceTotals.length, 'the demo data set has no ledger postings').toBeGreaterThan(0);
    for (const t of trialBalanceTotals) expect(Number(t.balance), `${t.currency} memo ${t.memo}`).toBe(0);
  });

  it('the admin’s trial balance shows each currency’s total at zero, at 1280 and 390 px', async () => {
    const t = admin;
    const page = t.page;
    const visit = await t.visit('/admin/ledger/trial-balance');
    expect(visit.problems).toEqual([]);
    expect(visit.heading).toBe('Trial balance');
    const { trialBalanceTotals } = await api.gql<{
      trialBalanceTotals: { currency: string; memo: boolean }[];
    }>(adminToken, TOTALS);
    const totals = page.locator('[data-testid^="total-"]');
    await until(() => totals.count()).toBe(trialBalanceTotals.length);
    for (const { currency, memo } of trialBalanceTotals) {
      const row = page.getByTestId(`total-${currency}${memo ? '-memo' : ''}`);
      const text = (await row.innerText()).replace(/\s+/g, ' ');
      expect(text).toContain(`Total ${currency}`);
      // The balance, last on the row, is zero in the currency's digits (never a sum across currencies).
      expect(text, text).toMatch(new RegExp(`${currency} 0(\\.0+)?$`));
    }
    await t.screenshot('ledger-trial-balance');

    // The trial balance file as the download button fetches it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Trial balance (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^trial-balance-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      '\ufeffAs of,Account code,Account,Party,Memo,Currency,Debit,Credit,Balance',
    );
    for (const { currency, memo } of trialBalanceTotals)
      expect(csv).toMatch(
        new RegExp(
          `,Total ${currency}${memo ? ' memo accounts' : ''},,(Yes|No),${currency},[\\d.]+,[\\d.]+,0(\\.0+)?\\r\\n`,
        ),
      );
    const [journal] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Journal (CSV)' }).click(),
    ]);
    expect(journal.suggestedFilename()).toMatch(/^journal-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);

    await narrow(t);
    await t.settle();
    await until(() => totals.count()).toBe(trialBalanceTotals.length);
    await noSidewaysScroll(t);
    await t.screenshot('ledger-trial-balance-390');
    await wide(t);
  });

  it('an account statement lists entries with running balances and leads to their request', async () => {
    const t = admin;
    const page = t.page;
    const visit = await t.visit('/admin/ledger');
    expect(visit.problems).toEqual([]);
    expect(visit.heading).toMatch(/^Ledger accounts/);
    await t.screenshot('ledger-accounts');
    // A funder's receivables: every entry there comes from a request.
    const section = page.getByRole('region', { name: 'Receivables purchased' });
    const account = section.getByRole('link').first();
    const party = await account.innerText();
    await account.click();
    await page.waitForURL((u) => /^\/admin\/ledger\/account\/[0-9a-f-]{36}$/.test(u.pathname));
    await t.settle();
    expect(await page.locator('main h1').innerText()).toContain(`Receivables purchased · ${party}`);
    const entries = page.getByRole('table', { name: 'Entries' });
    await until(() => entries.getByRole('row').count()).toBeGreaterThan(1);
    expect(await entries.getByRole('columnheader').allInnerTexts()).toEqual([
      'Date',
      'Description',
      'Debit',
      'Credit',
      'Balance',
      'Record',
    ]);
    await t.screenshot('ledger-statement');

    await narrow(t);
    await t.settle();
    await noSidewaysScroll(t);
    await t.screenshot('ledger-statement-390');
    await wide(t);
    await t.settle();

    // The first entry's request, by its invoice number, opens the request's page.
    const link = entries.getByRole('link', { name: /^Invoice / }).first();
    const invoice = (await link.innerText()).replace(/^Invoice /, '');
    await link.click();
    await page.waitForURL((u) => /^\/admin\/request\/[0-9a-f-]{36}$/.test(u.pathname));
    await t.settle();
    await until(async () => (await page.locator('main').innerText()).includes(invoice)).toBe(true);
    expect(t.graphqlErrors).toEqual([]);
  });

  it('an investor sees only its own accounts, and not another investor’s by its address', async () => {
    const t = investor;
    const page = t.page;
    const group = String(claims(investorToken)['custom:groupid']);
    const own = await api.gql<{ listInvestors: { items: { id: string; investor_name: string }[] } }>(
      investorToken,
      `query { listInvestors(filter: { userId: { eq: "${group}" } }) { items { id investor_name } } }`,
    );
    const ownIds = new Set(own.listInvestors.items.map((i) => i.id));
    const ownNames = new Set(own.listInvestors.items.map((i) => i.investor_name));
    const mine = (await api.gql<{ ledgerAccounts: { account: Account }[] }>(investorToken, ACCOUNTS))
      .ledgerAccounts;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((a) => a.account.partyId && ownIds.has(a.account.partyId))).toBe(true);

    const visit = await t.visit('/investor/ledger');
    expect(visit.problems).toEqual([]);
    const parties = page
      .locator('main')
      .getByRole('link')
      .filter({ hasNotText: /^(Accounts|Trial balance)$/ });
    await until(() => parties.count()).toBe(mine.length);
    for (const name of await parties.allInnerTexts()) expect(ownNames.has(name), name).toBe(true);
    await t.screenshot('ledger-investor-accounts');
    await narrow(t);
    await t.settle();
    await noSidewaysScroll(t);
    await t.screenshot('ledger-investor-accounts-390');
    await wide(t);

    const tb = await t.visit('/investor/ledger/trial-balance');
    expect(tb.problems).toEqual([]);
    expect(tb.mainText).toContain('Your accounts only');
    for (const other of ['Receivables Funding SPV', 'Northwind', 'Platform'])
      expect(tb.mainText).not.toContain(other);
    await t.screenshot('ledger-investor-trial-balance');

    // Another investor's account, opened by its address, is not there for this investor.
    const all = (await api.gql<{ ledgerAccounts: { account: Account }[] }>(adminToken, ACCOUNTS))
      .ledgerAccounts;
    const theirs = all.find(
      (a) => a.account.partyModel === 'Investor' && !ownIds.has(a.account.partyId ?? ''),
    );
    expect(theirs, 'the demo has a second investor with postings').toBeDefined();
    const refused = await t.visit(`/investor/ledger/account/${theirs!.account.id}`);
    expect(refused.problems).toEqual([]);
    expect(refused.heading).toBe('Account not found');
    expect(refused.mainText).not.toContain(theirs!.account.partyName ?? '—');
  });
});
