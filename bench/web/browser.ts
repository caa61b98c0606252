// Chromium through chrome-launcher (the system browser, never a downloaded one), signing in the way
// the app does, and the scripts a page loads.
import { launch, type LaunchedChrome } from 'chrome-launcher';
import { Cdp } from './cdp.ts';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A fresh Chromium with its own temporary profile (no cache, no storage from earlier runs). */
export function launchChrome(): Promise<LaunchedChrome> {
  return launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
}

export function killChrome(chrome: LaunchedChrome): void {
  try {
    chrome.kill();
  } catch {
    // already gone
  }
}

/** What sign-in answers; the web app keeps the id and access tokens in memory, the refresh token in a cookie. */
export interface StoredTokens {
  readonly idToken: string;
  readonly accessToken: string;
  readonly refreshToken: string;
  /** epoch ms */
  readonly expiresAt: number;
}

export interface Credentials {
  readonly username: string;
  readonly password: string;
}

/** POST /auth/sign-in (expiry from the id token's `exp`). */
export async function signIn(base: string, credentials: Credentials): Promise<StoredTokens> {
  const res = await fetch(`${base}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(credentials),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`sign-in as ${credentials.username}: HTTP ${res.status} ${text}`);
  const t = JSON.parse(text) as {
    idToken: string;
    accessToken: string;
    refreshToken: string;
    expiresIn?: number;
  };
  const payload = t.idToken.split('.')[1] ?? '';
  const exp = Number(
    (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp,
  );
  const expiresAt = Number.isFinite(exp) && exp > 0 ? exp * 1000 : Date.now() + (t.expiresIn || 3600) * 1000;
  return { idToken: t.idToken, accessToken: t.accessToken, refreshToken: t.refreshToken, expiresAt };
}

/**
 * Gives the browser the session cookies the server sets at sign-in
 * (docs/architecture.md, “Deployment”): the refresh token in `rf_refresh` for /auth and the
 * `rf_session` hint, from which the app restores the session on load. Then empties the HTTP cache,
 * so the page measured next starts cold but signed in. Lighthouse's storage reset leaves cookies
 * alone.
 */
export async function injectSession(port: number, base: string, tokens: StoredTokens): Promise<void> {
  const cdp = await Cdp.connectToPage(port);
  try {
    await cdp.send('Network.enable');
    const common = { url: base, sameSite: 'Strict', secure: base.startsWith('https:') };
    await cdp.send('Network.setCookie', {
      ...common,
      name: 'rf_refresh',
      value: tokens.refreshToken,
      path: '/auth',
      httpOnly: true,
    });
    await cdp.send('Network.setCookie', { ...common, name: 'rf_session', value: '1', path: '/' });
    const { cookies } = (await cdp.send('Network.getCookies', { urls: [`${base}/auth/refresh`] })) as {
      cookies?: { name: string; value: string }[];
    };
    if (!cookies?.some((c) => c.name === 'rf_refresh' && c.value === tokens.refreshToken))
      throw new Error('the session cookie did not stick');
    await cdp.send('Network.clearBrowserCache');
  } finally {
    cdp.close();
  }
}

export interface LoadedScript {
  readonly url: string;
  readonly path: string;
  /** Bytes on the wire (headers included), as Chromium counted them. */
  readonly transferBytes: number;
  /** Requested before the page was first ready (`readyExpression` true): needed for its first screen. */
  readonly beforeReady: boolean;
  readonly contentEncoding: string | undefined;
}

export interface PageLoad {
  readonly finalPath: string;
  readonly scripts: readonly LoadedScript[];
}

/**
 * Loads `url` with the cache off and records every script response until the network has been
 * quiet for `quietMs` after the load event (lazy route chunks included), and which of them were
 * requested before `readyExpression` first held (polled every 100 ms).
 */
export async function scriptsLoadedBy(
  port: number,
  url: string,
  options: { quietMs?: number; timeoutMs?: number; readyExpression?: string } = {},
): Promise<PageLoad> {
  const quietMs = options.quietMs ?? 1500;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const cdp = await Cdp.connectToPage(port);
  try {
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const inflight = new Set<string>();
    let lastActivity = Date.now();
    const scripts = new Map<string, { url: string; encoding: string | undefined; bytes: number }>();
    const requestedAt = new Map<string, number>();
    let readyAt: number | undefined;
    cdp.on('Network.requestWillBeSent', (p) => {
      inflight.add(String(p.requestId));
      lastActivity = Date.now();
      if (!requestedAt.has(String(p.requestId))) requestedAt.set(String(p.requestId), lastActivity);
    });
    cdp.on('Network.responseReceived', (p) => {
      if (p.type !== 'Script') return;
      const response = p.response as { url: string; headers: Record<string, string> };
      const headers = Object.fromEntries(
        Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]),
      );
      scripts.set(String(p.requestId), {
        url: response.url,
        encoding: headers['content-encoding'],
        bytes: 0,
      });
    });
    const done = (p: Record<string, unknown>) => {
      const id = String(p.requestId);
      inflight.delete(id);
      lastActivity = Date.now();
      const s = scripts.get(id);
      if (s && typeof p.encodedDataLength === 'number') s.bytes = p.encodedDataLength;
    };
    cdp.on('Network.loadingFinished', done);
    cdp.on('Network.loadingFailed', done);
    await cdp.navigate(url, timeoutMs);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const ready = options.readyExpression ? await cdp.evaluate<boolean>(options.readyExpression) : true;
      if (ready) readyAt ??= Date.now();
      if (ready && inflight.size === 0 && Date.now() - lastActivity >= quietMs) break;
      if (Date.now() > deadline) throw new Error(`${url}: the page did not settle within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const finalPath = await cdp.evaluate<string>('location.pathname');
    return {
      finalPath,
      scripts: [...scripts].map(([id, s]) => ({
        url: s.url,
        path: new URL(s.url).pathname,
        transferBytes: s.bytes,
        contentEncoding: s.encoding,
        beforeReady: (requestedAt.get(id) ?? 0) <= (readyAt ?? Infinity),
      })),
    };
  } finally {
    cdp.close();
  }
}
