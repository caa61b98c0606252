import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, expect } from 'vitest';
import type { Tab } from './browser.ts';

/** A small valid PDF (the upload checks the content, not the name). */
export function pdf(name: string): { name: string; mimeType: string; buffer: Buffer } {
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n');
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body, 'latin1') };
}

/** A unique tag per run. */
/** expect.poll with a timeout that fits a screen's round trip. */
export const until = <T>(fn: () => Promise<T> | T, timeout = 10_000) => expect.poll(fn, { timeout });

export const stampOf = (): string => `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-7);

/**
 * The input of a field of an entity form (id = field name); when the form is split into steps,
 * clicks through the steps until the field is shown.
 */
async function reveal(page: Page, name: string, target: (p: Page) => Locator): Promise<Locator> {
  const el = target(page);
  if ((await el.count()) > 0) return el.first();
  const steps = page.locator('main .MuiStepButton-root');
  const n = await steps.count();
  for (let i = 0; i < n; i++) {
    await steps.nth(i).click();
    if ((await el.count()) > 0) return el.first();
  }
  throw new Error(`No input for ${name} on ${page.url()}`);
}

/** The input of a field: its id, or (autocompletes take their own id) its name. */
const inputOf = (name: string) => (p: Page) =>
  p.locator(
    [`#${name}`, `input[name="${name}"]:not([type=file]):not([aria-hidden=true])`]
      .flatMap((s) => [`main ${s}`, `[role=dialog] ${s}`])
      .join(', '),
  );

/** Types into a text, number or date input. */
export async function fillText(page: Page, name: string, value: string): Promise<void> {
  const el = await reveal(page, name, inputOf(name));
  await el.fill(value);
}

/** Picks an option of a select (enum) field. */
export async function pickSelect(page: Page, name: string, option: string): Promise<void> {
  const el = await reveal(page, name, inputOf(name));
  const listbox = page.getByRole('listbox');
  for (let attempt = 1; ; attempt++) {
    await el.click();
    await listbox.getByRole('option', { name: option, exact: true }).click();
    try {
      await listbox.waitFor({ state: 'hidden', timeout: 3_000 });
      return;
    } catch (error) {
      // A click that lands while the menu is still opening (or re-rendering) can leave it open
      // without a choice; close it and choose again.
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
      await listbox.waitFor({ state: 'hidden' });
    }
  }
}

/** Types into an autocomplete (country, currency, reference) and picks the first matching option. */
export async function pickAuto(
  page: Page,
  name: string,
  typed: string,
  option?: RegExp | string,
): Promise<void> {
  const el = await reveal(page, name, inputOf(name));
  await el.click();
  await el.fill(typed);
  const opt = page.getByRole('option', { name: option ?? typed }).first();
  await opt.waitFor({ state: 'visible', timeout: 10_000 });
  await opt.click();
}

/** Uploads a generated PDF to an attachment field and waits until it is stored. */
export async function upload(page: Page, name: string, fileName: string): Promise<void> {
  const input = await reveal(page, name, (p) => p.locator(`input[type=file][name="${name}"]`));
  await input.setInputFiles(pdf(fileName));
  const box = input.locator('xpath=..');
  await expect
    .poll(() => box.getByRole('button', { name: 'Replace file' }).isVisible(), { timeout: 15_000 })
    .toBe(true);
}

/** Submits the entity form and waits for the path it goes to. */
export async function save(tab: Tab, to: string | RegExp, button: RegExp = /^Save/): Promise<void> {
  const page = tab.page;
  await page.locator('main form').getByRole('button', { name: button }).last().click();
  await page.waitForURL((u) => (typeof to === 'string' ? u.pathname === to : to.test(u.pathname)), {
    timeout: 15_000,
  });
  await tab.settle();
}

/** Clicks a status-move button, then confirms in its dialog (with the dialog's own button). */
export async function openMove(page: Page, action: string): Promise<Locator> {
  await page.locator('main').getByRole('button', { name: action, exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ state: 'visible' });
  return dialog;
}

export async function confirmMove(page: Page, dialog: Locator, action: string): Promise<void> {
  await dialog.getByRole('button', { name: action, exact: true }).click();
  // Closes when the move is done; a refused move keeps it open with the server's message.
  const closed = dialog.waitFor({ state: 'hidden', timeout: 15_000 }).then(() => null);
  const refused = dialog
    .getByRole('alert')
    .waitFor({ state: 'visible', timeout: 15_000 })
    .then(() => dialog.getByRole('alert').innerText())
    .catch(() => null);
  const message = await Promise.race([closed, refused]);
  if (message) throw new Error(`"${action}" was refused: ${message}`);
  await closed;
}

/**
 * For a describe whose tests are steps, each needing the ones before it: once a step fails the
 * rest are skipped, and the screen of the failed one is saved as `fail-<label>-<test name>`.
 */
export function stepsInOrder(label: string, screen: () => Tab | undefined): void {
  let failed = false;
  beforeEach((ctx) => {
    if (failed) ctx.skip();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    failed = true;
    await screen()
      ?.screenshot(`fail-${label}-${ctx.task.name.slice(0, 40)}`)
      .catch(() => undefined);
  });
}
