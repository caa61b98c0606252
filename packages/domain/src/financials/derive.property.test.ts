import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { MoneyDecimal } from '../money.ts';
import { DERIVED_FINANCIAL_FIELDS, deriveFinancials, type DerivedFinancialField } from './derive.ts';

/**
 * Properties of every derived figure (docs/business-rules.md, “Buyer risk bands, score and grade”:
 * derived figures are computed from the statement), each checked against its formula written out
 * here with an independent decimal oracle: 4 decimals half-up for ratios, 2 for money, null for a
 * missing input or a zero divisor.
 */
const D = (v: string) => new MoneyDecimal(v);
const cents = (min: bigint, max: bigint) =>
  fc.bigInt({ min, max }).map((c) => new Decimal(c.toString()).div(100).toFixed(2));
const money = cents(-(10n ** 13n), 10n ** 13n);
const positive = cents(1n, 10n ** 13n);
const nonZero = fc.oneof(
  positive,
  positive.map((v) => `-${v}`),
);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

const half = (v: Decimal, digits: number) => {
  const r = v.toDecimalPlaces(digits, Decimal.ROUND_HALF_UP);
  return (r.isZero() ? r.abs() : r).toFixed(digits);
};
const ratio = (a: string, b: string) => half(D(a).div(D(b)), 4);
const sum = (...parts: (string | undefined)[]) => {
  const present = parts.filter((p): p is string => p !== undefined);
  return present.length ? present.reduce((s, p) => s.plus(D(p)), D('0')) : null;
};

describe('derived ratios are the rounded quotients of their formulas', () => {
  it('current ratio, interest coverage and equity / NOL', () => {
    fc.assert(
      fc.property(money, nonZero, money, nonZero, money, nonZero, (ca, cl, ebit, interest, nol, equity) => {
        const out = deriveFinancials({
          current_assets: ca,
          current_liabilities: cl,
          ebit,
          interest_expenses: interest,
          net_operating_loss: nol,
          total_equity: equity,
        });
        expect(out.current_ratio).toBe(ratio(ca, cl));
        expect(out.interest_coverage).toBe(ratio(ebit, interest));
        expect(out.equity_net_operating_loss_ratio).toBe(ratio(nol, equity));
      }),
    );
  });

  it('debt / equity and debt / EBITDA, debt being the sum of the debt lines entered', () => {
    fc.assert(
      fc.property(
        fc.record({
          short_term_debt: maybe(money),
          current_long_term_debt: maybe(money),
          long_term_debt: maybe(money),
          common_stock: maybe(money),
          preferred_stock: maybe(money),
          paid_in_capital: maybe(money),
          retained_earnings: maybe(money),
          ebitda: maybe(money),
        }),
        (row) => {
          const out = deriveFinancials(row);
          const debt = sum(row.short_term_debt, row.current_long_term_debt, row.long_term_debt);
          const equity = sum(
            row.common_stock,
            row.preferred_stock,
            row.paid_in_capital,
            row.retained_earnings,
          );
          const q = (den: Decimal | null) =>
            debt === null || den === null || den.isZero() ? null : half(debt.div(den), 4);
          expect(out.debt_equity_ratio).toBe(q(equity));
          expect(out.debt_ebitda_ratio).toBe(q(row.ebitda === undefined ? null : D(row.ebitda)));
          expect(out.total_equity).toBe(equity === null ? null : half(equity, 2));
        },
      ),
    );
  });

  it('inventory turnover on the average stock, and inventory / COGS in %', () => {
    fc.assert(
      fc.property(
        nonZero,
        maybe(positive),
        maybe(positive),
        maybe(positive),
        (cogs, inventory, beginning, end) => {
          const out = deriveFinancials({
            cost_of_goods_sold: cogs,
            inventory,
            inventory_beginning: beginning,
            inventory_end: end,
          });
          const average =
            beginning !== undefined && end !== undefined
              ? D(beginning).plus(D(end)).div(2)
              : inventory !== undefined
                ? D(inventory)
                : end !== undefined
                  ? D(end)
                  : null;
          expect(out.inventory_turnover).toBe(average === null ? null : half(D(cogs).div(average), 4));
          const stock = inventory ?? end;
          expect(out.inventory_cost_of_goods_sold_ratio).toBe(
            stock === undefined ? null : half(D(stock).div(D(cogs)).times(100), 4),
          );
        },
      ),
    );
  });

  it('inventory trend: the % change of turnover against the prior year, with its sign', () => {
    fc.assert(
      fc.property(positive, positive, positive, positive, (cogs, stock, priorCogs, priorStock) => {
        const now = D(cogs).div(D(stock));
        const before = D(priorCogs).div(D(priorStock));
        const out = deriveFinancials(
          { cost_of_goods_sold: cogs, inventory: stock },
          { prior: { cost_of_goods_sold: priorCogs, inventory: priorStock } },
        );
        expect(out.inventory_turnover_trend).toBe(half(now.minus(before).div(before.abs()).times(100), 4));
        const trend = D(out.inventory_turnover_trend!);
        if (now.gt(before)) expect(trend.gte(0)).toBe(true);
        if (now.lt(before)) expect(trend.lte(0)).toBe(true);
        // The same figures a year apart are no change.
        const same = deriveFinancials(
          { cost_of_goods_sold: cogs, inventory: stock },
          { prior: { cost_of_goods_sold: cogs, inventory: stock } },
        );
        expect(same.inventory_turnover_trend).toBe('0.0000');
        expect(
          deriveFinancials({ cost_of_goods_sold: cogs, inventory: stock }).inventory_turnover_trend,
        ).toBeNull();
      }),
    );
  });
});

