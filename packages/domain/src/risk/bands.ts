import type { Decimal } from 'decimal.js';
import type { RiskBand } from '../fields.ts';
import { MoneyDecimal } from '../money.ts';
import { readFigure, showFigure, type FigureInput } from '../financials/figures.ts';

/**
 * A risk band (docs/business-rules.md, “Buyer risk bands, score and grade”; the `risk` field
 * type).
 */
export type Band = RiskBand;

/** A suggested band and, in words, why. */
export interface BandResult {
  readonly band: Band;
  readonly reason: string;
}

const d = (value: number): Decimal => new MoneyDecimal(value);

function result(band: Band, reason: string): BandResult {
  return { band, reason: `${reason}: ${band}` };
}

/**
 * Higher is better: Low at or above `low`, Medium at or above `medium`, High below. A value on an
 * edge gets the better band (docs/business-rules.md, “Buyer risk bands, score and grade”).
 */
function higherIsBetter(label: string, value: Decimal, low: number, medium: number, unit = ''): BandResult {
  const shown = `${showFigure(value)}${unit}`;
  if (value.gte(low)) return result('Low', `${label} ${shown} is at least ${low}${unit}`);
  if (value.gte(medium))
    return result('Medium', `${label} ${shown} is at least ${medium}${unit} and below ${low}${unit}`);
  return result('High', `${label} ${shown} is below ${medium}${unit}`);
}

/** Lower is better: Low at or below `low`, Medium at or below `medium`, High above. */
function lowerIsBetter(label: string, value: Decimal, low: number, medium: number, unit: string): BandResult {
  const shown = `${showFigure(value)}${unit}`;
  if (value.lte(low)) return result('Low', `${label} ${shown} is at most ${low}${unit}`);
  if (value.lte(medium))
    return result('Medium', `${label} ${shown} is above ${low}${unit} and at most ${medium}${unit}`);
  return result('High', `${label} ${shown} is above ${medium}${unit}`);
}

/** The multiplier of each `financials_denomination`: as stated, thousands, millions. */
export const DENOMINATION_FACTORS: Readonly<Record<string, number>> = {
  "'": 1,
  "'000": 1_000,
  "'000,000": 1_000_000,
};

/**
 * A statement figure in currency units: the figure times its `financials_denomination` factor (an
 * absent denomination means "as stated"). Null when the figure is missing.
 * @throws on a denomination other than `'`, `'000`, `'000,000`.
 */
export function scaleByDenomination(
  value: FigureInput,
  denomination: string | null | undefined,
): Decimal | null {
  const key = denomination ?? "'";
  const factor = Object.hasOwn(DENOMINATION_FACTORS, key) ? DENOMINATION_FACTORS[key] : undefined;
  if (factor === undefined) {
    throw new Error(`financials_denomination must be one of ', '000, '000,000, got "${denomination}"`);
  }
  const figure = readFigure(value, 'sales');
  return figure === null ? null : figure.times(factor);
}

/**
 * The size thresholds (docs/business-rules.md, “Buyer risk bands, score and grade”), in
 * currency units of the statement.
 */
export const SIZE_LOW_FROM = 50_000_000;
export const SIZE_MEDIUM_FROM = 10_000_000;

/**
 * Size by annual sales (docs/business-rules.md, “Buyer risk bands, score and grade”): ≥ 50m
 * Low, 10m–50m Medium, < 10m High, on the sales of the statement scaled by its denomination, in
 * the statement currency (no conversion).
 */
