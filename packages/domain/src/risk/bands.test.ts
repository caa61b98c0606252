import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import {
  completedYears,
  currentRatioBand,
  financialStatementsBand,
  interestCoverageBand,
  inventoryCogsBand,
  invoicesPaidOnTimeBand,
  pastDue30DaysBand,
  pastDue60DaysBand,
  sizeBand,
  timeInBusinessBand,
  type Band,
  type BandResult,
} from './bands.ts';

const RANK: Record<Band, number> = { Low: 1, Medium: 2, High: 3 };
const rank = (r: BandResult | null): number => {
  if (r === null) throw new Error('expected a band');
  return RANK[r.band];
};
const band = (r: BandResult | null): Band | undefined => r?.band;

/** Decimal strings with up to 4 decimals in [-1000, 1000]. */
const figure = fc
  .integer({ min: -10_000_000, max: 10_000_000 })
  .map((n) => new Decimal(n).div(10_000).toString());

describe('edges go to the better band', () => {
  it.each([
    [currentRatioBand, '1.5', 'Low'],
    [currentRatioBand, '1.4999', 'Medium'],
    [currentRatioBand, '1.0', 'Medium'],
    [currentRatioBand, '0.9999', 'High'],
    [interestCoverageBand, '3', 'Low'],
    [interestCoverageBand, '2', 'Medium'],
    [interestCoverageBand, '1.99', 'High'],
    [invoicesPaidOnTimeBand, '100', 'Low'],
    [invoicesPaidOnTimeBand, '99.99', 'Medium'],
    [invoicesPaidOnTimeBand, '90', 'Medium'],
    [invoicesPaidOnTimeBand, '89.9', 'High'],
    [pastDue30DaysBand, '1', 'Low'],
    [pastDue30DaysBand, '1.01', 'Medium'],
    [pastDue30DaysBand, '5', 'Medium'],
    [pastDue30DaysBand, '5.01', 'High'],
    [pastDue60DaysBand, '1', 'Low'],
    [pastDue60DaysBand, '2', 'Medium'],
    [pastDue60DaysBand, '2.0001', 'High'],
    [inventoryCogsBand, '5', 'Low'],
    [inventoryCogsBand, '20', 'Low'],
    [inventoryCogsBand, '4.99', 'Medium'],
    [inventoryCogsBand, '20.01', 'Medium'],
    [inventoryCogsBand, '1', 'Medium'],
    [inventoryCogsBand, '50', 'Medium'],
    [inventoryCogsBand, '0.99', 'High'],
    [inventoryCogsBand, '50.01', 'High'],
  ] as const)('%o(%s) is %s', (fn, value, expected) => {
    expect(fn(value)?.band).toBe(expected);
  });

  it('sizes by annual sales at 50m and 10m', () => {
    expect(band(sizeBand('50000000'))).toBe('Low');
    expect(band(sizeBand('49999999.99'))).toBe('Medium');
    expect(band(sizeBand('10000000'))).toBe('Medium');
    expect(band(sizeBand('9999999.99'))).toBe('High');
  });

  it('counts time in business in whole years, the anniversary included', () => {
    expect(band(timeInBusinessBand('2016-03-15', '2026-03-15'))).toBe('Low');
    expect(band(timeInBusinessBand('2016-03-15', '2026-03-14'))).toBe('Medium');
    expect(band(timeInBusinessBand('2021-03-15', '2026-03-15'))).toBe('Medium');
    expect(band(timeInBusinessBand('2021-03-16', '2026-03-15'))).toBe('High');
    expect(completedYears('2020-02-29', '2021-02-28')).toBe(0);
    expect(completedYears('2020-02-29', '2021-03-01')).toBe(1);
    expect(completedYears('2027-01-01', '2026-01-01')).toBe(-1);
  });
});

