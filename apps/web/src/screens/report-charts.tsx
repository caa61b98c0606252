import { BarChart } from '@mui/x-charts/BarChart';
import { formatMoney } from '../entity/format.ts';

/**
 * The report's charts (docs/business-rules.md, “Funder reporting”), in a chunk of their own that
 * the Reports screen loads after its figures. Each bar's length is the server's share of the
 * outstanding (a percentage it computed); its tooltip shows the server's amount and share as they
 * are. The same figures are in the table next to each chart.
 */

export const REPORT_CHART_ROW = 34;

const BAR = '#2a66b3';
const FLAGGED = '#c62828';

/** The chart's height for `bars` bars: axis and legend, then a row per bar. */
export const reportChartHeight = (bars: number): number => 80 + bars * REPORT_CHART_ROW;

export interface ShareBar {
  readonly label: string;
  readonly amount: string;
  readonly share: string;
  readonly flagged?: boolean;
}

export function ShareChart({
  bars,
  currency,
  title,
  limit,
}: {
  bars: readonly ShareBar[];
  currency: string;
  title: string;
  /** The concentration limit in percent, drawn as the axis' end mark when given. */
  limit?: string;
}) {
  const height = reportChartHeight(bars.length);
  return (
    <BarChart
      height={height}
      layout="horizontal"
      aria-label={title}
      yAxis={[
        {
          scaleType: 'band',
          data: bars.map((b) => b.label),
          width: 130,
          // A bar above the concentration limit is red, as its row's "Above limit" chip.
          colorMap: {
            type: 'ordinal',
            values: bars.map((b) => b.label),
            colors: bars.map((b) => (b.flagged ? FLAGGED : BAR)),
          },
        },
      ]}
      xAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => `${v} %`, height: 28 }]}
      series={[
        {
          id: 'share',
          color: BAR,
          label: limit
            ? `Share of the outstanding (red: above the ${limit} % limit)`
            : 'Share of the outstanding',
          data: bars.map((b) => Number(b.share)),
          valueFormatter: (_v: number | null, { dataIndex }: { dataIndex: number }) => {
            const bar = bars[dataIndex];
            return bar ? `${formatMoney(bar.amount, currency)} (${bar.share} %)` : null;
          },
        },
      ]}
      hideLegend={!limit}
      margin={{ right: 28, left: 0 }}
      skipAnimation
    />
  );
}