export function sizeBand(sales: FigureInput, denomination?: string | null): BandResult | null {
  const units = scaleByDenomination(sales, denomination);
  if (units === null) return null;
  const factor = DENOMINATION_FACTORS[denomination ?? "'"] ?? 1;
  const entered =
    factor === 1 ? '' : ` (${showFigure(units.div(factor))} × ${factor.toLocaleString('en-US')})`;
  const shown = `${showFigure(units.toDecimalPlaces(2))}${entered}`;
  if (units.gte(SIZE_LOW_FROM)) return result('Low', `Annual sales ${shown} are at least 50m`);
  if (units.gte(SIZE_MEDIUM_FROM))
    return result('Medium', `Annual sales ${shown} are at least 10m and below 50m`);
  return result('High', `Annual sales ${shown} are below 10m`);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDate(value: string, name: string): [number, number, number] {
  const match = DATE.exec(value);
  const parts: [number, number, number] = match
    ? [Number(match[1]), Number(match[2]), Number(match[3])]
    : [0, 0, 0];
  const check = new Date(Date.UTC(parts[0], parts[1] - 1, parts[2]));
  if (!match || check.getUTCMonth() !== parts[1] - 1 || check.getUTCDate() !== parts[2]) {
    throw new Error(`${name} must be a date in the form YYYY-MM-DD, got "${value}"`);
  }
  return parts;
}

/**
 * Whole years completed from `from` to `to` (both YYYY-MM-DD): a year is completed on the
 * anniversary; for 29 February the anniversary in a common year is 1 March. Negative when `from`
 * is after `to`.
 */
export function completedYears(from: string, to: string): number {
  const [fy, fm, fd] = parseDate(from, 'date of incorporation');
  const [ty, tm, td] = parseDate(to, 'today');
  const beforeAnniversary = tm < fm || (tm === fm && td < fd);
  return ty - fy - (beforeAnniversary ? 1 : 0);
}

/**
 * Time in business (docs/business-rules.md, “Buyer risk bands, score and grade”): whole years
 * since `buyer_date_of_incorporation` as of `today` — ≥ 10 Low, 5–10 Medium, < 5 High. Null
 * when the date is missing.
 * @throws when a date is not a real YYYY-MM-DD date.
 */
export function timeInBusinessBand(
  dateOfIncorporation: string | null | undefined,
  today: string,
): BandResult | null {
  if (dateOfIncorporation === null || dateOfIncorporation === undefined || dateOfIncorporation === '')
    return null;
  const years = completedYears(dateOfIncorporation, today);
  const label = `Incorporated ${dateOfIncorporation}:`;
  const shown = `${years} full year${years === 1 ? '' : 's'} in business`;
  if (years >= 10) return result('Low', `${label} ${shown}, at least 10`);
  if (years >= 5) return result('Medium', `${label} ${shown}, at least 5 and below 10`);
  return result('High', `${label} ${shown}, below 5`);
}

/** The audit types a buyer statement's `financials_status` holds, best first. */
export const AUDIT_TYPES = [
  'audited-big4',
  'audited-2nd-tier',
  'audited-other',
  'management-prepared',
] as const;
export type AuditType = (typeof AUDIT_TYPES)[number];

const AUDIT_BANDS: Record<AuditType, [Band, string]> = {
  'audited-big4': ['Low', 'audited by a Big 4 firm'],
  'audited-2nd-tier': ['Low', 'audited by a second-tier firm'],
  'audited-other': ['Medium', 'audited by another firm'],
  'management-prepared': ['High', 'prepared by management, not audited'],
};

/**
 * Financial statements (docs/business-rules.md, “Buyer risk bands, score and grade”) from the
 * audit type in `financials_status`: Big 4 or 2nd tier Low, other auditor Medium, management
 * prepared High. Null when the status is missing or is a review status (Under Review, Approved,
 * Declined) rather than an audit type.
 */
export function financialStatementsBand(status: string | null | undefined): BandResult | null {
  // Own keys only: a status such as "constructor" must not find Object.prototype's members.
  const entry = status && Object.hasOwn(AUDIT_BANDS, status) ? AUDIT_BANDS[status as AuditType] : null;
  if (!entry) return null;
  return result(entry[0], `Financial statements ${entry[1]}`);
}

/** Who prepared or audited a statement, in words ("audited by a Big 4 firm"); other values as they are. */
export function auditTypeInWords(status: string): string {
  return Object.hasOwn(AUDIT_BANDS, status) ? AUDIT_BANDS[status as AuditType][1] : status;
}

/**
 * Current ratio (docs/business-rules.md, “Buyer risk bands, score and grade”): ≥ 1.5 Low,
 * 1.0–1.5 Medium, < 1.0 High. Null when missing.
 */
export function currentRatioBand(ratio: FigureInput): BandResult | null {
  const v = readFigure(ratio, 'current_ratio');
  return v === null ? null : higherIsBetter('Current ratio', v, 1.5, 1.0);
}

/** Interest coverage (ebit / interest): ≥ 3 Low, 2–3 Medium, < 2 High. Null when missing. */
export function interestCoverageBand(coverage: FigureInput): BandResult | null {
  const v = readFigure(coverage, 'interest_coverage');
  return v === null ? null : higherIsBetter('Interest coverage', v, 3, 2);
}

/** Invoices paid on time, in %: 100 Low, 90–100 Medium, < 90 High. Null when missing. */
export function invoicesPaidOnTimeBand(percent: FigureInput): BandResult | null {
  const v = readFigure(percent, 'buyer_invoices_paid_on_time');
  return v === null ? null : higherIsBetter('Invoices paid on time', v, 100, 90, ' %');
}

/** Invoices past due 30 days, in %: ≤ 1 Low, 1–5 Medium, > 5 High. Null when missing. */
export function pastDue30DaysBand(percent: FigureInput): BandResult | null {
  const v = readFigure(percent, 'buyer_invoices_past_due_30_days');
  return v === null ? null : lowerIsBetter('Invoices past due 30 days', v, 1, 5, ' %');
}

/** Invoices past due 60 days, in %: ≤ 1 Low, 1–2 Medium, > 2 High. Null when missing. */
export function pastDue60DaysBand(percent: FigureInput): BandResult | null {
  const v = readFigure(percent, 'buyer_invoices_past_due_60_days');
  return v === null ? null : lowerIsBetter('Invoices past due 60 days', v, 1, 2, ' %');
}

/**
 * Inventory / COGS, in % (docs/business-rules.md, “Buyer risk bands, score and grade”): 5–20
 * Low; 1–5 or 20–50 Medium; < 1 or > 50 High. The edges 5 and 20 are Low, 1 and 50 Medium. Null
 * when missing.
 */
export function inventoryCogsBand(percent: FigureInput): BandResult | null {
  const v = readFigure(percent, 'inventory_cost_of_goods_sold_ratio');
  if (v === null) return null;
  const label = `Inventory / COGS ${showFigure(v)} %`;
  if (v.gte(d(5)) && v.lte(d(20))) return result('Low', `${label} is within 5–20 %`);
  if (v.gte(d(1)) && v.lt(d(5))) return result('Medium', `${label} is at least 1 % and below 5 %`);
  if (v.gt(d(20)) && v.lte(d(50))) return result('Medium', `${label} is above 20 % and at most 50 %`);
  return result('High', v.lt(d(1)) ? `${label} is below 1 %` : `${label} is above 50 %`);
}
