import { Grid, Link, LinearProgress, Paper, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatInteger, formatMoney, formatRate } from '../entity/format.ts';
import type { AreaKey } from '../shared/areas.ts';
import type { DashboardCurrency } from '@rf/domain';
import { cardLink, type CardKey } from './dashboard-links.ts';

/**
 * The dashboard's figure cards for one currency (docs/business-rules.md, “Dashboards”):
 * each figure is the server's, formatted, and each card is a link to the list it
 * summarises with its filter applied.
 */

/** What each area's fees card counts, as the server sums it. */
export const FEE_LABELS: Readonly<Record<AreaKey, string>> = {
  admin: 'Platform fees earned',
  investor: 'Discount income earned',
  spv: 'SPV fees earned',
  broker: 'Broker fees earned',
  supplier: 'Discount fees paid',
};

function FigureLinkCard({
  card,
  to,
  label,
  value,
  children,
}: {
  card: CardKey;
  to: string;
  label: string;
  value: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Paper data-testid={`card-${card}`} sx={{ height: '100%', '&:hover': { boxShadow: 3 } }}>
      <Link
        component={RouterLink}
        to={to}
        underline="none"
        color="inherit"
        sx={{ display: 'block', p: 2, height: '100%', borderRadius: 'inherit' }}
      >
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography
          variant="h4"
          component="div"
          data-testid={`value-${card}`}
          sx={{ mt: 0.5, wordBreak: 'break-word' }}
        >
          {value}
        </Typography>
        {children && (
          <Typography variant="caption" color="text.secondary" component="div">
            {children}
          </Typography>
        )}
      </Link>
    </Paper>
  );
}

const cell = { xs: 12, sm: 6, lg: 3 } as const;

export function FigureCards({ area, figures: f }: { area: AreaKey; figures: DashboardCurrency }) {
  const c = f.currency;
  const money = (v: string) => formatMoney(v, c);
  const link = (card: CardKey) => cardLink(area, card, c);
  const p = f.approvalProgress;
  const pd = f.pastDue;
  const cards: ReactNode[] = [
    <FigureLinkCard
      key="l"
      card="approvedLimit"
      to={link('approvedLimit')}
      label="Approved limits"
      value={money(f.approvedLimit)}
    />,
    <FigureLinkCard
      key="u"
      card="utilisation"
      to={link('utilisation')}
      label="Utilisation"
      value={money(f.utilisation)}
    />,
    <FigureLinkCard
      key="a"
      card="available"
      to={link('available')}
      label={area === 'supplier' ? 'Available to you' : 'Available'}
      value={money(f.available)}
    />,
    <FigureLinkCard
      key="f"
      card="fees"
      to={link('fees')}
      label={FEE_LABELS[area]}
      value={money(f.feesEarned)}
    >
      On Approved and Settled requests
    </FigureLinkCard>,
    <FigureLinkCard
      key="r"
      card="requests"
      to={link('requests')}
      label="Requests"
      value={formatInteger(f.requestCount)}
    >
      Volume {money(f.volume)} (not declined)
    </FigureLinkCard>,
    <FigureLinkCard
      key="p"
      card="approvalProgress"
      to={link('approvalProgress')}
      label="Approved or settled"
      value={p.approvedShare === null ? '—' : formatRate(p.approvedShare)}
    >
      {p.approvedShare !== null && (
        <LinearProgress
          variant="determinate"
          value={Number(p.approvedShare)}
          aria-label="Share approved or settled"
          sx={{ my: 0.5, height: 6, borderRadius: 3 }}
        />
      )}
      Awaiting {p.awaiting} · approved {p.approved} · settled {p.settled} · declined {p.declined}
    </FigureLinkCard>,
    <FigureLinkCard
      key="v"
      card="rates"
      to={link('rates')}
      label="Average advance rate · spread"
      value={`${f.averageAdvanceRate === null ? '—' : formatRate(f.averageAdvanceRate)} · ${f.averageSpread === null ? '—' : formatRate(f.averageSpread)}`}
    >
      Weighted by invoice amount, requests not declined
    </FigureLinkCard>,
    <FigureLinkCard
      key="d"
      card="pastDue"
      to={link('pastDue')}
      label="Past due"
      value={formatInteger(pd.count)}
    >
      {pd.count === 0 ? (
        'Nothing past due'
      ) : (
        <>
          {money(pd.amount)}
          <br />
          {pd.maxDays !== null && `Up to ${pd.maxDays} ${pd.maxDays === 1 ? 'day' : 'days'}`}
          {pd.averageDays !== null && ` · average ${pd.averageDays} days`}
          {pd.oldestDueDate && ` · oldest due ${formatDate(pd.oldestDueDate)}`}
        </>
      )}
    </FigureLinkCard>,
  ];
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      {cards.map((card, i) => (
        <Grid key={i} size={cell}>
          {card}
        </Grid>
      ))}
    </Grid>
  );
}

/** The cards' places while the figures load: the same grid, so nothing moves when they come. */
export function FigureCardsSkeleton() {
  return (
    <Grid container spacing={2} sx={{ mb: 2 }} aria-hidden>
      {Array.from({ length: 8 }, (_, i) => (
        <Grid key={i} size={cell}>
          <Skeleton variant="rounded" height={110} />
        </Grid>
      ))}
    </Grid>
  );
}
