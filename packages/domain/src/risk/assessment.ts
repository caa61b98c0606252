import { labelOf, RISK_BANDS } from '../fields.ts';
import { MoneyDecimal, roundHalfUp } from '../money.ts';
import { deriveFinancials, type DerivedFinancialField, type FinancialsRow } from '../financials/derive.ts';
import { readFigure, type FigureInput } from '../financials/figures.ts';
import { auditTypeInWords, type Band } from './bands.ts';
import {
  ANALYST_RISK_FIELDS,
  COMPUTED_CRITERIA,
  textOf,
  type ComputedCriterionDef,
  type RiskContext,
} from './criteria.ts';
import { reportingPeriodOf, selectFinancials } from './select.ts';

/** The buyer grade (docs/business-rules.md, “Buyer risk bands, score and grade”). */
export type Grade = 'A' | 'B' | 'C' | 'D';

/** One row of the risk table shown on the buyer and financials screens. */
export interface RiskCriterion {
  readonly criterion: string;
  /** The `_risk` field of Buyer or Financials that stores the band. */
  readonly field: string;
  /** The figure the band is read from, as text; null when missing. */
  readonly value: string | null;
  /** The platform's band from the figure; null for analyst-set criteria or a missing figure. */
  readonly suggested: Band | null;
  /** The band stored in the `_risk` field. */
  readonly stored: Band | null;
  /** True when a stored band differs from the suggested one (an analyst override). */
  readonly overridden: boolean;
  /** The band that counts: stored ?? suggested. */
  readonly band: Band | null;
  readonly reason: string;
}

export interface BuyerAssessment {
  readonly criteria: readonly RiskCriterion[];
  /** Mean of Low 1, Medium 2, High 3 over the criteria with a band, 2 decimals; null if none. */
  readonly score: string | null;
  readonly grade: Grade | null;
  readonly explanation: string;
}

export interface AssessBuyerInput {
  readonly buyer: Readonly<Record<string, unknown>>;
  /** The buyer's statements (the latest assessable one is used, see `selectFinancials`), or one. */
  readonly financials?: readonly FinancialsRow[] | FinancialsRow | null;
  /** The day of the assessment, YYYY-MM-DD (time in business counts years up to it). */
  readonly today: string;
}

/**
 * Points per band in the score (docs/business-rules.md, “Buyer risk bands, score and grade”).
 */
export const BAND_POINTS: Readonly<Record<Band, number>> = { Low: 1, Medium: 2, High: 3 };

/**
 * Upper score limit of each grade, inclusive
 * (docs/business-rules.md, “Buyer risk bands, score and grade”); above the last is D.
 */
export const GRADE_LIMITS: readonly (readonly [Grade, string])[] = [
  ['A', '1.5'],
  ['B', '2.0'],
  ['C', '2.5'],
];

/**
 * The grade of a score: ≤ 1.5 A, ≤ 2.0 B, ≤ 2.5 C, above D; null without a score.
 * `assessBuyer` passes the score as shown (2 decimals) so the user can check the grade from it.
 */
export function gradeOf(score: FigureInput): Grade | null {
  const value = readFigure(score, 'score');
  if (value === null) return null;
  for (const [grade, limit] of GRADE_LIMITS) if (value.lte(limit)) return grade;
  return 'D';
}

const NO_STATEMENT = 'No approved financial statement';

function bandOf(value: unknown): Band | null {
  return typeof value === 'string' && (RISK_BANDS as readonly string[]).includes(value)
    ? (value as Band)
    : null;
}

function computedCriterion(def: ComputedCriterionDef, c: RiskContext): RiskCriterion {
  const record = def.onFinancials ? c.fin : c.buyer;
  const stored = record ? bandOf(record[def.field]) : null;
  const suggestion = def.onFinancials && !c.fin ? null : def.band(c);
  const suggested = suggestion?.band ?? null;
  const overridden = stored !== null && suggested !== null && stored !== suggested;
  let reason = suggestion
    ? suggestion.reason
    : `${def.onFinancials && !c.fin ? NO_STATEMENT : def.missing}: no suggestion`;
  if (stored !== null && stored !== suggested) reason += `; set by the analyst to ${stored}`;
  return {
    criterion: def.criterion,
    field: def.field,
    value: def.value(c),
    suggested,
    stored,
    overridden,
    band: stored ?? suggested,
    reason,
  };
}

