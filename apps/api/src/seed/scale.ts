import { availableParallelism } from 'node:os';
import type { ModelName } from '@rf/domain';
import type { Database, Queryable } from '../db/database.ts';
import { Rng } from './prng.ts';
import { insertAll, type SeedRows } from './insert.ts';
import { addDays, todayYmd } from './dates.ts';
import { COUNTRY_PROFILES } from './fake-countries.ts';
import { person } from './fake.ts';
import { makeOrganisation, type GroupType, type MemberSpec, type Organisation } from './organisations.ts';
import { accountRows, makeAccountPair, mergeRows, organisationRows, type AccountPair } from './org-book.ts';
import { ensureFixings } from './sofr.ts';
import { supplierBook, type LinePlan, type SubmissionPlan } from './supplier-book.ts';
import { STATUS_WEIGHTS } from './requests.ts';
import type { BuyerStatus } from './buyers.ts';
import { backfillLedger } from '../ledger/backfill.ts';

/**
 * Bulk data for benchmarks: `suppliers` organisations with `requestsPerSupplier` requests each.
 * Unlike the demo set (demo-files.ts) it stores no files: attachment fields stay empty, so its
 * companies would not pass the onboarding checklist's document items, and seeding keeps its pace.
 * Nor does it write status history (history.ts does for the demo set): its records' History panels
 * say "No status changes yet" and declined lines and requests carry no reason. Its ledger entries
 * are the backfill's, as for data made before the ledger.
 */

export interface ScaleOptions {
  readonly suppliers: number;
  readonly requestsPerSupplier: number;
  readonly seed: number | string;
  /** The day the data set is drawn around (default: today). */
  readonly today?: string;
  /** Chunks inserted at once on PostgreSQL, each in its own transaction (default: one per core, 2–4); PGlite runs one. */
  readonly concurrency?: number;
  readonly suppliersPerChunk?: number;
  readonly onProgress?: (suppliersDone: number, total: number) => void;
}

export interface ScaleReport {
  readonly counts: Partial<Record<ModelName, number>>;
  readonly millis: number;
}

/** Days of fixings the oldest settled request can need (180-day terms, 480 days back, fixing window). */
const FIXING_HISTORY_DAYS = 700;

function count(report: Partial<Record<ModelName, number>>, rows: SeedRows): void {
  for (const [model, list] of Object.entries(rows) as [ModelName, unknown[] | undefined][]) {
    report[model] = (report[model] ?? 0) + (list?.length ?? 0);
  }
}

function members(rng: Rng, org: Organisation, extra: boolean): MemberSpec[] {
  const owner = { sub: rng.uuid(), name: org.contactName, email: org.contactEmail, role: 'Owner' as const };
  if (!extra) return [owner];
  const colleague = person(rng, org.domain);
  return [owner, { sub: rng.uuid(), ...colleague, role: 'Member' as const }];
}

/** The admin organisation that owns platform data (SOFR): the existing one, or a new one. */
async function adminGroupId(db: Queryable, rng: Rng, today: string, rows: SeedRows): Promise<string> {
  const [existing] = await db.query<{ groupId: string }>(
    `SELECT "groupId" FROM "usergroup" WHERE "group_type" = 'Admin' AND NOT "_deleted" ORDER BY "createdAt" LIMIT 1`,
  );
  if (existing) return existing.groupId;
  const admin = makeOrganisation(rng, {
    type: 'Admin',
    profile: COUNTRY_PROFILES[0] ?? rng.pick(COUNTRY_PROFILES),
    today,
    serial: 0,
    name: 'Platform Operations',
  });
  mergeRows(rows, organisationRows(rng, admin, { today, members: members(rng, admin, false) }));
  return admin.groupId;
}

const OTHER_LINE_STATUSES: readonly BuyerStatus[] = ['Under Review', 'Investor Offer Pending', 'Declined'];

/** A supplier's lines: enough approved ones for its requests, and some lines at other stages. */
function randomLines(
  rng: Rng,
  requests: number,
  pick: () => { investor: Organisation; spv: Organisation },
  everyStatus: boolean,
): LinePlan[] {
  const approvedCount = Math.max(1, Math.ceil(requests / 30));
  const submissions: SubmissionPlan[][] = Array.from({ length: approvedCount }, () => []);
  for (let left = requests; left > 0;) {
    const invoices = left >= 2 && rng.chance(0.12) ? Math.min(left, rng.int(2, 6)) : 1;
    submissions[rng.int(0, approvedCount - 1)]?.push({ status: rng.weighted(STATUS_WEIGHTS), invoices });
    left -= invoices;
  }
  const lines: LinePlan[] = submissions.map((s) => ({ ...pick(), status: 'Approved', submissions: s }));
  for (const status of OTHER_LINE_STATUSES) {
    if (everyStatus || rng.chance(0.5)) lines.push({ ...pick(), status, submissions: [] });
  }
  return lines;
}

/** Supplier `i` of a seed, with the generator that continues its data (one per supplier). */
function supplierOrganisation(seed: string, i: number, today: string): { rng: Rng; supplier: Organisation } {
  const rng = new Rng(`${seed}:supplier:${i}`);
  const supplier = makeOrganisation(rng, {
    type: 'Supplier',
    profile: rng.pick(COUNTRY_PROFILES),
    today,
    serial: i + 1,
  });
  return { rng, supplier };
}

