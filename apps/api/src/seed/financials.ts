import { Decimal } from 'decimal.js';
import type { Rng } from './prng.ts';
import type { SeedRow } from './insert.ts';
import { formatUnits } from './prng.ts';
import { CREDIT_RATINGS } from './fake-words.ts';
import { ownedBy, type PartyRef } from './organisations.ts';
import {
  auditBand,
  bandHigherIsBetter,
  currentRatioBand,
  interestCoverageBand,
  inventoryCogsBand,
  salesBand,
  type AuditType,
} from './risk-bands.ts';

/**
 * Financial statements whose figures add up: totals are sums of their parts, the balance sheet
 * balances and every ratio is derived from the stored figures
 * (docs/business-rules.md, “Buyer risk bands, score and grade”: derived ratios are computed, not
 * typed twice). Amounts are whole cents held as integers, then rendered exactly.
 */

export interface FinancialsSpec {
  readonly owner: { readonly groupId: string };
  readonly party: PartyRef;
  readonly year: number;
  /** Annual sales in whole currency units. */
  readonly sales: number;
  /** Party statements carry a review status; buyer statements carry their audit type there. */
  readonly status: string;
  readonly audit: AuditType;
  readonly previous?: { netProfitCents: number; inventoryTurnover: Decimal };
  /** Projected yearly volume with the buyer, for the inventory / buyer-volume ratio. */
  readonly buyerVolume?: number;
}

export interface FinancialsResult {
  readonly row: SeedRow;
  readonly netProfitCents: number;
  readonly inventoryTurnover: Decimal;
}

const cents = (units: number): number => Math.round(units * 100);
const money = (c: number): string => formatUnits(c, 2);
const ratio = (a: number, b: number): Decimal =>
  b === 0 ? new Decimal(0) : new Decimal(a).dividedBy(b).toDecimalPlaces(4, Decimal.ROUND_HALF_UP);

