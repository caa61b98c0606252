import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, claims, type Tokens } from '../support/api.ts';
import { baseURL, launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';
import { until } from '../support/flows.ts';

/**
 * Another party's change reaches an open screen without a reload: the supplier (supplier2, whose
 * records the crawl does not visit) watches its company page while the admin approves one of its
 * directors and another session adds one. Queries stay fresh for 15 s and the window keeps its
 * focus, so only the subscription can bring the change within the few seconds allowed here.
 */
describe('Live updates (supplier2@demo.test watching, admin deciding)', () => {
  let browser: Browser | undefined;
  let tab: Tab;
  let api: Api;
  let supplier: Tokens;
  let admin: Tokens;
  let supplierId: string;
  const stamp = Date.now().toString(36);

  const createDirector = async (name: string): Promise<string> => {
    const data = await api.gql<{ createDirector: { id: string } }>(
      supplier.idToken,
      'mutation ($input: CreateDirectorInput!) { createDirector(input: $input) { id } }',
      { input: { supplierId, director_name: name, director_email: `live.${stamp}@example.test` } },
    );
    return data.createDirector.id;
  };
  const directorsTable = () => tab.page.getByRole('region', { name: 'Directors' });

  beforeAll(async () => {
    api = new Api(baseURL());
    supplier = await api.signIn(DEMO_EMAIL.supplier2);
    admin = await api.signIn(DEMO_EMAIL.admin);
    const groupId = claims(supplier.idToken)['custom:groupid'];
    const [own] = await api.list(supplier.idToken, 'Supplier', 'userId', { userId: { eq: groupId } });
    if (!own) throw new Error('supplier2 has no Supplier record');
    supplierId = own.id;
    browser = await launch();
    tab = await Tab.open(await newContext(browser));
    await signInThroughUI(tab.page, DEMO_EMAIL.supplier2);
    await tab.settle();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the admin’s approval of a director on the open company page', async () => {
    const name = `Lia Live ${stamp}`;
    const id = await createDirector(name);
    await tab.visit('/app/account');
    const row = directorsTable().getByRole('row').filter({ hasText: name });
    await until(() => row.innerText()).toMatch(/Under Review/);
    await api.gql(admin.idToken, 'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }', {
      input: { model: 'Director', id, to: 'Approved' },
    });
    await until(() => row.innerText(), 5_000).toMatch(/Approved/);
    expect(new URL(tab.page.url()).pathname).toBe('/app/account');
  });

  it('lists a director added in another session without a reload', async () => {
    const name = `Noor Elsewhere ${stamp}`;
    await createDirector(name);
    await until(() => directorsTable().getByRole('cell', { name }).isVisible(), 5_000).toBe(true);
    expect((await tab.describe('/app/account')).problems).toEqual([]);
  });
});
