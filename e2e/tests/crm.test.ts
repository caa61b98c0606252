import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, invitationOf } from '../support/api.ts';
import { baseURL, launch, newContext, SignedInTabs, Tab } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';
import { confirmMove, openMove, stampOf, stepsInOrder, until } from '../support/flows.ts';

/**
 * docs/business-rules.md, “CRM leads”: a company applies for financing from the sign-in page (the
 * form's chunk is not loaded by the sign-in page; an empty form is refused field by field); the
 * administrator finds the lead, marks it contacted, adds a note and invites it as a supplier, and
 * the invitation e-mail goes out with the organisation made; the broker sees its referral link and
 * the lead it brought, not the administrator's. At 1280 and 390 px (screenshots `crm-*`).
 */
describe('CRM: apply for financing, then the lead worked and invited', () => {
  let browser: Browser | undefined;
  let publicContext: BrowserContext | undefined;
  let visitor: Tab | undefined;
  let api: Api;
  const tabs = new SignedInTabs(() => browser);
  const stamp = stampOf();
  const company = `Lumen Optics ${stamp}`;
  const email = `lumen.${stamp}@apply.example`;
  let leadPath = '';

  const narrow = async (page: Page, run: () => Promise<void>) => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await run();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'no sideways scrolling at 390 px').toBeLessThanOrEqual(0);
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  };

  beforeAll(async () => {
    api = new Api(baseURL());
    browser = await launch();
    publicContext = await newContext(browser);
    visitor = await Tab.open(publicContext);
  });
  stepsInOrder('crm', () => tabs.current ?? visitor);
  afterAll(async () => {
    await tabs.close();
    await publicContext?.close();
    await browser?.close();
  });

  it('a visitor opens the form from the sign-in page; its chunk is loaded only then', async () => {
    const page = visitor!.page;
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${baseURL()}/login`);
    await visitor!.settle();
    expect(scripts.some((s) => /apply-screen/.test(s))).toBe(false);
    await page.getByRole('link', { name: 'New here? Apply for financing' }).click();
    await page.waitForURL((u) => u.pathname === '/apply');
    await visitor!.settle();
    expect(scripts.some((s) => /apply-screen/.test(s))).toBe(true);
    const shown = await visitor!.describe('/apply');
    expect(shown.heading).toBe('Apply for financing');
    expect(shown.problems).toEqual([]);
  });

  it('an empty form is refused field by field; a complete one is received', async () => {
    const page = visitor!.page;
    await page.getByRole('button', { name: 'Send application' }).click();
    for (const message of [
      'Enter your company’s name',
      'Enter your e-mail address',
      'Choose your company’s country',
    ])
      await until(() => page.getByText(message).first().isVisible()).toBe(true);
    await page.getByLabel('Company').fill(company);
    await page.getByLabel('Your name').fill('Hedy Lamarr');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('combobox', { name: /Country/ }).click();
    await page.getByRole('option', { name: 'Austria', exact: true }).click();
    await page.getByRole('combobox', { name: /Currency/ }).click();
    await page.getByRole('option', { name: 'EUR', exact: true }).click();
    await page.getByLabel('Expected monthly volume').fill('180000.5');
    await page.getByLabel('Message (optional)').fill('Optical parts to buyers in Germany and Italy.');
    // The server's refusal of one field shows under it.
    await page.getByLabel('Phone (optional)').fill('12');
    await page.getByRole('button', { name: 'Send application' }).click();
    await until(() => page.getByText('Phone must be in E.164 form, such as +15550000001').isVisible()).toBe(
      true,
    );
    await page.getByLabel('Phone (optional)').fill('+43 1 5350000');
    await narrow(page, () => visitor!.screenshot('crm-apply-390'));
    await visitor!.screenshot('crm-apply-1280');
    await page.getByRole('button', { name: 'Send application' }).click();
    await until(() => page.getByRole('status').innerText()).toMatch(
      new RegExp(`application was received.*${email.replace(/\./g, '\\.')}`, 's'),
    );
    await visitor!.screenshot('crm-apply-sent');
  });

  it('the administrator finds the lead, marks it contacted and adds a note', async () => {
    const t = await tabs.of(DEMO_EMAIL.admin);
    const page = t.page;
    const list = await t.visit('/admin/leads');
    expect(list.problems).toEqual([]);
    expect(list.heading).toBe('Leads');
    await page.getByLabel('Search company, contact or e-mail').fill(stamp);
    const row = page.getByRole('row', { name: new RegExp(company) });
    await until(() => row.innerText()).toMatch(/EUR 180,000\.50[\s\S]*New/);
    await t.screenshot('crm-leads-1280');
    await narrow(page, () => t.screenshot('crm-leads-390'));
    await row.getByRole('link', { name: company }).click();
    await page.waitForURL((u) => /^\/admin\/lead\/[\w-]+$/.test(u.pathname));
    leadPath = new URL(page.url()).pathname;
    await t.settle();
    const detail = await t.describe(leadPath);
    expect(detail.problems).toEqual([]);
    expect(detail.heading).toBe(company);
    expect(detail.mainText).toContain('Austria (AT)');

    await confirmMove(page, await openMove(page, 'Mark contacted'), 'Mark contacted');
    await until(() => page.getByRole('list', { name: 'Lead history' }).innerText()).toMatch(/Stage changed/);
    await page.getByLabel('Note').fill('Called Hedy: sending the onboarding checklist.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await until(() => page.getByRole('list', { name: 'Lead history' }).innerText()).toContain(
      'Called Hedy: sending the onboarding checklist.',
    );
  });

  it('"Mark lost" asks for a reason; "Invite as supplier" invites and the invitation e-mail goes out', async () => {
    const t = await tabs.of(DEMO_EMAIL.admin);
    const page = t.page;
    const lost = await openMove(page, 'Mark lost');
    await lost.getByRole('button', { name: 'Mark lost', exact: true }).click();
    await until(() => lost.getByText('Say why the lead is lost').isVisible()).toBe(true);
    await lost.getByRole('button', { name: 'Cancel' }).click();
    await lost.waitFor({ state: 'hidden' });

    const since = Date.now();
    await confirmMove(page, await openMove(page, 'Invite as supplier'), 'Invite');
    await until(() => t.describe(leadPath).then((v) => v.mainText)).toContain('Open the organisation');
    const mail = await api.mailTo(email, since);
    expect(invitationOf(mail)).toBeTruthy();
    await t.screenshot('crm-lead-1280');
    await narrow(page, () => t.screenshot('crm-lead-390'));
    const history = await page.getByRole('list', { name: 'Lead history' }).innerText();
    expect(history).toMatch(/Invited as a supplier/);

    await page.getByRole('link', { name: 'Open the organisation' }).click();
    await page.waitForURL((u) => /^\/admin\/user\//.test(u.pathname));
    await t.settle();
    await until(() => page.locator('main').innerText()).toContain(company);
    await until(() => page.locator('main').innerText()).toContain(email);
  });

  it('the broker sees its referral link and the lead it brought, not the administrator’s', async () => {
    const t = await tabs.of(DEMO_EMAIL.broker);
    const page = t.page;
    const visit = await t.visit('/broker/leads');
    expect(visit.problems).toEqual([]);
    const link = await page.locator('main code').innerText();
    expect(link).toMatch(/\/apply\?ref=[\w-]{36}$/);
    const referred = `Brokered Foods ${stamp}`;
    const res = await fetch(`${baseURL()}/crm/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        company: referred,
        contactName: 'Ruth Handler',
        email: `ruth.${stamp}@apply.example`,
        country: 'US',
        monthlyVolume: '50000',
        currency: 'USD',
        website: '',
        ref: link.split('ref=')[1],
      }),
    });
    expect(res.status).toBe(201);
    await page.reload();
    await t.settle();
    await until(() => page.locator('main').innerText()).toContain(referred);
    expect(await page.locator('main').innerText()).not.toContain(company);
    await t.screenshot('crm-broker-leads-1280');
    await narrow(page, () => t.screenshot('crm-broker-leads-390'));
  });
});