/**
 * Seeds the bulk data set; ids derive from the seed, so the same seed cannot be seeded twice into
 * one database (it refuses with a message instead of failing half-way on a duplicate key).
 */
export async function seedScale(db: Database, options: ScaleOptions): Promise<ScaleReport> {
  const started = performance.now();
  const today = options.today ?? todayYmd();
  const seed = String(options.seed);
  if (options.suppliers < 1 || options.requestsPerSupplier < 0) {
    throw new Error('seedScale needs at least 1 supplier and a non-negative number of requests per supplier');
  }
  const marker = supplierOrganisation(seed, 0, today).supplier.partyId;
  const [taken] = await db.query('SELECT 1 FROM "supplier" WHERE id = $1', [marker]);
  if (taken)
    throw new Error(`This database already holds the scale data of seed ${seed}; pass another --seed.`);
  const rng = new Rng(`${seed}:organisations`);
  const counts: Partial<Record<ModelName, number>> = {};
  const head: SeedRows = {};
  const adminId = await adminGroupId(db, rng, today, head);
  const fixings = await ensureFixings(db, {
    from: addDays(today, -FIXING_HISTORY_DAYS),
    to: today,
    ownerGroupId: adminId,
  });

  const make = (type: GroupType, serial: number) =>
    makeOrganisation(rng, { type, profile: rng.pick(COUNTRY_PROFILES), today, serial });
  const n = options.suppliers;
  const investors = Array.from({ length: Math.max(2, Math.ceil(n / 50)) }, (_, i) => make('Investor', i + 1));
  const spvs = Array.from({ length: Math.max(1, Math.ceil(n / 250)) }, (_, i) => make('Spv', i + 1));
  const brokers = Array.from({ length: Math.max(1, Math.ceil(n / 100)) }, (_, i) => make('Broker', i + 1));
  const accounts = new Map<string, AccountPair>();
  for (const org of [...investors, ...spvs]) {
    accounts.set(org.groupId, makeAccountPair(rng, org));
    mergeRows(head, organisationRows(rng, org, { today, members: members(rng, org, false) }));
  }
  for (const org of brokers)
    mergeRows(head, organisationRows(rng, org, { today, members: members(rng, org, false) }));
  await db.transaction((tx) => insertAll(tx, head));
  count(counts, head);

  const accountsOf = (org: Organisation): AccountPair => {
    const pair = accounts.get(org.groupId);
    if (!pair) throw new Error(`No accounts for ${org.name}`);
    return pair;
  };
  const perChunk = Math.max(1, options.suppliersPerChunk ?? 100);
  const chunks = Math.ceil(n / perChunk);
  let nextChunk = 0;
  let done = 0;
  const buildChunk = (chunk: number): SeedRows => {
    const rows: SeedRows = {};
    for (let i = chunk * perChunk; i < Math.min(n, (chunk + 1) * perChunk); i++) {
      // One generator per supplier: the data does not depend on chunking or on concurrency.
      const { rng: r, supplier } = supplierOrganisation(seed, i, today);
      const broker = r.chance(0.6) ? r.pick(brokers) : null;
      const lines = randomLines(
        r,
        options.requestsPerSupplier,
        () => ({ investor: r.pick(investors), spv: r.pick(spvs) }),
        i === 0,
      );
      mergeRows(rows, organisationRows(r, supplier, { today, members: members(r, supplier, r.chance(0.3)) }));
      mergeRows(
        rows,
        supplierBook(r, { supplier, broker, lines, today, fixings, accountsOf, serial: i + 1 }).rows,
      );
    }
    return rows;
  };
  // The server's cores do the index work; one chunk per core (2 to 4) keeps it busy while Node builds the next.
  const concurrency =
    db.kind === 'postgres'
      ? Math.max(1, options.concurrency ?? Math.min(4, Math.max(2, availableParallelism())))
      : 1;
  let failed = false;
  const worker = async () => {
    // After one chunk fails the others stop taking work, so the error is reported promptly.
    while (!failed && nextChunk < chunks) {
      const chunk = nextChunk++;
      try {
        const rows = buildChunk(chunk);
        await db.transaction((tx) => insertAll(tx, rows));
        count(counts, rows);
      } catch (error) {
        failed = true;
        throw error;
      }
      done = Math.min(n, done + perChunk);
      options.onProgress?.(done, n);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));

  const tail: SeedRows = {};
  const fillerRng = new Rng(`${seed}:accounts`);
  for (const pair of accounts.values()) mergeRows(tail, accountRows(fillerRng, pair, { today, fillers: 20 }));
  await db.transaction((tx) => insertAll(tx, tail));
  count(counts, tail);
  counts.SOFR = fixings.size;
  // Rows inserted in bulk, as if made before the ledger: the backfill posts their limits,
  // reservations and approvals (docs/business-rules.md, “Limits held in the ledger”).
  await backfillLedger(db);
  return { counts, millis: Math.round(performance.now() - started) };
}
