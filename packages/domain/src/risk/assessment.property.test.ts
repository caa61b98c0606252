import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { RISK_BANDS } from '../fields.ts';
import { assessBuyer, gradeOf } from './assessment.ts';
import { ANALYST_RISK_FIELDS, COMPUTED_CRITERIA } from './criteria.ts';
import { AUDIT_TYPES, type Band } from './bands.ts';

/**
 * The aggregate of docs/business-rules.md, “Buyer risk bands, score and grade” over random
 * buyers and statements: the analyst's band is kept over the suggestion, the score is the mean of
 * Low 1 / Medium 2 / High 3 over the criteria with a band, and the grade follows the score table.
 */
const TODAY = '2026-06-30';
const POINTS: Record<Band, number> = { Low: 1, Medium: 2, High: 3 };
const band = fc.constantFrom<Band | null>(...RISK_BANDS, null);
const pct = fc.integer({ min: 0, max: 10_000 }).map((n) => new Decimal(n).div(100).toString());
const amount = fc.integer({ min: 1, max: 10_000_000 }).map(String);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

const buyerArb = fc.record({
  buyer_date_of_incorporation: maybe(
    fc
      .integer({ min: 0, max: 40 * 365 })
      .map((n) => new Date(Date.UTC(1990, 0, 1) + n * 86_400_000).toISOString().slice(0, 10)),
  ),
  buyer_invoices_paid_on_time: maybe(pct),
  buyer_invoices_past_due_30_days: maybe(pct),
  buyer_invoices_past_due_60_days: maybe(pct),
});
const statementArb = fc.option(
  fc.record({
    financials_reporting_period: fc.constant(2025),
    financials_status: maybe(fc.constantFrom(...AUDIT_TYPES)),
    financials_denomination: maybe(fc.constantFrom("'", "'000", "'000,000")),
    sales: maybe(amount),
    current_assets: maybe(amount),
    current_liabilities: maybe(amount),
    ebit: maybe(amount),
    interest_expenses: maybe(amount),
    cost_of_goods_sold: maybe(amount),
    inventory: maybe(amount),
  }),
  { nil: null },
);
/** Stored `_risk` bands for every criterion, split by the record that holds them. */
const storedArb = fc.record({
  computed: fc.array(band, { minLength: COMPUTED_CRITERIA.length, maxLength: COMPUTED_CRITERIA.length }),
  analyst: fc.array(band, { minLength: ANALYST_RISK_FIELDS.length, maxLength: ANALYST_RISK_FIELDS.length }),
});

const gradeTable = (score: string) => {
  const s = new Decimal(score);
  return s.lte(1.5) ? 'A' : s.lte(2) ? 'B' : s.lte(2.5) ? 'C' : 'D';
};

function withStored(
  buyer: Record<string, unknown>,
  statement: Record<string, unknown> | null,
  stored: { computed: (Band | null)[]; analyst: (Band | null)[] },
) {
  const b: Record<string, unknown> = { ...buyer };
  const f: Record<string, unknown> | null = statement ? { ...statement } : null;
  COMPUTED_CRITERIA.forEach((def, i) => {
    const target = def.onFinancials ? f : b;
    if (target) target[def.field] = stored.computed[i];
  });
  ANALYST_RISK_FIELDS.forEach(({ field, onFinancials }, i) => {
    const target = onFinancials ? f : b;
    if (target) target[field] = stored.analyst[i];
  });
  return { buyer: b, financials: f };
}

describe('assessBuyer over random buyers', () => {
  it('keeps the analyst’s band over the suggestion, and the suggestion as it was', () => {
    fc.assert(
      fc.property(buyerArb, statementArb, storedArb, (buyer, statement, stored) => {
        const plain = assessBuyer({ buyer, financials: statement, today: TODAY });
        const set = withStored(buyer, statement, stored);
        const out = assessBuyer({ ...set, today: TODAY });
        for (const c of out.criteria) {
          const before = plain.criteria.find((p) => p.field === c.field)!;
          expect(c.suggested, c.field).toBe(before.suggested);
          expect(c.band, c.field).toBe(c.stored ?? c.suggested);
          const overridden = c.stored !== null && c.suggested !== null && c.stored !== c.suggested;
          expect(c.overridden, c.field).toBe(overridden);
          if (c.stored !== null && c.stored !== c.suggested)
            expect(c.reason).toMatch(new RegExp(`[Ss]et by the analyst(: | to )${c.stored}`));
        }
      }),
    );
  });

  it('scores the mean of the bands that count and grades it by the grade table', () => {
    fc.assert(
      fc.property(buyerArb, statementArb, storedArb, (buyer, statement, stored) => {
        const out = assessBuyer({ ...withStored(buyer, statement, stored), today: TODAY });
        const points = out.criteria.flatMap((c) => (c.band ? [POINTS[c.band]] : []));
        if (!points.length) {
          expect(out.score).toBeNull();
          expect(out.grade).toBeNull();
          return;
        }
        const mean = new Decimal(points.reduce((a, b) => a + b, 0)).div(points.length);
        expect(out.score).toBe(mean.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
        expect(Number(out.score)).toBeGreaterThanOrEqual(1);
        expect(Number(out.score)).toBeLessThanOrEqual(3);
        expect(out.grade).toBe(gradeTable(out.score!));
        expect(out.explanation).toContain(`Score ${out.score} is the mean of the ${points.length} bands`);
        expect(out.explanation).toContain(`Grade ${out.grade}`);
      }),
    );
  });

  it('turning one band worse never improves the score or the grade', () => {
    fc.assert(
      fc.property(buyerArb, statementArb, storedArb, fc.nat(), (buyer, statement, stored, pick) => {
        const i = pick % stored.analyst.length;
        const worse = { ...stored, analyst: stored.analyst.map((b, j) => (j === i ? 'High' : b)) };
        const a = assessBuyer({ ...withStored(buyer, statement, stored), today: TODAY });
        const b = assessBuyer({ ...withStored(buyer, statement, worse), today: TODAY });
        // Only a criterion that is on the record (a statement's field needs a statement) counts.
        if (ANALYST_RISK_FIELDS[i]!.onFinancials && !statement) return;
        if (a.score === null) return expect(b.score).toBe('3.00');
        expect(Number(b.score)).toBeGreaterThanOrEqual(Number(a.score));
        expect(b.grade! >= a.grade!).toBe(true);
      }),
    );
  });
});

describe('gradeOf', () => {
  it('matches the grade table for every score with 2 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 300 }), (n) => {
        const score = new Decimal(n).div(100).toFixed(2);
        expect(gradeOf(score)).toBe(gradeTable(score));
      }),
    );
  });
});
