import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expiringPoliciesFilter, REGISTRY, shiftDate } from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { workQueues } from '../insight/dashboard-queues.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { sampleInput } from '../testing/samples.ts';
import { approveLine, buildWorld, CALLERS, type World } from '../testing/world.ts';
import { sweepEnvelopes } from '../esign/sweep.ts';

type Item = {
  envelope: {
    id: string;
    kind: string;
    status: string;
    createdAt: string;
    replaces: string | null;
    signers: { name: string; status: string }[];
  };
  requests: { id: string; invoiceNumber: string | null; status: string | null }[];
  replacedBy: string | null;
};
type Page = { items: Item[]; total: number; nextToken: string | null };

const LIST = `query ($view: EnvelopeView, $limit: Int, $nextToken: String) {
  listEnvelopes(view: $view, limit: $limit, nextToken: $nextToken) {
    items { envelope { id kind status createdAt replaces signers { name status } } requests { id invoiceNumber status } replacedBy }
    total nextToken
  }
}`;

/**
 * The administrators' envelopes list (docs/business-rules.md, “Dashboards”): its `waiting` and
 * `expired` views hold exactly what the work queues count, with envelopes made, expired, replaced
 * and declined through the operations; and the expiring-policies filter of the insurance list
 * holds exactly what `insuranceExpiring` counts.
 */
