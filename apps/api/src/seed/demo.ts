import type { Database, Queryable } from '../db/database.ts';
import { Rng } from './prng.ts';
import type { SeedRows } from './insert.ts';
import { addDays, todayYmd } from './dates.ts';
import { profileOf } from './fake.ts';
import { makeOrganisation, type GroupType, type Organisation } from './organisations.ts';
import { payoutAccountRow } from './banking.ts';
import { accountRows, makeAccountPair, mergeRows, organisationRows, type AccountPair } from './org-book.ts';
import { FixingTable, ensureFixings, fixingValues } from './sofr.ts';
import { supplierBook, type LinePlan, type SubmissionPlan } from './supplier-book.ts';
import type { RequestStatus } from './requests.ts';
import { DEMO_USERS, type DemoKey } from './demo-users.ts';
import { loadConfig, type Config } from '../config.ts';
import { loadKeys, type Keys } from '../keys.ts';
import { createFileStore } from '../files/create-file-store.ts';
import type { FileStore } from '../files/file-store.ts';
import { DemoActors, DemoClock, seedingDatabase } from './demo-actors.ts';
import { playDemo } from './demo-story.ts';

export { DEMO_MEMBERS, DEMO_USERS, DEMO_PASSWORD, demoUser, type DemoUser } from './demo-users.ts';

/**
 * The demo data set, for trying the product and for end-to-end tests, made by the product's own
 * operations (docs/decisions/0012-demo-data-made-by-the-products-operations.md).
 */

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
  /**
   * The server's keys; by default those of the data directory, as the server loads them: the
   * signing links the load leaves pending are keyed with its secret and must open on the server.
   */
  readonly keys?: Keys;
  readonly config?: Config;
}

/**
 * Plans the demo organisations, users and records with the generators, then makes every one of
 * them by running the product's operations as the demo users (demo-story.ts), all in one
 * transaction; does nothing when already seeded.
 */
export async function seedDemo(db: Database, options: SeedDemoOptions = {}): Promise<void> {
  assertDemoAllowed();
  if (await demoSeeded(db)) return;
  const config = options.config ?? loadConfig();
  const store = options.store ?? createFileStore(config);
  const keys = options.keys ?? (await loadKeys(config.dataDir));
  const plan = planDemo(todayYmd());
  let actors: DemoActors | undefined;
  try {
    await db.transaction(async (tx) => {
      // SOFR fixings are market data: the platform holds them as published, no user makes them.
      await ensureFixings(tx, {
        from: addDays(plan.today, -700),
        to: plan.today,
        ownerGroupId: plan.orgs.get('admin')?.groupId ?? '',
      });
      actors = new DemoActors(seedingDatabase(db, tx), keys, config, store, new DemoClock(Date.now()));
      await playDemo(actors, plan);
    });
  } catch (error) {
    await Promise.all((actors?.uploaded ?? []).map((key) => store.delete(key).catch(() => undefined)));
    // Another replica seeding at the same moment wins: ours rolled back, so demo users present now
    // are its own (the duplicate user surfaces as an AuthError or, through addMember, an ApiError).
    if (await demoSeeded(db)) return;
    throw error;
  }
}

/** The demo's organisations and the records the story makes, drawn by the generators. */
function planDemo(today: string): { today: string; orgs: Map<DemoKey, Organisation>; rows: SeedRows } {
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
  const rows: SeedRows = {};
  for (const u of DEMO_USERS) mergeRows(rows, organisationRows(rng, org(u.key), { today, members: [] }));
  const fixings = new FixingTable();
  for (let day = -700; day <= 0; day++) fixings.set(addDays(today, day), fixingValues(addDays(today, day)));
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
  // Each supplier's payout account, drawn from its own generator (nothing else planned moves).
  for (const s of suppliers)
    mergeRows(rows, { Bank: [payoutAccountRow(org(s.key), new Rng(`payout:${s.key}`), today)] });
  return { today, orgs, rows };
}
