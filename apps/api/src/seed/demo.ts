import type { RoleGroup } from '@rf/domain';
import type { Database, Queryable } from '../db/database.ts';
import { createUser } from '../auth/users.ts';
import { AuthError } from '../auth/errors.ts';
import { Rng } from './prng.ts';
import { insertAll, type SeedRows } from './insert.ts';
import { addDays, todayYmd } from './dates.ts';
import { profileOf } from './fake.ts';
import { makeOrganisation, type GroupType, type Organisation } from './organisations.ts';
import { accountRows, makeAccountPair, mergeRows, organisationRows, type AccountPair } from './org-book.ts';
import { ensureFixings } from './sofr.ts';
import { supplierBook, type LinePlan, type SubmissionPlan } from './supplier-book.ts';
import type { RequestStatus } from './requests.ts';
import { DEMO_USERS, type DemoKey } from './demo-users.ts';
import { loadConfig } from '../config.ts';
import { createFileStore } from '../files/create-file-store.ts';
import type { FileStore } from '../files/file-store.ts';
import {
  assignDemoFiles,
  insertDemoFileRecords,
  putDemoFiles,
  removeDemoFiles,
  type DemoFile,
} from './demo-files.ts';
import { insertStatusHistory, planDemoHistory } from './history.ts';
import type { HistoryActor } from './history-actors.ts';

export { DEMO_USERS, DEMO_PASSWORD, demoUser, type DemoUser } from './demo-users.ts';

/** The demo data set of decisions §7, for trying the product and for end-to-end tests. */

const one = (status: RequestStatus): SubmissionPlan => ({ status, invoices: 1 });
const batch = (status: RequestStatus, invoices: number): SubmissionPlan => ({ status, invoices });

/**
 * Each supplier: two approved lines carrying every request status (with a multi-invoice batch) and
 * one line at each other buyer status, so every screen has something to show.
 */
const SUPPLIER_LINES: Record<'supplier' | 'supplier2', readonly Omit<LinePlan, 'investor' | 'spv'>[]> = {
  supplier: [
    {
      status: 'Approved',
      currency: 'USD',
      submissions: [
        one('Settled'),
        one('Settled'),
        one('Settled'),
        one('Approved'),
        one('Approved'),
        batch('Under Review', 3),
        one('Declined'),
      ],
    },
    {
      status: 'Approved',
      currency: 'EUR',
      submissions: [
        one('Settled'),
        batch('Approved', 2),
        one('Documents Pending'),
        one('Under Review'),
        one('Declined'),
      ],
    },
    { status: 'Investor Offer Pending', currency: 'USD', submissions: [] },
    { status: 'Under Review', currency: 'GBP', submissions: [] },
    { status: 'Declined', currency: 'USD', submissions: [] },
  ],
  supplier2: [
    {
      status: 'Approved',
      currency: 'USD',
      submissions: [
        one('Settled'),
        one('Settled'),
        one('Approved'),
        batch('Approved', 2),
        one('Documents Pending'),
        one('Declined'),
      ],
    },
    {
      status: 'Approved',
      currency: 'GBP',
      submissions: [
        one('Settled'),
        one('Settled'),
        one('Approved'),
        batch('Under Review', 3),
        one('Documents Pending'),
      ],
    },
    { status: 'Investor Offer Pending', currency: 'CHF', submissions: [] },
    { status: 'Under Review', currency: 'EUR', submissions: [] },
    { status: 'Declined', currency: 'USD', submissions: [] },
  ],
};

const GROUP_TYPE: Record<DemoKey, GroupType> = {
  admin: 'Admin',
  investor: 'Investor',
  investor2: 'Investor',
  spv: 'Spv',
  broker: 'Broker',
  supplier: 'Supplier',
  supplier2: 'Supplier',
};

