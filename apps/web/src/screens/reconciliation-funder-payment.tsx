import { Alert, Paper, Stack, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { HeaderCard, SectionList } from '../entity/entity-detail.tsx';
import { useRecord } from '../entity/hooks.ts';
import { machineFieldsOf } from '../entity/model-meta.ts';
import { usePaymentAllocations } from '../entity/payments-api.ts';
import { useRecordTitle } from '../entity/record-title.tsx';
import { AREAS, type AreaKey } from '../shared/areas.ts';
import { PageHeader } from '../shared/page.tsx';
import { Loading } from '../shared/status-screens.tsx';
import { AllocationsList } from './reconciliation-allocations.tsx';
import { ReconciliationChip, reconciliationOf } from './reconciliation-parts.tsx';
import { StatusHistory } from './status-history.tsx';

/**
 * Investor and SPV `bank/collection/{id}`: a payment into the funder's collection account with
 * "What this payment paid" (docs/business-rules.md, “Payments and reconciliation”): its
 * reconciliation state and each allocation (invoice, amount, date, auto or manual, an undone one
 * with its reason), then its history and details.
 */
export function CollectionPaymentScreen({ area }: { area: AreaKey }) {
  const { id } = useParams();
  const base = AREAS[area].base;
  const q = useRecord('Transaction', id);
  const title = useRecordTitle('Transaction', q.data);
  const crumbs = [
    { label: 'Bank', to: `${base}/bank` },
    { label: 'Collection', to: `${base}/bank/collection` },
  ];
  if (q.isLoading) return <Loading />;
  if (q.error || !q.data)
    return (
      <>
        <PageHeader title="Transaction" crumbs={crumbs} />
        <Alert severity={q.error ? 'error' : 'warning'}>
          {q.error?.message ?? 'This transaction does not exist or you do not have access to it.'}
        </Alert>
      </>
    );
  const t = q.data;
  return (
    <>
      <PageHeader title="" crumbs={[...crumbs, { label: title }]} />
      <HeaderCard model="Transaction" record={t} />
      <PaidPanel
        transactionId={t.id}
        status={reconciliationOf(t)}
        requestTo={(r) => `${base}/request/${r}`}
      />
      {machineFieldsOf('Transaction', t).length > 0 && (
        <StatusHistory model="Transaction" id={t.id} record={t} />
      )}
      <SectionList model="Transaction" record={t} hideEmptySections />
    </>
  );
}

function PaidPanel({
  transactionId,
  status,
  requestTo,
}: {
  transactionId: string;
  status: string;
  requestTo: (requestId: string) => string;
}) {
  const allocations = usePaymentAllocations({ transactionId });
  return (
    <Paper
      sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}
      component="section"
      aria-label="What this payment paid"
      data-testid="payment-paid"
    >
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h4" component="h2">
          What this payment paid
        </Typography>
        <ReconciliationChip status={status} />
      </Stack>
      {allocations.error ? (
        <Alert severity="error">{allocations.error.message}</Alert>
      ) : (
        <AllocationsList
          allocations={allocations.data ?? []}
          of="payment"
          invoiceTo={(a) => requestTo(encodeURIComponent(a.requestId))}
          empty={
            allocations.isLoading
              ? 'Loading…'
              : status === 'Ignored'
                ? 'Reconciliation ignores this entry.'
                : 'Nothing of this payment is allocated to a request yet.'
          }
        />
      )}
    </Paper>
  );
}
