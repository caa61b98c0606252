import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lineUse } from '@rf/domain/rules/credit-limit';
import { Api, claims, type Row, type Tokens } from '../support/api.ts';
import { baseURL, launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { DEMO_EMAIL } from '../support/config.ts';
import { fillText as fillField, stampOf, until, upload } from '../support/flows.ts';

const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

/**
 * A multi-invoice request (docs/business-rules.md, “Line limits and what requests hold”,
 * “Batches of invoices on one line”) as supplier2@demo.test: a batch beyond the line's free
 * limit is refused before anything is created, and a batch that fits is created in one go with one
 * batch id. Done on supplier2's data so the records the crawl visits stay as seeded.
 */
describe('Multi-invoice request: one batch, all or nothing, within the limit', () => {
  let browser: Browser | undefined;
  let tab: Tab;
  let api: Api;
  let tokens: Tokens;
  let groupId: string;
  let line: Row;
  const n = stampOf();

  const requestsOf = (buyerId: string) =>
    api.list(
      tokens.idToken,
      'Request',
      'invoice_number request_status batchId invoice_amount invoice_currency invoice_purchase_amount',
      {
        buyerId: { eq: buyerId },
      },
    );

  beforeAll(async () => {
    api = new Api(baseURL());
    tokens = await api.signIn(DEMO_EMAIL.supplier2);
    groupId = String(claims(tokens.idToken)['custom:groupid']);
    const lines = await api.list(
      tokens.idToken,
      'Buyer',
      'supplierId buyer_name buyer_status buyer_currency buyer_loan_approved_amount buyer_loan_advance_rate',
      { buyer_status: { eq: 'Approved' } },
    );
    // The approved line with the most free limit (the same rule the server applies).
    const free = async (b: Row) =>
      Number(
        lineUse(
          {
            name: String(b.buyer_name),
            status: text(b.buyer_status),
            currency: text(b.buyer_currency),
            approvedLimit: text(b.buyer_loan_approved_amount),
            advanceRate: text(b.buyer_loan_advance_rate),
          },
          (await requestsOf(b.id)).map((r) => ({
            status: text(r.request_status),
            currency: text(r.invoice_currency),
            invoiceAmount: text(r.invoice_amount),
            purchaseAmount: text(r.invoice_purchase_amount),
          })),
        ).free,
      );
    const scored = await Promise.all(
      lines.filter((b) => b.buyer_currency).map(async (b) => [await free(b), b] as const),
    );
    const best = scored.sort((a, b) => b[0] - a[0])[0];
    if (!best || best[0] < 1000) throw new Error('supplier2 has no approved line with 1,000 free');
    line = best[1];
    browser = await launch();
    const context = await newContext(browser);
    context.setDefaultTimeout(10_000);
    tab = await Tab.open(context);
    await signInThroughUI(tab.page, DEMO_EMAIL.supplier2);
    await tab.settle();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await tab.screenshot(`fail-multi-request-${ctx.task.name.slice(0, 40)}`).catch(() => undefined);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('refuses a batch beyond the free limit, then submits two invoices with one batch id', async () => {
    const page = tab.page;
    // The batch form names its inputs by path ("invoices.0.invoice_amount"), which is no CSS id.
    const fillText = (_p: unknown, name: string, value: string) =>
      page
        .locator(
          `main input[name="${name}"]:not([type=file]):not([aria-hidden=true]), main textarea[name="${name}"]`,
        )
        .first()
        .fill(value);
    const before = (await requestsOf(line.id)).length;
    await tab.visit(`/app/newmultirequest/${groupId}/${line.id}/${String(line.supplierId)}`);
    await page.getByRole('button', { name: 'Add another invoice' }).click();
    await fillText(page, 'signer.ipu_signature_name', 'Bea Buyer');
    await fillText(page, 'signer.ipu_signature_email', 'signer@buyer.test');
    // Ten times the approved limit: no advance rate lets that fit.
    const tooMuch = `${String(line.buyer_loan_approved_amount).split('.')[0]}0.00`;
    for (const [i, amount] of [
      [0, '100.00'],
      [1, tooMuch],
    ] as const) {
      await fillText(page, `invoices.${i}.invoice_number`, `MB-${n}-${i + 1}`);
      await fillText(page, `invoices.${i}.invoice_amount`, amount);
      await fillText(page, `invoices.${i}.invoice_date`, '2026-11-02');
      await fillText(page, `invoices.${i}.invoice_due_date`, '2027-01-29');
      await fillText(page, `invoices.${i}.sold_goods_description`, 'Cold-rolled steel coils');
      await upload(page, `invoices.${i}.invoice_attachment`, `invoice-${n}-${i + 1}.pdf`);
      await upload(page, `invoices.${i}.bill_of_lading_attachment`, `bol-${n}-${i + 1}.pdf`);
    }
    await page.getByRole('button', { name: 'Submit 2 invoices' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The invoices were not submitted' });
    await until(() => alert.innerText()).toMatch(
      new RegExp(
        `exceed the available limit of .* by ${String(line.buyer_currency)} [\\d,.]+.*None of the invoices were submitted`,
      ),
    );
    expect((await requestsOf(line.id)).length).toBe(before);

    await fillText(page, 'invoices.1.invoice_amount', '250.00');
    await page.getByRole('button', { name: 'Submit 2 invoices' }).click();
    await until(() => new URL(page.url()).pathname).toBe('/app/requests');
    const mine = (await requestsOf(line.id)).filter((r) => String(r.invoice_number).startsWith(`MB-${n}-`));
    expect(mine.map((r) => r.invoice_number).sort()).toEqual([`MB-${n}-1`, `MB-${n}-2`]);
    expect(new Set(mine.map((r) => r.batchId)).size).toBe(1);
    expect(mine[0]?.batchId).toBeTruthy();
    expect(mine.every((r) => r.request_status === 'Under Review')).toBe(true);
  });

  it('shows the server’s refusal of a single invoice beyond the limit next to its amount', async () => {
    const page = tab.page;
    const before = (await requestsOf(line.id)).length;
    await tab.visit(`/app/newrequest/${line.id}`);
    await fillField(page, 'invoice_number', `SI-${n}`);
    await fillField(page, 'invoice_amount', `${String(line.buyer_loan_approved_amount).split('.')[0]}0.00`);
    await fillField(page, 'invoice_date', '2026-11-02');
    await fillField(page, 'invoice_due_date', '2027-01-29');
    await fillField(page, 'ipu_signature_name', 'Bea Buyer');
    await fillField(page, 'ipu_signature_email', 'signer@buyer.test');
    await page.getByRole('button', { name: 'Submit request' }).click();
    await until(() => page.locator('main').innerText()).toMatch(
      /Invoice amount: the request exceeds the available limit of .* by [A-Z]{3} [\d,.]+ \(available/,
    );
    expect(new URL(page.url()).pathname).toBe(`/app/newrequest/${line.id}`);
    expect((await requestsOf(line.id)).length).toBe(before);
  });
});
