import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { formatMoney, todayIso } from '../entity/format.ts';
import type { ApiRecord } from '../entity/graphql-client.ts';
import {
  newIdempotencyKey,
  useRecordManualTransaction,
  useReverseManualTransaction,
  useSetTransactionIgnored,
} from '../entity/payments-api.ts';
import { notify } from '../shared/errors.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { accountLabel, currencyOfTransaction, reconciliationOf, str } from './reconciliation-parts.tsx';

interface Entry {
  bankId: string;
  date: string;
  amount: string;
  counterparty: string;
  remittance: string;
  reference: string;
}

const SIGNED_AMOUNT = /^-?\d{1,15}(\.\d{1,5})?$/;

/** What is missing or malformed, per field, before anything is sent (the server checks the rest). */
function problemsOf(e: Entry): Partial<Record<keyof Entry, string>> {
  const out: Partial<Record<keyof Entry, string>> = {};
  if (!e.bankId) out.bankId = 'Pick the account the bank booked it on.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(e.date)) out.date = 'Give the booking date.';
  const amount = e.amount.trim().replace(/,/g, '');
  if (!SIGNED_AMOUNT.test(amount) || !/[1-9]/.test(amount))
    out.amount = 'Type the amount, e.g. 1250.00 for money in or -1250.00 for money out.';
  return out;
}

/**
 * "Manual entry" (docs/business-rules.md, “Payments and reconciliation”): an administrator enters a
 * bank transaction by hand into an approved remittance or collection account; it is posted, marked
 * manual, and never edited (only reversed). The server's refusal is shown in its words.
 */
