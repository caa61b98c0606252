import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { useUser } from './user-context.tsx';

const jwt = (claims: Record<string, unknown>) =>
  `x.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.y`;

const TOKENS = {
  idToken: jwt({ sub: 's1', email: 'a@b.test', exp: Math.floor(Date.now() / 1000) + 3600 }),
  accessToken: jwt({ sub: 's1', 'cognito:groups': ['Admin'] }),
  refreshToken: 'refresh-token-in-the-json',
  expiresIn: 3600,
};

/** A browser's storage, recording every key written. */
function fakeStorage(): Storage & { readonly keys: string[] } {
  const items = new Map<string, string>();
  return {
    get keys() {
      return [...items.keys()];
    },
    get length() {
      return items.size;
    },
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
    clear: () => items.clear(),
    key: (i) => [...items.keys()][i] ?? null,
  };
}

interface Sent {
  readonly url: string;
  readonly body: unknown;
  readonly authorization: string | undefined;
}

/** A fresh session module in a fake browser whose cookie jar holds `cookie`. */
async function browser(cookie: string, answer: () => Response = () => Response.json(TOKENS)) {
  const sent: Sent[] = [];
  const local = fakeStorage();
  const session = fakeStorage();
  local.setItem('rf.session', JSON.stringify(TOKENS)); // left by an earlier version
  const locks: string[] = [];
  vi.stubGlobal('document', { cookie });
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
  vi.stubGlobal('navigator', {
    locks: { request: (name: string, task: () => Promise<unknown>) => (locks.push(name), task()) },
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    sent.push({ url, body: JSON.parse(String(init.body)), authorization: headers.Authorization });
    return answer();
  });
  vi.resetModules();
  const module = await import('./session.ts');
  return { module, sent, local, session, locks };
}

describe('session', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps no token in localStorage or sessionStorage, and removes what an earlier version kept', async () => {
    const b = await browser('');
    await b.module.bootstrapSession();
    await b.module.signIn('a@b.test', 'secret');
    expect(await b.module.getIdToken()).toBe(TOKENS.idToken);
    expect(b.local.keys).toEqual([]);
    expect(b.session.keys).toEqual([]);
  });

  it('without the refresh cookie, starts signed out and asks the server nothing', async () => {
    const b = await browser('theme=dark');
    await b.module.bootstrapSession();
    expect(b.module.getSession().status).toBe('signedOut');
    expect(b.sent).toEqual([]);
  });

  it('on load, restores the session from the refresh cookie: no token is sent from script', async () => {
    const b = await browser('theme=dark; rf_session=1');
    await b.module.bootstrapSession();
    expect(b.sent).toEqual([{ url: '/auth/refresh', body: {}, authorization: undefined }]);
    const state = b.module.getSession();
    expect(state.status === 'signedIn' && state.isAdmin).toBe(true);
    // Tabs take turns, since the cookie's token may be presented only once.
    expect(b.locks).toEqual(['rf.refresh']);
  });

  it('a refused cookie signs out quietly', async () => {
    const b = await browser('rf_session=1', () =>
      Response.json({ error: 'NotAuthorizedException', message: 'Invalid Refresh Token' }, { status: 401 }),
    );
    await b.module.bootstrapSession();
    expect(b.module.getSession().status).toBe('signedOut');
  });

  it('signs out with the access token; the server ends the cookie', async () => {
    const b = await browser('rf_session=1');
    await b.module.bootstrapSession();
    await b.module.signOut();
    expect(b.sent.at(-1)).toEqual({
      url: '/auth/sign-out',
      body: {},
      authorization: `Bearer ${TOKENS.accessToken}`,
    });
    expect(b.module.getSession().status).toBe('signedOut');
    expect(await b.module.getIdToken()).toBeNull();
  });

  it('takes the role from the first group of the access token', async () => {
    const { userFromTokens } = await import('./session.ts');
    const user = userFromTokens({
      idToken: jwt({
        sub: 's1',
        email: 'a@b.test',
        name: 'A',
        'custom:groupid': 'g1',
        'cognito:groups': ['Investor'],
      }),
      accessToken: jwt({ sub: 's1', 'cognito:groups': ['Spv', 'Admin'] }),
    });
    expect(user.role).toBe('Spv');
    expect(user.groupId).toBe('g1');
    expect(user.name).toBe('A');
  });

  it('treats a user without a group as a supplier user', async () => {
    const { userFromTokens } = await import('./session.ts');
    const user = userFromTokens({ idToken: jwt({ sub: 's2' }), accessToken: jwt({ 'cognito:groups': [] }) });
    expect(user.role).toBe('Supplier');
    expect(user.groupId).toBeNull();
  });

  it('refuses useUser outside its provider', () => {
    const Probe = () => {
      useUser();
      return null;
    };
    expect(() => renderToString(createElement(Probe))).toThrow('useUser must be used within a UserProvider');
  });
});
