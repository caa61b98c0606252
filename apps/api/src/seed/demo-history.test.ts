import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  adjustedDiscountFeeRate,
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
import { startTestStore, type TestStore } from '../files/test-stores.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { DEMO_USERS, seedDemo } from './demo.ts';

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
  let files: TestStore;
  let api: ApiHarness;
  let users: User[] = [];
  const groupOfParty = new Map<string, string>();
  const history = new Map<string, Entry[]>();

  beforeAll(async () => {
    files = await startTestStore('local');
    await seedDemo(db(), { store: files.store });
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
  });
  afterAll(async () => {
    await api?.app.close();
    await files?.close();
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
          if (!actor || actor.role !== e.actor_role || demo?.name !== e.actor_name)
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
    // Every status the demo moves has a history to show (memberships all stay Active).
    expect([...covered].sort()).toEqual(
      (LIFECYCLES as readonly LifecycleDecl[])
        .filter((m) => m.model !== 'Usergroup')
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
    // The signed copies are attached once for the whole batch (an entry on the request they were attached to).
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

  it('adds no history when seeded again', async () => {
    const count = async () =>
      (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM status_history'))[0]?.n;
    const before = await count();
    await seedDemo(db(), { store: files.store });
    expect(await count()).toBe(before);
  });
});
