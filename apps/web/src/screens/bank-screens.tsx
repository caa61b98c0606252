import { Alert, Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Loading } from '../shared/status-screens.tsx';
import { useUser } from '../auth/user-context.tsx';
import { EntityList } from '../entity/entity-list.tsx';
import { useAll, useRecord } from '../entity/hooks.ts';
import { modelLabel, titleOf } from '../entity/model-meta.ts';
import type { Filter } from '../entity/queries.ts';
import { AREAS, type AreaKey } from '../shared/areas.ts';
import { AddIcon } from '../shared/icons.tsx';
import { PageHeader } from '../shared/page.tsx';
import { AccountCard, AccountsByPurpose } from './bank-account-cards.tsx';
import { BankAccountDialog, PURPOSE_TEXT } from './bank-account-form.tsx';
import { DetailScreen } from './detail-screen.tsx';
import { StatementImportPanel } from './statement-import.tsx';
import { BankLinkPanel } from './bank-link-panel.tsx';

type Purpose = 'remittance' | 'collection';
const FUNDER_PURPOSES: readonly Purpose[] = ['remittance', 'collection'];

/**
 * Investor and SPV `bank`: the remittance and collection accounts, each added and edited here by
 * the owner and reviewed by an administrator
 * (docs/business-rules.md, “Bank accounts, transactions and settlement”), with links to their
 * transactions.
 */
export function BankScreen({ area }: { area: AreaKey }) {
  const user = useUser();
  const base = AREAS[area].base;
  const accounts = useAll('Bank', user.groupId ? { userId: { eq: user.groupId } } : undefined, {
    enabled: Boolean(user.groupId),
  });
  if (accounts.isLoading || user.loading) return <Loading />;
  const rows = accounts.data ?? [];
  const owner = user.record
    ? ({ field: area === 'spv' ? 'spvId' : 'investorId', id: user.record.id } as const)
    : null;
  return (
    <>
      <PageHeader title="Bank" count={rows.length} />
      {accounts.error && <Alert severity="error">{accounts.error.message}</Alert>}
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Your remittance account pays advances out; your collection account receives the buyers’ payments. An
        administrator reviews each account before it is used, and again after you change it.
      </Typography>
      {!owner && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Your company details are not complete yet. Add them under Company first, then your accounts.
        </Alert>
      )}
      <AccountsByPurpose
        purposes={FUNDER_PURPOSES}
        accounts={rows}
        owner={owner}
        transactionsTo={(purpose) => `${base}/bank/${purpose}`}
      />
    </>
  );
}

/** `bank/remittance` and `bank/collection`: the account, its statement import and its transactions. */
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
          <BankLinkPanel account={a} />
          <StatementImportPanel account={a} transactionTo={(id) => `${base}/bank/${purpose}/${id}`} />
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

/** Admin `accounts/{id}`: the bank accounts of an investor or SPV, and adding one for it. */
export function AccountsScreen({ area }: { area: AreaKey }) {
  const { id } = useParams();
  const base = AREAS[area].base;
  const investor = useRecord('Investor', id);
  const spv = useRecord('Spv', investor.isLoading || investor.data ? undefined : id);
  const party = investor.data ?? spv.data ?? null;
  const partyModel = investor.data ? 'Investor' : 'Spv';
  // The administrator adds an account for the company; the server makes its organisation the owner.
  const [adding, setAdding] = useState<Purpose | null>(null);
  const owner =
    party && id ? ({ field: partyModel === 'Investor' ? 'investorId' : 'spvId', id } as const) : null;
  return (
    <>
      <PageHeader
        actions={
          owner
            ? FUNDER_PURPOSES.map((purpose) => (
                <Button
                  key={purpose}
                  variant="outlined"
                  startIcon={<AddIcon />}
                  onClick={() => setAdding(purpose)}
                >
                  Add {purpose} account
                </Button>
              ))
            : undefined
        }
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
      {adding && owner && (
        <BankAccountDialog purpose={adding} owner={owner} onClose={() => setAdding(null)} />
      )}
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
 * and its documents; a remittance or collection account's statement import below.
 */
export function AccountDetailScreen({ area }: { area: AreaKey }) {
  const { id } = useParams();
  const [search] = useSearchParams();
  const base = AREAS[area].base;
  const account = useRecord('Bank', id);
  const owner = ACCOUNT_OWNERS.find((o) => account.data?.[o.field]);
  const ownerId = owner ? String(account.data?.[owner.field]) : undefined;
  const company = useRecord(owner?.model ?? 'Investor', ownerId);
  if (account.isLoading || (owner && company.isLoading)) return <Loading />;
  const companyTo = owner && ownerId ? `${base}/${owner.path}/${ownerId}` : undefined;
  const name = owner && company.data ? titleOf(owner.model, company.data) : undefined;
  const importable =
    search.get('edit') !== '1' &&
    FUNDER_PURPOSES.includes(account.data?.bank_account_purpose as Purpose) &&
    account.data;
  const detail = (
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
  return importable ? (
    <>
      {detail}
      <StatementImportPanel account={importable} transactionTo={(t) => `${base}/transaction/${t}`} />
    </>
  ) : (
    detail
  );
}
