import {
  Alert,
  Box,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Loading } from '../shared/status-screens.tsx';
import { formatDate, formatMoney, formatRate } from '../entity/format.ts';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { useAll } from '../entity/hooks.ts';
import {
  figuresOfLine,
  useLineLimits,
  useLineLimitTotals,
  type LineFigures,
  type LineLimit,
} from '../entity/line-limits-api.ts';
import { AREAS, type AreaKey } from '../shared/areas.ts';
import { PageHeader, StatusChip } from '../shared/page.tsx';
import { BuyerLink, Grade, TotalsRows, useFinancialsByBuyer } from './line-parts.tsx';
import { insuranceOfLine, useInsuredExposures } from './insurance-figures.ts';
import { COMPANY_EXPOSURE_NOTE, INSURED_SHARE_NOTE, LineInsurance } from './insurance-parts.tsx';
import { EXPOSURE_NOTE } from './lines.ts';
import { StatusActions } from './status-actions.tsx';
import { LatestReason } from './status-history.tsx';
import { UtilisationBar } from './widgets.tsx';
import { labelOfValue } from '../entity/value-labels.ts';
import { RowLink, rowOpens } from '../entity/row-link.tsx';

const NONE: readonly ApiRecord[] = [];

/** Amounts (right-aligned cells) never break between the currency code and the figure; cells sit closer to fit them. */
const AMOUNTS_ON_ONE_LINE = {
  '& td.MuiTableCell-alignRight': { whiteSpace: 'nowrap' },
  '& .MuiTableCell-root': { px: 1.25 },
} as const;

/** Credit insurance is the funders' to see (docs/business-rules.md, “Credit insurance”). */
const seesInsurance = (area: AreaKey): boolean => area === 'investor' || area === 'spv';

const money = (r: ApiRecord, field: string) => formatMoney(r[field], r.buyer_currency as string);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper sx={{ p: 2, mb: 2, overflowX: 'auto' }} component="section" aria-label={title}>
      <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Empty({ children }: { children: string }) {
  return <Typography color="text.secondary">{children}</Typography>;
}

/**
 * A line's figure as the server gives it (docs/business-rules.md, “Limits held in the ledger”): a
 * skeleton while it loads, a dash when there is none.
 */
function figure(f: LineFigures, value: string | null | undefined): ReactNode {
  if (f.loading) return <Skeleton width={90} sx={{ ml: 'auto' }} />;
  return value ? formatMoney(value, f.row?.currency ?? undefined) : '—';
}

const overLimit = (f: LineFigures): boolean => f.row?.available.startsWith('-') ?? false;

/** The line's rows in other currencies than its own that are in use: named, never added to its figures. */
function OtherCurrencies({ rows, own }: { rows: readonly LineLimit[]; own: LineLimit | null }) {
  if (!own) return null;
  const others = rows.filter((r) => r !== own && !/^-?0*(\.0*)?$/.test(r.utilisation));
  if (!others.length) return null;
  return (
    <Typography variant="caption" color="warning.main" sx={{ display: 'block' }}>
      Not counted (other currency):{' '}
      {others.map((r) => formatMoney(r.utilisation, r.currency ?? undefined)).join(', ')}
    </Typography>
  );
}

/** That the lines' figures or their totals could not be loaded, named. */
function FiguresError({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      The lines’ utilisation and totals could not be loaded: {error.message}
    </Alert>
  );
}

function Terms({ line }: { line: ApiRecord }) {
  return (
    <>
      <Typography variant="body2">
        Advance {formatRate(line.buyer_loan_advance_rate) || '—'} ·{' '}
        {line.buyer_loan_rate ? labelOfValue('Buyer', 'buyer_loan_rate', line.buyer_loan_rate) : '—'} +{' '}
        {formatRate(line.buyer_loan_discount_fee) || '—'}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        Transaction fee {formatRate(line.buyer_loan_transaction_fee) || '—'} of spread · broker fee{' '}
        {formatRate(line.buyer_loan_broker_fee) || '—'} · SPV fee {formatRate(line.buyer_loan_spv_fee) || '—'}
      </Typography>
    </>
  );
}

