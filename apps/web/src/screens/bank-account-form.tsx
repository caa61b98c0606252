import {
  Alert,
  Dialog,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { BankAccountPurpose } from '@rf/domain/rules/bank-account';
import { notify } from '../shared/errors.ts';
import { useUser } from '../auth/user-context.tsx';
import { EntityForm } from '../entity/entity-form.tsx';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { StatusChip } from '../shared/page.tsx';
import { LatestReason } from './status-history.tsx';

/** The sections of a Bank record that hold an account's own details; its figures come from the bank. */
const DETAIL_SECTIONS = ['Account', 'Bank and address'];
/** What the account's form leaves out: the purpose is the card's, a statement is added as a document. */
const NOT_ASKED = ['bank_account_purpose', 'account_statement_attachment'];

/**
 * What each account is for, in the owner's words
 * (docs/business-rules.md, “Bank accounts, transactions and settlement”).
 */
export const PURPOSE_TEXT: Record<BankAccountPurpose, string> = {
  remittance: 'Pays advances out to suppliers.',
  collection: 'Receives the buyers’ payments of financed invoices.',
  payout: 'Receives the advances paid for your financed invoices.',
};

/** The company an account belongs to: the party field of the Bank record and the party's id. */
export interface AccountOwner {
  readonly field: 'investorId' | 'spvId' | 'supplierId';
  readonly id: string;
}

const DETAILS_HINT =
  'Enter the IBAN where the bank gives one. Without an IBAN, a UK account needs its sort code and 8-digit account number, a US account its ABA routing number and account number.';

/**
 * A bank account's form in a dialog (full screen on phones, closed by its own Save and Cancel so
 * nothing typed is lost to a stray click): a new account of `purpose` for
 * `owner`, or `account` to edit. The domain's rules check the details as they are typed, the
 * server's refusal shows next to the field it names (EntityForm), and the owner is told that a
 * changed account is reviewed again.
 */
export function BankAccountDialog({
  purpose,
  owner,
  account,
  onClose,
}: {
  purpose: BankAccountPurpose;
  owner: AccountOwner;
  account?: ApiRecord | undefined;
  onClose: (saved?: ApiRecord) => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { role } = useUser();
  const status = (account?.bank_status as string | null | undefined) ?? null;
  const what = `${purpose} account`;
  return (
    <Dialog open fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="bank-account-dialog-title">
      <DialogTitle id="bank-account-dialog-title">{account ? `Edit ${what}` : `Add ${what}`}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>
          {PURPOSE_TEXT[purpose]} {DETAILS_HINT}
        </DialogContentText>
        {account && (
          <Stack
            direction="row"
            sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}
            aria-label="Review status"
            component="section"
          >
            <Typography color="text.secondary">Review status</Typography>
            <StatusChip status={status} />
          </Stack>
        )}
        {account && status === 'Declined' && (
          <LatestReason model="Bank" id={account.id} field="bank_status" status={status} />
        )}
        {role !== 'Admin' && (
          <Alert severity={status === 'Approved' ? 'warning' : 'info'} sx={{ mb: 2 }} role="note">
            {status === 'Approved'
              ? 'This account is approved. Changing its details sends it back to review: it is Under Review until an administrator approves it again.'
              : 'An administrator reviews the account before the platform pays from or into it. A changed account goes back to review.'}
          </Alert>
        )}
        <EntityForm
          model="Bank"
          record={account ?? null}
          {...(account ? {} : { fixed: { [owner.field]: owner.id, bank_account_purpose: purpose } })}
          sections={DETAIL_SECTIONS}
          omit={NOT_ASKED}
          hideRefs
          hideServerFields
          require={['iso_currency_code']}
          submitLabel={account ? 'Save account' : `Add ${what}`}
          onSaved={(saved) => {
            notify(
              account && status === 'Approved' && saved.bank_status === 'Under Review'
                ? 'Account saved. It goes back to review before it is used.'
                : 'Account saved.',
            );
            onClose(saved);
          }}
          onCancel={() => onClose()}
        />
      </DialogContent>
    </Dialog>
  );
}
