import {
  Alert,
  Box,
  Chip,
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
import { lazy, Suspense, type ReactNode } from 'react';
import { formatDate, formatMoney } from '../entity/format.ts';
import type { AmountShare, FunderReport } from '../entity/report-api.ts';
import { FigureCard } from './widgets.tsx';

/** The chart library loads only once a report is shown. */
const ShareChart = lazy(() => import('./report-charts.tsx').then((m) => ({ default: m.ShareChart })));

const AMOUNTS = {
  '& td.MuiTableCell-alignRight, & th.MuiTableCell-alignRight': { whiteSpace: 'nowrap' },
  '& .MuiTableCell-root': { px: { xs: 0.75, sm: 1.25 } },
} as const;

/** The aging buckets as the table and chart name them (the header says "days past due"). */
const BUCKET_LABEL: Readonly<Record<string, string>> = {
  current: 'Not yet due',
  '1-30': '1–30',
  '31-60': '31–60',
  '61-90': '61–90',
  'over-90': 'Over 90',
};
const bucketLabel = (a: { bucket: string; label: string }) => BUCKET_LABEL[a.bucket] ?? a.label;
const TOTAL = { '& td': { fontWeight: 600 }, bgcolor: '#f4f6f9' } as const;
const percent = (v: string | null) => (v === null ? 'n/a' : `${v} %`);

export function ReportSection({
  title,
  note,
  children,
}: {
  title: string;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 }, mb: 2, overflowX: 'auto' }} component="section" aria-label={title}>
      <Typography variant="h4" component="h2" sx={{ mb: note ? 0.5 : 1 }}>
        {title}
      </Typography>
      {note && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {note}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

function Figures({
  rows,
  currency,
  total,
}: {
  rows: [string, string, boolean?][];
  currency: string;
  total?: number[];
}) {
  return (
    <Table size="small" sx={AMOUNTS}>
      <TableBody>
        {rows.map(([label, value], i) => (
          <TableRow key={label} sx={total?.includes(i) ? TOTAL : undefined}>
            <TableCell component="th" scope="row">
              {label}
            </TableCell>
            <TableCell align="right">{formatMoney(value, currency)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Chart(props: Parameters<typeof ShareChart>[0]) {
  return (
    <Suspense fallback={<Skeleton variant="rectangular" height={80 + props.bars.length * 34} />}>
      <ShareChart {...props} />
    </Suspense>
  );
}

function ShareTable({
  head,
  rows,
  currency,
}: {
  head: string;
  rows: readonly (AmountShare & { name: ReactNode; key: string; extra?: ReactNode })[];
  currency: string;
}) {
  return (
    <Table size="small" sx={AMOUNTS}>
      <TableHead>
        <TableRow>
          <TableCell>{head}</TableCell>
          <TableCell align="right">Amount</TableCell>
          <TableCell align="right">Share</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.key}>
            <TableCell>
              {r.name}
              {r.extra}
            </TableCell>
            <TableCell align="right">{formatMoney(r.amount, currency)}</TableCell>
            <TableCell align="right">{r.share} %</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function RollForwardSection({ r }: { r: FunderReport }) {
  const rf = r.rollForward;
  const rows: [string, string][] = [
    [`Opening outstanding (end of ${formatDate(dayBefore(r.from))})`, rf.opening],
    ['+ Purchases', rf.purchases],
  ];
  if (r.funderModel === 'Spv') rows.push(['+ Bought from the investor', rf.transfersIn]);
  else rows.push(['− Sold to the SPV', rf.transfersOut]);
  rows.push(
    ['− Collections', rf.collections],
    ['− Dilutions and write-offs', rf.dilutions],
    [`= Closing outstanding (end of ${formatDate(r.to)})`, rf.closing],
  );
  return (
    <ReportSection
      title="Roll-forward"
      note="Face value purchased and not yet collected, from the funder’s receivables account in the ledger."
    >
      <Figures rows={rows} currency={r.currency} total={[rows.length - 1]} />
      <Alert severity={rf.agreesWithLedger ? 'success' : 'error'} sx={{ mt: 1.5 }}>
        {rf.agreesWithLedger
          ? `Agrees with the ledger: receivables balance ${formatMoney(rf.ledgerBalance, r.currency)} at the end of ${formatDate(r.to)}.`
          : `Does not agree with the ledger: its receivables balance is ${formatMoney(rf.ledgerBalance, r.currency)}. Tell the platform’s administrators.`}
      </Alert>
    </ReportSection>
  );
}

function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

export function AgingSection({ r }: { r: FunderReport }) {
  return (
    <ReportSection
      title="Aging"
      note={`Outstanding by days past the invoice’s due date, as of ${formatDate(r.to)}.`}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Table size="small" sx={AMOUNTS}>
            <TableHead>
              <TableRow>
                <TableCell>Days past due</TableCell>
                <TableCell align="right">Requests</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell align="right">Share</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {r.aging.map((a) => (
                <TableRow key={a.bucket}>
                  <TableCell>{bucketLabel(a)}</TableCell>
                  <TableCell align="right">{a.count}</TableCell>
                  <TableCell align="right">{formatMoney(a.amount, r.currency)}</TableCell>
                  <TableCell align="right">{a.share} %</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Chart
            title="Outstanding by days past due"
            currency={r.currency}
            bars={r.aging.map((a) => ({ label: bucketLabel(a), amount: a.amount, share: a.share }))}
          />
        </Grid>
      </Grid>
    </ReportSection>
  );
}

export function ConcentrationSection({ r }: { r: FunderReport }) {
  const over = r.obligors.filter((o) => o.overLimit);
  return (
    <ReportSection
      title="Concentration"
      note={`By obligor (the buyer company), country and industry. Concentration limit: ${r.concentrationLimit} % of the outstanding per obligor.`}
    >
      {over.length > 0 && (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          {over.length === 1 ? '1 obligor is' : `${over.length} obligors are`} above the concentration limit.
        </Alert>
      )}
      {r.obligors.length === 0 ? (
        <Typography color="text.secondary">Nothing outstanding at the end of the period.</Typography>
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <ShareTable
              head="Obligor"
              currency={r.currency}
              rows={r.obligors.map((o) => ({
                ...o,
                name: (
                  <>
                    {o.name}
                    <Typography
                      component="span"
                      variant="caption"
                      color="text.secondary"
                      sx={{ display: 'block' }}
                    >
                      {[o.country, o.industry].filter(Boolean).join(' · ')}
                      {` · ${o.count} request${o.count === 1 ? '' : 's'}`}
                    </Typography>
                  </>
                ),
                extra: o.overLimit ? (
                  <Chip size="small" color="error" label="Above limit" sx={{ mt: 0.5 }} />
                ) : undefined,
              }))}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Chart
              title="Largest obligors"
              currency={r.currency}
              limit={r.concentrationLimit}
              bars={r.obligors
                .slice(0, 10)
                .map((o) => ({ label: o.name, amount: o.amount, share: o.share, flagged: o.overLimit }))}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ShareTable
              head="Country"
              currency={r.currency}
              rows={r.countries.map((c) => ({ ...c, key: c.name ?? '-', name: c.name ?? 'Not given' }))}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ShareTable
              head="Industry"
              currency={r.currency}
              rows={r.industries.map((c) => ({ ...c, key: c.name ?? '-', name: c.name ?? 'Not given' }))}
            />
          </Grid>
        </Grid>
      )}
    </ReportSection>
  );
}

export function EligibilitySection({ r }: { r: FunderReport }) {
  const e = r.eligibility;
  const rows: [string, string][] = [
    ['Outstanding', e.outstanding],
    ...e.exclusions.map((x): [string, string] => [`− ${x.label}`, x.amount]),
    ['= Eligible', e.eligible],
  ];
  return (
    <ReportSection
      title="Eligibility and borrowing base"
      note="Borrowing base = eligible outstanding × each line’s advance rate."
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Figures rows={rows} currency={r.currency} total={[rows.length - 1]} />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <FigureCard label="Borrowing base" value={formatMoney(e.borrowingBase, r.currency)} />
        </Grid>
      </Grid>
      {e.lines.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Table size="small" sx={AMOUNTS} aria-label="Borrowing base by line">
            <TableHead>
              <TableRow>
                <TableCell>Line (obligor)</TableCell>
                <TableCell align="right">Advance rate</TableCell>
                <TableCell align="right">Eligible</TableCell>
                <TableCell align="right">Borrowing base</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {e.lines.map((l, i) => (
                <TableRow key={`${l.lineId ?? 'none'}-${i}`}>
                  <TableCell>{l.obligor}</TableCell>
                  <TableCell align="right">{percent(l.advanceRate)}</TableCell>
                  <TableCell align="right">{formatMoney(l.eligible, r.currency)}</TableCell>
                  <TableCell align="right">{formatMoney(l.borrowingBase, r.currency)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </ReportSection>
  );
}

export function PerformanceSection({ r }: { r: FunderReport }) {
  const d = r.dilution;
  const y = r.yield;
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      <Grid size={{ xs: 12, md: 6 }}>
        <FigureCard
          label={`Dilution, ${formatDate(d.from)} to ${formatDate(d.to)}`}
          value={percent(d.ratio)}
          hint={`${formatMoney(d.writtenOff, r.currency)} written off of ${formatMoney(d.purchases, r.currency)} purchased`}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FigureCard
          label="Yield, annualised (ACT/360)"
          value={percent(y.annualised)}
          hint={`${formatMoney(y.income, r.currency)} discount income over an average outstanding of ${formatMoney(y.averageOutstanding, r.currency)} (${y.days} days)`}
        />
      </Grid>
    </Grid>
  );
}
