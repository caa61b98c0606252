import { Box, Button, Grid, Paper, Stack, Typography } from '@mui/material';
import { showIban, type BankAccountPurpose } from '@rf/domain/rules/bank-account';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatMoney } from '../entity/format.ts';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { labelOfValue } from '../entity/value-labels.ts';
import { AddIcon } from '../shared/icons.tsx';
import { StatusChip } from '../shared/page.tsx';
import { BankAccountDialog, PURPOSE_TEXT, type AccountOwner } from './bank-account-form.tsx';
import { StatusActions } from './status-actions.tsx';
import { LatestReason } from './status-history.tsx';

const purposeLabel = (purpose: unknown): string => labelOfValue('Bank', 'bank_account_purpose', purpose);

const isPurpose = (value: unknown): value is BankAccountPurpose =>
  value === 'remittance' || value === 'collection' || value === 'payout';

/** How the account is known: its bank, then its IBAN (in groups of four) or national details, and currency. */
function accountLine(account: ApiRecord): string {
  const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
  const iban = text(account.iban);
  const sortcode = text(account.bank_account_sortcode);
  const routing = text(account.bank_routing_number);
  const number = text(account.bank_account_number);
  const details = iban
    ? [`IBAN ${showIban(iban)}`]
    : [
        sortcode && `Sort code ${sortcode.replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3')}`,
        routing && `Routing ${routing}`,
        number && `Account ${number}`,
      ];
  return [text(account.bank_name), ...details, text(account.iso_currency_code)].filter(Boolean).join(' · ');
}

/**
 * One bank account: its purpose, name, bank and IBAN, review status (with the reason of a
 * decline), for remittance and collection its figures; the review moves the signed-in role may
 * run (an administrator's approval, the owner's resubmission), editing and its transactions.
 */
export function AccountCard({
  account,
  to,
  onEdit,
}: {
  account: ApiRecord;
  to?: string | undefined;
  onEdit?: (() => void) | undefined;
}) {
  const c = account.iso_currency_code as string;
  const status = (account.bank_status as string | null) ?? null;
  const figures = account.bank_account_purpose !== 'payout';
  return (
    <Paper
      sx={{ p: 2, height: '100%' }}
      component="section"
      aria-label={String(account.bank_account_name ?? '')}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
        <Box>
          <Typography variant="overline" color="text.secondary">
            {account.bank_account_purpose
              ? `${purposeLabel(account.bank_account_purpose)} account`
              : 'Account'}
          </Typography>
          <Typography variant="h4" component="h2">
            {String(account.bank_account_name ?? '')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {accountLine(account)}
          </Typography>
        </Box>
        <StatusChip status={status} />
      </Stack>
      {status === 'Declined' && (
        <Box sx={{ mt: 1 }}>
          <LatestReason model="Bank" id={account.id} field="bank_status" status={status} />
        </Box>
      )}
      {figures && (
        <Grid container spacing={2} sx={{ mt: 1 }}>
          <Grid size={6}>
            <Typography variant="body2" color="text.secondary">
              Balance
            </Typography>
            <Typography variant="h5" component="div">
              {formatMoney(account.balance, c) || '—'}
            </Typography>
          </Grid>
          <Grid size={6}>
            <Typography variant="body2" color="text.secondary">
              Available
            </Typography>
            <Typography variant="h5" component="div">
              {formatMoney(account.balance_available, c) || '—'}
            </Typography>
          </Grid>
        </Grid>
      )}
      {figures && account.reporting_end_date ? (
        <Typography variant="caption" color="text.secondary">
          Figures up to {formatDate(account.reporting_end_date)}
        </Typography>
      ) : null}
      {(to || onEdit) && (
        <Stack direction="row" sx={{ mt: 1, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          {onEdit && (
            <Button size="small" variant="outlined" onClick={onEdit}>
              Edit account
            </Button>
          )}
          {to && (
            <Button component={RouterLink} to={to} size="small">
              View transactions
            </Button>
          )}
          <Box sx={{ flex: 1 }} />
          <StatusActions model="Bank" record={account} size="small" />
        </Stack>
      )}
    </Paper>
  );
}

/** The place of an account its owner has not added yet. */
function MissingAccount({
  purpose,
  onAdd,
}: {
  purpose: BankAccountPurpose;
  onAdd: (() => void) | undefined;
}) {
  return (
    <Paper sx={{ p: 2, height: '100%' }}>
      <Typography variant="overline" color="text.secondary">
        {purposeLabel(purpose)} account
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {PURPOSE_TEXT[purpose]} No {purpose} account has been added yet.
      </Typography>
      {onAdd && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
          Add {purpose} account
        </Button>
      )}
    </Paper>
  );
}

/**
 * The accounts of one company by purpose
 * (docs/business-rules.md, “Bank accounts, transactions and settlement”): for each purpose its
 * account, or a button to add it; every account can be edited in the account dialog. Accounts of
 * no listed purpose follow. `owner` null: the company record does not exist yet, so nothing can be
 * added.
 */
export function AccountsByPurpose({
  purposes,
  accounts,
  owner,
  transactionsTo,
  editable = true,
}: {
  purposes: readonly BankAccountPurpose[];
  accounts: readonly ApiRecord[];
  owner: AccountOwner | null;
  /** Where a purpose's transactions are listed, if anywhere. */
  transactionsTo?: ((purpose: BankAccountPurpose) => string | undefined) | undefined;
  editable?: boolean;
}) {
  const [open, setOpen] = useState<{ purpose: BankAccountPurpose; account?: ApiRecord } | null>(null);
  const others = accounts.filter((a) => !purposes.includes(a.bank_account_purpose as BankAccountPurpose));
  const edit = (account: ApiRecord) =>
    editable && owner && isPurpose(account.bank_account_purpose)
      ? () => setOpen({ purpose: account.bank_account_purpose as BankAccountPurpose, account })
      : undefined;
  return (
    <>
      <Grid container spacing={2}>
        {purposes.map((purpose) => {
          const mine = accounts.filter((a) => a.bank_account_purpose === purpose);
          if (!mine.length)
            return (
              <Grid key={purpose} size={{ xs: 12, md: 6 }}>
                <MissingAccount
                  purpose={purpose}
                  onAdd={editable && owner ? () => setOpen({ purpose }) : undefined}
                />
              </Grid>
            );
          return mine.map((a) => (
            <Grid key={a.id} size={{ xs: 12, md: 6 }}>
              <AccountCard account={a} to={transactionsTo?.(purpose)} onEdit={edit(a)} />
            </Grid>
          ));
        })}
        {others.map((a) => (
          <Grid key={a.id} size={{ xs: 12, md: 6 }}>
            <AccountCard account={a} onEdit={edit(a)} />
          </Grid>
        ))}
      </Grid>
      {open && owner && (
        <BankAccountDialog
          purpose={open.purpose}
          owner={owner}
          account={open.account}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
