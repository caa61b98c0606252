import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const session = vi.hoisted(() => ({
  getIdToken: vi.fn<() => Promise<string | null>>(),
  refreshTokens: vi.fn<() => Promise<{ idToken: string } | null>>(),
}));
vi.mock('../auth/session.ts', () => session);

const { crmCall, CrmRequestError } = await import('./crm-api.ts');

/** The CRM routes' calls (docs/architecture.md, “CRM”): the token, its renewal, the refusals' fields. */
describe('calls to the CRM routes', () => {
  let sent: { url: string; method: string; authorization: string | undefined; body: unknown }[];
  let answers: { status: number; body: unknown }[];

  beforeEach(() => {
    sent = [];
    answers = [];
    session.getIdToken.mockResolvedValue('old-token');
    session.refreshTokens.mockResolvedValue({ idToken: 'new-token' });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({
        url,
        method: String(init.method),
        authorization: (init.headers as Record<string, string>).authorization,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      const answer = answers.shift() ?? { status: 500, body: null };
      return new Response(answer.body === null ? 'not json' : JSON.stringify(answer.body), {
        status: answer.status,
      });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the identity token and the body, and answers what the server answered', async () => {
    answers.push({ status: 200, body: { id: 'lead-1', stage: 'Contacted' } });
    await expect(crmCall('PATCH', '/crm/leads/lead-1/stage', { stage: 'Contacted' })).resolves.toEqual({
      id: 'lead-1',
      stage: 'Contacted',
    });
    expect(sent).toEqual([
      {
        url: '/crm/leads/lead-1/stage',
        method: 'PATCH',
        authorization: 'old-token',
        body: { stage: 'Contacted' },
      },
    ]);
  });

  it('asks once more with a renewed token when the first was refused as expired', async () => {
    answers.push({ status: 401, body: { error: 'Unauthorized', message: 'Sign in first' } });
    answers.push({ status: 200, body: { items: [], counts: {}, total: 0 } });
    await expect(crmCall('GET', '/crm/leads')).resolves.toMatchObject({ total: 0 });
    expect(sent.map((s) => s.authorization)).toEqual(['old-token', 'new-token']);
  });

  it('carries the server’s message and each refused field', async () => {
    answers.push({
      status: 400,
      body: { error: 'ValidationError', message: 'Say why', fields: { stage: 'Say why the lead is lost' } },
    });
    const refusal = await crmCall('PATCH', '/crm/leads/x/stage', { stage: 'Lost' }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(CrmRequestError);
    expect(refusal).toMatchObject({
      message: 'Say why',
      status: 400,
      code: 'ValidationError',
      fields: { stage: 'Say why the lead is lost' },
    });
  });

  it('says the service failed when the answer is not the server’s JSON', async () => {
    answers.push({ status: 502, body: null });
    await expect(crmCall('GET', '/crm/leads')).rejects.toThrow(
      'The CRM service answered 502; try again shortly.',
    );
  });
});