describeDatabases('envelopes across requests, and the lists of the work queues', (db) => {
  let api: ApiHarness;
  let world: World;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const caller of Object.values(CALLERS)) api.callers.set(caller.role, caller);
    world = await buildWorld(api, '');
    await approveLine(api, world.Buyer);
  });
  afterAll(async () => api.app.close());

  const ok = async <T>(who: string, query: string, variables?: Record<string, unknown>): Promise<T> => {
    const res = await api.gql<T>(who, query, variables);
    expect(res.errors, query).toBeUndefined();
    return res.data as T;
  };
  const submit = async (invoice: string): Promise<string> =>
    (
      await ok<{ createRequest: { id: string } }>(
        'Supplier',
        'mutation ($input: CreateRequestInput!) { createRequest(input: $input) { id } }',
        {
          input: sampleInput(REGISTRY.Request, {
            buyerId: world.Buyer,
            invoice_number: invoice,
            invoice_amount: '1000.00',
            invoice_currency: 'USD',
            ipu_signature_email: `${invoice.toLowerCase()}@buyer.test`,
          }),
        },
      )
    ).createRequest.id;
  const envelopesOf = async (requestId: string) =>
    (
      await ok<{ requestEnvelopes: { id: string; kind: string; status: string }[] }>(
        'Admin',
        'query ($id: ID!) { requestEnvelopes(requestId: $id) { id kind status } }',
        { id: requestId },
      )
    ).requestEnvelopes;
  /** Every page of a view, walked with its tokens, `limit` at a time. */
  const walk = async (view: string | null, limit: number) => {
    const items: Item[] = [];
    let token: string | null = null;
    let total = -1;
    do {
      const page: Page = (await ok<{ listEnvelopes: Page }>('Admin', LIST, { view, limit, nextToken: token }))
        .listEnvelopes;
      items.push(...page.items);
      token = page.nextToken;
      total = page.total;
    } while (token);
    return { items, total };
  };
  const queue = async (key: string) => (await workQueues(db(), today)).find((q) => q.key === key)!.count;

  describe('listEnvelopes', () => {
    const made: Record<string, string> = {};
    beforeAll(async () => {
      // Three requests whose envelopes expire (the sweep 14 days on), then one sent since.
      for (const invoice of ['ENV-REPLACED', 'ENV-DECLINED', 'ENV-EXPIRED'])
        made[invoice] = await submit(invoice);
      await sweepEnvelopes({
        db: db(),
        keys: api.keys,
        publicUrl: 'http://localhost',
        mailer: { send: async (m) => void api.mail.push(m) },
        clock: { now: () => new Date(Date.now() + 14.1 * 86_400_000) },
      });
      const replacedIpu = (await envelopesOf(made['ENV-REPLACED']!)).find((e) => e.kind === 'ipu')!;
      expect(replacedIpu.status).toBe('Expired');
      await ok('Admin', `mutation { resendEnvelope(id: "${replacedIpu.id}") { id } }`);
      await ok('Admin', 'mutation ($input: DeclineRequestInput!) { declineRequest(input: $input) { id } }', {
        input: { id: made['ENV-DECLINED'], reason: 'buyer unknown' },
      });
      made['ENV-WAITING'] = await submit('ENV-WAITING');
    });

    it('holds in `expired` what the queue counts: not replaced, not of a declined request', async () => {
      const { items, total } = await walk('expired', 50);
      expect(total).toBe(await queue('envelopesExpired'));
      expect(items).toHaveLength(total);
      // The world's own request (SAMPLE-1) expired too; these are the ones made here.
      const shown = items
        .map((i) => [i.requests.map((r) => r.invoiceNumber).join(), i.envelope.kind])
        .filter(([invoice]) => invoice!.startsWith('ENV-'));
      expect(shown).toEqual([
        ['ENV-REPLACED', 'offer_notice'],
        ['ENV-EXPIRED', 'ipu'],
        ['ENV-EXPIRED', 'offer_notice'],
      ]);
      expect(items.every((i) => i.envelope.status === 'Expired' && i.replacedBy === null)).toBe(true);
      expect(items.find((i) => i.requests[0]?.invoiceNumber === 'ENV-REPLACED')!.requests).toEqual([
        {
          id: made['ENV-REPLACED'],
          invoiceNumber: 'ENV-REPLACED',
          status: 'Under Review',
        },
      ]);
    });

    it('holds in `waiting` what the queue counts, oldest sent first, page after page', async () => {
      const { items, total } = await walk('waiting', 2);
      expect(total).toBe(await queue('envelopesWaiting'));
      expect(items).toHaveLength(total);
      expect(new Set(items.map((i) => i.envelope.id)).size).toBe(total);
      expect(items.every((i) => i.envelope.status === 'Sent')).toBe(true);
      const created = items.map((i) => i.envelope.createdAt);
      expect(created).toEqual([...created].sort());
      // The new IPU in place of the expired one, and the two of the request sent since.
      expect(items.map((i) => [i.requests[0]?.invoiceNumber, i.envelope.kind])).toEqual([
        ['ENV-REPLACED', 'ipu'],
        ['ENV-WAITING', 'ipu'],
        ['ENV-WAITING', 'offer_notice'],
      ]);
      expect(items[0]!.envelope.replaces).not.toBeNull();
      expect(items[1]!.envelope.signers).toEqual([
        { name: expect.any(String), status: 'Sent' },
        { name: expect.any(String), status: 'Waiting' },
      ]);
    });

    it('lists every envelope without a view, saying which one replaced an expired one', async () => {
      const { items, total } = await walk(null, 4);
      const [count] = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM esign_envelope');
      expect(total).toBe(Number(count!.n));
      expect(items).toHaveLength(total);
      const replaced = items.find((i) => i.replacedBy !== null)!;
      expect(replaced.envelope).toMatchObject({ kind: 'ipu', status: 'Expired' });
      expect(items.find((i) => i.envelope.id === replaced.replacedBy)!.envelope.replaces).toBe(
        replaced.envelope.id,
      );
      // The declined request's envelopes are still listed here, only not in a queue.
      expect(items.filter((i) => i.requests[0]?.status === 'Declined')).toHaveLength(2);
    });

    it('refuses anyone but an administrator, and a token of another view', async () => {
      for (const who of ['Supplier', 'Investor', 'Spv', 'Broker']) {
        const res = await api.gql(who, LIST, { view: 'waiting' });
        expect(res.errors?.[0]?.errorType, who).toBe('Unauthorized');
        expect(res.errors?.[0]?.message).toBe('Only an administrator may list the envelopes');
      }
      const first = await ok<{ listEnvelopes: Page }>('Admin', LIST, { view: 'waiting', limit: 1 });
      const foreign = await api.gql('Admin', LIST, {
        view: 'expired',
        nextToken: first.listEnvelopes.nextToken,
      });
      expect(foreign.errors?.[0]?.errorType).toBe('ValidationError');
      const tooMany = await api.gql('Admin', LIST, { limit: 201 });
      expect(tooMany.errors?.[0]?.errorType).toBe('LimitExceeded');
      const unknown = await api.gql('Admin', 'query { listEnvelopes(view: declined) { total } }');
      expect(unknown.errors?.[0]?.message).toMatch(/EnvelopeView/);
    });
  });

  describe('the expiring policies filter of the insurance list', () => {
    it('holds what `insuranceExpiring` counts: Active, ending from today to 30 days ahead', async () => {
      const policy = async (name: string, end: string) =>
        (
          await ok<{ createInsurance: { id: string } }>(
            'Admin',
            'mutation ($input: CreateInsuranceInput!) { createInsurance(input: $input) { id } }',
            {
              input: sampleInput(REGISTRY.Insurance, {
                insurance_buyer_name: name,
                insurance_buyer_country: 'DE',
                insurance_cover_start_date: shiftDate(today, -60),
                insurance_cover_end_date: end,
              }),
            },
          )
        ).createInsurance.id;
      const inside = [
        await policy('Ends Today', today),
        await policy('Ends In Ten', shiftDate(today, 10)),
        await policy('Ends In Thirty', shiftDate(today, 30)),
      ];
      await policy('Ends In Thirty-One', shiftDate(today, 31));
      await policy('Ended Yesterday', shiftDate(today, -1));
      const suspended = await policy('Suspended Soon', shiftDate(today, 5));
      await ok(
        'Admin',
        `mutation { suspendInsurance(input: { id: "${suspended}", reason: "premium unpaid" }) { id } }`,
      );
      const res = await ok<{ listInsurances: { items: { id: string }[] } }>(
        'Admin',
        'query ($filter: ModelInsuranceFilterInput) { listInsurances(filter: $filter, limit: 1000) { items { id } } }',
        { filter: expiringPoliciesFilter(today) },
      );
      const listed = res.listInsurances.items.map((i) => i.id);
      expect(listed.sort()).toEqual([...inside].sort());
      expect(listed).toHaveLength(await queue('insuranceExpiring'));
    });
  });
});
