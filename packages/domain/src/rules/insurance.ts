import { MoneyDecimal, roundHalfUp } from '../money.ts';
import { minorUnits } from '../reference-lists.ts';
import { moneyDigitsIssue, shiftDate } from './request-integrity.ts';

/**
 * Credit insurance (docs/business-rules.md, “Credit insurance”): what a policy must hold, which
 * buyer lines it covers, and what it insures of the exposure to its buyer company. Pure and exact;
 * the server computes the figures (apps/api/src/insurance/exposure.ts) and the screens show them.
 */
type Row = Readonly<Record<string, unknown>>;

/** Days before its expiry from which a policy is flagged and the administrators are told. */
export const EXPIRY_NOTICE_DAYS = 30;

const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null;

const DECIMAL = /^-?\d+(\.\d+)?$/;
const decimal = (v: unknown): InstanceType<typeof MoneyDecimal> | null => {
  const t = text(v);
  return t !== null && DECIMAL.test(t) ? new MoneyDecimal(t) : null;
};

/** Text a policy cannot do without; blank is as good as missing. */
const NAMED = {
  insurance_buyer_name: 'name the buyer company',
  insurance_name: 'name the insurer',
  insurance_policy_number: 'enter the policy number',
} as const;

/**
 * One message per problem of a policy as it will be stored, each starting with the field it is
 * about (the form puts it next to that field); empty when the policy is fine. Missing required
 * fields are refused before this by the registry (`required`); this adds what one field alone
 * cannot say.
 */
export function insuranceIssues(row: Row): string[] {
  const issues: string[] = [];
  for (const [name, ask] of Object.entries(NAMED))
    if (typeof row[name] === 'string' && text(row[name]) === null) issues.push(`${name}: ${ask}`);
  const limit = decimal(row.insurance_cover_amount);
  if (limit?.lte(0)) issues.push('insurance_cover_amount: the insured limit must be more than 0');
  const currency = text(row.insurance_cover_currency);
  const digits = moneyDigitsIssue('insurance_cover_amount', row.insurance_cover_amount, currency);
  if (digits) issues.push(digits);
  const rate = decimal(row.insurance_coverage_rate);
  if (rate && (rate.lte(0) || rate.gt(100)))
    issues.push('insurance_coverage_rate must be more than 0 and at most 100 %');
  const start = text(row.insurance_cover_start_date);
  const end = text(row.insurance_cover_end_date);
  if (start && end && end <= start)
    issues.push(`insurance_cover_end_date must be after the start date (${start})`);
  return issues;
}

/**
 * A buyer company as its lines name it (a `Buyer` record is one supplier's line to it; lines of
 * several suppliers can name the same company).
 */
export interface BuyerCompany {
  readonly name: string;
  readonly country: string | null;
  readonly duns: string | null;
}

/** A company name as lines are compared: trimmed, inner spaces collapsed, upper case. */
export const normaliseCompanyName = (name: string): string => name.trim().replace(/\s+/g, ' ').toUpperCase();

/**
 * Whether two records name the same buyer company: the same D-U-N-S number, or the same normalised
 * name in the same country, the identification duplicate invoices are found by
 * (docs/business-rules.md, “Submission checks and duplicate invoices”). The server's SQL says the
 * same (apps/api/src/data/buyer-company-sql.ts).
 */
export function sameBuyerCompany(a: BuyerCompany, b: BuyerCompany): boolean {
  const duns = text(a.duns);
  if (duns !== null && text(b.duns) === duns) return true;
  return (
    normaliseCompanyName(a.name) === normaliseCompanyName(b.name) &&
    (a.country ?? null) === (b.country ?? null)
  );
}

/** The buyer company a line names. */
export const companyOfLine = (line: Row): BuyerCompany => ({
  name: text(line.buyer_name) ?? '',
  country: text(line.buyer_country),
  duns: text(line.buyer_duns_number),
});

/** What a policy insures of an exposure in one currency. */
export interface InsuredFigures {
  /** The policy's insured limit when it is in this currency; null when no policy counts. */
  readonly insuredLimit: string | null;
  /** min(exposure, insured limit) × coverage %, in the currency's minor unit; 0 without a policy. */
  readonly insuredShare: string;
  /** The exposure is above the insured limit. */
  readonly overInsured: boolean;
}

/**
 * The insured share of an exposure: what the insurer would pay if the buyer paid nothing, the
 * coverage % of the exposure up to the insured limit. A policy counts only for exposure in its own
 * currency; amounts of different currencies are never compared or added.
 */
export function insuredFigures(
  exposure: string,
  currency: string,
  policy: { readonly insuredLimit: string; readonly currency: string; readonly coverageRate: string } | null,
): InsuredFigures {
  const digits = minorUnits(currency);
  const owed = decimal(exposure) ?? new MoneyDecimal(0);
  if (!policy || policy.currency !== currency)
    return { insuredLimit: null, insuredShare: roundHalfUp(new MoneyDecimal(0), digits), overInsured: false };
  const limit = decimal(policy.insuredLimit) ?? new MoneyDecimal(0);
  const rate = decimal(policy.coverageRate) ?? new MoneyDecimal(0);
  const covered = MoneyDecimal.min(owed, limit).times(rate).dividedBy(100);
  return {
    insuredLimit: roundHalfUp(limit, digits),
    insuredShare: roundHalfUp(MoneyDecimal.max(covered, 0), digits),
    overInsured: owed.gt(limit),
  };
}

/** Whether a policy expiring on `expiry` does so within EXPIRY_NOTICE_DAYS of `today` (not before it). */
export function expiresSoon(expiry: string, today: string): boolean {
  return expiry >= today && expiry <= shiftDate(today, EXPIRY_NOTICE_DAYS);
}

/**
 * The list filter of the policies the `insuranceExpiring` work queue counts
 * (docs/business-rules.md, “Dashboards”): Active, their cover ending from `today` to
 * EXPIRY_NOTICE_DAYS ahead, both included; filter input the server answers.
 */
export function expiringPoliciesFilter(today: string) {
  return {
    and: [
      { insurance_status: { eq: 'Active' } },
      { insurance_cover_end_date: { between: [today, shiftDate(today, EXPIRY_NOTICE_DAYS)] } },
    ],
  };
}

/** Whether a policy counts on `today`: Active, started, not expired. */
export function inForce(policy: Row, today: string): boolean {
  const start = text(policy.insurance_cover_start_date);
  const end = text(policy.insurance_cover_end_date);
  return (
    policy.insurance_status === 'Active' && start !== null && end !== null && start <= today && today <= end
  );
}
