import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatDateTime, formatMoney } from '../entity/format.ts';
import { newIdempotencyKey, useUnmatchAllocation, type PaymentAllocation } from '../entity/payments-api.ts';
import { notify } from '../shared/errors.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { MethodChip } from './reconciliation-parts.tsx';

/**
 * A payment's or a request's allocations (docs/business-rules.md, “Payments and reconciliation”),
 * oldest first as the server gives them: the invoice or the payment, the amount, auto or manual,
 * an undone one with when and why. With `unmatch`, each active one has "Unmatch", which asks for
 * the reason; the server refuses once the request is settled, and its message is shown.
 */
export function AllocationsList({
  allocations,
  of,
  invoiceTo,
  paymentTo,
  unmatch = false,
  empty,
}: {
  allocations: readonly PaymentAllocation[];
  /** `payment`: each row names the invoice it paid; `request`: the payment that paid it. */
  of: 'payment' | 'request';
  invoiceTo?: ((a: PaymentAllocation) => string | null) | undefined;
  paymentTo?: ((a: PaymentAllocation) => string | null) | undefined;
  unmatch?: boolean;
  empty: string;
}) {
  const [undoing, setUndoing] = useState<PaymentAllocation | null>(null);
  if (!allocations.length)
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {empty}
      </Typography>
    );
  return (
    <>
      <Box component="ul" aria-label="Allocations" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {allocations.map((a) => {
          const undone = Boolean(a.undoneAt);
          const invoice = `Invoice ${a.invoiceNumber ?? a.requestId}`;
          const invoiceLink = invoiceTo?.(a);
          const paymentLink = paymentTo?.(a);
          const payment = `Payment of ${formatDate(a.paymentDate)}${a.payerName ? ` from ${a.payerName}` : ''}`;
          const title = of === 'payment' ? invoice : payment;
          const link = of === 'payment' ? invoiceLink : paymentLink;
          return (
            <Box
              component="li"
              key={a.id}
              data-testid="allocation"
              sx={{ py: 1, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
            >
              <Stack
                direction="row"
                sx={{ justifyContent: 'space-between', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}
              >
                <Box sx={{ minWidth: 0, flex: '1 1 14rem' }}>
                  <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
                    {link ? (
                      <Link component={RouterLink} to={link} underline="hover">
                        {title}
                      </Link>
                    ) : (
                      title
                    )}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" component="div">
                    Allocated {formatDateTime(a.allocatedAt)}
                  </Typography>
                  <Stack direction="row" sx={{ gap: 0.75, mt: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
                    <MethodChip method={a.method} />
                    {undone && (
                      <Typography variant="body2" color="error" component="span" data-testid="undone">
                        Undone {formatDateTime(a.undoneAt)}
                        {a.undoReason ? `: ${a.undoReason}` : ''}
                      </Typography>
                    )}
                  </Stack>
                </Box>
                <Stack sx={{ alignItems: 'flex-end', gap: 0.5 }}>
                  <Typography
                    sx={{
                      fontWeight: 600,
                      whiteSpace: 'nowrap',
                      textDecoration: undone ? 'line-through' : undefined,
                      color: undone ? 'text.secondary' : undefined,
                    }}
                  >
                    {formatMoney(a.amount, a.currency)}
                  </Typography>
                  {unmatch && !undone && a.requestStatus === 'Approved' && (
                    <Button
                      size="small"
                      color="warning"
                      variant="outlined"
                      onClick={() => setUndoing(a)}
                      aria-label={`Unmatch ${formatMoney(a.amount, a.currency)} from ${invoice}`}
                    >
                      Unmatch
                    </Button>
                  )}
                </Stack>
              </Stack>
            </Box>
          );
        })}
      </Box>
      {undoing && <UnmatchDialog allocation={undoing} onClose={() => setUndoing(null)} />}
    </>
  );
}

/** Undoes an allocation with a reason (administrators); the server's refusal stays in the dialog. */
function UnmatchDialog({ allocation, onClose }: { allocation: PaymentAllocation; onClose: () => void }) {
  const unmatch = useUnmatchAllocation();
  const [key] = useState(newIdempotencyKey);
  const what = formatMoney(allocation.amount, allocation.currency);
  const invoice = allocation.invoiceNumber ?? allocation.requestId;
  return (
    <ConfirmDialog
      title="Unmatch the allocation"
      tone="warning"
      confirm="Unmatch"
      explain={`${what} of the payment of ${formatDate(allocation.paymentDate)} no longer pays invoice ${invoice}: its bookings are reversed and the amount is open on the payment again. A settled request's allocations stay.`}
      reason={{
        label: 'Reason',
        help: 'Kept with the allocation and in the histories of the payment and the request.',
        check: (t) => (t.trim() ? null : 'Say why the allocation is undone.'),
      }}
      onConfirm={async (reason) => {
        await unmatch.mutateAsync({ allocationId: allocation.id, reason, idempotencyKey: key });
        notify(`${what} unmatched from invoice ${invoice}.`);
        onClose();
      }}
      onClose={onClose}
    />
  );
}
