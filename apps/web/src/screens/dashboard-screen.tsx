import {
  Alert,
  Grid,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Loading } from '../shared/status-screens.tsx';
import { useUser } from '../auth/user-context.tsx';
import { formatDate, formatMoney, formatRate, todayIso } from '../entity/format.ts';
import { TONE_COLOURS, toneOf } from '../shared/status-tones.ts';
import { AREAS, supplierLanding, type AreaKey } from '../shared/areas.ts';
import { PageHeader, StatusChip } from '../shared/page.tsx';
import { sumByCurrency } from './lines.ts';
import {
  figuresOfLine,
  useLineLimitTotals,
  useLineLimits,
  type LineLimitTotal,
} from '../entity/line-limits-api.ts';
import { FigureCard, FigureRow, MoneyLines, StackedBars } from './widgets.tsx';
import { entity } from '../entity/queries.ts';
import { allOf } from './dashboard-queries.ts';
import { RowLink, rowOpens } from '../entity/row-link.tsx';

const REQUEST_STATUSES = entity('Request').fieldsByName.get('request_status')?.values ?? [];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function average(values: readonly unknown[]): string | null {
  const nums = values.map((v) => Number(v)).filter((n) => Number.isFinite(n) && n > 0);
  if (!nums.length) return null;
  return (nums.reduce((a, b) => a + b, 0) / nums.length).toFixed(2);
}

/** A figure of zero ("0", "0.00"): left out of a card's lines per currency, as an empty sum was. */
const isZero = (v: string) => /^-?0(\.0+)?$/.test(v);

/** One figure of the per-currency totals as the card's lines (currency → amount), zeros left out. */
const totalsOf = (totals: readonly LineLimitTotal[], field: 'limit' | 'utilisation' | 'available') =>
  new Map(totals.filter((t) => !isZero(t[field])).map((t) => [t.currency, t[field]]));

/**
 * Each area's dashboard: figure cards, volume by month and status, exposure by buyer, latest items.
 * The lines' limits, utilisation and available amounts are the ledger's, read and summed per
 * currency by the server (docs/business-rules.md, “Limits held in the ledger”).
 */
