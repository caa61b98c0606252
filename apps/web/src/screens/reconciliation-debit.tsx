import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatDateTime, formatMoney } from '../entity/format.ts';
import type { ApiRecord } from '../entity/graphql-client.ts';
import {
  newIdempotencyKey,
  useMatchPayout,
  usePayoutInstructions,
  type PayoutInstruction,
} from '../entity/payments-api.ts';
import { notify } from '../shared/errors.ts';
import { StatusChip } from '../shared/page.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { instructionsFitting } from './reconciliation-filters.ts';
import { Block, currencyOfTransaction, reconciliationOf, str } from './reconciliation-parts.tsx';

const KIND: Readonly<Record<string, string>> = { advance: 'Advance', rebate: 'Reserve rebate' };

/**
 * A payment out of a remittance or collection account
 * (docs/business-rules.md, “Payments and reconciliation”): the payout instructions it could be
 * (Pending or Exported, its currency and amount), each with "Confirm payout"; once matched, the
 * instruction it confirmed.
 */
export function DebitPanel({ payment }: { payment: ApiRecord }) {
  const status = reconciliationOf(payment);
  const open = status === 'Unmatched';
  const pending = usePayoutInstructions({ status: 'Pending' }, { enabled: open });
  const exported = usePayoutInstructions({ status: 'Exported' }, { enabled: open });
  const confirmed = usePayoutInstructions({ status: 'Confirmed' }, { enabled: status === 'Matched' });
  const [confirming, setConfirming] = useState<PayoutInstruction | null>(null);
  const debit = { amount: payment.transaction_source_amount, currency: currencyOfTransaction(payment) };

  if (status === 'Matched') {
    const paid = (confirmed.data ?? []).filter((i) => i.transactionId === payment.id);
    return (
      <Block title="Payout it confirmed">
        {confirmed.error ? (
          <Alert severity="error">{confirmed.error.message}</Alert>
        ) : confirmed.isLoading ? (
          <Typography color="text.secondary">Loading…</Typography>
        ) : paid.length ? (
          <InstructionList instructions={paid} />
        ) : (
          <Typography color="text.secondary">No payout instruction names this payment.</Typography>
        )}
      </Block>
    );
  }
  if (!open)
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        Reconciliation ignores this entry: it is a reversed manual entry or its reversal.
      </Alert>
    );
  const error = pending.error ?? exported.error;
  const fitting = instructionsFitting(debit, [...(pending.data ?? []), ...(exported.data ?? [])]);
  return (
    <Block title="Payouts it could be">
      {error ? (
        <Alert severity="error">{error.message}</Alert>
      ) : pending.isLoading || exported.isLoading ? (
        <Typography color="text.secondary">Loading…</Typography>
      ) : fitting.length ? (
        <InstructionList instructions={fitting} onConfirm={setConfirming} />
      ) : (
        <Typography color="text.secondary">
          No pending or exported payout instruction is for{' '}
          {formatMoney(str(debit.amount).replace(/^-/, ''), debit.currency)}.
        </Typography>
      )}
      {confirming && (
        <ConfirmPayoutDialog payment={payment} instruction={confirming} onClose={() => setConfirming(null)} />
      )}
    </Block>
  );
}

function InstructionList({
  instructions,
  onConfirm,
}: {
  instructions: readonly PayoutInstruction[];
  onConfirm?: (i: PayoutInstruction) => void;
}) {
  return (
    <Box component="ul" aria-label="Payout instructions" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {instructions.map((i) => (
        <Box
          component="li"
          key={i.id}
          data-testid="payout-instruction"
          sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
        >
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1.5, flexWrap: 'wrap' }}>
            <Box sx={{ minWidth: 0, flex: '1 1 14rem' }}>
              <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 500, wordBreak: 'break-all' }}>{i.reference}</Typography>
                <StatusChip status={i.status} />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {KIND[i.kind] ?? i.kind} of{' '}
                <Link component={RouterLink} to={`/admin/request/${encodeURIComponent(i.requestId)}`}>
                  invoice {i.invoiceNumber ?? i.requestId}
                </Link>
                {i.supplierName ? ` to ${i.supplierName}` : ''}
                {i.payerName ? `, paid by ${i.payerName}` : ''}
                {i.debtorAccount ? ` from ${i.debtorAccount.name}` : ''}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Instructed {formatDateTime(i.createdAt)}
                {i.exportedAt ? ` · exported ${formatDateTime(i.exportedAt)}` : ''}
                {i.confirmedAt ? ` · confirmed ${formatDateTime(i.confirmedAt)}` : ''}
              </Typography>
              {i.problems.map((p) => (
                <Typography key={p} variant="body2" color="warning.main">
                  {p}
                </Typography>
              ))}
            </Box>
            <Stack sx={{ alignItems: 'flex-end', gap: 0.75 }}>
              <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {formatMoney(i.amount, i.currency)}
              </Typography>
              {onConfirm && (
                <Button
                  size="small"
                  variant="contained"
                  onClick={() => onConfirm(i)}
                  aria-label={`Confirm payout ${i.reference}`}
                >
                  Confirm payout
                </Button>
              )}
            </Stack>
          </Stack>
        </Box>
      ))}
    </Box>
  );
}

function ConfirmPayoutDialog({
  payment,
  instruction: i,
  onClose,
}: {
  payment: ApiRecord;
  instruction: PayoutInstruction;
  onClose: () => void;
}) {
  const match = useMatchPayout();
  const [key] = useState(newIdempotencyKey);
  const booked = formatDate(payment.transaction_date);
  return (
    <ConfirmDialog
      title="Confirm the payout"
      confirm="Confirm payout"
      explain={`This debit of ${booked} paid ${KIND[i.kind]?.toLowerCase() ?? i.kind} ${i.reference} (${formatMoney(i.amount, i.currency)}, invoice ${i.invoiceNumber ?? i.requestId}): the instruction becomes Confirmed and the debit Matched, and the payout is booked${i.kind === 'advance' ? `; the request's payout date becomes ${booked}` : ''}. This cannot be undone here.`}
      onConfirm={async () => {
        await match.mutateAsync({ instructionId: i.id, transactionId: payment.id, idempotencyKey: key });
        notify(`Payout ${i.reference} confirmed.`);
        onClose();
      }}
      onClose={onClose}
    />
  );
}
