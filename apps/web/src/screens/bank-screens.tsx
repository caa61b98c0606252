import { Alert, Box, Button, Grid, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { Loading } from '../shared/status-screens.tsx';
import { useUser } from '../auth/user-context.tsx';
import { EntityList } from '../entity/entity-list.tsx';
import { formatDate, formatMoney } from '../entity/format.ts';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { useAll, useRecord } from '../entity/hooks.ts';
import { modelLabel, titleOf } from '../entity/model-meta.ts';
import { entity, type Filter } from '../entity/queries.ts';
import { valueLabel } from '../entity/value-labels.ts';
import { AREAS, type AreaKey } from '../shared/areas.ts';
import { PageHeader, StatusChip } from '../shared/page.tsx';
import { DetailScreen } from './detail-screen.tsx';

type Purpose = 'remittance' | 'collection';
const PURPOSE_TEXT: Record<Purpose, string> = {
  remittance: 'Pays advances out to suppliers.',
  collection: 'Receives the buyers’ payments of financed invoices.',
};

const PURPOSE = entity('Bank').fieldsByName.get('bank_account_purpose') ?? {};

function AccountCard({ account, to }: { account: ApiRecord; to?: string }) {
  const c = account.iso_currency_code as string;
  return (
    <Paper sx={{ p: 2, height: '100%' }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
        <Box>
          <Typography variant="overline" color="text.secondary">
            {account.bank_account_purpose
              ? `${valueLabel(PURPOSE, account.bank_account_purpose)} account`
              : 'Account'}
          </Typography>
          <Typography variant="h4" component="h2">
            {String(account.bank_account_name ?? '')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {[account.bank_name, account.iban ?? account.bank_account_number].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
        <StatusChip status={account.bank_status as string} />
      </Stack>
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
      {account.reporting_end_date ? (
        <Typography variant="caption" color="text.secondary">
          Figures up to {formatDate(account.reporting_end_date)}
        </Typography>
      ) : null}
      {to && (
        <Box sx={{ mt: 1 }}>
          <Button component={RouterLink} to={to} size="small">
            View transactions
          </Button>
        </Box>
      )}
    </Paper>
  );
}

/** Investor and SPV `bank`: the remittance and collection accounts. */
export function BankScreen({ area }: { area: AreaKey }) {
  const user = useUser();
  const base = AREAS[area].base;
  const accounts = useAll('Bank', user.groupId ? { userId: { eq: user.groupId } } : undefined, {
    enabled: Boolean(user.groupId),
  });
  if (accounts.isLoading || user.loading) return <Loading />;
  const rows = accounts.data ?? [];
  return (
    <>
      <PageHeader title="Bank" count={rows.length} />
      {accounts.error && <Alert severity="error">{accounts.error.message}</Alert>}
      {rows.length === 0 ? (
        <Paper sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">
            No bank accounts are linked yet. Ask the platform administrator to link your remittance and
            collection accounts.
          </Typography>
        </Paper>
      ) : (
        <Grid container spacing={2}>
          {rows.map((a) => (
            <Grid key={a.id} size={{ xs: 12, md: 6 }}>
              <AccountCard
                account={a}
                to={
                  a.bank_account_purpose === 'remittance' || a.bank_account_purpose === 'collection'
                    ? `${base}/bank/${String(a.bank_account_purpose)}`
                    : undefined
                }
              />
            </Grid>
          ))}
        </Grid>
      )}
    </>
  );
}

/** `bank/remittance` and `bank/collection`: the account and its transactions. */
export function BankTransactionsScreen({ area, purpose }: { area: AreaKey; purpose: Purpose }) {
  const user = useUser();
  const base = AREAS[area].base;
  const accounts = useAll(
    'Bank',
    user.groupId ? { userId: { eq: user.groupId }, bank_account_purpose: { eq: purpose } } : undefined,
    {
      enabled: Boolean(user.groupId),
    },
  );
  const link = useAll('Plaidauth', user.groupId ? { userId: { eq: user.groupId } } : undefined, {
    enabled: Boolean(user.groupId),
  });
  if (accounts.isLoading || link.isLoading || user.loading) return <Loading />;
  const linkedId = link.data?.[0]?.[purpose === 'remittance' ? 'account_id1' : 'account_id2'];
  const filter: Filter | undefined =
    typeof linkedId === 'string' && linkedId
      ? { or: [{ senderaccountId: { eq: linkedId } }, { recipientaccountId: { eq: linkedId } }] }
      : user.groupId
        ? { userId: { eq: user.groupId } }
        : undefined;
  const title = purpose === 'remittance' ? 'Remittance' : 'Collection';
  return (
    <>
      <PageHeader title={title} crumbs={[{ label: 'Bank', to: `${base}/bank` }, { label: title }]} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {PURPOSE_TEXT[purpose]}
      </Typography>
      {(accounts.data ?? []).map((a) => (
        <Box key={a.id} sx={{ mb: 2 }}>
          <AccountCard account={a} />
        </Box>
      ))}
      <EntityList
        model="Transaction"
        filter={filter}
        rowTo={(t) => `${base}/bank/${purpose}/${t.id}`}
        exportName={`${purpose}-transactions`}
      />
    </>
  );
}

/** Admin `accounts/{id}`: the bank accounts of an investor or SPV. */
export function AccountsScreen({ area }: { area: AreaKey }) {
  const { id } = useParams();
  const base = AREAS[area].base;
  const investor = useRecord('Investor', id);
  const spv = useRecord('Spv', investor.isLoading || investor.data ? undefined : id);
  const party = investor.data ?? spv.data ?? null;
  const partyModel = investor.data ? 'Investor' : 'Spv';
  return (
    <>
      <PageHeader
        title={`Accounts${party ? ` of ${titleOf(partyModel, party)}` : ''}`}
        crumbs={[
          {
            label: partyModel === 'Investor' ? 'Investors' : 'SPVs',
            to: partyModel === 'Investor' ? `${base}/investors` : `${base}/spvs`,
          },
          ...(party
            ? [
                {
                  label: titleOf(partyModel, party),
                  to: `${base}/${partyModel === 'Investor' ? 'investor' : 'spv'}/${String(id)}`,
                },
              ]
            : []),
          { label: 'Accounts' },
        ]}
      />
      <EntityList
        model="Bank"
        filter={{ or: [{ investorId: { eq: id } }, { spvId: { eq: id } }] }}
        rowTo={(a) => `${base}/account/${a.id}`}
      />
    </>
  );
}

/** The company an account belongs to, in the order its owner fields are read. */
const ACCOUNT_OWNERS = [
  { field: 'investorId', model: 'Investor', path: 'investor', accounts: true },
  { field: 'spvId', model: 'Spv', path: 'spv', accounts: true },
  { field: 'brokerId', model: 'Broker', path: 'broker', accounts: false },
  { field: 'supplierId', model: 'Supplier', path: 'supplier', accounts: false },
] as const;

/**
 * Admin `account/{id}`: the bank account under its company (breadcrumb and a link to it), with
 * its review (bank_status: approve, decline with a comment, reopen; the history shows each move)
 * and its documents.
 */
export function AccountDetailScreen({ area }: { area: AreaKey }) {
  const { id } = useParams();
  const base = AREAS[area].base;
  const account = useRecord('Bank', id);
  const owner = ACCOUNT_OWNERS.find((o) => account.data?.[o.field]);
  const ownerId = owner ? String(account.data?.[owner.field]) : undefined;
  const company = useRecord(owner?.model ?? 'Investor', ownerId);
  if (account.isLoading || (owner && company.isLoading)) return <Loading />;
  const companyTo = owner && ownerId ? `${base}/${owner.path}/${ownerId}` : undefined;
  const name = owner && company.data ? titleOf(owner.model, company.data) : undefined;
  return (
    <DetailScreen
      model="Bank"
      area={area}
      editable
      related={[
        {
          model: 'Document',
          field: 'bankId',
          add: `${base}/adminnewdocument/:id`,
          rowTo: `${base}/document/:id`,
          columns: ['document_type', 'document_attachment', 'createdAt'],
        },
      ]}
      {...(owner && ownerId && name
        ? {
            listLabel: owner.accounts ? `Accounts of ${name}` : name,
            listTo: owner.accounts ? `${base}/accounts/${ownerId}` : companyTo,
            links: [{ label: `Open ${modelLabel(owner.model)}`, to: companyTo ?? base }],
          }
        : {})}
    />
  );
}
