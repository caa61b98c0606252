import { describe, expect, it } from 'vitest';
import { concentrationCap, eligibility } from './eligibility.ts';
import type { OpenReceivable } from './open-receivables.ts';
import { trailingThreeMonthsFrom } from './performance.ts';
import { aboveLimit, aging, shareOf } from './portfolio.ts';

const open = (
  obligorKey: string,
  lineId: string,
  advanceRate: string | null,
  amount: bigint,
  daysPastDue = 0,
): OpenReceivable => ({
  requestId: `${lineId}-${amount}`,
  reference: null,
  amount,
  dueDate: null,
  daysPastDue,
  lineId,
  obligorKey,
  obligorName: obligorKey,
  country: null,
  industry: null,
  advanceRate,
});

describe('eligibility (docs/business-rules.md, “Funder reporting”)', () => {
  it('takes an obligor’s excess over the limit from its line with the highest advance rate first', () => {
    // Total 1,000.00; the cap is 20 % = 200.00. Obligor A has 600.00 on two lines: 400.00 over.
    const rows = [
      open('A', 'a-low', '80', 300_00n),
      open('A', 'a-high', '95', 300_00n),
      open('B', 'b', '90', 200_00n),
      open('C', 'c', null, 200_00n),
    ];
    const e = eligibility(rows, 'USD', '20');
    expect(e.exclusions.map((x) => [x.reason, x.amount])).toEqual([
      ['over-90', '0.00'],
      ['obligor-past-due', '0.00'],
      ['concentration', '400.00'],
    ]);
    expect(e.lines.map((l) => [l.lineId, l.eligible, l.borrowingBase])).toEqual([
      ['a-high', '0.00', '0.00'],
      ['a-low', '200.00', '160.00'],
      ['b', '200.00', '180.00'],
      // A line without an advance rate adds nothing to the borrowing base.
      ['c', '200.00', '0.00'],
    ]);
    expect([e.outstanding, e.eligible, e.borrowingBase]).toEqual(['1000.00', '600.00', '340.00']);
  });

  it('leaves out receivables over 90 days past due, then all of an obligor more than half past due', () => {
    const rows = [
      open('A', 'a', '90', 100_00n, 91),
      open('A', 'a', '90', 100_00n, 0),
      // B: 60 of 100 past due, so all of it goes; exactly half past due would stay.
      open('B', 'b', '90', 60_00n, 5),
      open('B', 'b', '90', 40_00n, 0),
      open('C', 'c', '90', 50_00n, 10),
      open('C', 'c', '90', 50_00n, 0),
    ];
    const e = eligibility(rows, 'USD', '100');
    expect(e.exclusions.map((x) => x.amount)).toEqual(['100.00', '100.00', '0.00']);
    expect(e.eligible).toBe('200.00');
  });

  it('rounds the cap down and the shares half-up, and flags only a share above the limit', () => {
    expect(concentrationCap(333n, '20')).toBe(66n);
    expect(shareOf(1n, 3n)).toBe('33.33');
    expect(shareOf(2n, 3n)).toBe('66.67');
    expect(shareOf(5n, 0n)).toBe('0.00');
    expect(aboveLimit(20n, 100n, '20')).toBe(false);
    expect(aboveLimit(21n, 100n, '20')).toBe(true);
    const buckets = aging(
      [open('A', 'a', '90', 1n, 30), open('A', 'a', '90', 1n, 31), open('A', 'a', '90', 1n, 90)],
      'JPY',
    );
    expect(buckets.map((b) => [b.bucket, b.count])).toEqual([
      ['current', 0],
      ['1-30', 1],
      ['31-60', 1],
      ['61-90', 1],
      ['over-90', 0],
    ]);
  });

  it('looks back three calendar months for dilution, a month’s end to a month’s end', () => {
    expect(trailingThreeMonthsFrom('2026-06-30')).toBe('2026-04-01');
    expect(trailingThreeMonthsFrom('2026-11-15')).toBe('2026-08-16');
    expect(trailingThreeMonthsFrom('2026-05-31')).toBe('2026-03-01');
    expect(trailingThreeMonthsFrom('2026-02-28')).toBe('2025-12-01');
    expect(trailingThreeMonthsFrom('2026-01-10')).toBe('2025-10-11');
  });
});
