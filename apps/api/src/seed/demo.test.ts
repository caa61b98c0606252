import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import type { Database, Row } from '../db/database.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { roleOf } from '@rf/domain';
import { unreadNotificationCount } from '../operations/notification-store.ts';
import { MOST_UNREAD } from './demo-notifications.ts';
import { DEMO_MEMBERS, DEMO_USERS, seedDemo } from './demo.ts';
import { DEMO_LOAD_TIMEOUT, loadDemoForTest, type LoadedDemo } from './test-demo-load.ts';
import { addDays, todayYmd } from './dates.ts';
import { exposureFigures, PLATFORM_READER } from '../insurance/exposure.ts';
import { ledgerAgreement } from '../ledger/agreement.ts';
import { backfillLedger } from '../ledger/backfill.ts';
import {
  identityProblems,
  peopleAndFiguresProblems,
  pricingProblems,
  validationProblems,
} from './seed-checks.ts';

const BUYER_STATUSES = ['Approved', 'Declined', 'Investor Offer Pending', 'Under Review'];
const REQUEST_STATUSES = ['Approved', 'Declined', 'Documents Pending', 'Settled', 'Under Review'];

describeDatabases('demo data set', (db) => {
  let groupOf: Record<string, string> = {};
  let partyOf: Record<string, string> = {};
  // The sample files go to a temporary folder (demo-files.test.ts checks them).
  let demo: LoadedDemo;

  // Loading the demo runs every operation of it (signing included): allow for a busy machine.
  beforeAll(async () => {
    demo = await loadDemoForTest(db());
    // An organisation's company record is the one it owns (the membership names it only when a broker introduced it).
    const rows = await db().query<{ user_email: string; groupId: string; party: string | null }>(
      `SELECT g.user_email, g."groupId",
              (SELECT p.id::text FROM (SELECT id, "userId" FROM "supplier" UNION ALL SELECT id, "userId" FROM "investor"
                 UNION ALL SELECT id, "userId" FROM "spv" UNION ALL SELECT id, "userId" FROM "broker") p
                WHERE p."userId" = g."groupId") AS party
         FROM "usergroup" g`,
    );
    groupOf = Object.fromEntries(rows.map((r) => [r.user_email.split('@')[0], r.groupId]));
    partyOf = Object.fromEntries(rows.map((r) => [r.user_email.split('@')[0], r.party ?? '']));
  }, DEMO_LOAD_TIMEOUT);
  afterAll(() => demo?.close());

  it('creates the seven users with their roles, organisations, phones in order and the demo password, then the invited members', async () => {
    const users = await db().query<{
      email: string;
      phone_number: string;
      groups: string[];
      group_id: string;
      password_hash: string;
      confirmed: boolean;
    }>(
      'SELECT email, phone_number, groups, group_id, password_hash, confirmed FROM auth_users ORDER BY phone_number',
    );
    // The demo users in the order Admin, S1, S2, I1, I2, P, B, their phones numbered in that order;
    // after them the SPV's second officer, whom the SPV's owner invited.
    expect(users.map((u) => u.email)).toEqual([
      'admin@demo.test',
      'supplier@demo.test',
      'supplier2@demo.test',
      'investor@demo.test',
      'investor2@demo.test',
      'spv@demo.test',
      'broker@demo.test',
      'spv-officer@demo.test',
    ]);
    expect(users.map((u) => u.phone_number)).toEqual(
      [...DEMO_USERS, ...DEMO_MEMBERS].map((_, i) => `+1555000000${i + 1}`),
    );
    for (const [i, u] of users.entries()) {
      const demo = DEMO_USERS[i];
      const member = DEMO_MEMBERS.find((m) => m.email === u.email);
      const role = demo?.role ?? (member && DEMO_USERS.find((d) => d.key === member.memberOf)?.role);
      expect(u.groups).toEqual(role === 'Supplier' ? [] : [role]);
      expect(u.group_id).toBe(groupOf[(member?.memberOf ?? u.email.split('@')[0]) || '']);
      expect(u.confirmed).toBe(true);
    }
    expect(await verifyPassword(users[0]?.password_hash, 'correct-horse-demo')).toBe(true);
    expect(await verifyPassword(users.at(-1)?.password_hash, 'correct-horse-demo')).toBe(true);
  });

  it('has one Active owner membership per organisation with the right type, and the invited member in the SPV', async () => {
    const rows = await db().query<{
      user_email: string;
      group_type: string;
      group_status: string;
      user_role: string;
      userId: string;
      groupId: string;
    }>('SELECT user_email, group_type, group_status, user_role, "userId", "groupId" FROM "usergroup"');
    const types = Object.fromEntries(rows.map((r) => [r.user_email, r.group_type]));
    expect(types).toEqual({
      'admin@demo.test': 'Admin',
      'investor@demo.test': 'Investor',
      'investor2@demo.test': 'Investor',
      'spv@demo.test': 'Spv',
      'broker@demo.test': 'Broker',
      'supplier@demo.test': 'Supplier',
      'supplier2@demo.test': 'Supplier',
      'spv-officer@demo.test': 'Spv',
    });
    expect(rows.every((r) => r.group_status === 'Active' && r.userId === r.groupId)).toBe(true);
    const roles = Object.fromEntries(rows.map((r) => [r.user_email, r.user_role]));
    for (const u of DEMO_USERS) expect(roles[u.email], u.email).toBe('Owner');
    expect(roles['spv-officer@demo.test']).toBe('Member');
    expect(rows.find((r) => r.user_email === 'spv-officer@demo.test')?.groupId).toBe(groupOf.spv);
  });

  it('links the parties: broker B introduced S1 only; I1 funds S1, I2 funds S2; the SPV is on every line', async () => {
    const suppliers = await db().query<{ id: string; brokerId: string | null; supplier_status: string }>(
      'SELECT id, "brokerId", supplier_status FROM "supplier"',
    );
    const s1 = suppliers.find((s) => s.id === partyOf.supplier);
    const s2 = suppliers.find((s) => s.id === partyOf.supplier2);
    expect(s1?.brokerId).toBe(partyOf.broker);
    expect(s2?.brokerId).toBeNull();
    expect(suppliers.every((s) => s.supplier_status === 'Approved')).toBe(true);
    for (const table of ['buyer', 'request']) {
      const rows = await db().query<{
        supplierId: string;
        investorId: string;
        spvId: string;
        userId: string;
      }>(`SELECT "supplierId", "investorId", "spvId", "userId" FROM "${table}"`);
      for (const r of rows) {
        const key = r.supplierId === partyOf.supplier ? 'supplier' : 'supplier2';
        expect(r.investorId).toBe(key === 'supplier' ? partyOf.investor : partyOf.investor2);
        expect(r.spvId).toBe(partyOf.spv);
        expect(r.userId).toBe(groupOf[key]);
      }
    }
  });

  it("names the buyer's signer of the IPU on every request: a person at the buyer's own domain", async () => {
    const rows = await db().query<{ name: string | null; email: string | null; contact: string }>(
      `SELECT r.ipu_signature_name AS name, r.ipu_signature_email AS email, b.buyer_contact_email AS contact
         FROM "request" r JOIN "buyer" b ON b.id = r."buyerId"`,
    );
    expect(rows.length).toBeGreaterThan(20);
    for (const r of rows) {
      expect(r.name).toMatch(/^\S+( \S+)+$/);
      expect(r.email?.split('@')[1], String(r.email)).toBe(r.contact.split('@')[1]);
    }
  });

  it('gives each supplier directors, UBOs, documents, financials, every buyer status and every request status', async () => {
    for (const key of ['supplier', 'supplier2']) {
      const count = async (sql: string) =>
        (await db().query<{ n: number }>(sql, [partyOf[key] ?? null]))[0]?.n ?? 0;
      expect(
        await count('SELECT count(*)::int AS n FROM "director" WHERE "supplierId" = $1'),
      ).toBeGreaterThanOrEqual(2);
      expect(
        await count('SELECT count(*)::int AS n FROM "ubo" WHERE "supplierId" = $1'),
      ).toBeGreaterThanOrEqual(2);
      expect(
        await count('SELECT count(*)::int AS n FROM "document" WHERE "supplierId" = $1'),
      ).toBeGreaterThanOrEqual(1);
      expect(
        await count('SELECT count(*)::int AS n FROM "financials" WHERE "supplierId" = $1'),
      ).toBeGreaterThanOrEqual(1);
      const buyers = await db().query<{ buyer_status: string }>(
        'SELECT buyer_status FROM "buyer" WHERE "supplierId" = $1',
        [partyOf[key] ?? null],
      );
      expect(buyers.length).toBeGreaterThanOrEqual(4);
      expect([...new Set(buyers.map((b) => b.buyer_status))].sort()).toEqual(BUYER_STATUSES);
      const requests = await db().query<{ request_status: string; batchId: string | null }>(
        'SELECT request_status, "batchId" FROM "request" WHERE "supplierId" = $1',
        [partyOf[key] ?? null],
      );
      expect(requests.length).toBeGreaterThanOrEqual(12);
      expect([...new Set(requests.map((r) => r.request_status))].sort()).toEqual(REQUEST_STATUSES);
      const batches = new Map<string, number>();
      for (const r of requests) if (r.batchId) batches.set(r.batchId, (batches.get(r.batchId) ?? 0) + 1);
      expect(Math.max(0, ...batches.values())).toBeGreaterThanOrEqual(2);
    }
  });

  it('gives each investor and the SPV remittance and collection accounts with at least 20 transactions each', async () => {
    for (const key of ['investor', 'investor2', 'spv']) {
      const banks = await db().query<{ id: string; bank_account_purpose: string; n: number }>(
        `SELECT b.id, b.bank_account_purpose,
            (SELECT count(*)::int FROM "transaction" t WHERE t."userId" = b."userId"
               AND (t."senderaccountId" = b.id::text OR t."recipientaccountId" = b.id::text)) AS n
           FROM "bank" b WHERE b."userId" = $1`,
        [groupOf[key] ?? null],
      );
      expect(banks.map((b) => b.bank_account_purpose).sort()).toEqual(['collection', 'remittance']);
      for (const b of banks) expect(b.n, `${key} ${b.bank_account_purpose}`).toBeGreaterThanOrEqual(20);
    }
  });

  it('has a SOFR record with every series for each of the last 60 days, one per date', async () => {
    const today = todayYmd();
    const rows = await db().query<{ date: string; complete: boolean; userId: string }>(
      `SELECT "date", ("SOFR" IS NOT NULL AND "SOFRM1" IS NOT NULL AND "SOFRM3" IS NOT NULL AND "SOFRM6" IS NOT NULL
          AND "SOFRM12" IS NOT NULL) AS complete, "userId" FROM "sofr" WHERE "date" > $1::date`,
      [addDays(today, -60)],
    );
    const dates = new Set(rows.map((r) => r.date));
    expect(dates.size).toBe(rows.length);
    for (let i = 0; i < 60; i++) expect(dates.has(addDays(today, -i)), addDays(today, -i)).toBe(true);
    expect(rows.every((r) => r.complete && r.userId === groupOf.admin)).toBe(true);
  });

  it('keeps one bookkeeping record per approved or settled request and none for the others', async () => {
    const rows = await db().query<{ request_status: string; n: number }>(
      `SELECT r.request_status, (SELECT count(*)::int FROM "bookkeeping" b WHERE b."requestId" = r.id) AS n FROM "request" r`,
    );
    for (const r of rows) expect(r.n).toBe(['Approved', 'Settled'].includes(r.request_status) ? 1 : 0);
  });

  it('insures three buyer companies: one covered, one over its insured limit, one expiring within 30 days, told to the admin once', async () => {
    const policies = await db().query<{ id: string; currency: string; end: string; notice: string | null }>(
      `SELECT id, insurance_cover_currency AS currency, insurance_cover_end_date::text AS end,
              insurance_expiry_notice_for::text AS notice
         FROM "insurance" WHERE insurance_status = 'Active' ORDER BY insurance_cover_end_date`,
    );
    expect(policies).toHaveLength(3);
    const today = todayYmd();
    const flags = [];
    for (const p of policies) {
      const [row] = (await exposureFigures(db(), PLATFORM_READER, { insuranceId: p.id }, today)).filter(
        (f) => f.currency === p.currency,
      );
      expect(row?.inForce).toBe(true);
      expect(Number(row?.exposure)).toBeGreaterThan(0);
      flags.push({ overInsured: row?.overInsured, expiresSoon: row?.expiresSoon });
    }
    expect(flags).toEqual([
      { overInsured: false, expiresSoon: true },
      { overInsured: false, expiresSoon: false },
      { overInsured: true, expiresSoon: false },
    ]);
    // The expiring one was told of, by e-mail to the administrator waiting in the queue for the server.
    expect(policies.map((p) => p.notice)).toEqual([policies[0]?.end, null, null]);
    const queued = await db().query<{ recipient: string }>(
      `SELECT recipient FROM mail_queue WHERE subject LIKE 'Credit insurance of % expires in % days'`,
    );
    expect(queued.map((m) => m.recipient)).toEqual(['admin@demo.test']);
    // One approved line is left uninsured for the browser tests.
    const [uninsured] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "buyer" b WHERE b.buyer_status = 'Approved'
          AND NOT EXISTS (SELECT 1 FROM "insurance" i WHERE i.insurance_buyer_duns = b.buyer_duns_number)`,
    );
    expect(uninsured?.n).toBe(1);
  });

  it('keeps books that agree with the records and balance in every currency', async () => {
    // Made by the operations, so nothing for the backfill to add (docs/business-rules.md, “The ledger”).
    expect(await ledgerAgreement(db())).toEqual([]);
    expect(await backfillLedger(db())).toMatchObject({
      lines: 0,
      reservations: 0,
      approvals: 0,
      refused: [],
    });
    const sums = await db().query<{ currency: string; sum: string; n: number }>(
      `SELECT a.currency, sum(e.amount)::text AS sum, count(*)::int AS n FROM ledger_entry e
         JOIN ledger_account a ON a.id = e.account_id WHERE e.phase = 'posted' GROUP BY a.currency`,
    );
    expect(sums.length).toBeGreaterThan(0);
    for (const s of sums) expect([s.currency, s.sum]).toEqual([s.currency, '0']);
    const kinds = await db().query<{ kind: string }>(
      'SELECT DISTINCT kind FROM ledger_transaction ORDER BY kind',
    );
    expect(kinds.map((k) => k.kind)).toEqual(
      expect.arrayContaining(['limit', 'limit_reserve', 'approval', 'limit_use']),
    );
  });

  it('prices every request with the engine from the line terms and the stored SOFR fixing', async () => {
    expect(await pricingProblems(db())).toEqual([]);
  });

  it('stores only records that pass the API validators, with consistent ids, owners, people and figures', async () => {
    expect(await validationProblems(db())).toEqual([]);
    expect(await identityProblems(db())).toEqual([]);
    expect(await peopleAndFiguresProblems(db(), todayYmd())).toEqual([]);
  });

  it('leaves an audit trail of the load: each write by the demo user who made it, from no address', async () => {
    const rows = await db().query<{
      actor: string | null;
      address: string | null;
      records: number;
      events: number;
    }>(
      `SELECT u.email AS actor, min(e.address) AS address, count(DISTINCT e.record_id)::int AS records, count(*)::int AS events
         FROM audit_event e LEFT JOIN auth_users u ON u.sub::text = e.actor_sub GROUP BY u.email ORDER BY u.email COLLATE "C"`,
    );
    // The platform itself (no user) adds the first administrator, a signer's last signature puts
    // the sealed documents on the requests and the expiry notice job marks the policy it told of;
    // every other write is a demo user's.
    expect(rows.map((r) => r.actor)).toEqual([
      ...[...DEMO_USERS, ...DEMO_MEMBERS].map((u) => u.email).sort(),
      null,
    ]);
    expect(rows.every((r) => r.address === null && r.events > 0)).toBe(true);
    const [unaudited] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "request" r WHERE NOT EXISTS (SELECT 1 FROM audit_event e WHERE e.record_id = r.id::text AND e.action IN ('create', 'submitRequests'))`,
    );
    expect(unaudited?.n).toBe(0);
  });

  it('leaves each user a handful of unread notifications, the newest; the older read through markNotificationsRead', async () => {
    const users = await db().query<{ sub: string; email: string; group_id: string; groups: string[] }>(
      'SELECT sub::text AS sub, email, group_id, groups FROM auth_users ORDER BY email',
    );
    expect(users).toHaveLength(DEMO_USERS.length + DEMO_MEMBERS.length);
    for (const u of users) {
      const caller = { sub: u.sub, groupId: u.group_id, role: roleOf(u.groups) };
      const unread = await unreadNotificationCount({ db: db(), keys: demo.options.keys!, caller });
      expect(unread, u.email).toBeGreaterThan(0);
      expect(unread, u.email).toBeLessThanOrEqual(MOST_UNREAD);
      const [seen] = await db().query<{ read: number; looks: number; early: number; late: number }>(
        `SELECT count(read_at)::int AS read, count(DISTINCT read_at)::int AS looks,
                count(*) FILTER (WHERE read_at < created_at)::int AS early,
                count(*) FILTER (WHERE read_at > (SELECT min(created_at) FROM notification
                                                   WHERE recipient = $1 AND read_at IS NULL))::int AS late
           FROM notification WHERE recipient = $1`,
        [u.sub],
      );
      // Each user had older ones and read them in one look at the bell, on the demo's clock: after
      // each had arrived and before the unread ones came (the newest stay unread).
      expect(seen?.read, u.email).toBeGreaterThan(0);
      expect(seen, u.email).toMatchObject({ looks: 1, early: 0, late: 0 });
    }
  });

  it('does nothing when seeded again', async () => {
    const counts = async () =>
      (
        await db().query<{ n: number }>(
          `SELECT (SELECT count(*) FROM "request") + (SELECT count(*) FROM "usergroup") + (SELECT count(*) FROM auth_users) AS n`,
        )
      )[0]?.n;
    const before = await counts();
    const stored = (await demo.files.keys()).length;
    await seedDemo(db(), demo.options);
    expect((await demo.files.keys()).length).toBe(stored);
    expect(await counts()).toBe(before);
  });
});

describe('demo data in production', () => {
  it('is refused before the database is touched', async () => {
    const statements: string[] = [];
    const spy: Database = {
      kind: 'pglite',
      query: async <T extends Row>(sql: string) => {
        statements.push(sql);
        return [] as T[];
      },
      transaction: async (work) => work(spy),
      exec: async (sql) => void statements.push(sql),
      listen: async () => async () => undefined,
      notify: async () => undefined,
      close: async () => undefined,
    };
    vi.stubEnv('NODE_ENV', 'production');
    try {
      await expect(seedDemo(spy)).rejects.toThrow(/never created in production/);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(statements).toEqual([]);
  });
});
