import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api, type Mail, type Row } from '../support/api.ts';
import { baseURL, launch, newContext, signInThroughUI, Tab } from '../support/browser.ts';
import { ARTIFACTS, DEMO_EMAIL } from '../support/config.ts';
import { stampOf, until, upload } from '../support/flows.ts';
import { approvedLine, demoParties, isoDay, runOperation, type DemoParties } from '../support/requests.ts';

const run = promisify(execFile);

/**
 * The built-in signer in the browser (docs/business-rules.md, “Signing the financing documents”): a
 * supplier submits a 3-invoice batch; the buyer's signer and the supplier open their e-mailed
 * links, ask for codes and sign, one typed, one drawn; the investor approves; the sealed IPU
 * downloaded from the request validates with poppler's pdfsig; the verification page accepts it and
 * refuses a modified copy.
 */
describe('E-signature: a batch signed through e-mailed links, sealed and verified', () => {
  let browser: Browser | undefined;
  let supplier: Tab;
  let signerTab: Tab;
  let api: Api;
  let parties: DemoParties;
  let lineId = '';
  let ids: string[] = [];
  let sealed: Buffer = Buffer.alloc(0);
  const n = stampOf();
  const buyerSigner = `ap-${n}@buyer.test`;

  const token = async (email: string) => (await api.signIn(email)).idToken;
  const envelopes = async (requestId: string) =>
    (
      await api.gql<{
        requestEnvelopes: (Row & { kind: string; status: string; sealedKey: string | null })[];
      }>(
        await token(DEMO_EMAIL.supplier),
        'query ($id: ID!) { requestEnvelopes(requestId: $id) { id kind status sealedKey signers { name status } } }',
        { id: requestId },
      )
    ).requestEnvelopes;
  /** The newest signing link mailed to `to` for `document`, as a path of this app. */
  const linkFor = async (to: string, document: string): Promise<string> => {
    let found: Mail | undefined;
    await until(async () => {
      found = (await api.mails()).find(
        (m) => m.to === to && m.subject.includes('Please sign') && m.subject.includes(document),
      );
      return Boolean(found);
    }).toBe(true);
    const path = /\/sign\/[A-Za-z0-9_-]{43}/.exec(found!.text)?.[0];
    if (!path) throw new Error(`No signing link in the mail to ${to}`);
    return path;
  };
  /** Opens the link, asks for a code and enters it: what every signer does before signing. */
  const openAndAskCode = async (page: Page, path: string, to: string) => {
    await page.goto(`${baseURL()}${path}`);
    const since = Date.now() - 1_000;
    await page.getByRole('button', { name: 'Send me a code' }).click();
    let code: string | undefined;
    await until(async () => {
      const mail = (await api.mails()).find(
        (m) => m.to === to && Date.parse(m.sentAt) >= since && /signing code/.test(m.subject),
      );
      code = mail && /(\d{6})/.exec(mail.subject)?.[1];
      return Boolean(code);
    }).toBe(true);
    await page.getByLabel('6-digit code').fill(code!);
  };
  const consentAndSign = async (page: Page) => {
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
  };

  beforeAll(async () => {
    api = new Api(baseURL());
    parties = await demoParties(api);
    lineId = await approvedLine(api, parties, { name: `E2E Sign ${n} Trading BV`, limit: '400000.00' });
    browser = await launch();
    const context = await newContext(browser);
    context.setDefaultTimeout(15_000);
    supplier = await Tab.open(context);
    await signInThroughUI(supplier.page, DEMO_EMAIL.supplier);
    await supplier.settle();
    // The signers have no account: their pages open in a context of their own.
    const anonymous = await newContext(browser);
    anonymous.setDefaultTimeout(15_000);
    signerTab = await Tab.open(anonymous);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') {
      await supplier.screenshot(`fail-esign-supplier-${ctx.task.name.slice(0, 30)}`).catch(() => undefined);
      await signerTab.screenshot(`fail-esign-signer-${ctx.task.name.slice(0, 30)}`).catch(() => undefined);
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('submits a batch of three invoices naming the buyer’s signer', async () => {
    const page = supplier.page;
    const fill = (name: string, value: string) =>
      page
        .locator(
          `main input[name="${name}"]:not([type=file]):not([aria-hidden=true]), main textarea[name="${name}"]`,
        )
        .first()
        .fill(value);
    await supplier.visit(`/app/newmultirequest/${parties.supplierGroup}/${lineId}/${parties.supplierId}`);
    await page.getByRole('button', { name: 'Add another invoice' }).click();
    await page.getByRole('button', { name: 'Add another invoice' }).click();
    await fill('signer.ipu_signature_name', 'Zoë Ångström');
    await fill('signer.ipu_signature_email', buyerSigner);
    await until(() => page.locator('main').innerText()).toMatch(/Zoë Ångström/);
    for (const i of [0, 1, 2]) {
      await fill(`invoices.${i}.invoice_number`, `SG-${n}-${i + 1}`);
      await fill(`invoices.${i}.invoice_amount`, `${(i + 1) * 1000}.00`);
      await fill(`invoices.${i}.invoice_date`, isoDay(-20));
      await fill(`invoices.${i}.invoice_due_date`, isoDay(60 + i));
      await fill(`invoices.${i}.sold_goods_description`, 'Organic cotton fabric');
      await upload(page, `invoices.${i}.invoice_attachment`, `invoice-${n}-${i + 1}.pdf`);
      await upload(page, `invoices.${i}.bill_of_lading_attachment`, `bol-${n}-${i + 1}.pdf`);
    }
    await page.getByRole('button', { name: 'Submit 3 invoices' }).click();
    await until(() => new URL(page.url()).pathname).toBe('/app/requests');
    const mine = await api.list(await token(DEMO_EMAIL.supplier), 'Request', 'invoice_number batchId', {
      buyerId: { eq: lineId },
    });
    ids = mine.map((r) => r.id);
    expect(mine).toHaveLength(3);
    expect(new Set(mine.map((r) => r.batchId)).size).toBe(1);
    // One IPU and one offer notice for the whole batch.
    const all = await envelopes(ids[0]!);
    expect(all.map((e) => [e.kind, e.status])).toEqual([
      ['ipu', 'Sent'],
      ['offer_notice', 'Sent'],
    ]);
    expect((await envelopes(ids[2]!)).map((e) => e.id)).toEqual(all.map((e) => e.id));
  });

  it('lets the buyer’s signer read the IPU and sign by typing, on a phone', async () => {
    const page = signerTab.page;
    await page.setViewportSize({ width: 390, height: 844 });
    const path = await linkFor(buyerSigner, 'Irrevocable payment undertaking');
    await page.goto(`${baseURL()}${path}`);
    await until(() => page.locator('main').innerText()).toMatch(/Irrevocable payment undertaking/);
    expect(await page.locator('main').innerText()).toMatch(/SG-\d+-1[\s\S]*SG-\d+-3/);
    await until(() => page.locator('canvas').first().isVisible()).toBe(true);
    await signerTab.screenshot('esign-signing-page-390');
    await openAndAskCode(page, path, buyerSigner);
    await page.getByLabel('Your name as your signature').fill('Zoë Ångström');
    await consentAndSign(page);
    await until(() => page.locator('main').innerText()).toMatch(/signed/i);
    expect(signerTab.consoleErrors).toEqual([]);
  });

  it('lets the supplier sign the IPU by drawing, and the offer notice by typing', async () => {
    const page = signerTab.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    const ipu = await linkFor(DEMO_EMAIL.supplier, 'Irrevocable payment undertaking');
    await openAndAskCode(page, ipu, DEMO_EMAIL.supplier);
    await page.getByRole('radio', { name: 'Draw it' }).check();
    const pad = page.getByRole('img', { name: /Draw your signature/ });
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + 100);
    await page.mouse.down();
    const stroke: readonly (readonly [number, number])[] = [
      [60, 40],
      [100, 110],
      [150, 50],
      [220, 120],
      [300, 60],
    ];
    for (const [dx, dy] of stroke) await page.mouse.move(box.x + dx, box.y + dy, { steps: 5 });
    await page.mouse.up();
    await signerTab.screenshot('esign-signing-page-1280');
    await consentAndSign(page);
    await until(async () => (await envelopes(ids[0]!)).find((e) => e.kind === 'ipu')?.status).toBe(
      'Completed',
    );

    const offer = await linkFor(DEMO_EMAIL.supplier, 'Offer notice');
    await openAndAskCode(page, offer, DEMO_EMAIL.supplier);
    await page.getByLabel('Your name as your signature').fill('Sam Patel');
    await consentAndSign(page);
    await until(async () => (await envelopes(ids[0]!)).every((e) => e.status === 'Completed')).toBe(true);
    expect(signerTab.consoleErrors).toEqual([]);
  });

  it('shows the signed documents on the request, and the investor approves', async () => {
    const page = supplier.page;
    await supplier.visit(`/app/request/${ids[0]}`);
    const panel = page.getByRole('region', { name: 'Signatures' });
    await until(() => panel.innerText()).toMatch(/Completed/);
    await supplier.screenshot('esign-request-signatures');
    for (const id of ids)
      await runOperation(api, DEMO_EMAIL.investor, 'approveRequest', { id, payout_date: isoDay(0) });
    const statuses = await api.list(await token(DEMO_EMAIL.supplier), 'Request', 'request_status', {
      buyerId: { eq: lineId },
    });
    expect(statuses.map((r) => r.request_status)).toEqual(['Approved', 'Approved', 'Approved']);
  });

  it('downloads the sealed IPU, which pdfsig validates over the whole file', async () => {
    const ipu = (await envelopes(ids[1]!)).find((e) => e.kind === 'ipu')!;
    const res = await fetch(`${baseURL()}/files/${ipu.sealedKey}`, {
      headers: { authorization: await token(DEMO_EMAIL.investor) },
    });
    expect(res.status).toBe(200);
    sealed = Buffer.from(await res.arrayBuffer());
    await mkdir(ARTIFACTS, { recursive: true });
    const file = join(ARTIFACTS, `esign-sealed-ipu-${n}.pdf`);
    await writeFile(file, sealed);
    const { stdout } = await run('pdfsig', [file]);
    await writeFile(join(ARTIFACTS, 'esign-pdfsig.txt'), stdout);
    expect(stdout).toContain('Signature Validation: Signature is Valid.');
    expect(stdout).toMatch(/^\s*- Total document signed$/m);
    // The certificate page, as an image to look at.
    await run('pdftoppm', ['-png', '-r', '60', '-l', '99', file, join(ARTIFACTS, `esign-sealed-ipu-page`)]);
  });

  it('verifies the sealed file on the public page and refuses a modified copy', async () => {
    const page = signerTab.page;
    await page.goto(`${baseURL()}/verify`);
    await page.locator('input[type=file]').setInputFiles({
      name: 'sealed-ipu.pdf',
      mimeType: 'application/pdf',
      buffer: sealed,
    });
    await until(() => page.locator('main').innerText()).toMatch(/Authentic/);
    expect(await page.locator('main').innerText()).toMatch(/Zoë Ångström/);
    await signerTab.screenshot('esign-verify-authentic');
    const changed = Buffer.from(sealed);
    const at = Math.floor(changed.length / 4);
    changed[at] = changed[at]! ^ 0x01;
    await page.locator('input[type=file]').setInputFiles({
      name: 'changed-ipu.pdf',
      mimeType: 'application/pdf',
      buffer: changed,
    });
    await until(() => page.locator('main').innerText()).toMatch(
      /Changed after it was sealed|Not sealed by this platform/,
    );
    await signerTab.screenshot('esign-verify-modified');
  });
});
