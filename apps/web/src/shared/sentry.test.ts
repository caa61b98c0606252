import { afterEach, expect, it, vi } from 'vitest';

interface Sent {
  readonly url: string;
  readonly body: string;
}

/** A fresh reporter whose network is a list of what would have been sent. */
async function reporter() {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url: String(url), body: String(init.body) });
    return new Response('{}', { status: 200 });
  });
  vi.resetModules();
  return { ...(await import('./sentry.ts')), sent };
}

afterEach(async () => {
  const Sentry = await import('@sentry/browser');
  await Sentry.close();
  vi.unstubAllGlobals();
});

it('sends nothing, and loads no SDK, when no DSN was built in', async () => {
  const { sendToSentry, sent } = await reporter();
  sendToSentry(new Error('unseen'), { url: '/graphql' });
  await new Promise((r) => setTimeout(r, 50));
  expect(sent).toEqual([]);
  expect((await import('@sentry/browser')).isInitialized()).toBe(false);
});

it('with a DSN, sends the error through the official SDK, tagged with the failing request', async () => {
  const { sendToSentry, sent } = await reporter();
  sendToSentry(
    new Error('listRequests failed'),
    { url: '/graphql', context: 'dashboard' },
    'https://public@o1.ingest.sentry.io/42',
  );
  await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));
  const [report] = sent;
  expect(report?.url).toMatch(/^https:\/\/o1\.ingest\.sentry\.io\/api\/42\/envelope\//);
  const event = JSON.parse(report?.body.split('\n')[2] ?? '{}') as {
    exception?: { values?: { value?: string }[] };
    tags?: Record<string, string>;
  };
  expect(event.exception?.values?.[0]?.value).toBe('listRequests failed');
  expect(event.tags).toMatchObject({ request_url: '/graphql', context: 'dashboard' });
});
