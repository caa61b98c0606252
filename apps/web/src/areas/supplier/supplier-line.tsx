import { Alert, Grid, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Loading } from '../../shared/status-screens.tsx';
import { RelatedTable, SectionList } from '../../entity/entity-detail.tsx';
import { formatMoney } from '../../entity/format.ts';
import { useRecord } from '../../entity/hooks.ts';
import { figuresOfLine, useLineLimits } from '../../entity/line-limits-api.ts';
import { PageHeader } from '../../shared/page.tsx';
import { FrozenAwareEdit } from '../../screens/frozen-edit.tsx';
import { StatusActions } from '../../screens/status-actions.tsx';
import { LatestReason, StatusHistory } from '../../screens/status-history.tsx';
import { hiddenFromSupplier } from './account-financials.tsx';

/**
 * `/app/buyer/{id}`: the supplier's own buyer line: its limit and what is left (the ledger's
 * figures, read from the server: docs/business-rules.md, “Limits held in the ledger”), the reason of its
 * state, its requests, history and details. While the line is reviewed the supplier edits it;
 * once its terms are offered they (and the requested amount and currency) are shown read-only,
 * as the lifecycle freezes them (docs/business-rules.md, “Frozen fields per state”).
 */
export function SupplierLineScreen() {
  const { id } = useParams();
  const q = useRecord('Buyer', id);
  const limits = useLineLimits(q.data ? [q.data] : undefined);
  if (q.isLoading) return <Loading />;
  if (q.error || !q.data)
    return (
      <>
        <PageHeader title="Buyer" crumbs={[{ label: 'Buyers', to: '/app/buyers' }]} />
        <Alert severity={q.error ? 'error' : 'warning'}>
          {q.error?.message ?? 'This buyer line does not exist or you do not have access to it.'}
        </Alert>
      </>
    );
  const b = q.data;
  const c = b.buyer_currency as string | undefined;
  const status = (b.buyer_status as string | null) ?? null;
  const approved = status === 'Approved';
  const figures = figuresOfLine(limits, b);
  const figure = (value: string | undefined): ReactNode =>
    !approved ? '—' : figures.loading ? <Skeleton width={120} /> : value ? formatMoney(value, c) : '—';
  const name = String(b.buyer_name ?? 'Buyer');
  return (
    <>
      <PageHeader
        title={name}
        status={status ?? undefined}
        crumbs={[{ label: 'Buyers', to: '/app/buyers' }, { label: name }]}
        actions={<StatusActions model="Buyer" record={b} />}
      />
      <LatestReason model="Buyer" id={b.id} field="buyer_status" status={status} label="Reason" />
      <Paper sx={{ p: 2, mb: 2 }}>
        <Grid container spacing={2}>
          {(
            [
              ['Requested limit', formatMoney(b.buyer_loan_request_amount, c) || '—'],
              ['Approved limit', formatMoney(b.buyer_loan_approved_amount, c) || '—'],
              ['Used', figure(figures.row?.utilisation)],
              ['Available', figure(figures.row?.available)],
            ] as const
          ).map(([label, value]) => (
            <Grid key={label} size={{ xs: 6, md: 3 }}>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography variant="h5" component="div">
                {value}
              </Typography>
            </Grid>
          ))}
        </Grid>
        {approved && figures.error && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            The line’s used and available amounts could not be loaded: {figures.error.message}
          </Alert>
        )}
        {status === 'Under Review' && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            The platform reviews the buyer and proposes the terms to a funder; until then you can still change
            the details.
          </Typography>
        )}
      </Paper>
      <Stack direction="row" sx={{ mb: 2, '&:empty': { display: 'none' } }}>
        <FrozenAwareEdit model="Buyer" record={b} hide={hiddenFromSupplier} label="Edit buyer" />
      </Stack>
      <RelatedTable
        model="Request"
        field="buyerId"
        parentId={b.id}
        title="Requests on this line"
        columns={['invoice_number', 'invoice_amount', 'invoice_due_date', 'request_status']}
        rowTo={(r) => `/app/request/${r.id}`}
      />
      <StatusHistory model="Buyer" id={b.id} record={b} />
      <SectionList model="Buyer" record={b} hideEmptySections hide={hiddenFromSupplier} />
    </>
  );
}
