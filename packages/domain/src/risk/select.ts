import type { FinancialsRow } from '../financials/derive.ts';

/**
 * `financials_status` values that keep a statement out of the assessment: a party statement still
 * under review or declined is not "approved"
 * (docs/business-rules.md, “Buyer risk bands, score and grade”). Buyer statements hold their audit
 * type in the same field; those, `Approved` and an empty status count.
 */
export const UNASSESSABLE_FINANCIALS_STATUSES: readonly string[] = ['Under Review', 'Declined'];

/** The chosen statement and the one of the year before it, if the caller has it. */
export interface FinancialsSelection {
  readonly latest: FinancialsRow | null;
  readonly prior: FinancialsRow | null;
}

/** `financials_reporting_period` as a whole year (a number or an integer string), else null. */
export function reportingPeriodOf(row: FinancialsRow): number | null {
  const value = row.financials_reporting_period;
  const year = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof year === 'number' && Number.isInteger(year) ? year : null;
}

function timeOf(value: unknown): number {
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** Whether a statement may be used: its status is not Under Review or Declined. */
export function isAssessableFinancials(row: FinancialsRow): boolean {
  const status = row.financials_status;
  return !(typeof status === 'string' && UNASSESSABLE_FINANCIALS_STATUSES.includes(status));
}

/**
 * Orders statements newest first: the greater `financials_reporting_period` first (statements
 * without one last), then the later `updatedAt`, then the later `createdAt`; ties keep input order.
 */
export function compareFinancialsNewestFirst(a: FinancialsRow, b: FinancialsRow): number {
  const pa = reportingPeriodOf(a) ?? Number.NEGATIVE_INFINITY;
  const pb = reportingPeriodOf(b) ?? Number.NEGATIVE_INFINITY;
  if (pa !== pb) return pb > pa ? 1 : -1;
  const ua = timeOf(a.updatedAt);
  const ub = timeOf(b.updatedAt);
  if (ua !== ub) return ub > ua ? 1 : -1;
  const ca = timeOf(a.createdAt);
  const cb = timeOf(b.createdAt);
  if (ca !== cb) return cb > ca ? 1 : -1;
  return 0;
}

/**
 * Picks the statement to assess a buyer on from the buyer's statements (the caller passes only
 * that buyer's records): among the assessable ones (`isAssessableFinancials`), the newest by
 * `compareFinancialsNewestFirst`, i.e. the latest `financials_reporting_period`, a later update
 * breaking ties. `prior` is the newest assessable statement of exactly the year before (the basis
 * of `inventory_turnover_trend`); null when there is none or the latest has no period.
 */
export function selectFinancials(rows: readonly FinancialsRow[]): FinancialsSelection {
  const ordered = rows.filter(isAssessableFinancials).sort(compareFinancialsNewestFirst);
  const latest = ordered[0] ?? null;
  const year = latest ? reportingPeriodOf(latest) : null;
  const prior = year === null ? null : (ordered.find((row) => reportingPeriodOf(row) === year - 1) ?? null);
  return { latest, prior };
}
