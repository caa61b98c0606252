import { PLATFORM_RECONCILER } from '../bank/platform-caller.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  adjustedDiscountFeeRate,
  ENVELOPE_STATUSES,
  LIFECYCLES,
  operationOf,
  type LifecycleDecl,
  REGISTRY,
  tableOf,
  type Role,
} from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { q } from '../db/schema-sql.ts';
import type { Row } from '../db/database.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { DEMO_MEMBERS, DEMO_USERS, seedDemo } from './demo.ts';
import { DEMO_LOAD_TIMEOUT, loadDemoForTest, type LoadedDemo } from './test-demo-load.ts';

interface Entry {
  record_id: string;
  operation: string | null;
  field: string;
  from_status: string | null;
  to_status: string;
  comment: string | null;
  actor_sub: string;
  actor_name: string | null;
  actor_role: string;
  changed_at: string | Date;
}

interface User {
  email: string;
  sub: string;
  group_id: string;
  role: Role;
}

const PARTY_FIELDS = ['supplierId', 'investorId', 'spvId', 'brokerId'] as const;
const time = (v: unknown): number => new Date(v as string | Date).getTime();

describeDatabases('demo data set: status history made by the operations', (db) => {
  let demo: LoadedDemo;
  let api: ApiHarness;
  let users: User[] = [];
  const groupOfParty = new Map<string, string>();
  const history = new Map<string, Entry[]>();

  // Loading the demo runs every operation of it (signing included): allow for a busy machine.
  beforeAll(async () => {
    demo = await loadDemoForTest(db());
    users = (
      await db().query<{ email: string; sub: string; group_id: string; groups: string[] }>(
        'SELECT email, sub, group_id, groups FROM auth_users',
      )
    ).map((u) => ({ ...u, role: (u.groups[0] ?? 'Supplier') as Role }));
    for (const table of ['supplier', 'investor', 'spv', 'broker'])
      for (const r of await db().query<{ id: string; userId: string }>(
        `SELECT id, "userId" FROM ${q(table)}`,
      ))
        groupOfParty.set(r.id, r.userId);
    for (const e of await db().query<Entry & Row>('SELECT * FROM status_history ORDER BY changed_at, id')) {
      const key = `${e.record_id}:${e.field}`;
      history.set(key, [...(history.get(key) ?? []), e]);
    }
    api = await createApiHarness(db());
    for (const u of users)
      api.callers.set(u.email.split('@')[0] ?? '', { sub: u.sub, groupId: u.group_id, role: u.role });
  }, DEMO_LOAD_TIMEOUT);
  afterAll(async () => {
    await api?.app.close();
    await demo?.close();
  });

  it('leads every record from its initial status to its status through declared operations, in order, by users allowed to run them', async () => {
    const problems: string[] = [];
    const covered = new Set<string>();
    let records = 0;
    for (const machine of LIFECYCLES as readonly LifecycleDecl[]) {
      const columns = ['id', 'userId', 'createdAt', 'updatedAt', machine.field, 'buyerId', ...PARTY_FIELDS];
      const present = columns.filter((c) => REGISTRY[machine.model].fieldsByName.has(c) || c === 'id');
      const rows = await db().query(`SELECT ${present.map(q).join(', ')} FROM ${q(tableOf(machine.model))}`);
      for (const row of rows) {
        // A transaction's bank status is what the bank's statement says, not an operation's
        // (docs/business-rules.md, “Payments and reconciliation”).
        if (machine.model === 'Transaction') continue;
        // Buyer financials keep the audit type in the status field: no review, no history.
        if (machine.model === 'Financials' && row.buyerId) continue;
        records += 1;
        // An empty status is the lifecycle's initial one (a transaction not yet posted).
        const status = String(row[machine.field] ?? machine.initial);
        const chain = history.get(`${String(row.id)}:${machine.field}`) ?? [];
        const where = `${machine.model} ${String(row.id)} (${status})`;
        // Groups that may act on the record besides the admin: its owner and its parties.
        const related = new Set([
          String(row.userId),
          ...PARTY_FIELDS.map((f) => groupOfParty.get(String(row[f])) ?? ''),
        ]);
        if (chain.length) covered.add(`${machine.model}.${machine.field}`);
        if (status !== machine.initial && !chain.length) problems.push(`${where}: no history`);
        let current = machine.initial;
        let last = time(row.createdAt);
        for (const e of chain) {
          const step = `${where}: ${e.operation} ${e.from_status} → ${e.to_status} by ${e.actor_role}`;
          // Every entry is written by the executor of a declared operation of this lifecycle.
          const operation = e.operation ? operationOf(e.operation) : undefined;
          if (!operation || operation.model !== machine.model || operation.field !== machine.field)
            problems.push(`${step}: not an operation of ${machine.model}.${machine.field}`);
          else {
            if (!operation.from.includes(current)) problems.push(`${step}: not possible from ${current}`);
            if ((operation.to ?? current) !== e.to_status)
              problems.push(`${step}: ${operation.name} leads to ${operation.to ?? current}`);
            if (!operation.who.some((w) => w.role === e.actor_role))
              problems.push(`${step}: a ${e.actor_role} may not ${operation.name}`);
            if (operation.reason === 'required' && !e.comment?.trim()) problems.push(`${step}: no reason`);
          }
          if (e.from_status !== current)
            problems.push(`${step}: starts from ${e.from_status}, not ${current}`);
          const actor = users.find((u) => u.sub === e.actor_sub);
          const demo = DEMO_USERS.find((u) => u.email === actor?.email);
          // The platform settles a request its matching of a payment completed
          // (docs/business-rules.md, “Payments and reconciliation”).
          if (e.actor_sub === PLATFORM_RECONCILER.sub) {
            if (e.operation !== 'settleRequest' || e.actor_role !== 'Admin')
              problems.push(`${step}: the platform only settles what its matching completes`);
          } else if (!actor || actor.role !== e.actor_role || demo?.name !== e.actor_name)
            problems.push(`${step}: actor ${e.actor_name} is not that demo user`);
          else if (actor.role !== 'Admin' && !related.has(actor.group_id))
            problems.push(`${step}: ${actor.email} has no part in the record`);
          const at = time(e.changed_at);
          if (!(at > last))
            problems.push(
              `${step}: at ${new Date(at).toISOString()}, not after ${new Date(last).toISOString()}`,
            );
          if (at > Date.now()) problems.push(`${step}: in the future`);
          last = at;
          current = e.to_status;
        }
        if (current !== status) problems.push(`${where}: history ends at ${current}`);
        if (chain.length && time(row.updatedAt) < last)
          problems.push(`${where}: updated before its last move`);
      }
    }
    expect(problems).toEqual([]);
    expect(records).toBeGreaterThan(100);
    // Every status the demo moves has a history to show (memberships all stay Active; the bank
    // gives its transactions their status).
    expect([...covered].sort()).toEqual(
      (LIFECYCLES as readonly LifecycleDecl[])
        .filter((m) => m.model !== 'Usergroup' && m.model !== 'Transaction')
        .map((m) => `${m.model}.${m.field}`)
        .sort(),
    );
  });

  it('settles each settled request as changeStatus would: by a posted collection payment of its line’s funders', async () => {
    const rows = await db().query(
      `SELECT r.id, r.invoice_number, r.invoice_amount::text AS amount, r.invoice_currency, r.payout_date, r.invoice_due_date,
              r.payback_date, r.base_rate_amount::text AS base, r.discount_fee_rate::text AS spread,
              r.discount_fee_rate_adjusted::text AS adjusted, r."transactionId_payback" AS tx,
              t.transaction_status, t.pending, t."_deleted" AS deleted, t.transaction_date,
              t.transaction_source_amount::text AS paid, t.transaction_source_currency AS paid_in,
              b.bank_account_purpose AS purpose, (b."investorId" = l."investorId" OR b."spvId" = l."spvId") AS funders,
              (SELECT count(*)::int FROM "request" o WHERE o."transactionId_payback" = r."transactionId_payback") AS links
         FROM "request" r JOIN "buyer" l ON l.id = r."buyerId"
         LEFT JOIN "transaction" t ON t.id = r."transactionId_payback"
         LEFT JOIN "bank" b ON b.id::text = t."recipientaccountId"
        WHERE r.request_status = 'Settled'`,
    );
    expect(rows.length).toBeGreaterThan(5);
    const problems = rows.flatMap((r) => {
      const wrong: string[] = [];
      if (!r.tx || r.deleted !== false) wrong.push('no payback transaction');
      if (r.transaction_status !== 'Posted' || r.pending !== false) wrong.push('payback not posted');
      if (r.purpose !== 'collection' || r.funders !== true)
        wrong.push('not into a funder’s collection account');
      if (r.paid_in !== r.invoice_currency) wrong.push(`paid in ${String(r.paid_in)}`);
      if (!(Number(r.paid) >= Number(r.amount))) wrong.push(`paid ${String(r.paid)} of ${String(r.amount)}`);
      if (r.links !== 1) wrong.push(`payback linked ${String(r.links)} times`);
      if (
        !r.payback_date ||
        r.payback_date !== r.transaction_date ||
        String(r.payback_date) < String(r.payout_date)
      )
        wrong.push(`payback date ${String(r.payback_date)}`);
      else if (
        Number(r.adjusted) !==
        Number(
          adjustedDiscountFeeRate({
            baseRate: String(r.base),
            spread: String(r.spread),
            payoutDate: String(r.payout_date),
            dueDate: String(r.invoice_due_date),
            paybackDate: String(r.payback_date),
          }),
        )
      )
        wrong.push(`adjusted rate ${String(r.adjusted)}`);
      return wrong.map((w) => `${String(r.invoice_number)}: ${w}`);
    });
    expect(problems).toEqual([]);
    // Paid late, early and on the due date (adjusted rate 0) all occur.
    expect(rows.some((r) => String(r.payback_date) > String(r.invoice_due_date))).toBe(true);
    expect(rows.some((r) => Number(r.adjusted) === 0)).toBe(true);
  });

  it('decides a multi-invoice batch at once: its invoices share their status moves, actors and times', async () => {
    const rows = await db().query<{ id: string; batchId: string }>(
      'SELECT id, "batchId" FROM "request" WHERE "batchId" IS NOT NULL',
    );
    const batches = new Map<string, string[]>();
    for (const r of rows) batches.set(r.batchId, [...(batches.get(r.batchId) ?? []), r.id]);
    expect(batches.size).toBeGreaterThan(1);
    const moves = (id: string) =>
      (history.get(`${id}:request_status`) ?? [])
        .filter((e) => e.from_status !== e.to_status)
        .map((e) => [e.to_status, e.actor_sub, time(e.changed_at)]);
    for (const ids of batches.values()) {
      expect(ids.length).toBeGreaterThan(1);
      for (const id of ids.slice(1)) expect(moves(id)).toEqual(moves(ids[0] ?? ''));
    }
  });

  it('shows a declined line’s history and reason to its supplier through statusHistory, and to no other supplier', async () => {
    const supplier = api.callers.get('supplier');
    const [line] = await db().query<{ id: string }>(
      `SELECT id FROM "buyer" WHERE buyer_status = 'Declined' AND "userId" = $1`,
      [supplier?.groupId ?? null],
    );
    const query = `query { statusHistory(model: "Buyer", id: "${line?.id}") { field from to comment actorName actorRole changedAt } }`;
    const own = await api.gql<{ statusHistory: Record<string, unknown>[] }>('supplier', query);
    expect(own.errors).toBeUndefined();
    const entries = own.data?.statusHistory ?? [];
    expect(entries.map((e) => [e.from, e.to])).toEqual([
      ['Under Review', 'Investor Offer Pending'],
      ['Investor Offer Pending', 'Declined'],
    ]);
    // S1 was introduced by the broker, who submitted the terms; the line's investor or SPV declined.
    expect(entries[0]).toMatchObject({ actorRole: 'Broker', actorName: 'Bruno Keller', comment: null });
    expect(['Investor', 'Spv']).toContain(entries[1]?.actorRole);
    expect(String(entries[1]?.comment).length).toBeGreaterThan(20);
    const other = await api.gql<{ statusHistory: unknown[] }>('supplier2', query);
    expect(other.data?.statusHistory).toEqual([]);
  });

  it('signs only through the envelopes the operations sent: no uploaded copies, each state reached by its own steps in order', async () => {
    const uploads = await db().query(
      `SELECT record_id::text FROM audit_event WHERE action = 'attachSignedCopies'
        UNION ALL SELECT record_id::text FROM status_history WHERE operation = 'attachSignedCopies'`,
    );
    expect(uploads).toEqual([]);
    const envelopes = await db().query<{ id: string; kind: string; status: string }>(
      'SELECT id, kind, status FROM esign_envelope',
    );
    const signers = await db().query<{ id: string; envelope_id: string; role: string; status: string }>(
      'SELECT id, envelope_id, role, status FROM esign_signer ORDER BY envelope_id, position',
    );
    const events = await db().query<{
      envelope_id: string;
      signer_id: string | null;
      action: string;
      actor: string | null;
      at: string | Date;
    }>('SELECT envelope_id, signer_id, action, actor, at FROM esign_event ORDER BY envelope_id, at, seq');
    // Whoever ran the operation that sent, voided or ended an envelope: a demo user, as "Name (Role)".
    const operators = new Set(
      DEMO_USERS.map((d) => `${d.name} (${users.find((u) => u.email === d.email)?.role ?? d.role})`),
    );
    const roles: Record<string, string[]> = {
      ipu: ['Buyer', 'Supplier'],
      offer_notice: ['Supplier'],
      raa_offer_notice: ['SPV officer', 'Investor', 'Second SPV officer'],
    };
    // A signer's own steps, by their state; the envelope's last step, by its state.
    const steps: Record<string, string[]> = {
      Waiting: [],
      Sent: ['sent'],
      Signed: ['sent', 'opened', 'code sent', 'signed'],
      Declined: ['sent', 'opened', 'declined'],
    };
    const ending: Record<string, string | null> = {
      Sent: null,
      Completed: 'completed',
      Declined: 'declined',
      Voided: 'voided',
      Expired: 'expired',
    };
    const problems: string[] = [];
    for (const e of envelopes) {
      const own = events.filter((x) => x.envelope_id === e.id);
      const where = `${e.kind} ${e.id} (${e.status})`;
      const mine = signers.filter((x) => x.envelope_id === e.id);
      if (mine.map((x) => x.role).join() !== roles[e.kind]?.join())
        problems.push(`${where}: signers ${mine.map((x) => x.role).join()}`);
      if (own[0]?.action !== 'created' || !operators.has(own[0].actor ?? ''))
        problems.push(`${where}: not created by a demo user's operation (${own[0]?.actor})`);
      for (const signer of mine) {
        const taken = own
          .filter((x) => x.signer_id === signer.id && x.action !== 'reminded')
          .map((x) => x.action);
        // A signer whose envelope stopped while it was their turn keeps the steps they took.
        const expected = steps[signer.status] ?? [];
        if (taken.join() !== expected.join())
          problems.push(`${where}: ${signer.role} ${signer.status} after ${taken.join()}`);
      }
      const last = own.at(-1);
      const end = ending[e.status];
      if (end && last?.action !== end) problems.push(`${where}: ends with ${last?.action}`);
      if (!end && own.some((x) => Object.values(ending).includes(x.action))) problems.push(`${where}: ended`);
      if (e.status === 'Voided' && !operators.has(last?.actor ?? ''))
        problems.push(`${where}: voided by ${last?.actor}`);
      if (own.some((x) => time(x.at) > Date.now())) problems.push(`${where}: a step in the future`);
    }
    expect(problems).toEqual([]);
    expect([...new Set(envelopes.map((e) => e.status))].sort()).toEqual([...ENVELOPE_STATUSES].sort());
    expect(events.some((x) => x.action === 'reminded')).toBe(true);
  });

  it('leaves each request’s documents where its story does: sealed before approval, under review at every step, one RAA waiting for the investor', async () => {
    const rows = await db().query<{
      id: string;
      request_status: string;
      purchased: boolean;
      batch_waits: boolean;
      envelope: string;
      kind: string;
      status: string;
      signers: string;
    }>(
      `SELECT r.id, r.request_status, r.bookkeeping_status_spv = 'Approved' AS purchased,
              EXISTS (SELECT 1 FROM "request" o WHERE o."batchId" = r."batchId" AND o.request_status = 'Approved'
                        AND o.bookkeeping_status_spv IS DISTINCT FROM 'Approved') AS batch_waits,
              e.id AS envelope, e.kind, e.status,
              (SELECT string_agg(s.email || ':' || s.status, ' ' ORDER BY s.position) FROM esign_signer s WHERE s.envelope_id = e.id) AS signers
         FROM "request" r
         JOIN esign_envelope_request er ON er.request_id = r.id
         JOIN esign_envelope e ON e.id = er.envelope_id`,
    );
    const of = (id: string, kind: string) => rows.filter((r) => r.id === id && r.kind === kind);
    const requests = [...new Map(rows.map((r) => [r.id, r])).values()];
    const problems: string[] = [];
    for (const r of requests) {
      const states = (kind: string) =>
        of(r.id, kind)
          .map((x) => x.status)
          .join();
      const where = `${r.request_status} request ${r.id}`;
      if (['Approved', 'Settled', 'Documents Pending'].includes(r.request_status))
        for (const kind of ['ipu', 'offer_notice'])
          if (states(kind) !== 'Completed') problems.push(`${where}: ${kind} ${states(kind)}`);
      if (r.request_status === 'Declined' && !/^(Voided|Expired)$/.test(states('ipu')))
        problems.push(`${where}: IPU ${states('ipu')}`);
      if (r.purchased && !r.batch_waits && !/^(Completed|Sent)$/.test(states('raa_offer_notice')))
        problems.push(`${where}: RAA ${states('raa_offer_notice')}`);
    }
    expect(problems).toEqual([]);
    const ipus = rows
      .filter((r) => r.kind === 'ipu' && r.request_status === 'Under Review')
      .map((r) => r.signers);
    // Untouched, signed by the buyer's signer with the supplier next, and declined by the buyer's signer.
    expect(ipus.some((x) => /^\S+:Sent \S+:Waiting$/.test(x))).toBe(true);
    expect(ipus.some((x) => /^\S+:Signed \S+:Sent$/.test(x))).toBe(true);
    expect(ipus.some((x) => /^\S+:Declined \S+:Waiting$/.test(x))).toBe(true);
    const raas = [
      ...new Map(
        rows
          .filter((r) => r.kind === 'raa_offer_notice')
          .map((r) => [r.envelope, `${r.status} ${r.signers}`]),
      ).values(),
    ];
    expect(raas.filter((x) => x.startsWith('Sent '))).toEqual([
      expect.stringMatching(
        /^Sent spv@demo\.test:Signed investor2?@demo\.test:Sent spv-officer@demo\.test:Waiting$/,
      ),
    ]);
    expect(raas.filter((x) => x.startsWith('Completed ')).length).toBeGreaterThan(5);
    for (const raa of raas.filter((x) => x.startsWith('Completed ')))
      expect(raa).toMatch(
        /^Completed spv@demo\.test:Signed investor2?@demo\.test:Signed spv-officer@demo\.test:Signed$/,
      );
    expect(DEMO_MEMBERS.map((m) => m.email)).toContain('spv-officer@demo.test');
    const hands = await db().query<{ kind: string }>(
      `SELECT DISTINCT signature_kind AS kind FROM esign_signer WHERE status = 'Signed' ORDER BY 1`,
    );
    expect(hands.map((h) => h.kind)).toEqual(['drawn', 'typed']);
  });

  it('adds no history when seeded again', async () => {
    const count = async () =>
      (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM status_history'))[0]?.n;
    const before = await count();
    await seedDemo(db(), demo.options);
    expect(await count()).toBe(before);
  });
});