export function DashboardScreen({ area }: { area: AreaKey }) {
  const user = useUser();
  const navigate = useNavigate();
  const buyers = useQuery(allOf('Buyer'));
  const requests = useQuery(allOf('Request'));
  const limits = useLineLimits(buyers.data, { every: true });
  const totals = useLineLimitTotals(buyers.data);
  const today = todayIso();
  const base = AREAS[area].base;

  const figures = useMemo(() => {
    const lines = buyers.data ?? [];
    const reqs = requests.data ?? [];
    const byStatus = new Map<string, number>();
    for (const r of reqs)
      byStatus.set(String(r.request_status ?? ''), (byStatus.get(String(r.request_status ?? '')) ?? 0) + 1);
    const volume = sumByCurrency(
      reqs.filter((r) => r.request_status !== 'Declined'),
      'invoice_amount',
      'invoice_currency',
    );
    const fees = sumByCurrency(
      reqs.filter((r) => r.request_status === 'Approved' || r.request_status === 'Settled'),
      area === 'broker'
        ? 'broker_fee_amount'
        : area === 'spv'
          ? 'spv_fee_amount'
          : area === 'admin'
            ? 'transaction_fee_amount'
            : 'discount_fee_amount',
      'invoice_currency',
    );
    const pastDue = reqs.filter(
      (r) =>
        r.request_status === 'Approved' &&
        typeof r.invoice_due_date === 'string' &&
        r.invoice_due_date < today,
    );
    // volume by month (last 6 months) and status
    const months: { label: string; key: string; values: Record<string, number> }[] = [];
    const d = new Date();
    for (let i = 5; i >= 0; i--) {
      const m = new Date(d.getFullYear(), d.getMonth() - i, 1);
      months.push({
        label: MONTHS[m.getMonth()] ?? '',
        key: `${m.getFullYear()}-${String(m.getMonth() + 1).padStart(2, '0')}`,
        values: {},
      });
    }
    for (const r of reqs) {
      const key = String(r.invoice_date ?? r.createdAt ?? '').slice(0, 7);
      const slot = months.find((m) => m.key === key);
      if (slot) {
        const s = String(r.request_status ?? '');
        slot.values[s] = (slot.values[s] ?? 0) + Number(r.invoice_amount ?? 0);
      }
    }
    return {
      byStatus,
      volume,
      fees,
      pastDue,
      months,
      avgAdvance: average(reqs.map((r) => r.advance_rate)),
      avgSpread: average(reqs.map((r) => r.discount_fee_rate)),
      pending: lines.filter(
        (b) => b.buyer_status === 'Under Review' || b.buyer_status === 'Investor Offer Pending',
      ),
      dueSoon: reqs
        .filter(
          (r) =>
            r.request_status === 'Approved' &&
            typeof r.invoice_due_date === 'string' &&
            r.invoice_due_date >= today,
        )
        .filter((r) => (Date.parse(String(r.invoice_due_date)) - Date.parse(today)) / 86_400_000 <= 7)
        .sort((a, b) => String(a.invoice_due_date).localeCompare(String(b.invoice_due_date))),
      approvedShare: reqs.length
        ? Math.round((((byStatus.get('Approved') ?? 0) + (byStatus.get('Settled') ?? 0)) / reqs.length) * 100)
        : 0,
    };
  }, [buyers.data, requests.data, area, today]);

  // A supplier that is not onboarded yet lands on its onboarding checklist, not an empty dashboard.
  if (area === 'supplier') {
    if (user.loading) return <Loading />;
    const landing = supplierLanding(user.record);
    if (landing) return <Navigate to={landing} replace />;
  }
  if (buyers.isLoading || requests.isLoading) return <Loading />;
  const error = buyers.error ?? requests.error;
  const limitsError = totals.error ?? limits.error;
  // The approved lines that use the most first (an order only: the amounts are the server's).
  const exposure = (buyers.data ?? [])
    .filter((b) => b.buyer_status === 'Approved')
    .map((b) => ({ b, used: figuresOfLine(limits, b).row?.utilisation ?? null }))
    .sort((x, y) => Number(y.used ?? 0) - Number(x.used ?? 0))
    .slice(0, 6);
  const lineTotals = (field: 'limit' | 'utilisation' | 'available') =>
    totals.data ? <MoneyLines sums={totalsOf(totals.data, field)} /> : totals.error ? '—' : <Skeleton />;
  const feeLabel = {
    broker: 'Broker fees earned',
    spv: 'SPV fees',
    admin: 'Platform fees',
    investor: 'Discount fees earned',
    supplier: 'Discount fees paid',
  }[area];
  const buyerTo = (id: string) => (area === 'supplier' ? `${base}/buyers` : `${base}/buyer/${id}`);
  const requestTo = (id: string) =>
    area === 'admin' || area === 'investor' || area === 'spv' ? `${base}/request/${id}` : `${base}/requests`;
  return (
    <>
      <PageHeader title="Dashboard" />
      {user.organisationName && (
        <Typography color="text.secondary" sx={{ mt: -1, mb: 2 }}>
          {user.organisationName}
        </Typography>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error.message}
        </Alert>
      )}
      {limitsError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          The limits and their utilisation could not be loaded: {limitsError.message}
        </Alert>
      )}
      <FigureRow>
        {[
          <FigureCard key="l" label="Approved limits" value={lineTotals('limit')} />,
          <FigureCard key="u" label="Utilisation" value={lineTotals('utilisation')} />,
          <FigureCard key="a" label="Available" value={lineTotals('available')} />,
          <FigureCard key="f" label={feeLabel} value={<MoneyLines sums={figures.fees} />} />,
        ]}
      </FigureRow>
      <FigureRow>
        {[
          <FigureCard
            key="r"
            label="Requests"
            value={(requests.data ?? []).length}
            hint={REQUEST_STATUSES.map((s) => `${s} ${figures.byStatus.get(s) ?? 0}`).join(' · ')}
          />,
          <FigureCard
            key="v"
            label="Volume requested"
            value={<MoneyLines sums={figures.volume} />}
            hint={`${figures.approvedShare} % approved or settled`}
          />,
          <FigureCard
            key="av"
            label="Average advance rate · spread"
            value={`${figures.avgAdvance ? formatRate(figures.avgAdvance) : '—'} · ${figures.avgSpread ? formatRate(figures.avgSpread) : '—'}`}
          />,
          <FigureCard
            key="pd"
            label="Past due"
            value={figures.pastDue.length}
            hint={
              figures.pastDue.length
                ? `Oldest due ${formatDate(figures.pastDue.map((r) => String(r.invoice_due_date)).sort()[0])}`
                : 'Nothing overdue'
            }
          />,
        ]}
      </FigureRow>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Paper sx={{ p: 2, height: '100%' }}>
            <Typography variant="h4" component="h2" sx={{ mb: 2 }}>
              Volume by month and status
            </Typography>
            <StackedBars
              data={figures.months}
              series={REQUEST_STATUSES}
              colours={Object.fromEntries(
                REQUEST_STATUSES.map((s) => [
                  s,
                  toneOf(s) === 'navy' ? TONE_COLOURS.navy.bg : TONE_COLOURS[toneOf(s)].fg,
                ]),
              )}
            />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Paper sx={{ p: 2, height: '100%', overflowX: 'auto' }}>
            <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
              Exposure by buyer
            </Typography>
            {exposure.length === 0 ? (
              <Typography color="text.secondary">No approved lines yet.</Typography>
            ) : (
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>Buyer</TableCell>
                    <TableCell align="right">Utilisation</TableCell>
                    <TableCell align="right">Limit</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {exposure.map(({ b, used }) => (
                    <TableRow
                      key={b.id}
                      hover
                      sx={{ cursor: 'pointer' }}
                      onClick={rowOpens(() => navigate(buyerTo(b.id)))}
                    >
                      <TableCell>
                        <RowLink to={buyerTo(b.id)}>{String(b.buyer_name ?? '')}</RowLink>
                      </TableCell>
                      <TableCell align="right">
                        {used !== null ? (
                          formatMoney(used, b.buyer_currency as string)
                        ) : !limits.error && (limits.isPending || limits.isFetching) ? (
                          <Skeleton width={90} sx={{ ml: 'auto' }} />
                        ) : (
                          '—'
                        )}
                      </TableCell>
                      <TableCell align="right">
                        {formatMoney(b.buyer_loan_approved_amount, b.buyer_currency as string)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Paper>
        </Grid>
        <Grid size={12}>
          <Paper sx={{ p: 2, overflowX: 'auto' }}>
            {area === 'investor' ? (
              <>
                <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
                  Invoices due in the next 7 days
                </Typography>
                {figures.dueSoon.length === 0 ? (
                  <Typography color="text.secondary">No invoices fall due in the next 7 days.</Typography>
                ) : (
                  <Table size="small">
                    <TableHead>
                      <TableRow>
                        <TableCell>Invoice</TableCell>
                        <TableCell>Buyer</TableCell>
                        <TableCell>Due</TableCell>
                        <TableCell align="right">Amount</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {figures.dueSoon.slice(0, 10).map((r) => (
                        <TableRow
                          key={r.id}
                          hover
                          sx={{ cursor: 'pointer' }}
                          onClick={rowOpens(() => navigate(requestTo(r.id)))}
                        >
                          <TableCell>
                            <RowLink to={requestTo(r.id)}>{String(r.invoice_number ?? '')}</RowLink>
                          </TableCell>
                          <TableCell>{String(r.buyer_name ?? '')}</TableCell>
                          <TableCell>{formatDate(r.invoice_due_date)}</TableCell>
                          <TableCell align="right">
                            {formatMoney(r.invoice_amount, r.invoice_currency as string)}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
              </>
            ) : (
              <>
                <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
                  Latest limit requests
                </Typography>
                {figures.pending.length === 0 ? (
                  <Typography color="text.secondary">No limit requests are waiting.</Typography>
                ) : (
                  <Table size="small">
                    <TableHead>
                      <TableRow>
                        <TableCell>Buyer</TableCell>
                        <TableCell>Requested</TableCell>
                        <TableCell align="right">Requested limit</TableCell>
                        <TableCell>Status</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {[...figures.pending]
                        .sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)))
                        .slice(0, 10)
                        .map((b) => (
                          <TableRow
                            key={b.id}
                            hover
                            sx={{ cursor: 'pointer' }}
                            onClick={rowOpens(() => navigate(buyerTo(b.id)))}
                          >
                            <TableCell>
                              <RowLink to={buyerTo(b.id)}>{String(b.buyer_name ?? '')}</RowLink>
                            </TableCell>
                            <TableCell>{formatDate(b.createdAt)}</TableCell>
                            <TableCell align="right">
                              {formatMoney(b.buyer_loan_request_amount, b.buyer_currency as string)}
                            </TableCell>
                            <TableCell>
                              <StatusChip status={b.buyer_status as string} />
                            </TableCell>
                          </TableRow>
                        ))}
                    </TableBody>
                  </Table>
                )}
              </>
            )}
          </Paper>
        </Grid>
      </Grid>
    </>
  );
}
