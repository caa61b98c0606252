import { Box, Chip, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { useAll } from '../entity/hooks.ts';
import { TONE_COLOURS, type ChipTone } from '../shared/status-tones.ts';

/**
 * Small parts of the payments screens (docs/business-rules.md, “Payments and reconciliation”):
 * the reconciliation state and the allocation method as chips, a labelled value.
 */

const RECONCILIATION_TONES: Readonly<Record<string, ChipTone>> = {
  Unmatched: 'amber',
  'Partially matched': 'blue',
  Matched: 'green',
  Ignored: 'grey',
};

/** A transaction's reconciliation state; none stored reads as Unmatched, as the server reads it. */
export const reconciliationOf = (t: ApiRecord | null | undefined): string =>
  typeof t?.reconciliation_status === 'string' && t.reconciliation_status
    ? t.reconciliation_status
    : 'Unmatched';

export function ReconciliationChip({ status }: { status: string }) {
  const tone = TONE_COLOURS[RECONCILIATION_TONES[status] ?? 'grey'];
  return (
    <Chip
      label={status}
      size="small"
      sx={{ bgcolor: tone.bg, color: tone.fg, fontWeight: 500 }}
      data-testid="reconciliation-status"
    />
  );
}

/** auto: the platform matched it; manual: an administrator allocated it. */
export function MethodChip({ method }: { method: string }) {
  return (
    <Chip
      label={method}
      size="small"
      variant="outlined"
      color={method === 'auto' ? 'primary' : 'default'}
      title={method === 'auto' ? 'Matched by the platform' : 'Allocated by an administrator'}
    />
  );
}

/** A small label over its value. */
export function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="div" sx={{ wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** A titled block inside a panel. */
export function Block({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2.5 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}
      >
        <Typography variant="h5" component="h3">
          {title}
        </Typography>
        {actions && (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {actions}
          </Stack>
        )}
      </Stack>
      {children}
    </Box>
  );
}

export const str = (v: unknown): string =>
  typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);

/** A transaction's currency: the source currency, else the account's. */
export const currencyOfTransaction = (t: ApiRecord): string =>
  str(t.transaction_source_currency) || str(t.iso_currency_code);

/** A debit's amount is stored negative (credits positive). */
export const isDebit = (t: ApiRecord): boolean => str(t.transaction_source_amount).trim().startsWith('-');

/** The other party: the payer of a credit, the payee of a debit. */
export const counterpartyOf = (t: ApiRecord): string =>
  (isDebit(t) ? str(t.recipient_account_name) : str(t.sender_account_name)) || '';

/** The platform's remittance and collection accounts, for the lists, their names and manual entries. */
export function usePlatformAccounts() {
  return useAll(
    'Bank',
    { or: [{ bank_account_purpose: { eq: 'collection' } }, { bank_account_purpose: { eq: 'remittance' } }] },
    { max: 900 },
  );
}

/** `Keystone Capital collection · USD · NL91…` */
export const accountLabel = (b: ApiRecord): string =>
  [
    str(b.bank_account_name) || 'Account',
    str(b.bank_account_purpose),
    str(b.iso_currency_code),
    str(b.iban) || str(b.bank_account_number),
  ]
    .filter(Boolean)
    .join(' · ');
