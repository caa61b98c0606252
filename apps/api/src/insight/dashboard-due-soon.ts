import { shiftDate, type Caller, DUE_SOON_DAYS, LIST_ROWS } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { SqlParams } from '../data/sql-params.ts';
import { visibleRequestsSql } from './dashboard-scope.ts';

export interface DueSoonRow {
  readonly id: string;
  readonly invoiceNumber: string | null;
  readonly buyerName: string | null;
  readonly dueDate: string;
  readonly amount: string | null;
  readonly currency: string | null;
}

/**
 * The caller's readable Approved requests falling due from today to DUE_SOON_DAYS ahead, earliest
 * first, at most LIST_ROWS (docs/business-rules.md, “Dashboards”), with their invoice amounts.
 * Ordered by the date itself, not its text, so that the (status, due date) index gives the order
 * and only the first days' requests are read, not every one of the week.
 */
export async function dueSoonRows(db: Queryable, caller: Caller, today: string): Promise<DueSoonRow[]> {
  const params = new SqlParams();
  const from = params.add(today);
  const to = params.add(shiftDate(today, DUE_SOON_DAYS));
  const visible = visibleRequestsSql(
    caller,
    params,
    `r.id::text AS id, r.invoice_number AS "invoiceNumber", r.buyer_name AS "buyerName",
     r.invoice_due_date AS due, r.invoice_amount::text AS amount`,
    `r.request_status = 'Approved' AND r.invoice_due_date BETWEEN ${from}::date AND ${to}::date`,
  );
  return db.query<DueSoonRow & Record<string, unknown>>(
    `SELECT v.id, v."invoiceNumber", v."buyerName", v.due::text AS "dueDate", v.amount, v.currency
       FROM (${visible}) v ORDER BY v.due, v."invoiceNumber", v.id LIMIT ${LIST_ROWS}`,
    params.values,
  );
}