/** True when demo users or demo organisations are already there (seeding twice does nothing). */
export async function demoSeeded(db: Queryable): Promise<boolean> {
  const emails = DEMO_USERS.map((u) => u.email);
  const [users] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM auth_users WHERE email = ANY($1::text[])',
    [emails],
  );
  const [groups] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "usergroup" WHERE "user_email" = ANY($1::text[])`,
    [emails],
  );
  return (users?.n ?? 0) > 0 || (groups?.n ?? 0) > 0;
}

/** Refuses in production: demo users have a published password. */
export function assertDemoAllowed(env: NodeJS.ProcessEnv = process.env): void {
  if (env.NODE_ENV === 'production') {
    throw new Error('Demo data and demo users are never created in production (NODE_ENV=production).');
  }
}

export interface SeedDemoOptions {
  /** Where the sample files go; by default the store the configuration chooses, as the server's. */
  readonly store?: FileStore;
}

/**
 * Creates the demo organisations, users and data in one transaction, with a sample file in every
 * attachment a complete record has (demo-file-plan.ts) and the status history that led every
 * record to its status (history.ts); does nothing when already seeded.
 */
export async function seedDemo(db: Database, options: SeedDemoOptions = {}): Promise<void> {
  assertDemoAllowed();
  if (await demoSeeded(db)) return;
  const store = options.store ?? createFileStore(loadConfig());
  let files: readonly DemoFile[] = [];
  const today = todayYmd();
  const rng = new Rng('demo');
  const orgs = new Map<DemoKey, Organisation>();
  for (const u of DEMO_USERS) {
    const org = makeOrganisation(rng, {
      type: GROUP_TYPE[u.key],
      profile: profileOf(u.country),
      today,
      serial: 0,
      name: u.organisation,
      contact: { name: u.name, email: u.email, phone: u.phone },
    });
    orgs.set(u.key, org);
  }
  const org = (key: DemoKey): Organisation => {
    const found = orgs.get(key);
    if (!found) throw new Error(`No demo organisation ${key}`);
    return found;
  };
  const accounts = new Map<string, AccountPair>(
    (['investor', 'investor2', 'spv'] as const).map((key) => [
      org(key).groupId,
      makeAccountPair(rng, org(key)),
    ]),
  );
  const accountsOf = (o: Organisation): AccountPair => {
    const pair = accounts.get(o.groupId);
    if (!pair) throw new Error(`No demo accounts for ${o.name}`);
    return pair;
  };

  try {
    await db.transaction(async (tx) => {
      const rows: SeedRows = {};
      const uploaderOf = new Map<string, string>();
      const actorOf = new Map<string, HistoryActor>();
      for (const u of DEMO_USERS) {
        const groups: RoleGroup[] = u.role === 'Supplier' ? [] : [u.role];
        const { sub } = await createUser(tx, {
          email: u.email,
          password: u.password,
          name: u.name,
          phone: u.phone,
          groups,
          groupId: org(u.key).groupId,
          confirmed: true,
        });
        uploaderOf.set(org(u.key).groupId, sub);
        actorOf.set(org(u.key).groupId, { sub, name: u.name, role: u.role });
        mergeRows(
          rows,
          organisationRows(rng, org(u.key), { today, members: [{ sub, name: u.name, email: u.email }] }),
        );
      }
      const fixings = await ensureFixings(tx, {
        from: addDays(today, -700),
        to: today,
        ownerGroupId: org('admin').groupId,
      });
      const suppliers = [
        { key: 'supplier', investor: org('investor'), broker: org('broker') },
        { key: 'supplier2', investor: org('investor2'), broker: null },
      ] as const;
      for (const s of suppliers) {
        const lines = SUPPLIER_LINES[s.key].map((l) => ({ ...l, investor: s.investor, spv: org('spv') }));
        const book = supplierBook(rng, {
          supplier: org(s.key),
          broker: s.broker,
          lines,
          today,
          fixings,
          accountsOf,
          serial: 0,
        });
        mergeRows(rows, book.rows);
      }
      for (const pair of accounts.values()) mergeRows(rows, accountRows(rng, pair, { today, fillers: 20 }));
      // Before the files: the history dates some records, and their files take those dates.
      const history = planDemoHistory(rows, { actorOf, adminGroupId: org('admin').groupId, now: Date.now() });
      files = assignDemoFiles(rows, uploaderOf);
      // The bytes go to the store while the records go to the database; both must succeed.
      const done = await Promise.allSettled([
        putDemoFiles(store, files),
        insertAll(tx, rows)
          .then(() => insertDemoFileRecords(tx, files))
          .then(() => insertStatusHistory(tx, history)),
      ]);
      for (const r of done) if (r.status === 'rejected') throw r.reason;
    });
  } catch (error) {
    await removeDemoFiles(store, files);
    // Another replica seeding at the same moment wins; its users make ours a duplicate.
    if (error instanceof AuthError && error.code === 'UsernameExistsException' && (await demoSeeded(db)))
      return;
    throw error;
  }
}
