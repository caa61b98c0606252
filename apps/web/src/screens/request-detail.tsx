import { selectFixing } from '@rf/domain/pricing';
import { Alert, Grid, Paper, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { Loading } from '../shared/status-screens.tsx';
import { SectionList } from '../entity/entity-detail.tsx';
import { useRequestEnvelopes } from '../entity/envelope-api.ts';
import { formatDate, formatMoney, formatRate } from '../entity/format.ts';
import { labelOfValue } from '../entity/value-labels.ts';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { useAll, useRecord } from '../entity/hooks.ts';
import { AREAS, type AreaKey } from '../shared/areas.ts';
import { PageHeader, StatusChip } from '../shared/page.tsx';
import { FrozenAwareEdit } from './frozen-edit.tsx';
import { answersDocuments, DocumentsAskedFor } from './request-documents.tsx';
import { RequestFiles } from './request-files.tsx';
import { RequestPaymentsPanel } from './request-payments.tsx';
import { SignaturesPanel } from './signatures-panel.tsx';
import { StatusActions } from './status-actions.tsx';
import { LatestReason, StatusHistory } from './status-history.tsx';

/** What a request's "Edit details" offers: the sections of the request form. */
const EDITED_SECTIONS = ['Invoice', 'Purchase order', 'Shipping and insurance'];

const SERIES: Record<string, string> = {
  'SOFR(Daily)': 'SOFR',
  'SOFR(1M)': 'SOFRM1',
  'SOFR(3M)': 'SOFRM3',
  'SOFR(6M)': 'SOFRM6',
  'SOFR(12M)': 'SOFRM12',
};

/** `2026-03-12`, 10 → `2026-03-02` (calendar days, no time zone). */
function daysBefore(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/**
 * The fixing that priced the request: the latest of its series 2 to 10 days before the payout date
 * (docs/business-rules.md, “How a request is priced at approval”).
 */
function fixingOf(
  rows: readonly ApiRecord[],
  series: string | undefined,
  payout: unknown,
): { date: string } | undefined {
  if (!series || typeof payout !== 'string' || !payout) return undefined;
  try {
    return selectFixing(
      rows.map((s) => ({ date: String(s.date), value: (s[series] as string | null) ?? null })),
      payout,
    );
  } catch {
    return undefined;
  }
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <TableRow>
      <TableCell sx={{ color: 'text.secondary', border: 'none', py: 0.5, pl: 0 }}>{label}</TableCell>
      <TableCell align="right" sx={{ border: 'none', py: 0.5, pr: 0 }}>
        {value || '—'}
      </TableCell>
    </TableRow>
  );
}

function Pricing({ r }: { r: ApiRecord }) {
  if (!r.invoice_purchase_amount && !r.payout_date)
    return (
      <Typography color="text.secondary">
        Priced when the request is approved, from the payout date set then, the line’s terms and the SOFR
        fixing for that date.
      </Typography>
    );
  return <PricedFigures r={r} />;
}

function PricedFigures({ r }: { r: ApiRecord }) {
  const c = r.invoice_currency as string;
  const series = SERIES[String(r.base_rate ?? '')];
  const payout = typeof r.payout_date === 'string' ? r.payout_date.slice(0, 10) : '';
  const fixing = useAll(
    'SOFR',
    payout ? { date: { between: [daysBefore(payout, 10), payout] } } : undefined,
    {
      max: 20,
      enabled: Boolean(series && payout),
    },
  );
  const fix = fixingOf(fixing.data ?? [], series, r.payout_date);
  return (
    <Table size="small">
      <TableBody>
        <Row label="Invoice amount" value={formatMoney(r.invoice_amount, c)} />
        <Row label="Advance rate" value={formatRate(r.advance_rate)} />
        <Row
          label="Base rate"
          value={`${r.base_rate ? labelOfValue('Request', 'base_rate', r.base_rate) : '—'} ${r.base_rate_amount ? formatRate(r.base_rate_amount) : ''}${fix ? ` (fixing ${formatDate(fix.date)})` : ''}`}
        />
        <Row label="Spread" value={formatRate(r.discount_fee_rate)} />
        {r.discount_fee_rate_adjusted !== null && r.discount_fee_rate_adjusted !== undefined && (
          // Set on settlement (docs/business-rules.md, “How a request is priced at approval”):
          // 0 when paid on the due date.
          <Row
            label="Adjusted spread (at payback)"
            value={
              Number(r.discount_fee_rate_adjusted) === 0
                ? '0 % (paid on the due date)'
                : formatRate(r.discount_fee_rate_adjusted)
            }
          />
        )}
        <Row
          label="Days (ACT/360)"
          value={
            r.invoice_purchase_duration === null || r.invoice_purchase_duration === undefined
              ? ''
              : String(r.invoice_purchase_duration)
          }
        />
        <Row label="Discount fee" value={formatMoney(r.discount_fee_amount, c)} />
        <Row
          label="Transaction fee"
          value={`${formatMoney(r.transaction_fee_amount, c)} (${formatRate(r.transaction_fee_rate) || '—'} of spread)`}
        />
        <Row
          label="Broker fee"
          value={`${formatMoney(r.broker_fee_amount, c)} (${formatRate(r.broker_fee_rate) || '—'})`}
        />
        <Row
          label="SPV fee"
          value={`${formatMoney(r.spv_fee_amount, c)} (${formatRate(r.spv_fee_rate) || '—'})`}
        />
        <Row label="Purchase amount" value={formatMoney(r.invoice_purchase_amount, c)} />
      </TableBody>
    </Table>
  );
}

/**
 * The bookkeeping statuses: the Bookkeeping record's (it is what changeStatus moves) where the viewer
 * may read it, else the copies on the request.
 */
function BookkeepingRows({ area, request }: { area: AreaKey; request: ApiRecord }) {
  const readable = area === 'admin' || area === 'spv' || area === 'investor';
  const q = useAll(
    'Bookkeeping',
    { requestId: { eq: request.id } },
    { max: 1, enabled: readable && request.request_status !== 'Under Review' },
  );
  const b = q.data?.[0];
  const source = b ?? request;
  const link =
    b && (area === 'admin' || area === 'spv') ? (
      <RouterLink to={`${AREAS[area].base}/bookkeeping/${b.id}`}>Open bookkeeping</RouterLink>
    ) : null;
  return (
    <>
      <TableRow>
        <TableCell sx={{ pl: 0 }}>Bookkeeping (platform)</TableCell>
        <TableCell>
          <StatusChip status={(source.bookkeeping_status_admin as string) ?? null} />
        </TableCell>
        <TableCell sx={{ pr: 0 }}>{link}</TableCell>
      </TableRow>
      <TableRow>
        <TableCell sx={{ pl: 0 }}>Bookkeeping (SPV)</TableCell>
        <TableCell colSpan={2}>
          <StatusChip status={(source.bookkeeping_status_spv as string) ?? null} />
        </TableCell>
      </TableRow>
    </>
  );
}

/**
 * Every area's `request/{id}`: header with the viewer's operations, the reason of its state, the
 * documents asked for (with their upload and "Resubmit" for the supplier), "Edit details" for what
 * the state leaves editable, pricing, the request's files and signed documents, payments, bookkeeping,
 * the signatures of its documents (docs/business-rules.md, “Signing the financing documents”),
 * history.
 */
export function RequestDetailScreen({ area }: { area: AreaKey }) {
  const { id } = useParams();
  const q = useRecord('Request', id);
  const envelopes = useRequestEnvelopes(q.data?.id);
  const base = AREAS[area].base;
  if (q.isLoading) return <Loading />;
  if (q.error || !q.data)
    return (
      <Alert severity="error">
        {q.error?.message ?? 'This request does not exist or you do not have access to it.'}
      </Alert>
    );
  const r = q.data;
  const c = r.invoice_currency as string;
  const txLink = (field: string) => {
    const v = r[field];
    if (typeof v !== 'string' || !v) return '—';
    const to =
      area === 'admin' ? `${base}/transaction/${v}` : area === 'investor' ? `${base}/transaction/${v}` : null;
    return to ? <RouterLink to={to}>Open transaction</RouterLink> : 'Recorded';
  };
  const status = (r.request_status as string | null) ?? null;
  const askedFor = status === 'Documents Pending';
  return (
    <>
      <PageHeader
        title={`Invoice ${String(r.invoice_number ?? '')}`}
        status={r.request_status as string}
        crumbs={[{ label: 'Requests', to: `${base}/requests` }, { label: String(r.invoice_number ?? r.id) }]}
        actions={
          <StatusActions
            model="Request"
            record={r}
            only={askedFor ? (m) => !answersDocuments(m) : undefined}
          />
        }
      />
      <LatestReason model="Request" id={r.id} field="request_status" status={status} label="Reason" />
      {r.possible_duplicate_of ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Flagged as a possible duplicate of another supplier’s request for the same invoice number and amount
          from the same buyer; an administrator checks it before approval.
        </Alert>
      ) : null}
      {askedFor && <DocumentsAskedFor request={r} />}
      <Stack direction="row" sx={{ mb: 2, '&:empty': { display: 'none' } }}>
        <FrozenAwareEdit
          model="Request"
          record={r}
          sections={EDITED_SECTIONS}
          intro="The invoice’s amount, currency, dates, number and line are fixed once the request is submitted; its description and documents can still be completed."
        />
      </Stack>
      <Paper sx={{ p: 2, mb: 2 }}>
        <Grid container spacing={2}>
          {[
            ['Buyer', String(r.buyer_name ?? '—')],
            ['Supplier', String(r.supplier_name ?? '—')],
            ['Invoice amount', formatMoney(r.invoice_amount, c)],
            ['Purchase amount', formatMoney(r.invoice_purchase_amount, c) || '—'],
            ['Invoice date', formatDate(r.invoice_date)],
            ['Due date', formatDate(r.invoice_due_date)],
            ['Payout date', formatDate(r.payout_date) || '—'],
            ['Payback date', formatDate(r.payback_date) || '—'],
          ].map(([label, value]) => (
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
      </Paper>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper sx={{ p: 2, height: '100%' }}>
            <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
              Pricing
            </Typography>
            <Pricing r={r} />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={2} sx={{ height: '100%' }}>
            <RequestFiles request={r} envelopes={envelopes.data ?? []} />
            <Paper sx={{ p: 2 }}>
              <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
                Payments and bookkeeping
              </Typography>
              <Table size="small">
                <TableBody>
                  <TableRow>
                    <TableCell sx={{ pl: 0 }}>Payout</TableCell>
                    <TableCell>{formatDate(r.payout_date) || '—'}</TableCell>
                    <TableCell sx={{ pr: 0 }}>{txLink('transactionId_payout')}</TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell sx={{ pl: 0 }}>Payback</TableCell>
                    <TableCell>{formatDate(r.payback_date) || '—'}</TableCell>
                    <TableCell sx={{ pr: 0 }}>{txLink('transactionId_payback')}</TableCell>
                  </TableRow>
                  <BookkeepingRows area={area} request={r} />
                </TableBody>
              </Table>
            </Paper>
          </Stack>
        </Grid>
      </Grid>
      <RequestPaymentsPanel request={r} area={area} />
      <SignaturesPanel envelopes={envelopes} />
      <StatusHistory model="Request" id={r.id} record={r} />
      <SectionList model="Request" record={r} hideEmptySections />
    </>
  );
}
