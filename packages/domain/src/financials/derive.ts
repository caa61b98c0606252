import type { Decimal } from 'decimal.js';
import { roundHalfUp } from '../money.ts';
import { divide, readFigure, subtract, sumPresent } from './figures.ts';

/**
 * The Financials figures the platform computes from the entered statement figures
 * (docs/business-rules.md, “Buyer risk bands, score and grade”: derived figures are computed
 * from the statement, never typed twice). Every name is a field of `entities/financials.ts`; a form
 * shows them read-only.
 */
export const DERIVED_FINANCIAL_FIELDS = [
  'total_assets',
  'total_liabilities',
  'total_equity',
  'total_liabilities_and_equity',
  'working_capital',
  'gross_margin',
  'current_ratio',
  'interest_coverage',
  'debt_equity_ratio',
  'debt_ebitda_ratio',
  'inventory_turnover',
  'inventory_turnover_trend',
  'inventory_cost_of_goods_sold_ratio',
  'equity_net_operating_loss_ratio',
] as const;
export type DerivedFinancialField = (typeof DERIVED_FINANCIAL_FIELDS)[number];

/** Money figures keep 2 decimals, ratios 4; both rounded half-up (money.ts `roundHalfUp`). */
export const DERIVED_MONEY_DECIMALS = 2;
export const DERIVED_RATIO_DECIMALS = 4;

/** A Financials record, or the figures of a form; values are decimal strings (or numbers). */
export type FinancialsRow = Readonly<Record<string, unknown>>;

export interface DeriveFinancialsOptions {
  /**
   * The same company's statement for the previous reporting period, if the caller has it; only
   * `inventory_turnover_trend` uses it. Without it the trend is null.
   */
  readonly prior?: FinancialsRow | null;
}

/** The derived figures, unrounded, in the statement's own units (`financials_denomination`). */
type Exact = Record<DerivedFinancialField, Decimal | null>;

const HUNDRED = 100;

/**
 * Average inventory for the turnover: `(inventory_beginning + inventory_end) / 2` when both are
 * entered; otherwise `inventory`; otherwise `inventory_end` (the closing stock is the balance-sheet
 * inventory); otherwise missing. An opening figure alone is not used.
 */
export function averageInventory(row: FinancialsRow): Decimal | null {
  const begin = readFigure(row.inventory_beginning, 'inventory_beginning');
  const end = readFigure(row.inventory_end, 'inventory_end');
  if (begin !== null && end !== null) return begin.plus(end).div(2);
  return readFigure(row.inventory, 'inventory') ?? end;
}

/** `cost_of_goods_sold / averageInventory(row)`, unrounded; null when missing or zero. */
export function inventoryTurnoverOf(row: FinancialsRow): Decimal | null {
  return divide(readFigure(row.cost_of_goods_sold, 'cost_of_goods_sold'), averageInventory(row));
}

function exactFigures(row: FinancialsRow, prior: FinancialsRow | null | undefined): Exact {
  const f = (name: string): Decimal | null => readFigure(row[name], name);
  const depreciation = f('accumulated_depreciation');
  const totalAssets = sumPresent([
    f('current_assets'),
    f('property'),
    depreciation === null ? null : depreciation.abs().neg(),
    f('goodwill'),
    f('other_non_current_assets'),
  ]);
  const totalLiabilities = sumPresent([
    f('current_liabilities'),
    f('long_term_debt'),
    f('other_long_term_liabilities'),
  ]);
  const totalEquity =
    sumPresent([f('common_stock'), f('preferred_stock'), f('paid_in_capital'), f('retained_earnings')]) ??
    f('total_equity');
  const debt = sumPresent([f('short_term_debt'), f('current_long_term_debt'), f('long_term_debt')]);
  const cogs = f('cost_of_goods_sold');
  const turnover = inventoryTurnoverOf(row);
  const priorTurnover = prior ? inventoryTurnoverOf(prior) : null;
  const inventoryRatio = divide(f('inventory') ?? f('inventory_end'), cogs);
  const trend = divide(subtract(turnover, priorTurnover), priorTurnover?.abs() ?? null);
  return {
    total_assets: totalAssets,
    total_liabilities: totalLiabilities,
    total_equity: totalEquity,
    total_liabilities_and_equity: sumPresent([totalLiabilities, totalEquity]),
    working_capital: subtract(f('current_assets'), f('current_liabilities')),
    gross_margin: subtract(f('sales'), cogs),
    current_ratio: divide(f('current_assets'), f('current_liabilities')),
    interest_coverage: divide(f('ebit'), f('interest_expenses')),
    debt_equity_ratio: divide(debt, totalEquity),
    debt_ebitda_ratio: divide(debt, f('ebitda')),
    inventory_turnover: turnover,
    inventory_turnover_trend: trend === null ? null : trend.times(HUNDRED),
    inventory_cost_of_goods_sold_ratio: inventoryRatio === null ? null : inventoryRatio.times(HUNDRED),
    equity_net_operating_loss_ratio: divide(f('net_operating_loss'), totalEquity),
  };
}

