import type { ModelName } from '@rf/domain/entity';
import type { FieldDef } from '@rf/domain/fields';
import { DERIVED_FINANCIAL_FIELDS, deriveFinancials } from '@rf/domain/financials/derive';

/**
 * How a model's form regroups the registry's sections (e.g. financial statements by balance sheet
 * and income statement) and which figures it shows computed rather than as inputs.
 */
export interface FormLayout {
  /** The form section of a field. */
  readonly sectionOf: (f: FieldDef) => string;
  /** Sections in this order; others follow in registry order. */
  readonly order: readonly string[];
  /** A heading inside a section (the registry's finer section), or null. */
  readonly subsectionOf: (f: FieldDef) => string | null;
  /** Figures the server computes from the others: shown read-only, never sent. */
  readonly computed: readonly string[];
  /** The computed figures for the form's values (a preview of what the server stores). */
  readonly compute: (row: Record<string, unknown>) => Record<string, string | null>;
  /** A note under the computed figures. */
  readonly computedNote: string;
  /** A unit after a computed figure (" %" for percentages). */
  readonly unitOf: (name: string) => string;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * The derived figures of a statement as it is being typed: a figure that is not (yet) a plain
 * decimal counts as missing, so a half-typed number never breaks the preview.
 */
export function previewFinancials(row: Record<string, unknown>): Record<string, string | null> {
  const clean: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (typeof v === 'number') clean[k] = Number.isFinite(v) ? v : null;
    else if (typeof v === 'string') clean[k] = DECIMAL.test(v.trim()) ? v.trim() : null;
    else clean[k] = v;
  }
  return deriveFinancials(clean);
}

const FINANCIALS_SECTIONS: Record<string, string> = {
  'Other fields': 'Statement',
  Attachments: 'Statement documents',
  'Figures: assets': 'Balance sheet',
  'Figures: liabilities': 'Balance sheet',
  'Figures: equity and working capital': 'Balance sheet',
  'Figures: income statement and cash flow': 'Income statement and cash flow',
  'Figures: ratios': 'Ratios and risk bands',
};

const SUBSECTIONS: Record<string, string> = {
  'Figures: assets': 'Assets',
  'Figures: liabilities': 'Liabilities',
  'Figures: equity and working capital': 'Equity and working capital',
};

export const FORM_LAYOUTS: Partial<Record<ModelName, FormLayout>> = {
  // A new request names the buyer's signer of its IPU
  // (docs/business-rules.md, “Signing the financing documents”).
  Request: {
    sectionOf: (f) => (f.section === 'Signature' ? 'Buyer signer of the IPU' : f.section),
    order: [],
    subsectionOf: () => null,
    computed: [],
    compute: () => ({}),
    unitOf: () => '',
    computedNote: '',
  },
  Financials: {
    sectionOf: (f) => FINANCIALS_SECTIONS[f.section] ?? f.section,
    order: [
      'Statement',
      'Balance sheet',
      'Income statement and cash flow',
      'Ratios and risk bands',
      'Statement documents',
    ],
    subsectionOf: (f) => SUBSECTIONS[f.section] ?? null,
    // Total equity may still be typed when its components are not (the server's write policy).
    computed: DERIVED_FINANCIAL_FIELDS.filter((f) => f !== 'total_equity'),
    compute: previewFinancials,
    // derive.ts gives these two as percentages (× 100).
    unitOf: (name) =>
      name === 'inventory_cost_of_goods_sold_ratio' || name === 'inventory_turnover_trend' ? ' %' : '',
    computedNote:
      'Computed from the figures you enter; the platform stores them when you save. The inventory turnover trend needs the previous year’s statement.',
  },
};
