import { SOFR_COLUMN_OF_SERIES, selectFixing, type BaseRateSeries, type Fixing } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { insertRows, type SeedRow } from './insert.ts';
import { formatUnits, hashString } from './prng.ts';
import { addDays, daysBetween, msOf, weekday } from './dates.ts';

/**
 * SOFR fixings: one record per date holding every series
 * (docs/business-rules.md, “How a request is priced at approval”), owned by the admin organisation.
 */

type SeriesColumn = (typeof SOFR_COLUMN_OF_SERIES)[BaseRateSeries];
export type FixingValues = Record<SeriesColumn, string>;

/** Anchors of the overnight rate's path (published SOFR, rounded): the seed interpolates between them. */
const PATH: readonly (readonly [string, number])[] = [
  ['2020-01-01', 1.55],
  ['2020-04-01', 0.01],
  ['2022-03-01', 0.05],
  ['2023-08-01', 5.31],
  ['2024-09-15', 5.31],
  ['2025-01-01', 4.3],
  ['2025-12-31', 3.9],
  ['2027-01-01', 3.6],
];
/** Term rates sit below overnight while cuts are expected (an inverted curve). */
const TERM_OFFSET: Record<SeriesColumn, number> = {
  SOFR: 0,
  SOFRM1: -0.02,
  SOFRM3: -0.06,
  SOFRM6: -0.14,
  SOFRM12: -0.28,
};

function overnight(ymd: string): number {
  const t = msOf(ymd);
  let previous = PATH[0] ?? ['2020-01-01', 1.55];
  if (t <= msOf(previous[0])) return previous[1];
  for (const anchor of PATH) {
    if (t <= msOf(anchor[0])) {
      const share = (t - msOf(previous[0])) / (msOf(anchor[0]) - msOf(previous[0]));
      return previous[1] + (anchor[1] - previous[1]) * share;
    }
    previous = anchor;
  }
  return previous[1];
}

/**
 * The fixing of a date: a function of the date alone, so overlapping seeds agree. Weekend dates
 * repeat Friday's publication (one row per calendar day, the way data vendors fill forward).
 */
export function fixingValues(ymd: string): FixingValues {
  const day = weekday(ymd);
  const published = day === 6 ? addDays(ymd, -1) : day === 0 ? addDays(ymd, -2) : ymd;
  const base = overnight(published);
  const out = {} as FixingValues;
  for (const [column, offset] of Object.entries(TERM_OFFSET) as [SeriesColumn, number][]) {
    const noise = ((hashString(`${published}:${column}`) % 2001) - 1000) / 100_000; // ±0.01
    const value = Math.max(0, base + offset + noise);
    out[column] =
      column === 'SOFR'
        ? formatUnits(Math.round(value * 100), 2)
        : formatUnits(Math.round(value * 100_000), 5);
  }
  return out;
}

/** Fixings in memory by date, answering "which fixing prices this payout" with a cache per date and series. */
export class FixingTable {
  private readonly byDate = new Map<string, FixingValues>();
  private readonly cache = new Map<string, Fixing & { value: string }>();

  set(date: string, values: FixingValues): void {
    this.byDate.set(date, values);
  }

  has(date: string): boolean {
    return this.byDate.has(date);
  }

  get size(): number {
    return this.byDate.size;
  }

  /**
   * The fixing (docs/business-rules.md, “How a request is priced at approval”) for a payout
   * date; throws like the engine when none is stored.
   */
  fixingFor(series: BaseRateSeries, payoutDate: string): Fixing & { value: string } {
    const key = `${series}|${payoutDate}`;
    let hit = this.cache.get(key);
    if (!hit) {
      const column = SOFR_COLUMN_OF_SERIES[series];
      const window: Fixing[] = [];
      for (let back = 0; back <= 10; back++) {
        const date = addDays(payoutDate, -back);
        const values = this.byDate.get(date);
        if (values) window.push({ date, value: values[column] });
      }
      hit = selectFixing(window, payoutDate);
      this.cache.set(key, hit);
    }
    return hit;
  }
}

/**
 * Makes sure a fixing exists for every date from `from` to `to`: reads the stored ones (pricing must
 * use what is stored) and inserts the missing dates. Returns all of them.
 */
export async function ensureFixings(
  db: Queryable,
  options: { from: string; to: string; ownerGroupId: string },
): Promise<FixingTable> {
  const table = new FixingTable();
  const stored = await db.query<FixingValues & { date: string }>(
    `SELECT "date", "SOFR", "SOFRM1", "SOFRM3", "SOFRM6", "SOFRM12" FROM "sofr"
     WHERE NOT "_deleted" AND "date" BETWEEN $1 AND $2`,
    [options.from, options.to],
  );
  for (const row of stored) {
    const { date, ...values } = row;
    table.set(date, values);
  }
  const missing: SeedRow[] = [];
  const now = new Date().toISOString();
  const days = daysBetween(options.from, options.to);
  for (let i = 0; i <= days; i++) {
    const date = addDays(options.from, i);
    if (table.has(date)) continue;
    const values = fixingValues(date);
    table.set(date, values);
    missing.push({
      userId: options.ownerGroupId,
      identityId: options.ownerGroupId,
      date,
      ...values,
      // Imported on the evening of the fixing date, or now for today's.
      createdAt: `${date}T22:00:00.000Z` < now ? `${date}T22:00:00.000Z` : now,
    });
  }
  await insertRows(db, 'SOFR', missing);
  return table;
}
