import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
  type Response,
} from 'playwright-core';
import { inject } from 'vitest';
import { ARTIFACTS, DEMO_PASSWORD } from './config.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function baseURL(): string {
  return inject('baseURL');
}

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
}

export async function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 860 }, locale: 'en-GB' });
}

/** Error texts of the app's error screens (status-screens.tsx) and of a crashed React tree. */
export const ERROR_TEXT =
  /Unexpected Application Error|Something went wrong|Application error|Cannot read properties/i;

/** Values a screen shows when it formats something it should not have (no legitimate text contains these). */
const GARBAGE_TEXT = /\bNaN\b|\bundefined\b|\[object Object\]|Invalid Date|\bnull\b(?= ?[A-Z]{3}\b)/;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What a visit observed, as plain data for assertions. */
export interface Visit {
  readonly path: string;
  readonly heading: string | null;
  readonly mainText: string;
  /** Warning, info and success alerts on the screen (not failures; listed in the crawl report). */
  readonly notes: string[];
  readonly problems: string[];
}

/**
 * One page of a signed-in (or signed-out) context, watching the console, uncaught errors, failed
 * HTTP responses and GraphQL errors, and navigating on the client when the app is already loaded.
 */
export class Tab {
  readonly consoleErrors: string[] = [];
  readonly httpErrors: string[] = [];
  readonly graphqlErrors: string[] = [];
  /** Requests without a response yet, or whose body is still arriving (value: when the response came). */
  private inflight = new Map<Request, number>();
  private pending: Promise<void>[] = [];

  constructor(readonly page: Page) {
    page.on('console', (m) => {
      if (m.type() === 'error') this.consoleErrors.push(`console.error: ${m.text()}`);
    });
    page.on('pageerror', (e) => this.consoleErrors.push(`pageerror: ${e.message}`));
    page.on('request', (r) => this.inflight.set(r, 0));
    page.on('requestfinished', (r) => this.inflight.delete(r));
    page.on('requestfailed', (r) => {
      this.inflight.delete(r);
      const failure = r.failure()?.errorText ?? 'failed';
      // A navigation away aborts what the previous screen still loads: not an error of the app.
      if (!/ERR_ABORTED/.test(failure)) this.httpErrors.push(`${r.method()} ${r.url()} ${failure}`);
    });
    page.on('response', (res) => {
      if (this.inflight.has(res.request())) this.inflight.set(res.request(), Date.now());
      this.pending.push(this.inspect(res));
    });
  }

  static async open(context: BrowserContext): Promise<Tab> {
    return new Tab(await context.newPage());
  }

