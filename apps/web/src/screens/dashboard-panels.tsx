import { Grid, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { formatInteger, formatMoney } from '../entity/format.ts';
import { RowLink } from '../entity/row-link.tsx';
import type { AreaKey } from '../shared/areas.ts';
import { StatusChip } from '../shared/page.tsx';
import type { Dashboard, DashboardCurrency } from '@rf/domain';
import { AgingPanel, UtilisationPanel, VolumePanel } from './dashboard-chart-sections.tsx';
import { requestsLink } from './dashboard-links.ts';
import { COMPACT_CELLS, DueSoonTable, LatestLinesTable } from './dashboard-tables.tsx';

/**
 * What the dashboard shows below its figure cards (docs/business-rules.md, “Dashboards”): requests
 * by status, the administrator's work queues, the chart panels and the latest items. A chunk of
 * its own, loaded once the figures are shown: a phone's first screen is the cards
 * (docs/architecture.md, “Web bundle and first load”).
 */

/** Requests by status (with the administrator's work queues) and the three chart panels. */
export function DashboardPanels({
  area,
  dashboard,
  figures,
  queues,
}: {
  area: AreaKey;
  dashboard: Dashboard;
  figures: DashboardCurrency;
  queues: ReactNode;
}) {
  return (
    <>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, lg: queues ? 6 : 12 }}>
          <StatusFigures area={area} figures={figures} />
        </Grid>
        {queues && <Grid size={{ xs: 12, lg: 6 }}>{queues}</Grid>}
      </Grid>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <VolumePanel dashboard={dashboard} figures={figures} />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <AgingPanel figures={figures} />
        </Grid>
        <Grid size={12}>
          <UtilisationPanel area={area} figures={figures} />
        </Grid>
      </Grid>
    </>
  );
}

/** Investors and SPVs: invoices due in the next 7 days; the others: the latest limit requests. */
export function LatestItems({ area, dashboard }: { area: AreaKey; dashboard: Dashboard }) {
  const funder = area === 'investor' || area === 'spv';
  return (
    <Paper component="section" aria-labelledby="latest-items" sx={{ p: 2, overflowX: 'auto' }}>
      <Typography id="latest-items" variant="h4" component="h2" sx={{ mb: 1 }}>
        {funder ? 'Invoices due in the next 7 days' : 'Latest limit requests'}
      </Typography>
      {funder ? (
        <DueSoonTable area={area} rows={dashboard.dueSoon} />
      ) : (
        <LatestLinesTable area={area} rows={dashboard.latestLines} />
      )}
    </Paper>
  );
}

/** Requests by status, count and volume; each status opens the requests list filtered to it. */
export function StatusFigures({ area, figures: f }: { area: AreaKey; figures: DashboardCurrency }) {
  return (
    <Paper
      component="section"
      aria-labelledby="by-status"
      sx={{ p: { xs: 1.5, sm: 2 }, height: '100%', overflowX: 'auto' }}
    >
      <Typography id="by-status" variant="h4" component="h2" sx={{ mb: 1 }}>
        Requests by status
      </Typography>
      <Table size="small" aria-label="Requests by status" sx={COMPACT_CELLS}>
        <TableHead>
          <TableRow>
            <TableCell>Status</TableCell>
            <TableCell align="right">Count</TableCell>
            <TableCell align="right">Volume</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {f.byStatus.map((s) => (
            <TableRow key={s.status} data-testid={`status-${s.status}`}>
              <TableCell>
                <RowLink to={requestsLink(area, f.currency, s.status)}>
                  <StatusChip status={s.status} />
                </RowLink>
              </TableCell>
              <TableCell align="right">{formatInteger(s.count)}</TableCell>
              <TableCell align="right">{formatMoney(s.volume, f.currency)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