describe('totals', () => {
  it('assets net the depreciation whatever its sign; liabilities and equity add up', () => {
    fc.assert(
      fc.property(
        fc.record({
          current_assets: maybe(money),
          property: maybe(money),
          accumulated_depreciation: maybe(money),
          goodwill: maybe(money),
          other_non_current_assets: maybe(money),
          current_liabilities: maybe(money),
          long_term_debt: maybe(money),
          other_long_term_liabilities: maybe(money),
        }),
        (row) => {
          const out = deriveFinancials(row);
          const dep = row.accumulated_depreciation;
          const assets = sum(
            row.current_assets,
            row.property,
            dep === undefined ? undefined : D(dep).abs().neg().toString(),
            row.goodwill,
            row.other_non_current_assets,
          );
          const liabilities = sum(
            row.current_liabilities,
            row.long_term_debt,
            row.other_long_term_liabilities,
          );
          expect(out.total_assets).toBe(assets === null ? null : half(assets, 2));
          expect(out.total_liabilities).toBe(liabilities === null ? null : half(liabilities, 2));
          const flipped =
            dep === undefined ? row : { ...row, accumulated_depreciation: D(dep).neg().toFixed(2) };
          expect(deriveFinancials(flipped).total_assets).toBe(out.total_assets);
          expect(out.working_capital).toBe(
            row.current_assets === undefined || row.current_liabilities === undefined
              ? null
              : half(D(row.current_assets).minus(D(row.current_liabilities)), 2),
          );
        },
      ),
    );
  });
});

describe('division by zero and units', () => {
  it('a divisor that adds up to zero gives null, never Infinity or NaN', () => {
    fc.assert(
      fc.property(positive, money, (x, numerator) => {
        // Equity components that cancel out: debt / equity and equity / NOL have no value.
        const out = deriveFinancials({
          common_stock: x,
          retained_earnings: `-${x}`,
          long_term_debt: numerator,
          net_operating_loss: numerator,
          inventory_beginning: x,
          inventory_end: `-${x}`,
          cost_of_goods_sold: numerator,
        });
        expect(out.total_equity).toBe('0.00');
        expect(out.debt_equity_ratio).toBeNull();
        expect(out.equity_net_operating_loss_ratio).toBeNull();
        expect(out.inventory_turnover).toBeNull();
        for (const name of DERIVED_FINANCIAL_FIELDS)
          if (out[name] !== null) expect(out[name]).toMatch(/^-?\d+\.\d+$/);
      }),
    );
  });

  it('ratios do not depend on the denomination: every figure × 1000 gives the same ratios', () => {
    const RATIOS: DerivedFinancialField[] = [
      'current_ratio',
      'interest_coverage',
      'debt_equity_ratio',
      'debt_ebitda_ratio',
      'inventory_turnover',
      'inventory_cost_of_goods_sold_ratio',
      'equity_net_operating_loss_ratio',
    ];
    fc.assert(
      fc.property(
        fc.record({
          current_assets: money,
          current_liabilities: nonZero,
          ebit: money,
          interest_expenses: nonZero,
          long_term_debt: money,
          common_stock: nonZero,
          ebitda: nonZero,
          cost_of_goods_sold: nonZero,
          inventory: positive,
          net_operating_loss: money,
        }),
        (row) => {
          const scaled = Object.fromEntries(
            Object.entries(row).map(([k, v]) => [k, D(v).times(1000).toFixed(2)]),
          );
          const a = deriveFinancials(row);
          const b = deriveFinancials(scaled);
          for (const name of RATIOS) expect(b[name], name).toBe(a[name]);
        },
      ),
    );
  });

  it('money keeps 2 decimals and ratios 4, whatever the input precision', () => {
    const fine = fc
      .bigInt({ min: -(10n ** 16n), max: 10n ** 16n })
      .map((n) => new Decimal(n.toString()).div(10_000).toString());
    fc.assert(
      fc.property(fine, fine, (a, b) => {
        const out = deriveFinancials({
          current_assets: a,
          current_liabilities: b,
          sales: a,
          cost_of_goods_sold: b,
        });
        expect(out.working_capital).toMatch(/^-?\d+\.\d{2}$/);
        expect(out.gross_margin).toMatch(/^-?\d+\.\d{2}$/);
        if (!D(b).isZero()) expect(out.current_ratio).toMatch(/^-?\d+\.\d{4}$/);
      }),
    );
  });
});