export function financialsRow(rng: Rng, spec: FinancialsSpec): FinancialsResult {
  const share = (base: number, min: number, max: number) =>
    Math.round(base * (min + rng.next() * (max - min)));
  const sales = cents(spec.sales);
  const cogs = share(sales, 0.55, 0.8);
  const grossMargin = sales - cogs;
  const operatingExpenses = share(sales, 0.06, 0.14);
  const marketing = share(operatingExpenses, 0.1, 0.25);
  const badDebt = share(sales, 0.001, 0.004);
  const otherExpenses = share(sales, 0.002, 0.01);
  const ebitda = grossMargin - operatingExpenses - otherExpenses;

  const property = share(sales, 0.1, 0.35);
  const depreciation = share(property, 0.06, 0.1);
  const ebit = ebitda - depreciation;
  const receivables = share(sales, 45 / 365, 90 / 365);
  const inventoryEnd = share(cogs, 0.03, 0.3);
  const inventoryBeginning = share(inventoryEnd, 0.85, 1.15);
  const cash = share(sales, 0.02, 0.1);
  const securities = rng.chance(0.4) ? share(sales, 0.005, 0.03) : 0;
  const otherCurrentAssets = share(sales, 0.005, 0.02);
  const currentAssets = cash + securities + receivables + inventoryEnd + otherCurrentAssets;
  const goodwill = rng.chance(0.5) ? share(sales, 0.01, 0.08) : 0;
  const otherNonCurrent = share(sales, 0.005, 0.03);
  const totalAssets = currentAssets + property + goodwill + otherNonCurrent;

  const payables = share(cogs, 30 / 365, 75 / 365);
  const shortTermDebt = share(currentAssets, 0.05, 0.35);
  const currentLongTermDebt = share(sales, 0.005, 0.02);
  const accrued = share(sales, 0.005, 0.015);
  const unearned = rng.chance(0.3) ? share(sales, 0.001, 0.01) : 0;
  const otherCurrentLiabilities = share(sales, 0.002, 0.01);
  const longTermDebt = share(totalAssets, 0.05, 0.3);
  const otherLongTerm = share(totalAssets, 0.0, 0.05);
  const interest = Math.max(1, share(shortTermDebt + currentLongTermDebt + longTermDebt, 0.04, 0.09));
  const extraordinary = rng.chance(0.15) ? share(sales, -0.005, 0.005) : 0;
  const ebt = ebit - interest + extraordinary;
  const tax = Math.max(0, Math.round(ebt * 0.22));
  const netProfit = ebt - tax;
  const incomeTaxPayable = Math.round(tax * 0.3);
  const dividendsPayable = netProfit > 0 && rng.chance(0.3) ? Math.round(netProfit * 0.1) : 0;
  const currentLiabilities =
    payables +
    shortTermDebt +
    currentLongTermDebt +
    accrued +
    unearned +
    otherCurrentLiabilities +
    incomeTaxPayable +
    dividendsPayable;
  const totalLiabilities = currentLiabilities + longTermDebt + otherLongTerm;
  const totalEquity = totalAssets - totalLiabilities;
  const commonStock = share(Math.abs(totalEquity), 0.05, 0.2);
  const paidInCapital = share(Math.abs(totalEquity), 0.05, 0.3);
  const retainedEarnings = totalEquity - commonStock - paidInCapital;
  const netOperatingLoss = netProfit < 0 ? -netProfit : 0;

  const debt = shortTermDebt + currentLongTermDebt + longTermDebt;
  const workingCapitalChange = share(receivables + inventoryEnd - payables, -0.05, 0.05);
  const cfo = netProfit + depreciation - workingCapitalChange;
  const capex = -share(property, 0.05, 0.15);

  const currentRatio = ratio(currentAssets, currentLiabilities);
  const interestCoverage = ratio(ebit, interest);
  const inventoryTurnover = ratio(cogs, Math.round((inventoryBeginning + inventoryEnd) / 2));
  const inventoryCogs = ratio(inventoryEnd, cogs);
  // Relative change of the turnover against the prior year's statement.
  const prior = spec.previous?.inventoryTurnover;
  const trend =
    prior && !prior.isZero()
      ? inventoryTurnover.dividedBy(prior).minus(1).toDecimalPlaces(4, Decimal.ROUND_HALF_UP)
      : new Decimal(0);
  const equityNol = ratio(netOperatingLoss, totalEquity);

  // `property` is stated gross and its accumulated depreciation apart, as the platform derives
  // total_assets from them (docs/business-rules.md, “Buyer risk bands, score and grade”).
  const accumulatedDepreciation = depreciation * rng.int(3, 8);
  const row: SeedRow = {
    ...ownedBy(spec.owner),
    [spec.party.field]: spec.party.id,
    current_assets: money(currentAssets),
    cash: money(cash),
    marketable_securities: money(securities),
    accounts_receivable: money(receivables),
    inventory: money(inventoryEnd),
    inventory_beginning: money(inventoryBeginning),
    inventory_end: money(inventoryEnd),
    property: money(property + accumulatedDepreciation),
    goodwill: money(goodwill),
    other_current_assets: money(otherCurrentAssets),
    other_non_current_assets: money(otherNonCurrent),
    accumulated_depreciation: money(accumulatedDepreciation),
    net_operating_loss: money(netOperatingLoss),
    total_assets: money(totalAssets),
    current_liabilities: money(currentLiabilities),
    current_long_term_debt: money(currentLongTermDebt),
    short_term_debt: money(shortTermDebt),
    accounts_payable: money(payables),
    accured_expenses: money(accrued),
    unearned_revenue: money(unearned),
    long_term_debt: money(longTermDebt),
    other_current_liabilities: money(otherCurrentLiabilities),
    other_long_term_liabilities: money(otherLongTerm),
    income_tax_payable: money(incomeTaxPayable),
    dividends_payable: money(dividendsPayable),
    total_liabilities: money(totalLiabilities),
    total_liabilities_and_equity: money(totalLiabilities + totalEquity),
    common_stock: money(commonStock),
    preferred_stock: money(0),
    paid_in_capital: money(paidInCapital),
    retained_earnings: money(retainedEarnings),
    total_equity: money(totalEquity),
    equity_book_value: money(totalEquity),
    equity_market_value: money(share(Math.abs(totalEquity), 0.8, 2.5)),
    working_capital: money(currentAssets - currentLiabilities),
    sales: money(sales),
    sales_risk: salesBand(spec.sales),
    cost_of_goods_sold: money(cogs),
    gross_margin: money(grossMargin),
    operating_expenses: money(operatingExpenses),
    marketing_expenses: money(marketing),
    bad_debt_expenses: money(badDebt),
    other_expenses: money(otherExpenses),
    operating_income: money(ebit),
    ebitda: money(ebitda),
    ebit: money(ebit),
    ebt: money(ebt),
    interest_expenses: money(interest),
    depreciation_expenses: money(depreciation),
    income_tax_expense: money(tax),
    tax_expenses: money(tax),
    extraordinary_income: money(extraordinary),
    net_profit: money(netProfit),
    net_profit_risk: bandHigherIsBetter(netProfit / Math.max(1, sales), 0.05, 0),
    net_profit_previous_year: spec.previous ? money(spec.previous.netProfitCents) : null,
    cash_flow: money(cfo + capex),
    cash_flow_from_operating_activities: money(cfo),
    cash_flow_from_operating_activities_risk: bandHigherIsBetter(cfo / Math.max(1, sales), 0.05, 0),
    sale_purchase_of_fixed_asset: money(capex),
    current_ratio: currentRatio.toFixed(4),
    current_ratio_risk: currentRatioBand(currentRatio.toNumber()),
    debt_equity_ratio: ratio(debt, totalEquity).toFixed(4),
    debt_ebitda_ratio: ratio(debt, ebitda).toFixed(4),
    inventory_turnover: inventoryTurnover.toFixed(4),
    inventory_turnover_risk: bandHigherIsBetter(inventoryTurnover.toNumber(), 6, 3),
    inventory_turnover_trend: trend.toFixed(4),
    inventory_turnover_trend_risk: bandHigherIsBetter(trend.toNumber(), 0, -0.1),
    inventory_cost_of_goods_sold_ratio: inventoryCogs.toFixed(4),
    inventory_cost_of_goods_sold_ratio_risk: inventoryCogsBand(inventoryCogs.times(100).toNumber()),
    inventory_buyer_transaction_amount_ratio: spec.buyerVolume
      ? ratio(inventoryEnd, cents(spec.buyerVolume)).toFixed(4)
      : null,
    interest_coverage: interestCoverage.toFixed(4),
    interest_coverage_risk: interestCoverageBand(interestCoverage.toNumber()),
    equity_net_operating_loss_ratio: equityNol.toFixed(4),
    equity_net_operating_loss_ratio_risk: netOperatingLoss === 0 ? 'Low' : 'High',
    financials_rating: rng.pick(CREDIT_RATINGS),
    financials_reporting_period: spec.year,
    financials_status: spec.status,
    financials_status_risk: auditBand(spec.audit),
    financials_denomination: "'",
  };
  return { row, netProfitCents: netProfit, inventoryTurnover };
}
