import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REGISTRY, collectionLegs, toMinor, writeOffLegs, type Caller } from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { post, reverse } from '../ledger/post.ts';
import { trialBalance } from '../ledger/read-ledger.ts';
import { heldRequest } from '../ledger/request-postings.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { sampleInput } from '../testing/samples.ts';
import {
  buildWorld,
  CALLERS,
  fundedLine,
  onPricedPayoutDay,
  PRICED_PAYOUT as PAYOUT,
  readyForApproval,
  type World,
} from '../testing/world.ts';
import { reportFunderFor, type ReportFunder } from './funder-access.ts';
import { funderReport, type FunderReport } from './funder-report.ts';

/** The days movements are booked on and periods start and end on. */
const DAYS = ['2026-02-28', PAYOUT, '2026-03-31', '2026-04-15', '2026-05-31', '2026-06-30', '2026-09-30'];
const RUNS = 12;

type Action =
  | { kind: 'submit'; cents: number; due: number }
  | { kind: 'approve' | 'spvPurchase' | 'writeOff' | 'undo'; pick: number; day: number }
  | { kind: 'collect'; pick: number; percent: number; day: number };

const day = fc.integer({ min: 1, max: DAYS.length - 1 });
const pick = fc.nat(20);
const ACTION: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('submit' as const),
      cents: fc.integer({ min: 1_00, max: 900_000_00 }),
      due: fc.nat(3),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('approve' as const), pick, day }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom('spvPurchase' as const, 'writeOff' as const, 'undo' as const),
      pick,
      day,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('collect' as const),
      pick,
      percent: fc.integer({ min: 1, max: 100 }),
      day,
    }),
  },
);
const PERIOD = fc
  .tuple(fc.nat(DAYS.length - 1), fc.nat(DAYS.length - 1))
  .map(([a, b]) => ({ from: DAYS[Math.min(a, b)]!, to: DAYS[Math.max(a, b)]! }));

interface Modelled {
  id: string;
  status: 'Under Review' | 'Approved';
  face: bigint;
  closed: bigint;
  bySpv: boolean;
  collections: string[];
}
/** A movement the model expects on a funder's receivables: who, on which day, how much (minor units). */
type Movement = { party: 'Investor' | 'Spv'; on: string; amount: bigint };

const dayBefore = (d: string) => new Date(Date.parse(d) - 86_400_000).toISOString().slice(0, 10);

/**
 * The roll-forward over random lifecycles (docs/business-rules.md, “Funder reporting”): requests
 * submitted and approved through the operations, sold to the SPV through its operation,
 * collections (some undone) and write-offs booked on random days. For random periods, each
 * funder's closing outstanding is opening + purchases + transfers − collections − dilutions, equals
 * the ledger's receivables balance at the period's end (the trial balance), and equals what a
 * model of the movements expects; aging, concentration and eligibility add up to it.
 */
