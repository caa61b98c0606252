import { Alert, Button, Chip, Grid, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatMoney } from '../entity/format.ts';
import { useRecord } from '../entity/hooks.ts';
import { CreditPanel } from './reconciliation-credit.tsx';
import { DebitPanel } from './reconciliation-debit.tsx';
import { IgnoreDialog, ignorableState, isReversible, ReverseDialog } from './reconciliation-manual.tsx';
import {
  counterpartyOf,
  currencyOfTransaction,
  isDebit,
  Labelled,
  ReconciliationChip,
  reconciliationOf,
  str,
} from './reconciliation-parts.tsx';

/**
 * The payment opened beside the list: what the bank says of it, "Reverse" for an unmatched manual
 * entry, and what it pays: suggestions and allocations for money in, payout instructions for money
 * out (docs/business-rules.md, “Payments and reconciliation”).
 */
export function PaymentDetail({
  id,
  accountNames,
}: {
  id: string;
  accountNames: ReadonlyMap<string, string>;
}) {
  const q = useRecord('Transaction', id);
  const [reversing, setReversing] = useState(false);
  const [ignoring, setIgnoring] = useState(false);
  if (q.isLoading)
    return (
      <Paper sx={{ p: 2 }}>
        <Typography color="text.secondary">Loading…</Typography>
      </Paper>
    );
  if (q.error || !q.data)
    return (
      <Alert severity={q.error ? 'error' : 'warning'}>
        {q.error?.message ?? 'This payment does not exist or has been deleted.'}
      </Alert>
    );
  const t = q.data;
  const debit = isDebit(t);
  return (
    <Paper
      sx={{ p: { xs: 1.5, sm: 2.5 } }}
      component="section"
      aria-label="Payment"
      data-testid="payment-detail"
    >
      <Typography variant="overline" color="text.secondary">
        {debit ? 'Money out' : 'Money in'}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h3" component="h2" sx={{ wordBreak: 'break-word' }}>
          {formatMoney(t.transaction_source_amount, currencyOfTransaction(t))}
        </Typography>
        <ReconciliationChip status={reconciliationOf(t)} />
        {t.transaction_source === 'manual' && <Chip size="small" variant="outlined" label="Manual entry" />}
        {t.reversal_of ? <Chip size="small" variant="outlined" label="Reversal" /> : null}
        {t.transaction_status === 'Pending' && (
          <Chip size="small" variant="outlined" color="warning" label="Pending at the bank" />
        )}
      </Stack>
      <Grid container spacing={1.5} sx={{ mt: 1 }}>
        {(
          [
            ['Booked', formatDate(t.transaction_date)],
            [debit ? 'Payee' : 'Payer', counterpartyOf(t)],
            ['Account', accountNames.get(str(t.bankId)) ?? ''],
            ['Remittance information', str(t.remittance_information) || str(t.transaction_description)],
            ['Bank reference', str(t.bank_reference)],
            ['End-to-end reference', str(t.end_to_end_id)],
          ] as const
        )
          .filter(([, v]) => v)
          .map(([label, value]) => (
            <Grid key={label} size={{ xs: 12, sm: 6 }}>
              <Labelled label={label}>{value}</Labelled>
            </Grid>
          ))}
      </Grid>
      <Stack direction="row" sx={{ gap: 1, mt: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" size="small" component={RouterLink} to={`/admin/transaction/${t.id}`}>
          Open transaction
        </Button>
        {isReversible(t) && (
          <Button variant="outlined" size="small" color="error" onClick={() => setReversing(true)}>
            Reverse
          </Button>
        )}
        {ignorableState(t) && (
          <Button variant="outlined" size="small" onClick={() => setIgnoring(true)}>
            {ignorableState(t) === 'ignore' ? 'Ignore' : 'Reconcile again'}
          </Button>
        )}
      </Stack>
      {debit ? <DebitPanel payment={t} /> : <CreditPanel payment={t} />}
      {reversing && <ReverseDialog entry={t} onClose={() => setReversing(false)} />}
      {ignoring && (
        <IgnoreDialog entry={t} ignore={ignorableState(t) === 'ignore'} onClose={() => setIgnoring(false)} />
      )}
    </Paper>
  );
}
