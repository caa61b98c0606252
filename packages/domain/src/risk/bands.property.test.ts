import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import {
  AUDIT_TYPES,
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

/**
 * The table of docs/business-rules.md, “Buyer risk bands, score and grade”, written out as its
 * own oracle (edges to the better band), checked for every value drawn, not only for a few points.
 */
const T = (v: Decimal, low: (v: Decimal) => boolean, medium: (v: Decimal) => boolean): Band =>
  low(v) ? 'Low' : medium(v) ? 'Medium' : 'High';
const TABLE: [string, (v: string) => BandResult | null, (v: Decimal) => Band, number[]][] = [
  [
    'Current ratio',
    currentRatioBand,
    (v) =>
      T(
        v,
        (x) => x.gte(1.5),
        (x) => x.gte(1),
      ),
    [1, 1.5],
  ],
  [
    'Interest coverage',
    interestCoverageBand,
    (v) =>
      T(
        v,
        (x) => x.gte(3),
        (x) => x.gte(2),
      ),
    [2, 3],
  ],
  [
    'Invoices paid on time',
    invoicesPaidOnTimeBand,
    (v) =>
      T(
        v,
        (x) => x.gte(100),
        (x) => x.gte(90),
      ),
    [90, 100],
  ],
  [
    'Past due 30 days',
    pastDue30DaysBand,
    (v) =>
      T(
        v,
        (x) => x.lte(1),
        (x) => x.lte(5),
      ),
    [1, 5],
  ],
  [
    'Past due 60 days',
    pastDue60DaysBand,
    (v) =>
      T(
        v,
        (x) => x.lte(1),
        (x) => x.lte(2),
      ),
    [1, 2],
  ],
  [
    'Inventory / COGS',
    inventoryCogsBand,
    (v) =>
      T(
        v,
        (x) => x.gte(5) && x.lte(20),
        (x) => (x.gte(1) && x.lt(5)) || (x.gt(20) && x.lte(50)),
      ),
    [1, 5, 20, 50],
  ],
];

/** Values on, just around and far from the given edges, as decimal strings. */
const around = (edges: number[], scale = 1) =>
  fc.oneof(
    fc
      .tuple(fc.constantFrom(...edges), fc.integer({ min: -1000, max: 1000 }))
      .map(([edge, k]) => new Decimal(edge).times(scale).plus(new Decimal(k).div(10_000)).toString()),
    fc
      .integer({ min: -2_000_000, max: 2_000_000 })
      .map((n) => new Decimal(n).div(1000).times(scale).toString()),
  );

describe('bands follow the risk-scoring table for every value', () => {
  it.each(TABLE)('%s', (_name, fn, oracle, edges) => {
    fc.assert(
      fc.property(around(edges), (v) => {
        const result = fn(v);
        expect(result?.band, v).toBe(oracle(new Decimal(v)));
        expect(result?.reason.endsWith(`: ${result.band}`)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('size by annual sales in each denomination: ≥ 50m Low, 10m–50m Medium, < 10m High', () => {
    const factors = { "'": 1, "'000": 1000, "'000,000": 1_000_000 } as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...(Object.keys(factors) as (keyof typeof factors)[])),
        around([10, 50], 1),
        (den, m) => {
          // `m` is in millions; the statement holds it in its own denomination.
          const entered = new Decimal(m).times(1_000_000).div(factors[den]);
          const units = entered.times(factors[den]);
          const expected = T(
            units,
            (x) => x.gte(50_000_000),
            (x) => x.gte(10_000_000),
          );
          expect(sizeBand(entered.toString(), den)?.band).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('time in business in whole years, the anniversary counting: ≥ 10 Low, 5–10 Medium, < 5 High', () => {
    const day = (from: number, span: number) =>
      fc
        .integer({ min: 0, max: span })
        .map((n) => new Date(Date.UTC(from, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
    /** Whole years: the largest n whose anniversary (29 Feb → 1 Mar) is not after `today`. */
    const years = (since: string, today: string) => {
      const [y, m, d] = since.split('-').map(Number) as [number, number, number];
      let n = -1;
      while (new Date(Date.UTC(y + n + 1, m - 1, d)).toISOString().slice(0, 10) <= today) n += 1;
      return n;
    };
    fc.assert(
      fc.property(day(2000, 9000), day(2024, 1500), (since, today) => {
        fc.pre(since <= today);
        const n = years(since, today);
        expect(timeInBusinessBand(since, today)?.band).toBe(n >= 10 ? 'Low' : n >= 5 ? 'Medium' : 'High');
      }),
      { numRuns: 500 },
    );
    // The anniversary itself and the day before, for 5 and 10 years.
    for (const [since, today, band] of [
      ['2016-02-29', '2026-02-28', 'Medium'],
      ['2016-02-29', '2026-03-01', 'Low'],
      ['2021-06-30', '2026-06-30', 'Medium'],
      ['2021-06-30', '2026-06-29', 'High'],
    ] as const)
      expect(timeInBusinessBand(since, today)?.band, `${since} → ${today}`).toBe(band);
  });

  it('financial statements: Big 4 and 2nd tier Low, other auditors Medium, management prepared High', () => {
    const expected: Record<(typeof AUDIT_TYPES)[number], Band> = {
      'audited-big4': 'Low',
      'audited-2nd-tier': 'Low',
      'audited-other': 'Medium',
      'management-prepared': 'High',
    };
    for (const type of AUDIT_TYPES) expect(financialStatementsBand(type)?.band).toBe(expected[type]);
    fc.assert(
      fc.property(fc.string(), (status) => {
        fc.pre(!(AUDIT_TYPES as readonly string[]).includes(status));
        expect(financialStatementsBand(status)).toBeNull();
      }),
    );
  });

  it('refuses any denomination but the three of the statement form, by name', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom('constructor', 'toString', '__proto__')), (den) => {
        fc.pre(!["'", "'000", "'000,000"].includes(den));
        expect(() => sizeBand('1', den)).toThrow(/financials_denomination must be one of/);
      }),
    );
  });

  it('a figure written with more or fewer trailing zeros gets the same band', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), around([1, 1.5, 2, 3, 5, 20, 50, 90, 100]), (zeros, v) => {
        const padded = v.includes('.') ? `${v}${'0'.repeat(zeros)}` : `${v}.${'0'.repeat(zeros + 1)}`;
        for (const [, fn] of TABLE) expect(fn(padded)?.band).toBe(fn(v)?.band);
      }),
    );
  });
});
