import type { ModelName } from '../entity.ts';
import { bankAccountIssues } from './bank-account.ts';
import { insuranceIssues } from './insurance.ts';

// The bank-account rules travel with the record rules (the domain's index exports this file).
export * from './bank-account.ts';

/** Dates as YYYY-MM-DD compare correctly as strings. */
type Row = Readonly<Record<string, unknown>>;

export const EARLIEST_INCORPORATION = '1900-01-01';
export const ADULT_AGE = 18;

/** Percent fields that cannot exceed 100 (shares of a whole). */
const PERCENT_OF_WHOLE: Partial<Record<ModelName, readonly string[]>> = {
  UBO: ['ubo_ownership_percentage'],
  Buyer: [
    'buyer_invoices_paid_on_time',
    'buyer_invoices_past_due',
    'buyer_invoices_past_due_30_days',
    'buyer_invoices_past_due_60_days',
    'buyer_invoices_past_due_90_days',
    'buyer_loan_advance_rate',
    'buyer_loan_transaction_fee',
    'buyer_loan_broker_fee',
  ],
  Request: ['advance_rate', 'transaction_fee_rate', 'broker_fee_rate'],
  Investor: ['investor_concentration_limit'],
  Spv: ['spv_concentration_limit'],
};

const PERSON_PREFIX: Partial<Record<ModelName, string>> = { Director: 'director', UBO: 'ubo' };
const INCORPORATION: Partial<Record<ModelName, string>> = {
  Supplier: 'supplier_date_of_incorporation',
  Buyer: 'buyer_date_of_incorporation',
  Investor: 'investor_date_of_incorporation',
  Spv: 'spv_date_of_incorporation',
  Broker: 'broker_date_of_incorporation',
};

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The date `years` before `today` (29 Feb falls back to 28 Feb). */
export function yearsBefore(today: string, years: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y - years, m - 1, d));
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

function personIssues(prefix: string, row: Row, today: string): string[] {
  const issues: string[] = [];
  const birth = text(row[`${prefix}_date_of_birth`]);
  if (birth && birth > yearsBefore(today, ADULT_AGE))
    issues.push(`${prefix}_date_of_birth: the person must be at least ${ADULT_AGE} years old`);
  const issued = text(row[`${prefix}_id_issue_date`]);
  const expires = text(row[`${prefix}_id_expiry_date`]);
  if (issued && issued > today) issues.push(`${prefix}_id_issue_date cannot be in the future`);
  if (issued && expires && expires <= issued)
    issues.push(`${prefix}_id_expiry_date must be after the ID's issue date (${issued})`);
  return issues;
}

/**
 * Rules that look at more than one field of a record
 * (docs/business-rules.md, “Value lists and record checks”): adults, ID dates in order,
 * incorporation between 1900 and today, shares at most 100 %, a bank account's details
 * (bank-account.ts). Returns one message per problem, each naming its field; empty when the record
 * is fine.
 */
export function recordRuleIssues(model: ModelName, row: Row, today: string): string[] {
  const issues: string[] = [];
  const prefix = PERSON_PREFIX[model];
  if (prefix) issues.push(...personIssues(prefix, row, today));
  const incorporation = INCORPORATION[model];
  const founded = incorporation ? text(row[incorporation]) : null;
  if (incorporation && founded && (founded < EARLIEST_INCORPORATION || founded > today))
    issues.push(`${incorporation} must lie between ${EARLIEST_INCORPORATION} and today`);
  for (const name of PERCENT_OF_WHOLE[model] ?? []) {
    const value = text(row[name]) ?? (typeof row[name] === 'number' ? String(row[name]) : null);
    if (value !== null && Number(value) > 100) issues.push(`${name} cannot be more than 100 %`);
  }
  if (model === 'Insurance') issues.push(...insuranceIssues(row));
  if (model === 'Bank') issues.push(...bankAccountIssues(row));
  return issues;
}

/** Whether a director or UBO is a politically exposed person (needs enhanced due diligence). */
export function needsEnhancedDueDiligence(model: ModelName, row: Row): boolean {
  const prefix = PERSON_PREFIX[model];
  return prefix ? row[`${prefix}_pep_status`] === true : false;
}