const MONEY_FIELDS: ReadonlySet<DerivedFinancialField> = new Set([
  'total_assets',
  'total_liabilities',
  'total_equity',
  'total_liabilities_and_equity',
  'working_capital',
  'gross_margin',
]);

/**
 * Computes the derived Financials figures from a statement's entered figures. Values are decimal
 * strings; an absent figure is *missing*, not zero. Money comes back with 2 decimals, ratios with 4
 * (half-up); a missing input or a zero divisor gives null. Figures stay in the statement's units
 * (`financials_denomination` is not applied: every figure of one statement shares it, so the
 * ratios do not depend on it). Expenses and costs are taken as entered (positive amounts).
 *
 * Money (sums count a missing part as 0 only when at least one part is present):
 * - `total_assets` = current_assets + property − |accumulated_depreciation| + goodwill +
 *   other_non_current_assets (property is gross PPE; the depreciation is deducted whichever sign it
 *   was typed with; cash, receivables, inventory, … are already inside current_assets, and
 *   net_operating_loss is a memo figure, not an asset line).
 * - `total_liabilities` = current_liabilities + long_term_debt + other_long_term_liabilities (the
 *   other liability lines are parts of current_liabilities).
 * - `total_equity` = common_stock + preferred_stock + paid_in_capital + retained_earnings when any
 *   of them is entered; otherwise the entered total_equity, so a statement giving only the total
 *   still has one.
 * - `total_liabilities_and_equity` = total_liabilities + total_equity (both as derived).
 * - `working_capital` = current_assets − current_liabilities (both required).
 * - `gross_margin` = sales − cost_of_goods_sold (both required; an amount, not a percentage).
 *
 * Ratios (4 decimals):
 * - `current_ratio` = current_assets / current_liabilities.
 * - `interest_coverage` = ebit / interest_expenses.
 * - `debt_equity_ratio` = debt / total_equity and `debt_ebitda_ratio` = debt / ebitda, where
 *   debt = short_term_debt + current_long_term_debt + long_term_debt (a sum as above).
 * - `inventory_turnover` = cost_of_goods_sold / average inventory (see `averageInventory`).
 * - `inventory_turnover_trend` = percentage change of inventory_turnover against the prior period,
 *   (turnover − prior turnover) / |prior turnover| × 100, with the prior turnover computed by the
 *   same formula from `options.prior`; null without a prior statement. +10 means stock turned 10 %
 *   faster than the year before.
 * - `inventory_cost_of_goods_sold_ratio` = inventory / cost_of_goods_sold × 100, a percentage as
 *   in docs/business-rules.md, “Buyer risk bands, score and grade” ("Inventory / COGS 5–20
 *   %"); inventory falls back to inventory_end.
 * - `equity_net_operating_loss_ratio` = net_operating_loss / total_equity (a plain ratio, like
 *   debt/equity).
 *
 * @throws when a present figure is not a decimal number (the validators never store one).
 */
export function deriveFinancials(
  row: FinancialsRow,
  options: DeriveFinancialsOptions = {},
): Record<DerivedFinancialField, string | null> {
  const exact = exactFigures(row, options.prior);
  const out = {} as Record<DerivedFinancialField, string | null>;
  for (const name of DERIVED_FINANCIAL_FIELDS) {
    const value = exact[name];
    const digits = MONEY_FIELDS.has(name) ? DERIVED_MONEY_DECIMALS : DERIVED_RATIO_DECIMALS;
    out[name] = value === null ? null : roundHalfUp(value, digits);
  }
  return out;
}
