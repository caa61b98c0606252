import type { Queryable } from '../db/database.ts';
import { SqlParams } from '../data/sql-params.ts';
import { bucketSql, monthSql, type FeeGroup, type RequestGroup } from './dashboard-requests.ts';

/**
 * An administrator's request figures from the sums the write path keeps
 * (docs/architecture.md, “Dashboard summary”): the same groups as requestGroups and feeGroups
 * compute over every request and every fee posting, read from a few thousand rows (one per
 * currency, status, month and due date: 2,660 over bench:api's million requests). The sums hold one
 * row per change until folded; they are folded here once there are more than this many, so a read
 * sums at most that many rows (about 15 ms) and folding is rare.
 */
export const FOLD_ABOVE = 20_000;

/** Folds the rows of changes into one per key when they have piled up. */
export async function foldSummary(db: Queryable): Promise<void> {
  const [row] = await db.query<{ rows: number }>(
    `SELECT count(*)::int AS rows FROM (SELECT 1 FROM dashboard_request_sum LIMIT ${FOLD_ABOVE + 1}) s`,
  );
  if ((row?.rows ?? 0) > FOLD_ABOVE) await db.query('SELECT dashboard_compact()');
}

type SummaryGroup = RequestGroup & { readonly booked: string };

export async function summaryGroups(
  db: Queryable,
  window: { readonly today: string; readonly firstMonth: string; readonly nextMonth: string },
): Promise<{ requests: RequestGroup[]; fees: FeeGroup[] }> {
  const params = new SqlParams();
  const today = params.add(window.today);
  const first = params.add(window.firstMonth);
  const next = params.add(window.nextMonth);
  const rows = await db.query<SummaryGroup & Record<string, unknown>>(
    `WITH v AS (SELECT currency, status, month, due, sum(n) AS n, sum(volume) AS volume,
                       sum(advance_weighted) AS advance_weighted, sum(advance_weight) AS advance_weight,
                       sum(spread_weighted) AS spread_weighted, sum(spread_weight) AS spread_weight,
                       sum(open) AS open, sum(fee_stored) AS fee_stored, sum(fee_booked) AS fee_booked
                  FROM dashboard_request_sum GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0)
     SELECT v.currency, v.status, ${monthSql('v.month', first, next)} AS month,
            ${bucketSql('v', today)} AS bucket,
            sum(v.n)::int AS n,
            sum(v.volume)::text AS volume,
            sum(v.advance_weighted)::text AS "advanceWeighted",
            sum(v.advance_weight)::text AS "advanceWeight",
            sum(v.spread_weighted)::text AS "spreadWeighted",
            sum(v.spread_weight)::text AS "spreadWeight",
            sum(v.open)::text AS open,
            sum(v.open * (${today}::date - v.due)) FILTER (WHERE v.due < ${today}::date)::text AS "openDays",
            min(v.due)::text AS "oldestDue",
            sum(v.fee_stored)::text AS fee,
            sum(v.fee_booked)::text AS booked
       FROM v
      GROUP BY 1, 2, 3, 4`,
    params.values,
  );
  // The ledger's fees count in place of the stored ones, which the sums already leave out.
  const booked = new Map<string | null, bigint>();
  for (const r of rows) booked.set(r.currency, (booked.get(r.currency) ?? 0n) + BigInt(r.booked ?? '0'));
  return {
    requests: rows,
    fees: [...booked].map(([currency, sum]) => ({ currency, booked: String(sum), storedOfBooked: '0' })),
  };
}
