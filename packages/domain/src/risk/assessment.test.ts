import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { Buyer } from '../entities/buyer.ts';
import { Financials } from '../entities/financials.ts';
import { assessBuyer, gradeOf, type RiskCriterion } from './assessment.ts';
import { ANALYST_RISK_FIELDS, COMPUTED_RISK_FIELDS } from './criteria.ts';
import { selectFinancials } from './select.ts';

const TODAY = '2026-06-30';
const BUYER = {
  buyer_name: 'Acme Retail',
  buyer_date_of_incorporation: '2010-05-01',
  buyer_invoices_paid_on_time: '100',
  buyer_invoices_past_due_30_days: '3',
  buyer_invoices_past_due_60_days: '0.5',
  buyer_existing_disputes: false,
  buyer_existing_disputes_risk: 'Low',
};
const FY2025 = {
  financials_reporting_period: 2025,
  financials_status: 'audited-big4',
  financials_denomination: "'000",
  sales: '60000',
  cost_of_goods_sold: '40000',
  current_assets: '1200',
  current_liabilities: '1000',
  current_ratio: '9.99', // typed by hand: ignored, the derived ratio counts
  ebit: '500',
  interest_expenses: '100',
  inventory: '4000',
  current_ratio_risk: 'Low',
  net_profit: '2500',
  net_profit_risk: 'Medium',
};

const byField = (criteria: readonly RiskCriterion[], field: string): RiskCriterion => {
  const found = criteria.find((c) => c.field === field);
  if (!found) throw new Error(`no criterion ${field}`);
  return found;
};

describe('gradeOf', () => {
  it.each([
    ['1', 'A'],
    ['1.50', 'A'],
    ['1.51', 'B'],
    ['2.00', 'B'],
    ['2.01', 'C'],
    ['2.5', 'C'],
    ['2.51', 'D'],
    ['3', 'D'],
  ])('%s → %s', (score, grade) => expect(gradeOf(score)).toBe(grade));

  it('has no grade without a score', () => expect(gradeOf(null)).toBeNull());

  it('property: the grade never improves as the score rises', () => {
    const order = { A: 0, B: 1, C: 2, D: 3 } as const;
    const score = fc.integer({ min: 100, max: 300 }).map((n) => new Decimal(n).div(100).toFixed(2));
    fc.assert(
      fc.property(score, score, (a, b) => {
        const [lo, hi] = Number(a) <= Number(b) ? [a, b] : [b, a];
        expect(order[gradeOf(hi) ?? 'D']).toBeGreaterThanOrEqual(order[gradeOf(lo) ?? 'A']);
      }),
    );
  });
});

