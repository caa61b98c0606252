import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const session = vi.hoisted(() => ({
  getIdToken: vi.fn<() => Promise<string | null>>(),
  refreshTokens: vi.fn<() => Promise<{ idToken: string } | null>>(),
}));
vi.mock('../auth/session.ts', () => session);

const { linkWithBank, syncAccount } = await import('./bank-link-api.ts');

type Call = { url: string; body: Record<string, unknown>; authorization: string | undefined };

describe('linking an account with its bank', () => {
  let calls: Call[];
  let answers: Record<string, { status: number; body: unknown }>;

  beforeEach(() => {
    calls = [];
    answers = {};
    session.getIdToken.mockResolvedValue('id-token');
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({
        url,
        body: JSON.parse(String(init.body)) as Record<string, unknown>,
        authorization: (init.headers as Record<string, string>).authorization,
      });
      const answer = answers[url] ?? { status: 500, body: null };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens the provider’s window with a link token and exchanges the public token it hands back', async () => {
    answers['/bank/link-token'] = { status: 200, body: { link_token: 'link-sandbox-1', expiration: 'x' } };
    answers['/bank/exchange'] = {
      status: 200,
      body: { accountId: 'bank-1', providerAccountId: 'acc-9', name: 'Collections', mask: '6789' },
    };
    const created: string[] = [];
    const loaded: string[] = [];
    // No browser here: a page whose head "loads" the provider's script, which defines Plaid, whose
    // handler succeeds at once with the account the owner chose.
    const plaid = {
      create: (options: { token: string; onSuccess: (t: string, m: unknown) => void }) => {
        created.push(options.token);
        return { open: () => options.onSuccess('public-sandbox-7', { accounts: [{ id: 'acc-9' }] }) };
      },
    };
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {
      createElement: () => ({}) as { src?: string; onload?: () => void },
      head: {
        appendChild: (tag: { src: string; onload: () => void }) => {
          loaded.push(tag.src);
          (globalThis.window as unknown as { Plaid: unknown }).Plaid = plaid;
          queueMicrotask(() => tag.onload());
          return tag;
        },
      },
    });
    expect(await linkWithBank('bank-1')).toMatchObject({ name: 'Collections', mask: '6789' });
    expect(created).toEqual(['link-sandbox-1']);
    expect(loaded).toEqual(['https://cdn.plaid.com/link/v2/stable/link-initialize.js']);
    expect(calls).toEqual([
      { url: '/bank/link-token', body: { accountId: 'bank-1' }, authorization: 'id-token' },
      {
        url: '/bank/exchange',
        body: { accountId: 'bank-1', public_token: 'public-sandbox-7', providerAccountId: 'acc-9' },
        authorization: 'id-token',
      },
    ]);
  });

  it('throws the server’s message word for word', async () => {
    answers['/bank/sync'] = {
      status: 400,
      body: { error: 'ValidationError', message: 'The account is not linked: link it with the bank first' },
    };
    await expect(syncAccount('bank-1')).rejects.toThrow(
      'The account is not linked: link it with the bank first',
    );
  });
});