function analystCriterion(field: string, onFinancials: boolean, c: RiskContext): RiskCriterion {
  const base = field.replace(/_risk$/, '');
  const record = onFinancials ? c.fin : c.buyer;
  const stored = record ? bandOf(record[field]) : null;
  const derived = c.derived && base in c.derived ? c.derived[base as DerivedFinancialField] : undefined;
  const value = derived !== undefined ? derived : record ? textOf(record[base]) : null;
  const reason =
    onFinancials && !record
      ? NO_STATEMENT
      : stored
        ? `Set by the analyst: ${stored}`
        : 'Not set by the analyst';
  return {
    criterion: labelOf(base),
    field,
    value,
    suggested: null,
    stored,
    overridden: false,
    band: stored,
    reason,
  };
}

function explain(
  criteria: readonly RiskCriterion[],
  score: string | null,
  grade: Grade | null,
  fin: FinancialsRow | null,
): string {
  const statement = fin
    ? `Figures from the ${reportingPeriodOf(fin) ?? 'undated'} statement${fin.financials_status ? ` (${auditTypeInWords(String(fin.financials_status))})` : ''}.`
    : `${NO_STATEMENT}: the statement criteria have no figures.`;
  const set = criteria.filter((c) => c.band !== null);
  if (score === null || grade === null)
    return `No band is suggested or set yet, so there is no score or grade. ${statement}`;
  const counts = (['Low', 'Medium', 'High'] as const)
    .map((b) => `${set.filter((c) => c.band === b).length} ${b}`)
    .join(', ');
  const overrides = criteria.filter((c) => c.overridden);
  const parts = [
    `Score ${score} is the mean of the ${set.length} bands set or suggested (Low 1, Medium 2, High 3: ${counts}).`,
    `Grade ${grade}: a score up to 1.50 is A, up to 2.00 B, up to 2.50 C, above that D.`,
    `${criteria.length - set.length} of ${criteria.length} criteria have no band and do not count.`,
  ];
  if (overrides.length > 0) {
    const list = overrides
      .map((c) => `${c.criterion} (suggested ${c.suggested}, set ${c.stored})`)
      .join(', ');
    parts.push(
      `The analyst overrode ${overrides.length} suggestion${overrides.length === 1 ? '' : 's'}: ${list}.`,
    );
  }
  parts.push(statement);
  return parts.join(' ');
}

/**
 * Assesses a buyer line (docs/business-rules.md, “Buyer risk bands, score and grade”): one
 * criterion per `_risk` field of Buyer and Financials — the nine with a figure get a suggested
 * band (from the derived ratios of the chosen statement, never the typed ones), the others are
 * analyst-set — then the score (mean of Low 1, Medium 2, High 3 over the criteria with a band,
 * where the band is the stored one if any, else the suggestion; 2 decimals half-up) and the grade
 * of that score (`gradeOf`). The statement is `selectFinancials(financials).latest`: the latest
 * reporting period not Under Review or Declined.
 */
export function assessBuyer(input: AssessBuyerInput): BuyerAssessment {
  const rows = input.financials
    ? Array.isArray(input.financials)
      ? input.financials
      : [input.financials]
    : [];
  const { latest, prior } = selectFinancials(rows as readonly FinancialsRow[]);
  const c: RiskContext = {
    buyer: input.buyer,
    fin: latest,
    derived: latest ? deriveFinancials(latest, { prior }) : null,
    today: input.today,
  };
  const criteria = [
    ...COMPUTED_CRITERIA.map((def) => computedCriterion(def, c)),
    ...ANALYST_RISK_FIELDS.map(({ field, onFinancials }) => analystCriterion(field, onFinancials, c)),
  ];
  const points = criteria.flatMap((x) => (x.band ? [BAND_POINTS[x.band]] : []));
  const score =
    points.length === 0
      ? null
      : roundHalfUp(new MoneyDecimal(points.reduce((a, b) => a + b, 0)).div(points.length), 2);
  const grade = gradeOf(score);
  return { criteria, score, grade, explanation: explain(criteria, score, grade, latest) };
}
