import { Alert, Box, Button, Grid, Paper, Skeleton, Typography } from '@mui/material';
import { lazy, Suspense, useDeferredValue } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Link as RouterLink } from 'react-router';
import { ADMIN_ORGANISATION } from '../auth/user-context.tsx';
import { formatDate } from '../entity/format.ts';
import { AREAS, supplierLanding, type AreaKey } from '../shared/areas.ts';
import { PageHeader } from '../shared/page.tsx';
import type { Dashboard } from '@rf/domain';
import { dashboardQuery } from './dashboard-api.ts';
import { loadChunk } from '../shared/lazy-screen.ts';
import { FigureCards, FigureCardsSkeleton } from './dashboard-cards.tsx';
import { CurrencyChips, useCurrencyChoice } from './dashboard-currency.tsx';
import { WorkQueues } from './dashboard-queues.tsx';

/** What comes below the figure cards, in its own chunk (dashboard-panels.tsx). */
const panels = () => import('./dashboard-panels.tsx');
const DashboardPanels = lazy(() => loadChunk(panels).then((m) => ({ default: m.DashboardPanels })));
const LatestItems = lazy(() => loadChunk(panels).then((m) => ({ default: m.LatestItems })));

/**
 * Each area's dashboard on the server's `dashboard` query (docs/business-rules.md, “Dashboards”):
 * a currency at a time, figure cards leading to the lists they summarise,
 * requests by status, charts of volume, aging and utilisation (their library loaded after the
 * figures), the administrator's work queues, and invoices due soon or the latest limit requests.
 * The browser formats the server's figures; it never adds, averages or rounds money.
 */
export function DashboardScreen({ area }: { area: AreaKey }) {
  const query = useQuery(dashboardQuery());
  // The answer names the organisation with the figures, so both show together and the first screen
  // waits for nothing but this one query (docs/architecture.md, “Web bundle and first load”). Its
  // arrival renders the skeleton again at once and the figures in a deferred render that React runs
  // in slices.
  const shown = useDeferredValue(query.data);

  // A supplier that is not onboarded yet lands on its onboarding checklist, not an empty dashboard:
  // decided on a fresh answer (a kept one may predate its approval), the skeleton meanwhile.
  const notOnboarded = area === 'supplier' && query.data && supplierLanding(query.data.organisation?.status);
  if (notOnboarded && !query.isFetching) return <Navigate to={notOnboarded} replace />;
  const organisationName = shown?.organisation?.name ?? (area === 'admin' ? ADMIN_ORGANISATION : '');
  return (
    <>
      <PageHeader title="Dashboard" />
      {shown && !notOnboarded && (
        <Box sx={{ mt: -1, mb: 2, display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}>
          {organisationName && <Typography color="text.secondary">{organisationName}</Typography>}
          <Typography variant="body2" color="text.secondary">
            Figures as of {formatDate(shown.today)}
          </Typography>
        </Box>
      )}
      {query.error && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        >
          The dashboard could not be loaded: {query.error.message}
        </Alert>
      )}
      {shown && !notOnboarded ? (
        <DashboardBody area={area} dashboard={shown} />
      ) : !query.error ? (
        <DashboardSkeleton />
      ) : null}
    </>
  );
}

function DashboardBody({ area, dashboard }: { area: AreaKey; dashboard: Dashboard }) {
  const codes = dashboard.currencies.map((c) => c.currency);
  const withRequests = dashboard.currencies.filter((c) => c.requestCount > 0).map((c) => c.currency);
  const [currency, choose] = useCurrencyChoice(codes, withRequests);
  const figures = dashboard.currencies.find((c) => c.currency === currency);
  const queues = area === 'admin' && dashboard.queues.length > 0 && <WorkQueues queues={dashboard.queues} />;
  // The chips and figure cards render first; the panels and lists below them (their own chunk) in
  // a second render that React runs in slices between the browser's other work, so a phone paints
  // the figures without one long task for the whole page
  // (docs/architecture.md, “Web bundle and first load”). What comes later only adds below what is
  // shown: nothing moves.
  const rest = useDeferredValue(true, false);
  return (
    <>
      {figures && currency ? (
        <>
          <CurrencyChips currencies={codes} value={currency} onChange={choose} />
          <FigureCards area={area} figures={figures} />
          {rest && (
            <Suspense fallback={null}>
              <DashboardPanels area={area} dashboard={dashboard} figures={figures} queues={queues} />
            </Suspense>
          )}
        </>
      ) : (
        <>
          <EmptyDashboard area={area} />
          {queues && <Box sx={{ mb: 2 }}>{queues}</Box>}
        </>
      )}
      {rest && (
        <Suspense fallback={null}>
          <LatestItems area={area} dashboard={dashboard} />
        </Suspense>
      )}
    </>
  );
}

/** Nothing to show yet: what fills the dashboard, and where to start. */
function EmptyDashboard({ area }: { area: AreaKey }) {
  const base = AREAS[area].base;
  const start: Record<AreaKey, { text: string; label: string; to: string }> = {
    supplier: {
      text: 'Your figures appear here once a buyer line is requested or approved.',
      label: 'Add a buyer',
      to: `${base}/newbuyer`,
    },
    admin: { text: 'No lines or requests yet.', label: 'Open buyers', to: `${base}/buyers` },
    investor: {
      text: 'Your figures appear here once a line is offered to you.',
      label: 'Open limits',
      to: `${base}/limits`,
    },
    spv: {
      text: 'Your figures appear here once a line is offered to you.',
      label: 'Open limits',
      to: `${base}/limits`,
    },
    broker: {
      text: 'Your figures appear here once your suppliers have lines or requests.',
      label: 'Open suppliers',
      to: `${base}/suppliers`,
    },
  };
  const s = start[area];
  return (
    <Paper sx={{ p: 4, mb: 2, textAlign: 'center' }} data-testid="dashboard-empty">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {s.text}
      </Typography>
      <Button variant="contained" component={RouterLink} to={s.to}>
        {s.label}
      </Button>
    </Paper>
  );
}

function DashboardSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Loading the dashboard">
      <Skeleton variant="rounded" width={220} height={32} sx={{ mb: 2 }} />
      <FigureCardsSkeleton />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Skeleton variant="rounded" height={340} />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Skeleton variant="rounded" height={340} />
        </Grid>
      </Grid>
    </Box>
  );
}
