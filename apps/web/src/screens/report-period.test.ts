import { describe, expect, it } from 'vitest';
import { lastQuarter, periodProblem, quarterToDate, yearToDate } from './report-period.ts';

describe('report periods (docs/business-rules.md, “Funder reporting”)', () => {
  it('start this quarter on its first day and end today', () => {
    expect(quarterToDate('2026-11-25')).toEqual({ from: '2026-10-01', to: '2026-11-25' });
    expect(quarterToDate('2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(quarterToDate('2026-04-01')).toEqual({ from: '2026-04-01', to: '2026-04-01' });
  });

  it('take the whole quarter before, across a new year', () => {
    expect(lastQuarter('2026-11-25')).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(lastQuarter('2026-02-10')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(lastQuarter('2024-05-01')).toEqual({ from: '2024-01-01', to: '2024-03-31' });
    expect(yearToDate('2026-11-25')).toEqual({ from: '2026-01-01', to: '2026-11-25' });
  });

  it('refuse a period that ends before it starts or lacks a day', () => {
    expect(periodProblem({ from: '2026-10-01', to: '2026-09-30' })).toMatch(/must not end before/);
    expect(periodProblem({ from: '', to: '2026-09-30' })).toMatch(/both days/);
    expect(periodProblem({ from: '2026-09-30', to: '2026-09-30' })).toBeNull();
  });
});
