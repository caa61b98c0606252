import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REGISTRY, fromMinor } from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { createAccount, createPayment } from '../testing/payments.ts';
import { sampleInput } from '../testing/samples.ts';
import {
  buildWorld,
  CALLERS,
  fundedLine,
  onPricedPayoutDay,
  ORGS,
  PRICED_PAYOUT,
  readyForApproval,
  type World,
} from '../testing/world.ts';

const RUNS = 12;

type Action =
  | { kind: 'pay'; cents: number }
  | { kind: 'allocate'; payment: number; request: number; share: number }
  | { kind: 'unmatch'; pick: number };

const ACTION: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('pay' as const), cents: fc.integer({ min: 1, max: 600_000 }) }),
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('allocate' as const),
      payment: fc.nat(10),
      request: fc.nat(10),
      // Of what the payment has left and the request has open: up to 120 %, so some are refused.
      share: fc.integer({ min: 1, max: 120 }),
    }),
  },
  fc.record({ kind: fc.constant('unmatch' as const), pick: fc.nat(20) }),
);

/**
 * Allocations under random sequences (docs/business-rules.md, “Payments and reconciliation”):
 * payments coming in, allocations (some too large, refused), partial payments and unmatches never
 * allocate more than a payment or a request's face, and a request is Settled exactly when its
 * allocations add up to its face.
 */
describeDatabases('allocations, property', (db) => {
  let api: ApiHarness;
  let world: World;
  let collection = '';
  let serial = 0;

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    world = await buildWorld(api, '');
    await onPricedPayoutDay(api);
    collection = await createAccount(api, 'collection', {
      userId: ORGS.investor,
      investorId: world.Investor,
    });
  });
  afterAll(async () => api.app.close());

  async function approvedRequests(faces: readonly number[]): Promise<string[]> {
    api.setToday(PRICED_PAYOUT);
    serial += 1;
    const line = await fundedLine(api, world, {
      limit: '100000.00',
      advance: '90',
      name: `Property Metals ${serial} BV`,
    });
    const ids: string[] = [];
    for (const [i, cents] of faces.entries()) {
      const made = await api.gql<{ createRequest: { id: string } }>(
        'Supplier',
        'mutation ($input: CreateRequestInput!) { createRequest(input: $input) { id } }',
        {
          input: sampleInput(REGISTRY.Request, {
            buyerId: line,
            supplierId: world.Supplier,
            invoice_number: `PROP-${serial}-${i}`,
            invoice_amount: fromMinor(BigInt(cents), 'USD'),
            invoice_currency: 'USD',
            invoice_date: '2026-03-01',
            invoice_due_date: '2026-05-08',
          }),
        },
      );
      expect(made.errors).toBeUndefined();
      const id = made.data!.createRequest.id;
      await readyForApproval(api, id);
      const approved = await api.gql(
        'Admin',
        'mutation ($input: ApproveRequestInput!) { approveRequest(input: $input) { id } }',
        {
          input: { id, payout_date: PRICED_PAYOUT },
        },
      );
      expect(approved.errors).toBeUndefined();
      ids.push(id);
    }
    api.setToday('2026-05-10');
    return ids;
  }

  async function invariants(payments: readonly string[], requests: readonly string[]) {
    const overPaid = await db().query(
      `SELECT t.id FROM "transaction" t WHERE t.id = ANY($1::uuid[])
          AND (SELECT coalesce(sum(a.amount), 0) FROM payment_allocation a WHERE a.transaction_id = t.id AND a.undone_at IS NULL) > t.transaction_source_amount`,
      [payments],
    );
    expect(overPaid).toEqual([]);
    const rows = await db().query<{ id: string; status: string; face: string; paid: string }>(
      `SELECT r.id, r.request_status AS status, r.invoice_amount::text AS face,
              (SELECT coalesce(sum(a.amount), 0) FROM payment_allocation a WHERE a.request_id = r.id AND a.undone_at IS NULL)::text AS paid
         FROM "request" r WHERE r.id = ANY($1::uuid[])`,
      [requests],
    );
    for (const r of rows) {
      expect(Number(r.paid)).toBeLessThanOrEqual(Number(r.face));
      expect(r.status === 'Settled').toBe(Number(r.paid) === Number(r.face));
    }
  }

  it(
    'never allocates more than a payment or a face, and settles exactly the fully allocated',
    { timeout: 900_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 100, max: 500_000 }), { minLength: 2, maxLength: 3 }),
          fc.array(ACTION, { minLength: 4, maxLength: 12 }),
          async (faces, actions) => {
            const requests = await approvedRequests(faces);
            const payments: string[] = [];
            for (const a of actions) {
              if (a.kind === 'pay' || !payments.length) {
                const cents = a.kind === 'pay' ? a.cents : 100_000;
                payments.push(
                  await createPayment(api, {
                    recipientaccountId: collection,
                    transaction_source_amount: fromMinor(BigInt(cents), 'USD'),
                    transaction_date: '2026-05-01',
                  }),
                );
              } else if (a.kind === 'allocate') {
                const payment = payments[a.payment % payments.length]!;
                const request = requests[a.request % requests.length]!;
                const [p] = await db().query<{ left: string }>(
                  `SELECT (t.transaction_source_amount - coalesce((SELECT sum(amount) FROM payment_allocation WHERE transaction_id = t.id AND undone_at IS NULL), 0))::text AS left FROM "transaction" t WHERE t.id = $1`,
                  [payment],
                );
                const [r] = await db().query<{ open: string; status: string }>(
                  `SELECT (r.invoice_amount - coalesce((SELECT sum(amount) FROM payment_allocation WHERE request_id = r.id AND undone_at IS NULL), 0))::text AS open, r.request_status AS status FROM "request" r WHERE r.id = $1`,
                  [request],
                );
                const room = Math.min(Math.round(Number(p!.left) * 100), Math.round(Number(r!.open) * 100));
                const cents = Math.max(1, Math.floor((room * a.share) / 100));
                const res = await api.gql(
                  'Admin',
                  'mutation ($input: AllocatePaymentInput!) { allocatePayment(input: $input) }',
                  {
                    input: {
                      transactionId: payment,
                      allocations: [{ requestId: request, amount: fromMinor(BigInt(cents), 'USD') }],
                    },
                  },
                );
                const allowed = r!.status === 'Approved' && room > 0 && cents <= room;
                expect(res.errors === undefined, JSON.stringify(res.errors)).toBe(allowed);
              } else {
                const active = await db().query<{ id: string }>(
                  `SELECT a.id FROM payment_allocation a JOIN "request" r ON r.id = a.request_id
                  WHERE a.undone_at IS NULL AND r.request_status = 'Approved' AND a.request_id = ANY($1::uuid[]) ORDER BY a.created_at, a.id`,
                  [requests],
                );
                if (!active.length) continue;
                const res = await api.gql(
                  'Admin',
                  'mutation ($input: UnmatchAllocationInput!) { unmatchAllocation(input: $input) }',
                  {
                    input: { allocationId: active[a.pick % active.length]!.id, reason: 'property test' },
                  },
                );
                expect(res.errors).toBeUndefined();
              }
              await invariants(payments, requests);
            }
          },
        ),
        { numRuns: RUNS },
      );
    },
  );
});
