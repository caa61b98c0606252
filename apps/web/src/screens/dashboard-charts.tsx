import { BarChart } from '@mui/x-charts/BarChart';
import { formatMoney } from '../entity/format.ts';
import { TONE_COLOURS, toneOf } from '../shared/status-tones.ts';
import { bucketTick, monthLabel, utilisationHeight, type ChartSeries } from './dashboard-chart-data.ts';
import type { AgingBucket, BuyerExposure } from '@rf/domain';

/**
 * The dashboard's charts (docs/business-rules.md, “Dashboards”), in a chunk of
 * their own that the dashboard loads after its figures, so the chart library is not part of the
 * dashboard's first load. The bars are the server's figures; their tooltips show the server's
 * strings (formatted), never a number computed here. Each chart is described by its panel's title
 * and has its figures as a table next to it (dashboard-chart-panel.tsx).
 */

export const CHART_HEIGHT = 280;

/** The colour of a status, as its chip has it. */
const statusColour = (status: string) => {
  const tone = toneOf(status);
  return tone === 'navy' ? TONE_COLOURS.navy.bg : TONE_COLOURS[tone].fg;
};

/** Axis ticks: scale marks in the currency's units, shortened (1.5M), not figures of the data. */
const compact = new Intl.NumberFormat('en', { notation: 'compact' });
const tick = (v: number) => compact.format(v);

const tooltipOf =
  (s: ChartSeries, currency: string) =>
  (_: number | null, { dataIndex }: { dataIndex: number }) => {
    const figure = s.figures[dataIndex];
    if (figure === null || figure === undefined) return null;
    const count = s.counts[dataIndex];
    return `${formatMoney(figure, currency)}${count !== null && count !== undefined ? ` (${count})` : ''}`;
  };

export function VolumeChart({
  months,
  series,
  currency,
}: {
  months: readonly string[];
  series: readonly ChartSeries[];
  currency: string;
}) {
  return (
    <BarChart
      height={CHART_HEIGHT}
      xAxis={[{ scaleType: 'band', data: months.map(monthLabel), height: 28 }]}
      yAxis={[{ valueFormatter: tick, width: 48 }]}
      series={series.map((s) => ({
        id: s.key,
        label: s.label,
        data: s.heights,
        stack: 'volume',
        color: statusColour(s.key),
        valueFormatter: tooltipOf(s, currency),
      }))}
      margin={{ right: 8, left: 0 }}
      skipAnimation
    />
  );
}

export function AgingChart({
  buckets,
  series,
  currency,
}: {
  buckets: readonly AgingBucket[];
  series: ChartSeries;
  currency: string;
}) {
  return (
    <BarChart
      height={CHART_HEIGHT}
      xAxis={[
        {
          scaleType: 'band',
          data: buckets.map((b) => bucketTick(b.bucket)),
          label: 'Days past due',
          height: 48,
          // Not yet due green, then amber, and red from 61 days on.
          colorMap: {
            type: 'ordinal',
            colors: buckets.map((b) =>
              b.bucket === 'current'
                ? TONE_COLOURS.green.fg
                : b.bucket === '1-30' || b.bucket === '31-60'
                  ? TONE_COLOURS.amber.fg
                  : TONE_COLOURS.red.fg,
            ),
          },
        },
      ]}
      yAxis={[{ valueFormatter: tick, width: 48 }]}
      series={[
        {
          id: series.key,
          label: series.label,
          data: series.heights,
          valueFormatter: tooltipOf(series, currency),
        },
      ]}
      hideLegend
      margin={{ right: 8, left: 0 }}
      skipAnimation
    />
  );
}

export function UtilisationChart({
  rows,
  series,
  currency,
}: {
  rows: readonly BuyerExposure[];
  series: readonly ChartSeries[];
  currency: string;
}) {
  const colours: Record<string, string> = {
    utilisation: TONE_COLOURS.blue.fg,
    available: TONE_COLOURS.green.bg,
  };
  return (
    <BarChart
      layout="horizontal"
      height={utilisationHeight(rows.length)}
      yAxis={[{ scaleType: 'band', data: rows.map((r) => r.buyerName), width: 150 }]}
      xAxis={[{ valueFormatter: tick, height: 28 }]}
      series={series.map((s) => ({
        id: s.key,
        label: s.label,
        data: s.heights,
        stack: 'limit',
        color: colours[s.key] ?? TONE_COLOURS.grey.fg,
        valueFormatter: tooltipOf(s, currency),
      }))}
      margin={{ right: 16, left: 0 }}
      skipAnimation
    />
  );
}