/** Limits: lines awaiting an offer (approve or decline here), the approved lines with their exposure, the declined ones. */
export function LimitsScreen({ area }: { area: AreaKey }) {
  const navigate = useNavigate();
  const lines = useAll('Buyer', undefined);
  const limits = useLineLimits(lines.data, { every: true });
  const totals = useLineLimitTotals(lines.data);
  const financials = useFinancialsByBuyer();
  const insured = seesInsurance(area);
  const insurance = useInsuredExposures({}, { enabled: insured });
  if (lines.isLoading) return <Loading />;
  const all = lines.data ?? [];
  const waiting = all.filter(
    (b) =>
      b.buyer_status === 'Investor Offer Pending' || (area === 'broker' && b.buyer_status === 'Under Review'),
  );
  const approved = all
    .filter((b) => b.buyer_status === 'Approved')
    .map((line) => ({ line, f: figuresOfLine(limits, line) }));
  const declined = all.filter((b) => b.buyer_status === 'Declined');
  const base = AREAS[area].base;
  const error = lines.error ?? insurance.error;
  return (
    <>
      <PageHeader title="Limits" count={waiting.length} />
      {error && <Alert severity="error">{error.message}</Alert>}
      <FiguresError error={limits.error ?? totals.error} />
      <Section title="Awaiting an offer">
        {waiting.length === 0 ? (
          <Empty>No lines are waiting for a decision.</Empty>
        ) : (
          <Table size="small" sx={AMOUNTS_ON_ONE_LINE}>
            <TableHead>
              <TableRow>
                <TableCell>Buyer</TableCell>
                <TableCell>Risk grade</TableCell>
                <TableCell align="right">Requested</TableCell>
                <TableCell>Proposed terms</TableCell>
                {area === 'broker' && <TableCell>Status</TableCell>}
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {waiting.map((b) => (
                <TableRow key={b.id}>
                  <TableCell sx={{ minWidth: 160 }}>
                    <BuyerLink line={b} base={base} />
                  </TableCell>
                  <TableCell>
                    <Grade record={b} financials={financials.get(b.id) ?? NONE} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {money(b, 'buyer_loan_request_amount')}
                  </TableCell>
                  <TableCell sx={{ minWidth: 260 }}>
                    <Terms line={b} />
                  </TableCell>
                  {area === 'broker' && (
                    <TableCell>
                      <StatusChip status={b.buyer_status as string} />
                    </TableCell>
                  )}
                  <TableCell>
                    <Stack direction="row" sx={{ gap: 1 }}>
                      <StatusActions model="Buyer" record={b} size="small" />
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
      <Section title="Approved lines">
        {approved.length === 0 ? (
          <Empty>No approved lines yet.</Empty>
        ) : (
          <>
            <Table size="small" sx={AMOUNTS_ON_ONE_LINE}>
              <TableHead>
                <TableRow>
                  <TableCell>Buyer</TableCell>
                  <TableCell align="right">Approved limit</TableCell>
                  <TableCell align="right">Exposure (utilisation)</TableCell>
                  <TableCell align="right">Available</TableCell>
                  <TableCell sx={{ minWidth: 140 }}>Use</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {approved.map(({ line: b, f }) => (
                  <TableRow
                    key={b.id}
                    hover
                    sx={{ cursor: 'pointer' }}
                    onClick={rowOpens(() => navigate(`${base}/buyer/${b.id}`))}
                  >
                    <TableCell>
                      <RowLink to={`${base}/buyer/${b.id}`}>{String(b.buyer_name ?? '')}</RowLink>
                      {insured && <LineInsurance row={insuranceOfLine(insurance.data, b)} share />}
                    </TableCell>
                    <TableCell align="right">{figure(f, f.row?.limit)}</TableCell>
                    <TableCell align="right">
                      {figure(f, f.row?.utilisation)}
                      <OtherCurrencies rows={limits.data?.index.get(b.id) ?? []} own={f.row} />
                    </TableCell>
                    <TableCell align="right" sx={{ color: overLimit(f) ? 'error.main' : undefined }}>
                      {figure(f, f.row?.available)}
                    </TableCell>
                    <TableCell>
                      {f.row && <UtilisationBar used={f.row.utilisation} limit={f.row.limit} />}
                    </TableCell>
                  </TableRow>
                ))}
                <TotalsRows
                  totals={totals.data}
                  loading={totals.isPending && !totals.error}
                  leading={1}
                  trailing={1}
                />
              </TableBody>
            </Table>
            <Typography variant="caption" color="text.secondary">
              {EXPOSURE_NOTE} {insured && `${COMPANY_EXPOSURE_NOTE} ${INSURED_SHARE_NOTE}`}
            </Typography>
          </>
        )}
      </Section>
      <Section title="Declined lines">
        {declined.length === 0 ? (
          <Empty>No declined lines.</Empty>
        ) : (
          <Table size="small" sx={AMOUNTS_ON_ONE_LINE}>
            <TableHead>
              <TableRow>
                <TableCell>Buyer</TableCell>
                <TableCell align="right">Requested</TableCell>
                <TableCell align="right">Approved</TableCell>
                <TableCell>Reason</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {declined.map((b) => (
                <TableRow key={b.id}>
                  <TableCell>
                    <BuyerLink line={b} base={base} />
                  </TableCell>
                  <TableCell align="right">{money(b, 'buyer_loan_request_amount')}</TableCell>
                  <TableCell align="right">
                    {formatMoney(b.buyer_loan_approved_amount ?? '0', b.buyer_currency as string)}
                  </TableCell>
                  <TableCell sx={{ maxWidth: 420 }}>
                    <LatestReason model="Buyer" id={b.id} field="buyer_status" status="Declined" />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
    </>
  );
}

/** Obligors: the approved lines the viewer funds with limit, exposure, available, overdue, next due date and grade. */
export function ObligorsScreen({ area }: { area: AreaKey }) {
  const navigate = useNavigate();
  const lines = useAll('Buyer', { buyer_status: { eq: 'Approved' } });
  const limits = useLineLimits(lines.data, { every: true });
  const totals = useLineLimitTotals(lines.data);
  const financials = useFinancialsByBuyer();
  const insured = seesInsurance(area);
  const insurance = useInsuredExposures({}, { enabled: insured });
  if (lines.isLoading) return <Loading />;
  const rows = (lines.data ?? []).map((line) => ({ line, f: figuresOfLine(limits, line) }));
  const base = AREAS[area].base;
  const error = lines.error ?? insurance.error;
  return (
    <>
      <PageHeader title="Obligors" count={rows.length} />
      {error && <Alert severity="error">{error.message}</Alert>}
      <FiguresError error={limits.error ?? totals.error} />
      <Paper sx={{ p: 2, overflowX: 'auto' }}>
        {rows.length === 0 ? (
          <Box sx={{ py: 4, textAlign: 'center' }}>
            <Typography color="text.secondary">
              No approved buyers yet. Approved lines appear here.
            </Typography>
          </Box>
        ) : (
          <>
            <Table size="small" aria-label="Obligors" sx={AMOUNTS_ON_ONE_LINE}>
              <TableHead>
                <TableRow>
                  <TableCell>Buyer</TableCell>
                  <TableCell align="right">Approved limit</TableCell>
                  <TableCell align="right">Exposure (outstanding purchases)</TableCell>
                  <TableCell align="right">Available</TableCell>
                  <TableCell align="right">Overdue (invoice amounts)</TableCell>
                  <TableCell>Next due</TableCell>
                  <TableCell>Risk grade</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map(({ line: b, f }) => (
                  <TableRow
                    key={b.id}
                    hover
                    sx={{ cursor: 'pointer' }}
                    onClick={rowOpens(() => navigate(`${base}/buyer/${b.id}`))}
                  >
                    <TableCell>
                      <RowLink to={`${base}/buyer/${b.id}`}>{String(b.buyer_name ?? '')}</RowLink>
                      {insured && <LineInsurance row={insuranceOfLine(insurance.data, b)} />}
                    </TableCell>
                    <TableCell align="right">{figure(f, f.row?.limit)}</TableCell>
                    <TableCell align="right">
                      {figure(f, f.row?.utilisation)}
                      <OtherCurrencies rows={limits.data?.index.get(b.id) ?? []} own={f.row} />
                    </TableCell>
                    <TableCell align="right" sx={{ color: overLimit(f) ? 'error.main' : undefined }}>
                      {figure(f, f.row?.available)}
                    </TableCell>
                    <TableCell
                      align="right"
                      sx={{ color: f.row?.overdueRequests ? 'error.main' : undefined }}
                    >
                      {figure(f, f.row?.overdue)}
                      {f.row && f.row.overdueRequests > 0 && (
                        <Typography variant="caption" sx={{ display: 'block' }}>
                          {f.row.overdueRequests} invoice{f.row.overdueRequests === 1 ? '' : 's'}, up to{' '}
                          {f.row.daysPastDue} day
                          {f.row.daysPastDue === 1 ? '' : 's'} late
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {f.loading ? <Skeleton width={80} /> : f.row?.nextDue ? formatDate(f.row.nextDue) : '—'}
                    </TableCell>
                    <TableCell>
                      <Grade record={b} financials={financials.get(b.id) ?? NONE} />
                    </TableCell>
                  </TableRow>
                ))}
                <TotalsRows
                  totals={totals.data}
                  loading={totals.isPending && !totals.error}
                  leading={1}
                  trailing={2}
                  overdue
                />
              </TableBody>
            </Table>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
              {EXPOSURE_NOTE} Overdue = invoice amounts of outstanding requests past their due date. Totals
              are per currency. {insured && COMPANY_EXPOSURE_NOTE}
            </Typography>
          </>
        )}
      </Paper>
    </>
  );
}