describe('band functions', () => {
  it('explain the band in words', () => {
    expect(currentRatioBand('1.5')?.reason).toBe('Current ratio 1.50 is at least 1.5: Low');
    expect(pastDue30DaysBand('3')?.reason).toBe(
      'Invoices past due 30 days 3.00 % is above 1 % and at most 5 %: Medium',
    );
    expect(sizeBand('12500', "'000")?.reason).toBe(
      'Annual sales 12,500,000.00 (12,500.00 × 1,000) are at least 10m and below 50m: Medium',
    );
    expect(timeInBusinessBand('2020-01-01', '2026-06-30')?.reason).toBe(
      'Incorporated 2020-01-01: 6 full years in business, at least 5 and below 10: Medium',
    );
  });

  it('return null when the figure is missing', () => {
    for (const fn of [
      currentRatioBand,
      interestCoverageBand,
      invoicesPaidOnTimeBand,
      pastDue30DaysBand,
      inventoryCogsBand,
    ])
      for (const missing of [null, undefined, '']) expect(fn(missing)).toBeNull();
    expect(sizeBand(null, "'000")).toBeNull();
    expect(timeInBusinessBand(null, '2026-01-01')).toBeNull();
    expect(financialStatementsBand(null)).toBeNull();
  });

  it('apply the denomination to the sales', () => {
    expect(band(sizeBand('50', "'000,000"))).toBe('Low');
    expect(band(sizeBand('50000', "'000"))).toBe('Low');
    expect(band(sizeBand('50000', "'"))).toBe('High');
    expect(band(sizeBand('9999.999', "'000"))).toBe('High');
    expect(() => sizeBand('1', 'k')).toThrow(/financials_denomination/);
  });

  it('band the audit type and ignore review statuses', () => {
    expect(band(financialStatementsBand('audited-big4'))).toBe('Low');
    expect(band(financialStatementsBand('audited-2nd-tier'))).toBe('Low');
    expect(band(financialStatementsBand('audited-other'))).toBe('Medium');
    expect(band(financialStatementsBand('management-prepared'))).toBe('High');
    expect(financialStatementsBand('Approved')).toBeNull();
  });

  it('reject dates that do not exist', () => {
    expect(() => timeInBusinessBand('2021-02-30', '2026-01-01')).toThrow(/YYYY-MM-DD/);
    expect(() => timeInBusinessBand('2021-01-01', '01/01/2026')).toThrow(/today/);
  });
});

describe('monotonicity: a better figure never gets a worse band', () => {
  const higherBetter = [currentRatioBand, interestCoverageBand, invoicesPaidOnTimeBand];
  const lowerBetter = [pastDue30DaysBand, pastDue60DaysBand];

  it('for higher-is-better criteria', () => {
    fc.assert(
      fc.property(figure, figure, (a, b) => {
        const [lo, hi] = new Decimal(a).lte(b) ? [a, b] : [b, a];
        for (const fn of higherBetter) expect(rank(fn(hi))).toBeLessThanOrEqual(rank(fn(lo)));
      }),
    );
  });

  it('for lower-is-better criteria', () => {
    fc.assert(
      fc.property(figure, figure, (a, b) => {
        const [lo, hi] = new Decimal(a).lte(b) ? [a, b] : [b, a];
        for (const fn of lowerBetter) expect(rank(fn(lo))).toBeLessThanOrEqual(rank(fn(hi)));
      }),
    );
  });

  it('for size, in any denomination', () => {
    const denomination = fc.constantFrom("'", "'000", "'000,000");
    fc.assert(
      fc.property(figure, figure, denomination, (a, b, den) => {
        const [lo, hi] = new Decimal(a).lte(b) ? [a, b] : [b, a];
        expect(rank(sizeBand(hi, den))).toBeLessThanOrEqual(rank(sizeBand(lo, den)));
      }),
    );
  });

  it('for inventory / COGS, moving towards 5–20 %', () => {
    fc.assert(
      fc.property(figure, figure, (a, b) => {
        // Both on the same side of the Low range: the one nearer to it is never worse.
        const [x, y] = [new Decimal(a), new Decimal(b)];
        if (x.lte(5) && y.lte(5)) {
          const [near, far] = x.gte(y) ? [a, b] : [b, a];
          expect(rank(inventoryCogsBand(near))).toBeLessThanOrEqual(rank(inventoryCogsBand(far)));
        }
        if (x.gte(20) && y.gte(20)) {
          const [near, far] = x.lte(y) ? [a, b] : [b, a];
          expect(rank(inventoryCogsBand(near))).toBeLessThanOrEqual(rank(inventoryCogsBand(far)));
        }
      }),
    );
  });

  it('for time in business: an earlier incorporation is never worse', () => {
    const day = fc
      .integer({ min: 0, max: 40 * 366 })
      .map((n) => new Date(Date.UTC(1990, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, (a, b) => {
        const [earlier, later] = a <= b ? [a, b] : [b, a];
        const today = '2031-01-01';
        expect(rank(timeInBusinessBand(earlier, today))).toBeLessThanOrEqual(
          rank(timeInBusinessBand(later, today)),
        );
      }),
    );
  });

  it('property: a value exactly on an edge gets the band of values just inside the better side', () => {
    const cases: [(v: string) => BandResult | null, string, string][] = [
      [currentRatioBand, '1.5', '1.5001'],
      [currentRatioBand, '1', '1.0001'],
      [interestCoverageBand, '3', '3.0001'],
      [interestCoverageBand, '2', '2.0001'],
      [pastDue30DaysBand, '1', '0.9999'],
      [pastDue30DaysBand, '5', '4.9999'],
      [pastDue60DaysBand, '2', '1.9999'],
      [inventoryCogsBand, '5', '5.0001'],
      [inventoryCogsBand, '20', '19.9999'],
      [inventoryCogsBand, '1', '1.0001'],
      [inventoryCogsBand, '50', '49.9999'],
    ];
    for (const [fn, edge, inside] of cases)
      expect(band(fn(edge)), `${fn.name}(${edge})`).toBe(band(fn(inside)));
  });
});
