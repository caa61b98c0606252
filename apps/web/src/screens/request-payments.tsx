import { Alert, Grid, Paper, Typography } from '@mui/material';
import { formatMoney } from '../entity/format.ts';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { usePaymentAllocations, useRequestBalance, type PaymentAllocation } from '../entity/payments-api.ts';
import type { AreaKey } from '../shared/areas.ts';
import { StatusChip } from '../shared/page.tsx';
import { AllocationsList } from './reconciliation-allocations.tsx';
import { Labelled } from './reconciliation-parts.tsx';

/** Where a viewer opens the payment of an allocation: the admin's reconciliation, a funder's collection account. */
function paymentPath(area: AreaKey, a: PaymentAllocation): string | null {
  const id = encodeURIComponent(a.transactionId);
  if (area === 'admin') return `/admin/reconciliation?payment=${id}`;
  if (area === 'investor' || area === 'spv') return `/${area}/bank/collection/${id}`;
  return null;
}

/**
 * A request's "Payments" (docs/business-rules.md, “Payments and reconciliation”): the invoice
 * amount, what is paid, written off and still open as the server sums them (`requestBalance`;
 * until it answers, or when it cannot, only the invoice amount: nothing is summed here), the
 * request's status, and
 * every allocation with its payment, amount, auto or manual, and an undone one with its reason.
 * The administrator may unmatch an allocation while the request is approved.
 */
export function RequestPaymentsPanel({ request, area }: { request: ApiRecord; area: AreaKey }) {
  const allocations = usePaymentAllocations({ requestId: request.id });
  const balance = useRequestBalance(request.id);
  const currency = typeof request.invoice_currency === 'string' ? request.invoice_currency : null;
  const status = typeof request.request_status === 'string' ? request.request_status : null;
  const b = balance.data;
  const figures: [string, string][] = [
    ['Invoice amount', formatMoney(b?.invoiceAmount ?? request.invoice_amount, b?.currency ?? currency)],
    ...(b
      ? ([
          ['Paid', formatMoney(b.paid, b.currency)],
          ...(b.writtenOff && !/^0*(\.0*)?$/.test(b.writtenOff)
            ? ([['Written off', formatMoney(b.writtenOff, b.currency)]] as [string, string][])
            : []),
          ['Open balance', formatMoney(b.open, b.currency)],
        ] as [string, string][])
      : []),
  ];
  return (
    <Paper
      sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}
      component="section"
      aria-label="Payments"
      data-testid="request-payments"
    >
      <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
        Payments
      </Typography>
      <Grid container spacing={2} sx={{ mb: 1 }}>
        {figures.map(([label, value]) => (
          <Grid key={label} size={{ xs: 6, md: 3 }}>
            <Labelled label={label}>
              <Typography
                variant="h5"
                component="span"
                data-testid={`payments-${label.toLowerCase().replace(/\s+/g, '-')}`}
              >
                {value || '—'}
              </Typography>
            </Labelled>
          </Grid>
        ))}
        <Grid size={{ xs: 6, md: 3 }}>
          <Labelled label="Request status">
            <span data-testid="payments-status">
              <StatusChip status={status} />
            </span>
          </Labelled>
        </Grid>
      </Grid>
      {balance.error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {balance.error.message}
        </Alert>
      )}
      {allocations.error ? (
        <Alert severity="error">{allocations.error.message}</Alert>
      ) : (
        <AllocationsList
          allocations={allocations.data ?? []}
          of="request"
          paymentTo={(a) => paymentPath(area, a)}
          unmatch={area === 'admin' && status === 'Approved'}
          empty={allocations.isLoading ? 'Loading…' : 'No payment has been allocated to this request yet.'}
        />
      )}
    </Paper>
  );
}
