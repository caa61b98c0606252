import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api, claims, type Tokens } from '../support/api.ts';
import { baseURL, launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';
import { confirmMove, fillText, openMove, pickSelect, stampOf, until, upload } from '../support/flows.ts';

/**
 * The supplier's own records on /app/account: a document it opens, previews and replaces
 * (the earlier file is kept), financial statements it enters by section with the figures computed
 * by the server, and a director the admin declined that it corrects and resubmits. Done as
 * supplier2@demo.test so the records the crawl visits as supplier@demo.test stay as seeded.
 */
describe('Supplier records: documents, financial statements, correction of a declined director', () => {
  let browser: Browser | undefined;
  let tab: Tab;
  let api: Api;
  let tokens: Tokens;
  let adminToken: string;
  let supplierId: string;
  const n = stampOf();

  beforeAll(async () => {
    api = new Api(baseURL());
    tokens = await api.signIn(DEMO_EMAIL.supplier2);
    adminToken = (await api.signIn(DEMO_EMAIL.admin)).idToken;
    const groupId = claims(tokens.idToken)['custom:groupid'];
    const [supplier] = await api.list(tokens.idToken, 'Supplier', 'userId', { userId: { eq: groupId } });
    if (!supplier) throw new Error('supplier2 has no Supplier record');
    supplierId = supplier.id;
    browser = await launch();
    const context = await newContext(browser);
    context.setDefaultTimeout(10_000);
    tab = await Tab.open(context);
    await signInThroughUI(tab.page, DEMO_EMAIL.supplier2);
    await tab.settle();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await tab.screenshot(`fail-supplier-records-${ctx.task.name.slice(0, 40)}`).catch(() => undefined);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('adds a document, previews it and replaces its file, keeping the earlier one', async () => {
    const page = tab.page;
    await tab.visit('/app/account');
    const documents = page.getByRole('region', { name: 'Documents' });
    await documents.getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a document' });
    await dialog.waitFor({ state: 'visible' });
    // Nothing chosen: the form says what is missing and saves nothing.
    await dialog.getByRole('button', { name: 'Save document' }).click();
    await until(() => dialog.getByRole('alert').innerText()).toMatch(/Document type is required/);
    await pickSelect(page, 'document_type', 'Industry Report');
    await upload(page, 'document_attachment', `industry-${n}.pdf`);
    await dialog.getByRole('button', { name: 'Save document' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    const row = documents.getByRole('row').filter({ hasText: `industry-${n}.pdf` });
    await until(() => row.count()).toBe(1);
    const [stored] = await api.list(tokens.idToken, 'Document', 'document_type userId supplierId', {
      supplierId: { eq: supplierId },
      document_attachment: { contains: `industry-${n}` },
    });
    expect(stored).toMatchObject({
      document_type: 'Industry Report',
      userId: claims(tokens.idToken)['custom:groupid'],
    });

    await row.getByRole('cell').first().click();
    await page.waitForURL((u) => u.searchParams.get('document') === stored?.id);
    await until(() => page.getByRole('heading', { level: 1, name: 'Industry Report' }).isVisible()).toBe(
      true,
    );
    await page.locator('main').getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.getByRole('dialog', { name: new RegExp(`^industry-${n}\\.pdf`) });
    await until(() => preview.locator('iframe').count()).toBe(1);
    await preview.getByRole('button', { name: 'Close' }).click();
    await preview.waitFor({ state: 'hidden' });

    await page.locator('main').getByRole('button', { name: 'Replace file' }).click();
    const replace = page.getByRole('dialog', { name: 'Replace the file' });
    await replace.waitFor({ state: 'visible' });
    await upload(page, 'document_attachment', `industry-${n}-v2.pdf`);
    await replace.getByRole('button', { name: 'Save new file' }).click();
    await replace.waitFor({ state: 'hidden', timeout: 15_000 });
    await until(() => page.locator('main').innerText()).toMatch(new RegExp(`File\\s+industry-${n}-v2\\.pdf`));
    await until(() => page.getByRole('region', { name: 'Earlier versions' }).innerText()).toMatch(
      new RegExp(`industry-${n}\\.pdf[\\s\\S]*Replaced`),
    );
    expect((await tab.describe('/app/account')).problems).toEqual([]);
  });

  it('adds financial statements by section with a statement file; the server computes the ratios', async () => {
    const page = tab.page;
    await tab.visit('/app/account');
    await page
      .getByRole('region', { name: 'Financial statements' })
      .getByRole('button', { name: 'Add' })
      .click();
    await until(() =>
      page.getByRole('heading', { level: 1, name: 'New financial statements' }).isVisible(),
    ).toBe(true);
    await fillText(page, 'financials_reporting_period', '2021');
    await fillText(page, 'current_assets', '1500000');
    await fillText(page, 'current_liabilities', '1000000');
    await fillText(page, 'sales', '12000000');
    await upload(page, 'financials_attachment', `accounts-${n}.pdf`);
    // Risk bands are the analyst's: no step of the supplier's form has an input for them.
    const steps = page.locator('main .MuiStepButton-root');
    expect(await steps.count()).toBeGreaterThan(1);
    for (let i = 0; i < (await steps.count()); i++) {
      await steps.nth(i).click();
      expect(await page.locator('main form [id$="_risk"]').count()).toBe(0);
    }
    await page.locator('main form').getByRole('button', { name: 'Save financial statements' }).click();
    await page.waitForURL((u) => Boolean(u.searchParams.get('financials')), { timeout: 15_000 });
    await tab.settle();
    const main = page.locator('main');
    await until(() => main.innerText()).toMatch(/Review status\s+Under Review/);
    await main.getByRole('button', { name: 'Figures: ratios' }).click();
    await until(() => main.getByRole('region', { name: 'Figures: ratios' }).innerText()).toMatch(
      /Current ratio\s+1\.5\b/,
    );
    expect(await main.innerText()).not.toMatch(/risk/i);
    expect(await main.innerText()).toMatch(new RegExp(`accounts-${n}\\.pdf`));
    expect((await tab.describe('/app/account')).problems).toEqual([]);
    const id = new URL(page.url()).searchParams.get('financials');
    const [row] = await api.list(adminToken, 'Financials', 'supplierId current_ratio', { id: { eq: id } });
    expect(row).toMatchObject({ supplierId });
    expect(Number(row?.current_ratio)).toBe(1.5);
  });

  it('corrects a director the admin declined and resubmits it', async () => {
    const page = tab.page;
    const name = `Dara Declined ${n}`;
    const created = await api.gql<{ createDirector: { id: string } }>(
      tokens.idToken,
      'mutation ($input: CreateDirectorInput!) { createDirector(input: $input) { id } }',
      {
        input: {
          supplierId,
          director_name: name,
          director_email: `dara.${n}@example.test`,
          director_id_type: 'Passport',
          director_id_number: 'EXPIRED-1',
        },
      },
    );
    const id = created.createDirector.id;
    const reason = `The passport ${n} has expired: upload a valid one.`;
    await api.gql(adminToken, 'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }', {
      input: { model: 'Director', id, to: 'Declined', comment: reason },
    });

    await tab.visit('/app/account');
    const declined = page.getByRole('region', { name: 'Declined items' });
    const item = declined.getByRole('listitem').filter({ hasText: name });
    await until(() => item.innerText()).toContain(reason);
    await item.getByRole('button', { name: 'Correct' }).click();
    await page.waitForURL((u) => u.pathname === `/app/updatedirector/${id}`);
    await tab.settle();
    await until(() => page.getByRole('region', { name: 'Review status' }).innerText()).toContain(reason);

    await fillText(page, 'director_id_number', `P${n}`);
    await upload(page, 'director_id_attachment', `passport-${n}.pdf`);
    await page.locator('main form').getByRole('button', { name: /^Save/ }).last().click();
    // The corrected record stays open, so it can be resubmitted.
    await until(() => page.getByText('Resubmit it for review when it is ready.').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/app/updatedirector/${id}`);

    const dialog = await openMove(page, 'Resubmit');
    await confirmMove(page, dialog, 'Resubmit');
    await until(() => page.getByRole('region', { name: 'Review status' }).innerText()).toMatch(
      /Under Review/,
    );
    await until(() => page.getByRole('region', { name: 'History' }).innerText()).toMatch(
      /Resubmit[\s\S]*Declined[\s\S]*Under Review/,
    );
    expect(await page.locator('main').getByRole('button', { name: 'Resubmit' }).count()).toBe(0);
    const [row] = await api.list(adminToken, 'Director', 'director_status director_id_number', {
      id: { eq: id },
    });
    expect(row).toMatchObject({ director_status: 'Under Review', director_id_number: `P${n}` });

    await tab.visit('/app/account');
    await until(() => page.getByRole('region', { name: 'Directors' }).innerText()).toMatch(
      new RegExp(`${name}[\\s\\S]*Under Review`),
    );
    expect(await page.getByRole('region', { name: 'Declined items' }).count()).toBe(0);
  });
});
