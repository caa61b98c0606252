import type { AgingBucket, BuyerExposure, MonthVolume } from '@rf/domain';

/**
 * The dashboard charts' data from the server's rows (docs/business-rules.md, “Dashboards”).
 * A bar's height is the server's decimal read as a number, for drawing only;
 * every text a chart or its table shows is the server's string, formatted. Nothing is added up.
 */

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-11` → `Nov 2026`. */
export function monthLabel(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  return `${MONTH_NAMES[Number(m[2]) - 1] ?? m[2]} ${m[1]}`;
}

/** One bar series: its heights, and the server's figures each bar shows (null where there is none). */
export interface ChartSeries {
  readonly key: string;
  readonly label: string;
  readonly heights: number[];
  readonly figures: (string | null)[];
  readonly counts: (number | null)[];
}

const height = (v: string | null | undefined) => (v ? Number(v) : 0);

/**
 * Volume by month and status: one series per status that has a cell in the months shown (in the
 * order of `statuses`), one bar per month of `months`; a month without a cell draws nothing.
 */
export function volumeSeries(
  months: readonly string[],
  cells: readonly MonthVolume[],
  statuses: readonly string[],
): ChartSeries[] {
  const known = new Set(statuses);
  const present = [...statuses, ...cells.map((c) => c.status).filter((s) => !known.has(s))];
  return present
    .filter((status, i, all) => all.indexOf(status) === i && cells.some((c) => c.status === status))
    .map((status) => {
      const byMonth = months.map((m) => cells.find((c) => c.status === status && c.month === m) ?? null);
      return {
        key: status,
        label: status,
        heights: byMonth.map((c) => height(c?.volume)),
        figures: byMonth.map((c) => c?.volume ?? null),
        counts: byMonth.map((c) => c?.count ?? null),
      };
    });
}

/** The aging buckets' labels as the screen names them. */
export const BUCKET_LABELS: Readonly<Record<string, string>> = {
  current: 'Not yet due',
  '1-30': '1–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': 'Over 90 days',
};

export const bucketLabel = (bucket: string): string => BUCKET_LABELS[bucket] ?? bucket;

/** The buckets' short labels under the chart's bars (the axis is titled “Days past due”). */
const BUCKET_TICKS: Readonly<Record<string, string>> = { current: 'Not due', '90+': '> 90' };

export const bucketTick = (bucket: string): string => BUCKET_TICKS[bucket] ?? bucket.replace('-', '–');

/** The utilisation chart's height for `lines` bars: a band per line, room for axis and legend. */
export const utilisationHeight = (lines: number): number => Math.max(160, lines * 36 + 90);

/** Aging: one bar per bucket, in the server's order. */
export function agingSeries(buckets: readonly AgingBucket[]): ChartSeries {
  return {
    key: 'amount',
    label: 'Outstanding',
    heights: buckets.map((b) => height(b.amount)),
    figures: buckets.map((b) => b.amount),
    counts: buckets.map((b) => b.count),
  };
}

/** Utilisation per line: utilisation and available stacked on each line's bar (together its limit). */
export function utilisationSeries(rows: readonly BuyerExposure[]): ChartSeries[] {
  return [
    {
      key: 'utilisation',
      label: 'Utilisation',
      heights: rows.map((r) => height(r.utilisation)),
      figures: rows.map((r) => r.utilisation),
      counts: rows.map(() => null),
    },
    {
      key: 'available',
      label: 'Available',
      // A line used beyond its limit has nothing available: no bar below zero.
      heights: rows.map((r) => Math.max(0, height(r.available))),
      figures: rows.map((r) => r.available),
      counts: rows.map(() => null),
    },
  ];
}
