import { type Caller, EXPOSURE_LINES, LIST_ROWS } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { SqlParams } from '../data/sql-params.ts';
import { OPEN_BALANCE } from './dashboard-requests.ts';
import { readsEveryLine, visibleLinesSql } from './dashboard-scope.ts';

/**
 * The line figures of a dashboard (docs/business-rules.md, “Dashboards”): the caller's readable
 * Approved lines' limits as the ledger's memo accounts hold them (“Limits held in the ledger”),
 * summed per currency in minor units over every line, and the most utilised lines of each
 * currency with what their Approved requests still owe. A line counts in its own currency and in
 * any other it holds limit accounts in. The balances are the rows the write path keeps per line
 * and currency (dashboard_line_fact, docs/architecture.md, “Dashboard summary”).
 */
export interface LineRow {
  readonly currency: string | null;
  /** The currency's sums over all the caller's Approved lines, in minor units. */
  readonly totalFree: string;
  readonly totalReserved: string;
  readonly totalUsed: string;
  readonly lineId: string;
  readonly buyerName: string | null;
  /** This line's memo balances, in minor units. */
  readonly free: string;
  readonly reserved: string;
  readonly used: string;
  /** Open balances of the line's Approved requests in the currency, and of those past due. */
  readonly outstanding: string;
  readonly pastDue: string;
}

export async function lineRows(db: Queryable, caller: Caller, today: string): Promise<LineRow[]> {
  const params = new SqlParams();
  // An administrator's rows are the table's live ones, ranked from its index; anyone else's, the
  // live rows of the lines the policy lets it read.
  const every = readsEveryLine(caller);
  const mine = every ? '' : `AND f.line_id IN (${visibleLinesSql(caller, params, 'b.id')})`;
  const day = params.add(today);
  return db.query<LineRow & Record<string, unknown>>(
    `WITH u AS ${every ? 'NOT MATERIALIZED' : 'MATERIALIZED'} (
            SELECT f.* FROM dashboard_line_fact f WHERE f.live ${mine}),
          t AS (
            SELECT u.currency, sum(u.free) AS free, sum(u.reserved) AS reserved, sum(u.used) AS used
              FROM u GROUP BY u.currency)
     SELECT NULLIF(t.currency, '') AS currency, t.free::text AS "totalFree", t.reserved::text AS "totalReserved",
            t.used::text AS "totalUsed", x.line_id::text AS "lineId", x.buyer_name AS "buyerName",
            x.free::text AS free, x.reserved::text AS reserved, x.used::text AS used,
            COALESCE(o.outstanding, 0)::text AS outstanding, COALESCE(o.past_due, 0)::text AS "pastDue"
       FROM t
      CROSS JOIN LATERAL (
            SELECT u.* FROM u WHERE u.currency = t.currency
             ORDER BY u.used DESC, u.buyer_name, u.line_id LIMIT ${EXPOSURE_LINES}) x
       LEFT JOIN LATERAL (
            SELECT sum(d.open) AS outstanding, sum(d.open) FILTER (WHERE d.due < ${day}::date) AS past_due
              FROM (SELECT ${OPEN_BALANCE} AS open, r.invoice_due_date AS due
                      FROM "request" r
                     WHERE r."buyerId" = x.line_id AND NOT r."_deleted" AND r.request_status = 'Approved'
                       AND COALESCE(NULLIF(r.invoice_currency, ''), NULLIF(x.currency, '')) = x.currency) d) o ON TRUE
      ORDER BY t.currency = '', t.currency, x.used DESC, x.buyer_name, x.line_id`,
    params.values,
  );
}

/** What the caller's readable lines of any state add to a dashboard: their currencies and the latest asks. */
export interface LineListRow {
  readonly kind: 'currency' | 'latest';
  readonly currency: string | null;
  readonly id: string | null;
  readonly buyerName: string | null;
  readonly status: string | null;
  readonly requestedAmount: string | null;
  readonly createdAt: string | null;
}

/**
 * The currencies of every line the caller may read, and its newest lines Under Review or
 * Investor Offer Pending (at most LIST_ROWS), in one statement.
 */
export async function lineListRows(db: Queryable, caller: Caller): Promise<LineListRow[]> {
  const params = new SqlParams();
  const currencies = visibleLinesSql(caller, params, `NULLIF(b.buyer_currency, '') AS currency`);
  const latest = visibleLinesSql(
    caller,
    params,
    `b.id::text AS id, b.buyer_name AS "buyerName", b.buyer_status AS status,
     b.buyer_loan_request_amount::text AS "requestedAmount", NULLIF(b.buyer_currency, '') AS currency,
     b."createdAt"`,
    `b.buyer_status IN ('Under Review', 'Investor Offer Pending')`,
  );
  return db.query<LineListRow & Record<string, unknown>>(
    `SELECT 'currency' AS kind, c.currency, NULL AS id, NULL AS "buyerName", NULL AS status,
            NULL AS "requestedAmount", NULL::timestamptz AS "createdAt"
       FROM (SELECT DISTINCT x.currency FROM (${currencies}) x) c
     UNION ALL
     SELECT 'latest', x.currency, x.id, x."buyerName", x.status, x."requestedAmount", x."createdAt"
       FROM (SELECT * FROM (${latest}) y ORDER BY y."createdAt" DESC, y.id DESC LIMIT ${LIST_ROWS}) x`,
    params.values,
  );
}
