import { type Caller, type DashboardArea } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { SqlParams } from '../data/sql-params.ts';
import { feeSourceOf, readsEveryRequest, visibleRequestsSql } from './dashboard-scope.ts';

/**
 * The request figures of a dashboard in one pass over the caller's readable requests
 * (docs/business-rules.md, “Dashboards”): one row per currency, status, month of the invoice date
 * (within the chart's months, else null) and aging bucket (Approved requests only, else null), each
 * with exact numeric sums that dashboard-figures.ts puts together. Outstanding is the open balance
 * of an Approved request: its invoice amount less the payments allocated to it (“Matching
 * collections”), never below zero.
 */
export interface RequestGroup {
  readonly currency: string | null;
  readonly status: string | null;
  readonly month: string | null;
  readonly bucket: string | null;
  readonly n: number;
  /** Sum of invoice amounts. */
  readonly volume: string;
  /** Sum of invoice amount × advance rate, and of the invoice amounts that carry a rate. */
  readonly advanceWeighted: string | null;
  readonly advanceWeight: string | null;
  /** The same for the spread (discount fee rate). */
  readonly spreadWeighted: string | null;
  readonly spreadWeight: string | null;
  /** Sum of open balances (Approved only). */
  readonly open: string | null;
  /** Sum of open balance × days past due, over the past-due requests. */
  readonly openDays: string | null;
  /** The earliest due date of the group. */
  readonly oldestDue: string | null;
  /** Sum of the fees the area earns on the group's requests, as stored on them. */
  readonly fee: string;
}

/** 'YYYY-MM' of `date` when it falls within the chart's months [first, next), else null. */
export const monthSql = (date: string, first: string, next: string): string =>
  `CASE WHEN ${date} >= ${first}::date AND ${date} < ${next}::date THEN to_char(${date}, 'YYYY-MM') END`;

/** The aging bucket of `v` (columns status and due) as of `today`: Approved requests only. */
export function bucketSql(v: string, today: string): string {
  const late = `(${today}::date - ${v}.due)`;
  return `CASE WHEN ${v}.status IS DISTINCT FROM 'Approved' THEN NULL
                 WHEN ${v}.due IS NULL OR ${v}.due >= ${today}::date THEN 'current'
                 WHEN ${late} <= 30 THEN '1-30'
                 WHEN ${late} <= 60 THEN '31-60'
                 WHEN ${late} <= 90 THEN '61-90'
                 ELSE '90+' END`;
}

/** The open balance of an Approved request `r` given what was paid (null for other states). */
const openBalance = (paid: string) =>
  `CASE WHEN r.request_status = 'Approved' THEN GREATEST(r.invoice_amount - COALESCE(${paid}, 0), 0) END`;

/** The open balance of an Approved request `r`, its payments looked up by its id. */
export const OPEN_BALANCE = openBalance(
  `(SELECT sum(pa.amount) FROM payment_allocation pa WHERE pa.request_id = r.id AND pa.undone_at IS NULL)`,
);

/**
 * Over the whole table (an administrator's) the payments are summed once and joined by hash,
 * which also lets PostgreSQL scan the table with parallel workers.
 */
const PAID_JOIN = `LEFT JOIN (SELECT request_id, sum(amount) AS paid FROM payment_allocation
                               WHERE undone_at IS NULL GROUP BY request_id) paid ON paid.request_id = r.id`;

export async function requestGroups(
  db: Queryable,
  caller: Caller,
  area: DashboardArea,
  window: { readonly today: string; readonly firstMonth: string; readonly nextMonth: string },
): Promise<RequestGroup[]> {
  const params = new SqlParams();
  const fee = feeSourceOf(area, caller, params);
  const whole = readsEveryRequest(caller);
  const visible = visibleRequestsSql(
    caller,
    params,
    `r.request_status AS status, r.invoice_amount AS amount, r.advance_rate, r.discount_fee_rate,
     r.invoice_date, r.invoice_due_date AS due, ${whole ? openBalance('paid.paid') : OPEN_BALANCE} AS open,
     (${fee.stored}) AS fee`,
    'TRUE',
    whole ? PAID_JOIN : '',
  );
  const today = params.add(window.today);
  const first = params.add(window.firstMonth);
  const next = params.add(window.nextMonth);
  const late = `(${today}::date - v.due)`;
  return db.query<RequestGroup & Record<string, unknown>>(
    // OFFSET 0 keeps the sub-select apart, so each row's open balance is looked up once.
    `WITH v AS (${visible}${whole ? '' : ' OFFSET 0'})
     SELECT v.currency, v.status, ${monthSql('v.invoice_date', first, next)} AS month,
            ${bucketSql('v', today)} AS bucket,
            count(*)::int AS n,
            COALESCE(sum(v.amount), 0)::text AS volume,
            sum(v.amount * v.advance_rate)::text AS "advanceWeighted",
            sum(v.amount) FILTER (WHERE v.advance_rate IS NOT NULL)::text AS "advanceWeight",
            sum(v.amount * v.discount_fee_rate)::text AS "spreadWeighted",
            sum(v.amount) FILTER (WHERE v.discount_fee_rate IS NOT NULL)::text AS "spreadWeight",
            sum(v.open)::text AS open,
            sum(v.open * ${late}) FILTER (WHERE v.due < ${today}::date)::text AS "openDays",
            min(v.due)::text AS "oldestDue",
            COALESCE(sum(v.fee), 0)::text AS fee
       FROM v
      GROUP BY 1, 2, 3, 4`,
    params.values,
  );
}

/** Per currency, what the ledger booked of the area's fees on the caller's readable requests. */
export interface FeeGroup {
  readonly currency: string | null;
  /** What the ledger holds of those requests' fees, in minor units. */
  readonly booked: string;
  /** The fees stored on the same requests, which the ledger's figure replaces (numeric). */
  readonly storedOfBooked: string;
}

/**
 * Fees earned (docs/business-rules.md, “Dashboards”): the fees stored on the caller's readable
 * Approved and Settled requests (summed with the other request figures), except that for each
 * request the ledger has booked to the area's fee account (fees booked, settlement) the ledger's
 * amount on the caller's own accounts counts instead. This statement starts from those postings,
 * so it reads only the requests the ledger booked fees for.
 */
export async function feeGroups(db: Queryable, caller: Caller, area: DashboardArea): Promise<FeeGroup[]> {
  const params = new SqlParams();
  const fee = feeSourceOf(area, caller, params);
  if (!fee.kind) return [];
  const kind = params.add(fee.kind);
  const visible = visibleRequestsSql(
    caller,
    params,
    `r.id, (${fee.stored}) AS fee`,
    `r.request_status IN ('Approved', 'Settled')`,
  );
  return db.query<FeeGroup & Record<string, unknown>>(
    `WITH f AS (SELECT t.request_id, e.currency, -sum(e.amount) AS held
                  FROM ledger_account a
                  JOIN ledger_entry e ON e.account_id = a.id AND e.phase = 'posted'
                  JOIN ledger_transaction t ON t.id = e.transaction_id
                 WHERE a.kind = ${kind} AND ${fee.accounts} AND t.request_id IS NOT NULL
                 GROUP BY 1, 2)
     SELECT v.currency, sum(f.held)::text AS booked, sum(v.fee)::text AS "storedOfBooked"
       FROM f JOIN (${visible}) v ON v.id = f.request_id AND v.currency = f.currency
      GROUP BY 1`,
    params.values,
  );
}
