import {
  Alert,
  Link,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Loading } from '../../shared/status-screens.tsx';
import { formatMoney, formatRate } from '../../entity/format.ts';
import type { ApiRecord } from '../../entity/graphql-client.ts';
import { useAll } from '../../entity/hooks.ts';
import { figuresOfLine, useLineLimits } from '../../entity/line-limits-api.ts';
import { PageHeader, StatusChip } from '../../shared/page.tsx';
import { StatusActions } from '../../screens/status-actions.tsx';
import { UtilisationBar } from '../../screens/widgets.tsx';
import { LatestReason } from '../../screens/status-history.tsx';
import { labelOfValue } from '../../entity/value-labels.ts';

/** Amounts stay on one line (currency and figure together). */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

const money = (b: ApiRecord, field: string) =>
  formatMoney(b[field], b.buyer_currency as string | undefined) || '—';

const termsOf = (b: ApiRecord) =>
  b.buyer_loan_advance_rate == null && b.buyer_loan_rate == null && b.buyer_loan_discount_fee == null
    ? 'Not proposed yet'
    : `Advance ${formatRate(b.buyer_loan_advance_rate) || '—'} · ${b.buyer_loan_rate ? labelOfValue('Buyer', 'buyer_loan_rate', b.buyer_loan_rate) : '—'} + ${formatRate(b.buyer_loan_discount_fee) || '—'}`;

function Section({ title, empty, children }: { title: string; empty: string | null; children: ReactNode }) {
  return (
    <Paper sx={{ p: 2, mb: 2, overflowX: 'auto' }} component="section" aria-label={title}>
      <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {empty ? <Typography color="text.secondary">{empty}</Typography> : children}
    </Paper>
  );
}

/**
 * Broker `limits`: the buyer lines of the suppliers it introduced (the server lists no others),
 * by stage: being prepared or awaiting the investor's offer (with "Submit terms" on its own
 * lines under review), approved with utilisation and available limit (the ledger's figures, read
 * from the server: docs/business-rules.md, “Limits held in the ledger”), and declined.
 */
export function BrokerLimitsScreen() {
  const lines = useAll('Buyer', undefined);
  const limits = useLineLimits(lines.data, { every: true });
  const suppliers = useAll('Supplier', undefined);
  const supplierName = useMemo(
    () => new Map((suppliers.data ?? []).map((s) => [s.id, String(s.supplier_name ?? '')])),
    [suppliers.data],
  );
  if (lines.isLoading || suppliers.isLoading) return <Loading />;
  const all = lines.data ?? [];
  const open = all.filter(
    (b) => b.buyer_status === 'Under Review' || b.buyer_status === 'Investor Offer Pending',
  );
  const approved = all.filter((b) => b.buyer_status === 'Approved');
  const declined = all.filter((b) => b.buyer_status === 'Declined');
  const error = lines.error ?? suppliers.error;

  const buyerCell = (b: ApiRecord) => (
    <TableCell>
      <Link component={RouterLink} to={`/broker/buyer/${b.id}`} underline="hover">
        {String(b.buyer_name ?? 'Unnamed buyer')}
      </Link>
    </TableCell>
  );
  const supplierCell = (b: ApiRecord) => (
    <TableCell>
      {typeof b.supplierId === 'string' ? (
        <Link
          component={RouterLink}
          to={`/broker/supplier/${b.supplierId}`}
          underline="hover"
          color="inherit"
        >
          {supplierName.get(b.supplierId) || 'Supplier'}
        </Link>
      ) : (
        '—'
      )}
    </TableCell>
  );

  return (
    <>
      <PageHeader title="Limits" count={all.length} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        The buyer lines of the suppliers you introduced. Propose the terms of a line under review and submit
        it for an investor offer; the investor or SPV approves or declines it.
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error.message}
        </Alert>
      )}
      {limits.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          The lines’ utilisation could not be loaded: {limits.error.message}
        </Alert>
      )}
      <Section
        title="Under review and awaiting an offer"
        empty={open.length ? null : 'No lines are being prepared or waiting for an investor offer.'}
      >
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Buyer</TableCell>
              <TableCell>Supplier</TableCell>
              <TableCell align="right">Requested</TableCell>
              <TableCell>Proposed terms</TableCell>
              <TableCell>Status</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {open.map((b) => (
              <TableRow key={b.id}>
                {buyerCell(b)}
                {supplierCell(b)}
                <TableCell align="right" sx={NOWRAP}>
                  {money(b, 'buyer_loan_request_amount')}
                </TableCell>
                <TableCell>{termsOf(b)}</TableCell>
                <TableCell>
                  <StatusChip status={b.buyer_status as string} />
                </TableCell>
                <TableCell>
                  <StatusActions model="Buyer" record={b} size="small" />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
      <Section title="Approved lines" empty={approved.length ? null : 'No approved lines yet.'}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Buyer</TableCell>
              <TableCell>Supplier</TableCell>
              <TableCell align="right">Requested</TableCell>
              <TableCell align="right">Approved limit</TableCell>
              <TableCell align="right">Utilisation</TableCell>
              <TableCell align="right">Available</TableCell>
              <TableCell sx={{ minWidth: 110 }}>Use</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {approved.map((b) => {
              const f = figuresOfLine(limits, b);
              const c = (b.buyer_currency as string | undefined) || undefined;
              const figure = (value: string | undefined) =>
                f.loading ? <Skeleton width={90} sx={{ ml: 'auto' }} /> : value ? formatMoney(value, c) : '—';
              const overLimit = f.row?.available.startsWith('-') ?? false;
              return (
                <TableRow key={b.id}>
                  {buyerCell(b)}
                  {supplierCell(b)}
                  <TableCell align="right" sx={NOWRAP}>
                    {money(b, 'buyer_loan_request_amount')}
                  </TableCell>
                  <TableCell align="right" sx={NOWRAP}>
                    {money(b, 'buyer_loan_approved_amount')}
                  </TableCell>
                  <TableCell align="right" sx={NOWRAP}>
                    {figure(f.row?.utilisation)}
                  </TableCell>
                  <TableCell align="right" sx={{ ...NOWRAP, color: overLimit ? 'error.main' : undefined }}>
                    {figure(f.row?.available)}
                  </TableCell>
                  <TableCell>
                    {f.row && <UtilisationBar used={f.row.utilisation} limit={f.row.limit} />}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Section>
      {declined.length > 0 && (
        <Section title="Declined lines" empty={null}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Buyer</TableCell>
                <TableCell>Supplier</TableCell>
                <TableCell align="right">Requested</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Reason</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {declined.map((b) => (
                <TableRow key={b.id}>
                  {buyerCell(b)}
                  {supplierCell(b)}
                  <TableCell align="right" sx={NOWRAP}>
                    {money(b, 'buyer_loan_request_amount')}
                  </TableCell>
                  <TableCell>
                    <StatusChip status={b.buyer_status as string} />
                  </TableCell>
                  <TableCell sx={{ maxWidth: 420 }}>
                    <LatestReason model="Buyer" id={b.id} field="buyer_status" status="Declined" />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>
      )}
    </>
  );
}
