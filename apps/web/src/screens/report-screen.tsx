import { Alert, Box, Button, Grid, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { todayIso } from '../entity/format.ts';
import { downloadLedgerCsv } from '../entity/ledger-api.ts';
import {
  reportUrl,
  useFunderReport,
  useReportCurrencies,
  useReportFunders,
  type FunderModel,
  type ReportParams,
} from '../entity/report-api.ts';
import type { AreaKey } from '../shared/areas.ts';
import { notify, reportError } from '../shared/errors.ts';
import { DownloadIcon } from '../shared/icons.tsx';
import { PageHeader } from '../shared/page.tsx';
import { Loading } from '../shared/status-screens.tsx';
import { lastQuarter, periodProblem, quarterToDate, yearToDate, type Period } from './report-period.ts';
import {
  AgingSection,
  ConcentrationSection,
  EligibilitySection,
  PerformanceSection,
  RollForwardSection,
} from './report-sections.tsx';

/**
 * `reports` (docs/business-rules.md, “Funder reporting”): the funder reporting pack for a period
 * and currency, with its CSV and PDF downloads. An investor or SPV sees its own records' reports,
 * an administrator picks any investor or SPV. Every figure is the server's.
 */

const MODELS: Record<'admin' | 'investor' | 'spv', readonly FunderModel[]> = {
  admin: ['Investor', 'Spv'],
  investor: ['Investor'],
  spv: ['Spv'],
};

function DownloadButton({
  params,
  file,
  children,
}: {
  params: ReportParams;
  file: 'funder.csv' | 'funder.pdf';
  children: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        downloadLedgerCsv(reportUrl(file, params), `funder-report.${file.split('.')[1]}`)
          .catch((e: unknown) =>
            notify(reportError(e, { context: 'report download', silent: true }).message, 'error'),
          )
          .finally(() => setBusy(false));
      }}
    >
      {busy ? 'Preparing...' : children}
    </Button>
  );
}

export function ReportsScreen({ area }: { area: AreaKey }) {
  const models = MODELS[area as keyof typeof MODELS] ?? [];
  const [params, setParams] = useSearchParams();
  const set = (values: Record<string, string>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(values))
          if (v) next.set(k, v);
          else next.delete(k);
        return next;
      },
      { replace: true },
    );
  const today = todayIso();
  const quarter = quarterToDate(today);
  const period: Period = { from: params.get('from') || quarter.from, to: params.get('to') || quarter.to };
  const funders = useReportFunders(models);
  const list = funders.data ?? [];
  const chosen = params.get('funder');
  const funder =
    list.find((f) => `${f.model}:${f.id}` === chosen) ?? (area === 'admin' ? null : (list[0] ?? null));
  const currencies = useReportCurrencies(funder);
  const known = currencies.data ?? [];
  const currency = known.includes(params.get('currency') ?? '') ? params.get('currency')! : (known[0] ?? '');
  const problem = periodProblem(period);
  const reportParams: ReportParams | null =
    funder && currency && !problem
      ? { funderModel: funder.model, funderId: funder.id, currency, from: period.from, to: period.to }
      : null;
  const report = useFunderReport(reportParams);
  const choosePeriod = (p: Period) => set({ from: p.from, to: p.to });

  return (
    <>
      <PageHeader title="Reports" />
      <Paper sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }} component="section" aria-label="Report">
        <Grid container spacing={1.5}>
          {(area === 'admin' || list.length > 1) && (
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField
                select
                fullWidth
                label={area === 'admin' ? 'Investor or SPV' : 'Company'}
                value={funder ? `${funder.model}:${funder.id}` : ''}
                onChange={(e) => set({ funder: e.target.value, currency: '' })}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="" disabled>
                  Choose a funder
                </MenuItem>
                {list.map((f) => (
                  <MenuItem key={`${f.model}:${f.id}`} value={`${f.model}:${f.id}`}>
                    {f.name} ({f.model === 'Spv' ? 'SPV' : 'Investor'})
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
          )}
          <Grid size={{ xs: 12, sm: 4, md: 2 }}>
            <TextField
              select
              fullWidth
              label="Currency"
              value={currency}
              disabled={!known.length}
              onChange={(e) => set({ currency: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            >
              {known.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 6, sm: 4, md: 3 }}>
            <TextField
              fullWidth
              type="date"
              label="From"
              value={period.from}
              onChange={(e) => set({ from: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
          <Grid size={{ xs: 6, sm: 4, md: 3 }}>
            <TextField
              fullWidth
              type="date"
              label="To"
              value={period.to}
              onChange={(e) => set({ to: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
        </Grid>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1.5, alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            Period:
          </Typography>
          <Button size="small" onClick={() => choosePeriod(quarter)}>
            This quarter
          </Button>
          <Button size="small" onClick={() => choosePeriod(lastQuarter(today))}>
            Last quarter
          </Button>
          <Button size="small" onClick={() => choosePeriod(yearToDate(today))}>
            This year
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          {reportParams && report.data && (
            <>
              <DownloadButton params={reportParams} file="funder.csv">
                Download CSV
              </DownloadButton>
              <DownloadButton params={reportParams} file="funder.pdf">
                Download PDF
              </DownloadButton>
            </>
          )}
        </Stack>
        {problem && (
          <Alert severity="warning" sx={{ mt: 1.5 }}>
            {problem}
          </Alert>
        )}
      </Paper>
      {funders.error && <Alert severity="error">{funders.error.message}</Alert>}
      {currencies.error && <Alert severity="error">{currencies.error.message}</Alert>}
      {report.error && <Alert severity="error">{report.error.message}</Alert>}
      {funders.isLoading || (funder && currencies.isLoading) || report.isLoading ? (
        <Loading />
      ) : !funders.error && list.length === 0 ? (
        <Alert severity="info">There is no investor or SPV record to report on yet.</Alert>
      ) : area === 'admin' && !funder ? (
        <Alert severity="info">Choose an investor or SPV to see its report.</Alert>
      ) : funder && currencies.data && !known.length ? (
        <Alert severity="info">{funder.name} has no receivables or discount income in the ledger yet.</Alert>
      ) : (
        report.data && (
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {report.data.funderName} · {report.data.currency} · {report.data.from} to {report.data.to}
            </Typography>
            <RollForwardSection r={report.data} />
            <PerformanceSection r={report.data} />
            <AgingSection r={report.data} />
            <ConcentrationSection r={report.data} />
            <EligibilitySection r={report.data} />
          </Box>
        )
      )}
    </>
  );
}
