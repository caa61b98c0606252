import { describe, expect, it } from 'vitest';
import {
  agingSeries,
  bucketLabel,
  monthLabel,
  utilisationSeries,
  volumeSeries,
} from './dashboard-chart-data.ts';

describe('docs/business-rules.md, “Dashboards”: chart data from the server’s rows', () => {
  it('labels months and aging buckets', () => {
    expect(monthLabel('2026-01')).toBe('Jan 2026');
    expect(monthLabel('2025-12')).toBe('Dec 2025');
    expect(bucketLabel('90+')).toBe('Over 90 days');
    expect(bucketLabel('current')).toBe('Not yet due');
  });

  it('volume: one series per status with cells, a bar per month, the server’s strings kept', () => {
    const months = ['2026-09', '2026-10', '2026-11'];
    const series = volumeSeries(
      months,
      [
        { month: '2026-11', status: 'Settled', count: 1, volume: '100.10' },
        { month: '2026-09', status: 'Approved', count: 2, volume: '2500.00' },
        { month: '2026-11', status: 'Approved', count: 1, volume: '0.05' },
      ],
      ['Under Review', 'Approved', 'Declined', 'Settled'],
    );
    expect(series.map((s) => s.key)).toEqual(['Approved', 'Settled']);
    expect(series[0]).toEqual({
      key: 'Approved',
      label: 'Approved',
      heights: [2500, 0, 0.05],
      figures: ['2500.00', null, '0.05'],
      counts: [2, null, 1],
    });
    expect(series[1]!.figures).toEqual([null, null, '100.10']);
  });

  it('volume: a status the web does not list still shows, after the known ones', () => {
    const series = volumeSeries(
      ['2026-11'],
      [{ month: '2026-11', status: 'Other' as never, count: 1, volume: '1' }],
      ['Approved'],
    );
    expect(series.map((s) => s.key)).toEqual(['Other']);
  });

  it('aging keeps the server’s order and amounts', () => {
    const s = agingSeries([
      { bucket: 'current', count: 1, amount: '10.00' },
      { bucket: '1-30', count: 0, amount: '0.00' },
    ]);
    expect(s.figures).toEqual(['10.00', '0.00']);
    expect(s.heights).toEqual([10, 0]);
    expect(s.counts).toEqual([1, 0]);
  });

  it('utilisation stacks utilisation and available, never drawing below zero', () => {
    const [used, available] = utilisationSeries([
      {
        lineId: 'a',
        buyerName: 'A',
        limit: '100.00',
        utilisation: '120.00',
        available: '-20.00',
        outstanding: '120.00',
        pastDue: '0.00',
      },
    ]);
    expect(used!.heights).toEqual([120]);
    expect(available!.heights).toEqual([0]);
    expect(available!.figures).toEqual(['-20.00']);
  });
});
