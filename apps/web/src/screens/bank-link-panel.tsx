import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { bankLinkOffered, fetchBankLinkStatus, linkWithBank, syncAccount } from '../entity/bank-link-api.ts';
import { formatDateTime } from '../entity/format.ts';
import { PAYMENTS_KEY, refreshAfterPayments } from '../entity/payments-api.ts';
import { notify } from '../shared/errors.ts';

/**
 * An approved remittance or collection account linked with its bank through the bank-data provider
 * (docs/business-rules.md, “Payments and reconciliation”): "Link with your bank" opens the
 * provider's window, "Sync now" brings the new transactions in (the server also syncs hourly).
 * Shown only when the server has a provider configured; otherwise statements are imported as files.
 */
export function BankLinkPanel({ account }: { account: ApiRecord }) {
  const client = useQueryClient();
  const offered = useQuery({
    queryKey: ['bank-link-offered'],
    queryFn: bankLinkOffered,
    staleTime: Infinity,
  });
  const approved = account.bank_status === 'Approved';
  const status = useQuery({
    queryKey: [PAYMENTS_KEY, 'link', account.id],
    queryFn: () => fetchBankLinkStatus(account.id),
    enabled: offered.data === true && approved,
  });
  const link = useMutation({
    mutationFn: () => linkWithBank(account.id),
    onSuccess: (linked) => {
      if (linked) notify(`Linked with ${linked.name}${linked.mask ? ` (…${linked.mask})` : ''}.`);
      void client.invalidateQueries({ queryKey: [PAYMENTS_KEY, 'link', account.id] });
    },
  });
  const sync = useMutation({
    mutationFn: () => syncAccount(account.id),
    onSuccess: (s) => {
      notify(`${s.created} new, ${s.duplicates} already here, ${s.matched} matched by the platform.`);
      refreshAfterPayments(client);
    },
  });
  if (offered.data !== true || !approved) return null;
  const busy = link.isPending || sync.isPending;
  const error = link.error ?? sync.error;
  return (
    <Box component="section" aria-label="Bank link" sx={{ mt: 1, mb: 2 }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ flex: '1 1 16rem' }} color="text.secondary">
          {status.data?.linked
            ? `Linked with the bank; ${status.data.lastSyncedAt ? `last synced ${formatDateTime(status.data.lastSyncedAt)}` : 'not synced yet'}. New transactions come in every hour.`
            : 'Link the account with its bank to bring its transactions in without files.'}
        </Typography>
        <Button variant="outlined" size="small" disabled={busy} onClick={() => link.mutate()}>
          {status.data?.linked ? 'Link again' : 'Link with your bank'}
        </Button>
        {status.data?.linked && (
          <Button
            variant="contained"
            size="small"
            disabled={busy}
            onClick={() => sync.mutate()}
            startIcon={sync.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {sync.isPending ? 'Syncing…' : 'Sync now'}
          </Button>
        )}
      </Stack>
      {status.data?.lastError && (
        <Alert severity="warning">The last sync failed: {status.data.lastError}</Alert>
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error.message}
        </Alert>
      )}
    </Box>
  );
}