  private async inspect(res: Response): Promise<void> {
    const url = new URL(res.url());
    if (res.status() >= 400)
      this.httpErrors.push(`${res.request().method()} ${url.pathname} → ${res.status()}`);
    if (url.pathname === '/graphql' && res.request().method() === 'POST') {
      try {
        const body = (await res.json()) as { errors?: { message: string; errorType?: string }[] };
        const op = /\b(query|mutation)\s*[^{(]*[({]\s*(\w+)/.exec(
          String(res.request().postDataJSON()?.query ?? ''),
        )?.[2];
        for (const e of body.errors ?? [])
          this.graphqlErrors.push(`GraphQL ${op ?? ''}: ${e.errorType ?? ''} ${e.message}`);
      } catch {
        // the body was not JSON or the page went away
      }
    }
  }

  reset(): void {
    this.consoleErrors.length = 0;
    this.httpErrors.length = 0;
    this.graphqlErrors.length = 0;
    this.pending = [];
  }

  /** Goes to `path`: on the client (history + popstate, as a link click does) when the app runs, else a page load. */
  async go(path: string, renderTimeoutMs = 1_000): Promise<void> {
    const loaded = this.page.url().startsWith(baseURL()) && (await this.appLoaded());
    if (loaded) {
      // Returns once the app has re-rendered (the first DOM change after the navigation), so the
      // screen that follows is never mistaken for the one before it; or after `renderTimeoutMs`
      // when nothing changes (the same screen again, e.g. one area's login screen for two paths).
      await this.page.evaluate(
        ([to, wait]) =>
          new Promise<void>((resolve) => {
            const root = document.getElementById('root') ?? document.body;
            const done = () => {
              observer.disconnect();
              clearTimeout(timer);
              resolve();
            };
            const observer = new MutationObserver(done);
            const timer = setTimeout(done, wait);
            observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true });
            const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
            window.history.pushState(
              { usr: null, key: Math.random().toString(36).slice(2, 10), idx },
              '',
              to,
            );
            window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
          }),
        [path, renderTimeoutMs] as const,
      );
    } else {
      await this.page.goto(path, { waitUntil: 'domcontentloaded' });
    }
  }

  private appLoaded(): Promise<boolean> {
    return this.page
      .evaluate(() => Boolean(document.querySelector('#root')?.childElementCount))
      .catch(() => false);
  }

  /** Waits until nothing loads: no request in flight, no "Loading..." and no spinner, for 300 ms. */
  async settle(timeoutMs = 20_000): Promise<void> {
    const start = Date.now();
    let quietSince = 0;
    for (;;) {
      // A response whose body the page never reads (the demo-mailbox probe of the sign-in screens
      // fetches /dev/mail and only looks at the status) never "finishes": after its headers came,
      // a request counts as in flight for one more second only.
      const now = Date.now();
      const loading = [...this.inflight.values()].some((at) => at === 0 || now - at < 1000);
      const busy =
        loading ||
        (await this.page
          .evaluate(() => {
            const shown = (el: Element) =>
              (el as HTMLElement).offsetParent !== null || el.getClientRects().length > 0;
            const text = document.body?.innerText ?? '';
            const spinners = Array.from(
              document.querySelectorAll('.MuiCircularProgress-root, .MuiSkeleton-root'),
            );
            return (
              text.includes('Loading...') ||
              spinners.some(shown) ||
              !document.querySelector('#root')?.childElementCount
            );
          })
          .catch(() => true));
      if (!busy) {
        if (!quietSince) quietSince = Date.now();
        if (Date.now() - quietSince >= 300) break;
      } else quietSince = 0;
      if (Date.now() - start > timeoutMs) {
        const what = [...this.inflight.keys()].map((r) => r.url()).join(', ');
        throw new Error(
          `The screen did not finish loading in ${timeoutMs / 1000} s${what ? ` (in flight: ${what})` : ''}`,
        );
      }
      await sleep(50);
    }
    await Promise.all(this.pending);
  }

  /** Visits a path and describes what the screen shows and what went wrong on the way. */
  async visit(
    path: string,
    options: { expectPath?: string | RegExp; content?: boolean; renderTimeoutMs?: number } = {},
  ): Promise<Visit> {
    this.reset();
    await this.go(path, options.renderTimeoutMs);
    const expected = options.expectPath ?? path.split('?')[0] ?? path;
    await this.page.waitForURL(
      (u) => (typeof expected === 'string' ? u.pathname === expected : expected.test(u.pathname)),
      {
        timeout: 15_000,
      },
    );
    await this.settle();
    return this.describe(path, options.content ?? true);
  }

  async describe(path: string, content = true): Promise<Visit> {
    const page = this.page;
    const state = await page.evaluate(() => {
      const shown = (el: Element | null) =>
        Boolean(el && ((el as HTMLElement).offsetParent !== null || el.getClientRects().length > 0));
      const main = document.querySelector('main');
      const h1 =
        Array.from(main?.querySelectorAll('h1') ?? []).find(
          (h) => shown(h) && (h as HTMLElement).innerText.trim(),
        ) ?? null;
      const errorAlerts = Array.from(document.querySelectorAll('.MuiAlert-colorError')).filter(shown);
      const otherAlerts = Array.from(
        document.querySelectorAll('.MuiAlert-root:not(.MuiAlert-colorError)'),
      ).filter(shown);
      return {
        body: document.body.innerText,
        mainText: main ? (main as HTMLElement).innerText.trim() : '',
        hasMain: Boolean(main),
        heading: shown(h1) ? (h1 as HTMLElement).innerText.trim() : null,
        // The sign-in form: user name and current password (settings has a change-password form).
        loginForm:
          shown(document.querySelector('input[autocomplete="username"]')) &&
          shown(document.querySelector('input[autocomplete="current-password"]')),
        errorAlerts: errorAlerts.map((a) => (a as HTMLElement).innerText.trim()),
        notes: otherAlerts.map((a) => (a as HTMLElement).innerText.trim()),
      };
    });
    const problems: string[] = [...this.consoleErrors, ...this.graphqlErrors, ...this.httpErrors];
    const errorText = ERROR_TEXT.exec(state.body);
    if (errorText) problems.push(`error text on screen: "${errorText[0]}"`);
    for (const a of state.errorAlerts) problems.push(`error alert: "${a}"`);
    const garbage = GARBAGE_TEXT.exec(state.body);
    if (garbage) {
      const at = state.body.indexOf(garbage[0]);
      problems.push(
        `broken value on screen: "…${state.body.slice(Math.max(0, at - 60), at + 40).replace(/\s+/g, ' ')}…"`,
      );
    }
    if (content) {
      if (state.loginForm) problems.push('a login form is shown instead of the content');
      if (!state.hasMain) problems.push('no <main> region');
      else if (!state.heading)
        problems.push(`no visible <h1> in <main> (main text: "${state.mainText.slice(0, 120)}")`);
      if (state.mainText.length < 20) problems.push(`<main> is (nearly) empty: "${state.mainText}"`);
    }
    return { path, heading: state.heading, mainText: state.mainText, notes: state.notes, problems };
  }

  async screenshot(name: string): Promise<void> {
    mkdirSync(ARTIFACTS, { recursive: true });
    const file = `${name.replace(/[^\w.-]+/g, '_').replace(/_+$/, '')}.png`;
    await this.page.screenshot({ path: join(ARTIFACTS, file) });
  }
}

/** Signs in through the login screen and waits until the app leaves it. */
export async function signInThroughUI(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
  loginPath = '/login',
): Promise<void> {
  await page.goto(loginPath, { waitUntil: 'domcontentloaded' });
  await page.getByLabel('E-mail or phone number').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.endsWith('/login') && u.pathname !== '/', { timeout: 20_000 });
}

/** Signs out through the account menu of an area's layout. */
export async function signOutThroughUI(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((u) => u.pathname.endsWith('/login'), { timeout: 15_000 });
}

/**
 * One tab per user, each in its own context signed in through the login screen the first time the
 * user's tab is asked for. `current` is the tab asked for last (the screen of a failed step).
 */
export class SignedInTabs {
  private readonly tabs = new Map<string, Tab>();
  private readonly contexts: BrowserContext[] = [];
  current: Tab | undefined;

  constructor(private readonly browser: () => Browser | undefined) {}

  async of(email: string): Promise<Tab> {
    const known = this.tabs.get(email);
    if (known) return (this.current = known);
    const browser = this.browser();
    if (!browser) throw new Error('The browser is not launched');
    const context = await newContext(browser);
    this.contexts.push(context);
    context.setDefaultTimeout(10_000);
    const tab = await Tab.open(context);
    await signInThroughUI(tab.page, email);
    await tab.settle();
    this.tabs.set(email, tab);
    return (this.current = tab);
  }

  async close(): Promise<void> {
    for (const context of this.contexts) await context.close().catch(() => undefined);
  }
}
