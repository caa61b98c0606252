import { Buyer } from '../entities/buyer.ts';
import { Financials } from '../entities/financials.ts';
import type { FieldDef } from '../fields.ts';
import type { DerivedFinancialField, FinancialsRow } from '../financials/derive.ts';
import {
  currentRatioBand,
  financialStatementsBand,
  interestCoverageBand,
  inventoryCogsBand,
  invoicesPaidOnTimeBand,
  pastDue30DaysBand,
  pastDue60DaysBand,
  scaleByDenomination,
  sizeBand,
  timeInBusinessBand,
  type BandResult,
} from './bands.ts';

/** What a criterion reads: the buyer, the chosen statement and its derived figures, the day. */
export interface RiskContext {
  readonly buyer: Readonly<Record<string, unknown>>;
  readonly fin: FinancialsRow | null;
  readonly derived: Record<DerivedFinancialField, string | null> | null;
  readonly today: string;
}

/** A criterion with a platform suggestion. */
export interface ComputedCriterionDef {
  readonly criterion: string;
  readonly field: string;
  readonly onFinancials: boolean;
  /** Why there is no suggestion when the figure is missing. */
  readonly missing: string;
  readonly value: (c: RiskContext) => string | null;
  readonly band: (c: RiskContext) => BandResult | null;
}

/** A stored value as text; null, undefined and the empty string are missing. */
export const textOf = (value: unknown): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);
const finText = (c: RiskContext, name: string): string | null => (c.fin ? textOf(c.fin[name]) : null);
const derivedOf = (c: RiskContext, name: DerivedFinancialField): string | null => c.derived?.[name] ?? null;

/**
 * The criteria the platform suggests a band for
 * (docs/business-rules.md, “Buyer risk bands, score and grade”), with their `_risk` fields.
 */
export const COMPUTED_CRITERIA: readonly ComputedCriterionDef[] = [
  {
    criterion: 'Size (annual sales)',
    field: 'sales_risk',
    onFinancials: true,
    missing: 'No annual sales on the statement',
    value: (c) =>
      c.fin
        ? (scaleByDenomination(textOf(c.fin.sales), textOf(c.fin.financials_denomination))?.toFixed(2) ??
          null)
        : null,
    band: (c) => (c.fin ? sizeBand(textOf(c.fin.sales), textOf(c.fin.financials_denomination)) : null),
  },
  {
    criterion: 'Time in business',
    field: 'buyer_date_of_incorporation_risk',
    onFinancials: false,
    missing: 'No date of incorporation',
    value: (c) => textOf(c.buyer.buyer_date_of_incorporation),
    band: (c) => timeInBusinessBand(textOf(c.buyer.buyer_date_of_incorporation), c.today),
  },
  {
    criterion: 'Financial statements',
    field: 'financials_status_risk',
    onFinancials: true,
    missing: 'No audit type on the statement',
    value: (c) => finText(c, 'financials_status'),
    band: (c) => financialStatementsBand(finText(c, 'financials_status')),
  },
  {
    criterion: 'Current ratio',
    field: 'current_ratio_risk',
    onFinancials: true,
    missing: 'Current ratio needs current assets and non-zero current liabilities',
    value: (c) => derivedOf(c, 'current_ratio'),
    band: (c) => currentRatioBand(derivedOf(c, 'current_ratio')),
  },
  {
    criterion: 'Interest coverage',
    field: 'interest_coverage_risk',
    onFinancials: true,
    missing: 'Interest coverage needs EBIT and non-zero interest expenses',
    value: (c) => derivedOf(c, 'interest_coverage'),
    band: (c) => interestCoverageBand(derivedOf(c, 'interest_coverage')),
  },
  {
    criterion: 'Invoices paid on time',
    field: 'buyer_invoices_paid_on_time_risk',
    onFinancials: false,
    missing: 'No share of invoices paid on time',
    value: (c) => textOf(c.buyer.buyer_invoices_paid_on_time),
    band: (c) => invoicesPaidOnTimeBand(textOf(c.buyer.buyer_invoices_paid_on_time)),
  },
  {
    criterion: 'Past due 30 days',
    field: 'buyer_invoices_past_due_30_days_risk',
    onFinancials: false,
    missing: 'No share of invoices past due 30 days',
    value: (c) => textOf(c.buyer.buyer_invoices_past_due_30_days),
    band: (c) => pastDue30DaysBand(textOf(c.buyer.buyer_invoices_past_due_30_days)),
  },
  {
    criterion: 'Past due 60 days',
    field: 'buyer_invoices_past_due_60_days_risk',
    onFinancials: false,
    missing: 'No share of invoices past due 60 days',
    value: (c) => textOf(c.buyer.buyer_invoices_past_due_60_days),
    band: (c) => pastDue60DaysBand(textOf(c.buyer.buyer_invoices_past_due_60_days)),
  },
  {
    criterion: 'Inventory / COGS',
    field: 'inventory_cost_of_goods_sold_ratio_risk',
    onFinancials: true,
    missing: 'Inventory / COGS needs inventory and non-zero cost of goods sold',
    value: (c) => derivedOf(c, 'inventory_cost_of_goods_sold_ratio'),
    band: (c) => inventoryCogsBand(derivedOf(c, 'inventory_cost_of_goods_sold_ratio')),
  },
];

const COMPUTED_FIELDS = new Set(COMPUTED_CRITERIA.map((def) => def.field));
const riskFieldsOf = (fields: readonly FieldDef[]): string[] =>
  fields.filter((f) => f.type === 'risk' && !COMPUTED_FIELDS.has(f.name)).map((f) => f.name);

/**
 * The `_risk` fields the analyst sets by judgement
 * (docs/business-rules.md, “Buyer risk bands, score and grade”), Buyer's then Financials'.
 */
export const ANALYST_RISK_FIELDS: readonly { readonly field: string; readonly onFinancials: boolean }[] = [
  ...riskFieldsOf(Buyer.fields).map((field) => ({ field, onFinancials: false })),
  ...riskFieldsOf(Financials.fields).map((field) => ({ field, onFinancials: true })),
];

/** The `_risk` fields whose band the platform suggests from a figure. */
export const COMPUTED_RISK_FIELDS: readonly string[] = COMPUTED_CRITERIA.map((def) => def.field);