describe('assessBuyer', () => {
  const result = assessBuyer({ buyer: BUYER, financials: [FY2025], today: TODAY });

  it('lists every _risk field of Buyer and Financials once', () => {
    const riskFields = [...Buyer.fields, ...Financials.fields]
      .filter((f) => f.type === 'risk')
      .map((f) => f.name);
    expect(result.criteria.map((c) => c.field).sort()).toEqual([...riskFields].sort());
    expect(COMPUTED_RISK_FIELDS).toHaveLength(9);
    expect(ANALYST_RISK_FIELDS).toHaveLength(riskFields.length - 9);
  });

  it('suggests bands from the figures, using derived ratios', () => {
    expect(byField(result.criteria, 'sales_risk')).toMatchObject({ value: '60000000.00', suggested: 'Low' });
    expect(byField(result.criteria, 'buyer_date_of_incorporation_risk').suggested).toBe('Low');
    expect(byField(result.criteria, 'financials_status_risk').suggested).toBe('Low');
    expect(byField(result.criteria, 'current_ratio_risk')).toMatchObject({
      value: '1.2000',
      suggested: 'Medium',
      stored: 'Low',
      overridden: true,
      band: 'Low',
    });
    expect(byField(result.criteria, 'interest_coverage_risk')).toMatchObject({
      value: '5.0000',
      suggested: 'Low',
    });
    expect(byField(result.criteria, 'buyer_invoices_past_due_30_days_risk').suggested).toBe('Medium');
    expect(byField(result.criteria, 'inventory_cost_of_goods_sold_ratio_risk')).toMatchObject({
      value: '10.0000',
      suggested: 'Low',
      overridden: false,
    });
  });

  it('takes analyst-set criteria as stored', () => {
    expect(byField(result.criteria, 'net_profit_risk')).toMatchObject({
      criterion: 'Net profit',
      value: '2500',
      suggested: null,
      stored: 'Medium',
      band: 'Medium',
      overridden: false,
    });
    expect(byField(result.criteria, 'buyer_existing_disputes_risk')).toMatchObject({
      value: 'false',
      band: 'Low',
    });
    expect(byField(result.criteria, 'buyer_insurance_status_risk').band).toBeNull();
  });

  it('scores the mean of the bands set and grades it', () => {
    // Low: size, time, statements, current ratio (stored), coverage, on time, 60 days, inv/COGS,
    // disputes = 9 × 1; Medium: 30 days, net profit = 2 × 2. (9 + 4) / 11 = 1.1818…
    expect(result.score).toBe('1.18');
    expect(result.grade).toBe('A');
    expect(result.explanation).toContain('Score 1.18 is the mean of the 11 bands');
    expect(result.explanation).toContain('Current ratio (suggested Medium, set Low)');
    expect(result.explanation).toContain('2025 statement (audited by a Big 4 firm)');
  });

  it('has no score or grade when nothing is known', () => {
    const empty = assessBuyer({ buyer: {}, today: TODAY });
    expect(empty.score).toBeNull();
    expect(empty.grade).toBeNull();
    expect(byField(empty.criteria, 'sales_risk').reason).toBe(
      'No approved financial statement: no suggestion',
    );
    expect(empty.explanation).toContain('no score or grade');
  });

  it('property: score is the 2-decimal mean of the bands and the grade follows it', () => {
    const bandArb = fc.constantFrom('Low', 'Medium', 'High', null);
    const fields = ANALYST_RISK_FIELDS.filter((f) => !f.onFinancials).map((f) => f.field);
    fc.assert(
      fc.property(fc.array(bandArb, { minLength: fields.length, maxLength: fields.length }), (bands) => {
        const buyer = Object.fromEntries(fields.map((f, i) => [f, bands[i]]));
        const out = assessBuyer({ buyer, today: TODAY });
        const points = bands.flatMap((b) => (b === null ? [] : [{ Low: 1, Medium: 2, High: 3 }[b]]));
        const mean = points.length ? new Decimal(points.reduce((a, b) => a + b, 0)).div(points.length) : null;
        expect(out.score).toBe(
          mean === null ? null : mean.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
        );
        expect(out.grade).toBe(gradeOf(out.score));
      }),
    );
  });
});

describe('selectFinancials', () => {
  it('takes the latest reporting period that is not under review or declined', () => {
    const rows = [
      { financialsId: 'a', financials_reporting_period: 2023, financials_status: 'audited-other' },
      { financialsId: 'b', financials_reporting_period: 2026, financials_status: 'Under Review' },
      { financialsId: 'c', financials_reporting_period: 2025, financials_status: 'Declined' },
      { financialsId: 'd', financials_reporting_period: 2024, financials_status: 'Approved' },
      { financialsId: 'e', financials_reporting_period: 2024, updatedAt: '2026-01-02T00:00:00Z' },
    ];
    const { latest, prior } = selectFinancials(rows);
    expect(latest?.financialsId).toBe('e');
    expect(prior?.financialsId).toBe('a');
  });

  it('has no prior when the year before is missing', () => {
    const { prior } = selectFinancials([
      { financials_reporting_period: 2025 },
      { financials_reporting_period: 2022 },
    ]);
    expect(prior).toBeNull();
  });

  it('feeds the prior year into the inventory turnover trend', () => {
    const prior = { financials_reporting_period: 2024, cost_of_goods_sold: '30000', inventory: '3000' };
    const out = assessBuyer({ buyer: BUYER, financials: [prior, FY2025], today: TODAY });
    // 40,000 / 4,000 = 10 turns against 10 the year before: no change.
    expect(byField(out.criteria, 'inventory_turnover_trend_risk').value).toBe('0.0000');
  });
});