export function ManualEntryDialog({
  accounts,
  onClose,
  onRecorded,
}: {
  accounts: readonly ApiRecord[];
  onClose: () => void;
  onRecorded: (transaction: ApiRecord | null) => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const record = useRecordManualTransaction();
  const [key] = useState(newIdempotencyKey);
  const [entry, setEntry] = useState<Entry>({
    bankId: '',
    date: todayIso(),
    amount: '',
    counterparty: '',
    remittance: '',
    reference: '',
  });
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const approved = accounts.filter((a) => a.bank_status === 'Approved');
  const problems = touched ? problemsOf(entry) : {};
  const busy = record.isPending;
  const set = (field: keyof Entry) => (e: { target: { value: string } }) =>
    setEntry((x) => ({ ...x, [field]: e.target.value }));
  const account = approved.find((a) => a.id === entry.bankId);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (busy || Object.keys(problemsOf(entry)).length) return;
    setError(null);
    const text = (v: string) => v.trim() || null;
    try {
      const made = await record.mutateAsync({
        bankId: entry.bankId,
        transaction_date: entry.date,
        amount: entry.amount.trim().replace(/,/g, ''),
        counterparty_name: text(entry.counterparty),
        remittance_information: text(entry.remittance),
        bank_reference: text(entry.reference),
        idempotencyKey: key,
      });
      notify('Manual entry recorded.');
      onRecorded(made);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The entry could not be recorded. Please try again.');
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
      aria-labelledby={titleId}
    >
      {busy && <LinearProgress aria-label="Sending" />}
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id={titleId}>Manual entry</DialogTitle>
        <DialogContent dividers>
          <Alert severity="info" sx={{ mb: 2 }}>
            For a payment the bank booked but no statement brings in. The entry is posted and marked manual;
            it is never edited, only reversed with a reason.
          </Alert>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {error}
            </Alert>
          )}
          <Stack sx={{ gap: 2 }}>
            <TextField
              select
              id="manual-account"
              label="Account"
              value={entry.bankId}
              onChange={set('bankId')}
              required
              error={Boolean(problems.bankId)}
              helperText={
                problems.bankId ??
                (approved.length
                  ? 'An approved remittance or collection account.'
                  : 'No remittance or collection account is approved yet.')
              }
              disabled={busy}
            >
              {approved.map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {accountLabel(a)}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
              <TextField
                id="manual-date"
                label="Booking date"
                type="date"
                value={entry.date}
                onChange={set('date')}
                required
                error={Boolean(problems.date)}
                helperText={problems.date ?? ' '}
                disabled={busy}
                sx={{ flex: 1 }}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayIso() } }}
              />
              <TextField
                id="manual-amount"
                label={`Amount${account ? ` (${str(account.iso_currency_code)})` : ''}`}
                value={entry.amount}
                onChange={set('amount')}
                required
                error={Boolean(problems.amount)}
                helperText={problems.amount ?? 'Money in positive, money out negative.'}
                disabled={busy}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
              />
            </Stack>
            <TextField
              id="manual-counterparty"
              label="Counterparty"
              value={entry.counterparty}
              onChange={set('counterparty')}
              helperText="The payer of money in, the payee of money out."
              disabled={busy}
              slotProps={{ htmlInput: { maxLength: 140 } }}
            />
            <TextField
              id="manual-remittance"
              label="Remittance information"
              value={entry.remittance}
              onChange={set('remittance')}
              helperText="What the payer wrote, e.g. the invoice number."
              multiline
              minRows={2}
              disabled={busy}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
            <TextField
              id="manual-reference"
              label="Bank reference"
              value={entry.reference}
              onChange={set('reference')}
              helperText="The bank's reference of the entry; an account takes each reference once."
              disabled={busy}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {busy ? 'Recording…' : 'Record entry'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Whether "Reverse" applies: an unmatched manual entry that is no reversal itself. */
export const isReversible = (t: ApiRecord): boolean =>
  t.transaction_source === 'manual' && !t.reversal_of && reconciliationOf(t) === 'Unmatched';

/** "Reverse" on a manual entry: a reason, a confirmation, the server's refusal in its words. */
export function ReverseDialog({ entry, onClose }: { entry: ApiRecord; onClose: () => void }) {
  const reverse = useReverseManualTransaction();
  const [key] = useState(newIdempotencyKey);
  const amount = formatMoney(entry.transaction_source_amount, currencyOfTransaction(entry));
  return (
    <ConfirmDialog
      title="Reverse the manual entry"
      tone="error"
      confirm="Reverse"
      explain={`Adds an entry of the opposite amount that points at this one (${amount}); both are then ignored by reconciliation. A manual entry is reversed once, and this cannot be undone.`}
      reason={{
        label: 'Reason',
        help: 'Kept in the entry’s history.',
        check: (t) => (t.trim() ? null : 'Say why the entry is reversed.'),
      }}
      onConfirm={async (reason) => {
        await reverse.mutateAsync({ id: entry.id, reason, idempotencyKey: key });
        notify('Manual entry reversed.');
        onClose();
      }}
      onClose={onClose}
    />
  );
}

/** "Ignore" applies to an unmatched transaction; "Reconcile again" to an ignored one that is no reversed pair. */
export const ignorableState = (t: ApiRecord): 'ignore' | 'restore' | null => {
  const state = reconciliationOf(t);
  if (state === 'Unmatched') return 'ignore';
  if (state === 'Ignored' && !t.reversal_of && t.transaction_source !== 'manual') return 'restore';
  return null;
};

/** "Ignore" (what pays no request and no payout) or "Reconcile again": a reason, kept in the history. */
export function IgnoreDialog({
  entry,
  ignore,
  onClose,
}: {
  entry: ApiRecord;
  ignore: boolean;
  onClose: () => void;
}) {
  const change = useSetTransactionIgnored();
  const [key] = useState(newIdempotencyKey);
  return (
    <ConfirmDialog
      title={ignore ? 'Ignore the transaction' : 'Reconcile the transaction again'}
      tone={ignore ? 'error' : 'primary'}
      confirm={ignore ? 'Ignore' : 'Reconcile again'}
      explain={
        ignore
          ? 'For what pays no request and no payout (the bank’s interest or charges, a transfer between the funder’s own accounts): the platform no longer matches or suggests it. It can be brought back.'
          : 'The transaction is unmatched again: the administrator can allocate it to requests or payouts.'
      }
      reason={{
        label: 'Reason',
        help: 'Kept in the transaction’s history.',
        check: (t) => (t.trim() ? null : 'Say why.'),
      }}
      onConfirm={async (reason) => {
        await change.mutateAsync({ id: entry.id, ignored: ignore, reason, idempotencyKey: key });
        notify(ignore ? 'Transaction ignored.' : 'Transaction back to reconcile.');
        onClose();
      }}
      onClose={onClose}
    />
  );
}
