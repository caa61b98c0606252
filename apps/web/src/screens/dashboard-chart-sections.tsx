import { lazy } from 'react';
import { loadChunk } from '../shared/lazy-screen.ts';
import type { AreaKey } from '../shared/areas.ts';
import type { Dashboard, DashboardCurrency } from '@rf/domain';
import { agingSeries, utilisationHeight, utilisationSeries, volumeSeries } from './dashboard-chart-data.ts';
import { ChartPanel } from './dashboard-chart-panel.tsx';
import { AgingTable, ExposureTable, VolumeTable } from './dashboard-tables.tsx';

/**
 * The dashboard's three charts with their tables (docs/business-rules.md, “Dashboards”).
 * The chart library comes in its own chunk, asked for only when a chart is drawn.
 */

const charts = () => import('./dashboard-charts.tsx');
const VolumeChart = lazy(() => loadChunk(charts).then((m) => ({ default: m.VolumeChart })));
const AgingChart = lazy(() => loadChunk(charts).then((m) => ({ default: m.AgingChart })));
const UtilisationChart = lazy(() => loadChunk(charts).then((m) => ({ default: m.UtilisationChart })));

/** The charts' height (dashboard-charts.tsx has the same), reserved while their chunk loads. */
const HEIGHT = 280;

export function VolumePanel({ dashboard, figures }: { dashboard: Dashboard; figures: DashboardCurrency }) {
  const c = figures.currency;
  // The statuses in the order the server lists them.
  const statuses = figures.byStatus.map((s) => s.status);
  const series = volumeSeries(dashboard.months, figures.volumeByMonth, statuses);
  const first = dashboard.months[0];
  const last = dashboard.months[dashboard.months.length - 1];
  return (
    <ChartPanel
      title="Volume by month and status"
      summary={`stacked bars of the invoice volume in ${c} per month of the invoice date, ${first ?? ''} to ${last ?? ''}, one colour per request status`}
      height={HEIGHT}
      empty={series.length === 0 ? `No ${c} invoices in the last 12 months.` : null}
      chart={<VolumeChart months={dashboard.months} series={series} currency={c} />}
      table={<VolumeTable months={dashboard.months} cells={figures.volumeByMonth} currency={c} />}
    />
  );
}

export function AgingPanel({ figures }: { figures: DashboardCurrency }) {
  const c = figures.currency;
  const nothing = figures.aging.every((b) => b.count === 0);
  return (
    <ChartPanel
      title="Aging"
      summary={`bars of the outstanding amount in ${c} of approved requests by days past due`}
      height={HEIGHT}
      empty={nothing ? `No ${c} requests are outstanding.` : null}
      chart={<AgingChart buckets={figures.aging} series={agingSeries(figures.aging)} currency={c} />}
      table={<AgingTable buckets={figures.aging} currency={c} />}
    />
  );
}

export function UtilisationPanel({ area, figures }: { area: AreaKey; figures: DashboardCurrency }) {
  const c = figures.currency;
  const rows = figures.exposure;
  const title = area === 'supplier' ? 'Your available limits per line' : 'Utilisation per line';
  return (
    <ChartPanel
      title={title}
      summary={`horizontal bars per approved ${c} line, most utilised first: utilisation and available stacked to the line's limit`}
      height={utilisationHeight(rows.length)}
      initial={area === 'supplier' ? 'table' : 'chart'}
      empty={rows.length === 0 ? `No approved ${c} lines yet.` : null}
      chart={<UtilisationChart rows={rows} series={utilisationSeries(rows)} currency={c} />}
      table={<ExposureTable area={area} rows={rows} currency={c} label={title} />}
    />
  );
}
