import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '../entity/format.ts';
import type { ApiRecord } from '../entity/graphql-client.ts';
import {
  newIdempotencyKey,
  useAllocatePayment,
  usePaymentAllocations,
  usePaymentSuggestions,
  type PaymentSuggestion,
} from '../entity/payments-api.ts';
import { notify } from '../shared/errors.ts';
import { AllocationsList } from './reconciliation-allocations.tsx';
import { Block, reconciliationOf } from './reconciliation-parts.tsx';
import { SplitDialog } from './reconciliation-split.tsx';

const requestTo = (id: string) => `/admin/request/${encodeURIComponent(id)}`;

/**
 * A payment into a collection account (docs/business-rules.md, “Payments and reconciliation”):
 * what it is allocated to, with "Unmatch"; the open requests it may pay, best first, with the
 * reasons of their score and whether the platform would match it on its own; "Allocate" pays a
 * suggestion's open balance, "Split" several requests with typed amounts.
 */
export function CreditPanel({ payment }: { payment: ApiRecord }) {
  const status = reconciliationOf(payment);
  const open = status === 'Unmatched' || status === 'Partially matched';
  const allocations = usePaymentAllocations({ transactionId: payment.id });
  const suggestions = usePaymentSuggestions(open ? payment.id : undefined);
  const [allocating, setAllocating] = useState<PaymentSuggestion | null>(null);
  const [splitting, setSplitting] = useState(false);
  return (
    <>
      <Block title="Allocated to">
        {allocations.error ? (
          <Alert severity="error">{allocations.error.message}</Alert>
        ) : (
          <AllocationsList
            allocations={allocations.data ?? []}
            of="payment"
            invoiceTo={(a) => requestTo(a.requestId)}
            unmatch
            empty={allocations.isLoading ? 'Loading…' : 'Nothing of this payment is allocated yet.'}
          />
        )}
      </Block>
      {status === 'Ignored' && (
        <Alert severity="info" sx={{ mt: 2 }}>
          Reconciliation ignores this entry: it is a reversed manual entry or its reversal.
        </Alert>
      )}
      {open && (
        <Block
          title="Suggested requests"
          actions={
            <Button variant="outlined" onClick={() => setSplitting(true)}>
              Split
            </Button>
          }
        >
          {suggestions.error ? (
            <Alert severity="error">{suggestions.error.message}</Alert>
          ) : suggestions.isLoading ? (
            <Typography color="text.secondary">Loading…</Typography>
          ) : !suggestions.data?.length ? (
            <Typography color="text.secondary">
              No approved request of this account’s owner in the payment’s currency is due between 45 days
              before and 14 days after the payment. Use Split to allocate it to another approved request.
            </Typography>
          ) : (
            <Box component="ul" aria-label="Suggested requests" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {suggestions.data.map((s) => (
                <SuggestionRow key={s.requestId} suggestion={s} onAllocate={() => setAllocating(s)} />
              ))}
            </Box>
          )}
        </Block>
      )}
      {allocating && (
        <AllocateDialog payment={payment} suggestion={allocating} onClose={() => setAllocating(null)} />
      )}
      {splitting && (
        <SplitDialog
          payment={payment}
          suggestions={suggestions.data ?? []}
          onClose={() => setSplitting(false)}
        />
      )}
    </>
  );
}

function SuggestionRow({
  suggestion: s,
  onAllocate,
}: {
  suggestion: PaymentSuggestion;
  onAllocate: () => void;
}) {
  const invoice = s.invoiceNumber ?? s.requestId;
  return (
    <Box
      component="li"
      data-testid="suggestion"
      sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1.5, flexWrap: 'wrap' }}>
        <Box sx={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
            <Link component={RouterLink} to={requestTo(s.requestId)} underline="hover">
              Invoice {invoice}
            </Link>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {s.buyerName ?? 'Buyer not named'}
          </Typography>
          <Stack
            direction="row"
            sx={{ gap: 0.75, mt: 0.75, flexWrap: 'wrap' }}
            aria-label="Why it is suggested"
          >
            {s.automatic && <Chip size="small" color="success" label="Platform would match" />}
            {s.reasons.map((r) => (
              <Chip key={r} size="small" variant="outlined" label={r} />
            ))}
            {!s.reasons.length && (
              <Typography variant="body2" color="text.secondary">
                Funded by this account’s owner and due near the payment; nothing else points to it.
              </Typography>
            )}
          </Stack>
        </Box>
        <Stack sx={{ alignItems: 'flex-end', gap: 0.75 }}>
          <Box sx={{ textAlign: 'right' }}>
            <Typography variant="caption" color="text.secondary" component="div">
              Open balance
            </Typography>
            <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {formatMoney(s.open, s.currency)}
            </Typography>
          </Box>
          <Button
            variant="contained"
            size="small"
            onClick={onAllocate}
            aria-label={`Allocate to invoice ${invoice}`}
          >
            Allocate
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/**
 * "Allocate": what the server says one click takes (the open balance, or what is left of the
 * payment when less), after a confirmation (paying the invoice in full settles the request).
 */
function AllocateDialog({
  payment,
  suggestion,
  onClose,
}: {
  payment: ApiRecord;
  suggestion: PaymentSuggestion;
  onClose: () => void;
}) {
  const titleId = useId();
  const allocate = useAllocatePayment();
  const [key] = useState(newIdempotencyKey);
  const amount = suggestion.allocatable;
  const [error, setError] = useState<string | null>(null);
  const invoice = suggestion.invoiceNumber ?? suggestion.requestId;
  const full = amount === suggestion.open;
  const busy = allocate.isPending;

  const run = async (value: string) => {
    setError(null);
    try {
      await allocate.mutateAsync({
        transactionId: payment.id,
        allocations: [{ requestId: suggestion.requestId, amount: value }],
        idempotencyKey: key,
      });
      notify(`${formatMoney(value, suggestion.currency)} allocated to invoice ${invoice}.`);
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The allocation failed. Please try again.');
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      {busy && <LinearProgress aria-label="Sending" />}
      <DialogTitle id={titleId}>Allocate to invoice {invoice}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          {formatMoney(amount, suggestion.currency)} of this payment pays invoice {invoice}
          {suggestion.buyerName ? ` of ${suggestion.buyerName}` : ''} (open balance{' '}
          {formatMoney(suggestion.open, suggestion.currency)}).{' '}
          {full
            ? 'It pays the invoice in full: the platform settles the request, and a settled request’s allocations cannot be unmatched.'
            : 'It pays part of the invoice: the request stays approved until the rest is paid.'}
        </Typography>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => void run(amount)}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {busy ? 'Allocating…' : `Allocate ${formatMoney(amount, suggestion.currency)}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