describeDatabases('funder report over random lifecycles', (db) => {
  let api: ApiHarness;
  let world: World;
  let funders: Record<'Investor' | 'Spv', ReportFunder>;
  const movements: Movement[] = [];
  const baseline = new Map<string, bigint>();
  let serial = 0;

  const ledgerBalance = async (f: ReportFunder, asOf: string) => {
    const rows = await trialBalance(db(), { asOf, currency: 'USD', partyIds: [f.id] });
    const row = rows.find((r) => r.kind === 'receivables_purchased');
    return row ? toMinor(row.balance, 'USD') : 0n;
  };

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    world = await buildWorld(api, '');
    await onPricedPayoutDay(api);
    const of = (model: 'Investor' | 'Spv') =>
      reportFunderFor(db(), CALLERS.Admin as Caller, model, world[model]);
    funders = { Investor: await of('Investor'), Spv: await of('Spv') };
    for (const f of Object.values(funders))
      for (const d of [...DAYS, ...DAYS.map(dayBefore)])
        baseline.set(`${f.model} ${d}`, await ledgerBalance(f, d));
  });
  afterAll(async () => api?.app.close());

  const expected = (party: 'Investor' | 'Spv', asOf: string) =>
    baseline.get(`${party} ${asOf}`)! +
    movements.filter((m) => m.party === party && m.on <= asOf).reduce((s, m) => s + m.amount, 0n);

  const rowOf = async (id: string) => (await db().query('SELECT * FROM "request" WHERE id = $1', [id]))[0]!;

  async function step(line: string, requests: Modelled[], a: Action) {
    const among = (ok: (r: Modelled) => boolean) => {
      const c = requests.filter(ok);
      return c.length && 'pick' in a ? c[a.pick % c.length] : undefined;
    };
    if (a.kind === 'submit') {
      const res = await api.gql<{ submitRequests: { ids: string[] } }>(
        'Supplier',
        'mutation ($input: SubmitRequestsInput!) { submitRequests(input: $input) { ids } }',
        {
          input: {
            buyerId: line,
            requests: JSON.stringify([
              {
                ...sampleInput(REGISTRY.Request, {
                  buyerId: line,
                  supplierId: world.Supplier,
                  invoice_amount: (a.cents / 100).toFixed(2),
                  invoice_currency: 'USD',
                  invoice_number: `RF-PROP-${++serial}`,
                  invoice_date: '2026-03-01',
                  invoice_due_date: ['2026-03-20', '2026-04-30', '2026-06-01', '2026-08-15'][a.due],
                }),
                sold_goods_description: 'Steel coils',
                invoice_attachment: 'tests/invoice.pdf',
                bill_of_lading_attachment: 'tests/bol.pdf',
                ipu_signature_email: 'signer@buyer.test',
              },
            ]),
          },
        },
      );
      // The line's limit may refuse it: then nothing was made.
      if (res.errors) return expect(res.errors[0]!.message).toMatch(/exceeds the available limit/);
      requests.push({
        id: res.data!.submitRequests.ids[0]!,
        status: 'Under Review',
        face: BigInt(a.cents),
        closed: 0n,
        bySpv: false,
        collections: [],
      });
      return;
    }
    if (a.kind === 'approve') {
      const r = among((x) => x.status === 'Under Review');
      if (!r) return;
      await readyForApproval(api, r.id);
      const res = await api.gql(
        'Admin',
        'mutation ($input: ApproveRequestInput!) { approveRequest(input: $input) { id } }',
        {
          input: { id: r.id, payout_date: PAYOUT },
        },
      );
      expect(res.errors).toBeUndefined();
      r.status = 'Approved';
      movements.push({ party: 'Investor', on: PAYOUT, amount: r.face });
      return;
    }
    const r = among((x) => x.status === 'Approved' && x.closed < x.face);
    if (!r) return;
    const holder = r.bySpv ? 'Spv' : 'Investor';
    const on = DAYS[a.day]!;
    const book = (event: string, kind: string, legs: ReturnType<typeof writeOffLegs>) =>
      db().transaction((tx) =>
        post(tx, { event, kind, effectiveDate: on, description: event, requestId: r.id, legs }, new Date()),
      );
    const priced = await heldRequest(db(), await rowOf(r.id));
    if (a.kind === 'spvPurchase') {
      if (r.bySpv) return;
      const [record] = await db().query('SELECT id FROM "bookkeeping" WHERE "requestId" = $1', [r.id]);
      const res = await api.gql(
        'Spv',
        'mutation ($input: ApprovePurchaseInput!) { approvePurchase(input: $input) { id } }',
        {
          input: { id: String(record!.id) },
        },
      );
      expect(res.errors).toBeUndefined();
      const open = r.face - r.closed;
      // The operation books on its own day (the harness's PAYOUT).
      movements.push(
        { party: 'Investor', on: PAYOUT, amount: -open },
        { party: 'Spv', on: PAYOUT, amount: open },
      );
      r.bySpv = true;
    } else if (a.kind === 'collect') {
      const amount = ((r.face - r.closed) * BigInt(a.percent) + 99n) / 100n;
      const made = await book(
        `allocation:rf-prop-${++serial}`,
        'collection',
        collectionLegs(priced, { model: 'Investor', id: world.Investor }, amount),
      );
      r.collections.push(`${made.id} ${amount} ${on}`);
      r.closed += amount;
      movements.push({ party: holder, on, amount: -amount });
    } else if (a.kind === 'undo') {
      const last = r.collections.pop();
      if (!last) return;
      const [id, amount] = last.split(' ') as [string, string];
      await db().transaction((tx) =>
        reverse(tx, id, { effectiveDate: on, description: 'allocation undone' }, new Date()),
      );
      r.closed -= BigInt(amount);
      movements.push({ party: holder, on, amount: BigInt(amount) });
    } else {
      const rest = r.face - r.closed;
      await book(`writeoff:${r.id}`, 'write_off', writeOffLegs(priced, rest));
      r.closed = r.face;
      movements.push({ party: holder, on, amount: -rest });
    }
  }

  const sum = (values: readonly string[]) => values.reduce((s, v) => s + toMinor(v, 'USD'), 0n);

  async function check(r: FunderReport, f: ReportFunder, period: { from: string; to: string }) {
    const rf = r.rollForward;
    const m = (v: string) => toMinor(v, 'USD');
    expect(
      m(rf.opening) +
        m(rf.purchases) +
        m(rf.transfersIn) -
        m(rf.transfersOut) -
        m(rf.collections) -
        m(rf.dilutions),
    ).toBe(m(rf.closing));
    expect(rf.agreesWithLedger).toBe(true);
    expect(m(rf.closing)).toBe(await ledgerBalance(f, period.to));
    expect(m(rf.opening)).toBe(await ledgerBalance(f, dayBefore(period.from)));
    expect([f.model, period, m(rf.closing)]).toEqual([f.model, period, expected(f.model, period.to)]);
    expect(m(rf.opening)).toBe(expected(f.model, dayBefore(period.from)));
    expect(sum(r.aging.map((a) => a.amount))).toBe(m(rf.closing));
    expect(sum(r.obligors.map((o) => o.amount))).toBe(m(rf.closing));
    expect(sum(r.countries.map((o) => o.amount))).toBe(m(rf.closing));
    const el = r.eligibility;
    expect(m(el.outstanding)).toBe(m(rf.closing));
    expect(sum([...el.exclusions.map((e) => e.amount), el.eligible])).toBe(m(rf.closing));
    expect(sum(el.lines.map((l) => l.eligible))).toBe(m(el.eligible));
  }

  it(
    'closes at the ledger’s balance and at what the movements make, for random periods',
    { timeout: 600_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(ACTION, { minLength: 3, maxLength: 9 }),
          fc.array(PERIOD, { minLength: 1, maxLength: 3 }),
          async (actions, periods) => {
            const line = await fundedLine(api, world, {
              limit: '5000000.00',
              advance: '90',
              name: `Report Buyer ${++serial}`,
            });
            const requests: Modelled[] = [];
            for (const a of actions) await step(line, requests, a);
            for (const period of periods)
              for (const f of Object.values(funders))
                await check(await funderReport(db(), f, { currency: 'USD', ...period }), f, period);
          },
        ),
        { numRuns: RUNS },
      );
      // The runs moved something: the property was not checked on empty books only.
      expect(movements.length).toBeGreaterThan(0);
    },
  );
});
