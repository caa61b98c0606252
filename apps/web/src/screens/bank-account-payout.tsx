import { Alert, Box, Typography } from '@mui/material';
import { useAll } from '../entity/hooks.ts';
import { AccountsByPurpose } from './bank-account-cards.tsx';

const PAYOUT = ['payout'] as const;

/**
 * The supplier's payout account on its company screen
 * (docs/business-rules.md, “Bank accounts, transactions and settlement”): the account the advances
 * are paid into, added and edited by the supplier, reviewed by an administrator.
 */
export function PayoutAccountSection({ supplierId }: { supplierId: string }) {
  const accounts = useAll(
    'Bank',
    { supplierId: { eq: supplierId }, bank_account_purpose: { eq: 'payout' } },
    { enabled: Boolean(supplierId) },
  );
  return (
    <Box component="section" aria-labelledby="payout-account-title" sx={{ my: 3 }}>
      <Typography id="payout-account-title" variant="h4" component="h2" sx={{ mb: 1 }}>
        Payout account
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        The platform pays the advances on your financed invoices into this account. An administrator reviews
        it before the first payment, and again after you change it.
      </Typography>
      {accounts.error && <Alert severity="error">{accounts.error.message}</Alert>}
      {accounts.data && (
        <AccountsByPurpose
          purposes={PAYOUT}
          accounts={accounts.data}
          owner={{ field: 'supplierId', id: supplierId }}
        />
      )}
    </Box>
  );
}
