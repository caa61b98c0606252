import { Alert, Box, Button, Grid, Link, Paper, Stack, Typography } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { formatDate, formatMoney } from '../entity/format.ts';
import { useLedgerAccount, useLedgerEntries, type LedgerEntry } from '../entity/ledger-api.ts';
import { type AreaKey } from '../shared/areas.ts';
import { PageHeader } from '../shared/page.tsx';
import { Loading } from '../shared/status-screens.tsx';
import { FigureCard } from './widgets.tsx';
import { eventLabel, partyOf } from './ledger-labels.ts';
import {
  ledgerPath,
  requestPath,
  bankTransactionPath,
  PARTY_PAGE,
  AmountTable,
  Section,
  Empty,
  DateField,
  useAddressParams,
} from './ledger-parts.tsx';

/** Where an entry comes from: its request (by invoice number) and its bank transaction. */
function EntryRecords({ area, entry }: { area: AreaKey; entry: LedgerEntry }) {
  const links: ReactNode[] = [];
  if (entry.requestId)
    links.push(
      <Link
        key="request"
        component={RouterLink}
        to={requestPath(area, entry.requestId)}
        underline="hover"
        sx={{ whiteSpace: 'nowrap' }}
      >
        {entry.requestReference ? `Invoice ${entry.requestReference}` : 'Request'}
      </Link>,
    );
  if (entry.bankTransactionId)
    links.push(
      <Link
        key="bank"
        component={RouterLink}
        to={bankTransactionPath(area, entry.bankTransactionId)}
        underline="hover"
        sx={{ whiteSpace: 'nowrap' }}
      >
        Bank transaction
      </Link>,
    );
  if (!links.length) return <>—</>;
  return <Stack sx={{ gap: 0.25 }}>{links}</Stack>;
}

/** `ledger/account/:id`: an account's entries in posting order with its balance after each. */
export function AccountStatementScreen({ area }: { area: AreaKey }) {
  const { id } = useParams();
  const [params] = useSearchParams();
  const set = useAddressParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const account = useLedgerAccount(id);
  const filter = useMemo(
    () => ({ ...(id ? { accountId: id } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) }),
    [id, from, to],
  );
  const entries = useLedgerEntries(filter);
  const crumbs = [{ label: 'Ledger', to: ledgerPath(area) }];
  if (account.isLoading) return <Loading />;
  const a = account.data;
  if (!a)
    return (
      <>
        <PageHeader title="Account not found" crumbs={crumbs} />
        {account.error ? (
          <Alert severity="error">{account.error.message}</Alert>
        ) : (
          <Empty>
            This account does not exist, or it is not one of yours.{' '}
            <Link component={RouterLink} to={ledgerPath(area)}>
              Back to the accounts
            </Link>
          </Empty>
        )}
      </>
    );
  const c = a.currency;
  const items = entries.data?.pages.flatMap((p) => p.items) ?? [];
  const partyPage =
    area === 'admin' && a.account.partyModel && a.account.partyId && PARTY_PAGE[a.account.partyModel]
      ? `/admin/${PARTY_PAGE[a.account.partyModel]}/${encodeURIComponent(a.account.partyId)}`
      : null;
  return (
    <>
      <PageHeader
        title={`${a.account.name} · ${partyOf(a.account)} · ${c}`}
        crumbs={[...crumbs, { label: a.account.name }]}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {a.account.explain} Balances are read on the {a.account.normal} side.{' '}
        {partyPage && (
          <Link component={RouterLink} to={partyPage}>
            Open {partyOf(a.account)}
          </Link>
        )}
      </Typography>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        {[
          { label: 'Posted balance', value: a.posted },
          { label: 'Pending', value: a.pending, hint: 'Held for requests awaiting a decision' },
          { label: 'Balance', value: a.balance, hint: 'Posted and pending' },
        ].map((f) => (
          <Grid key={f.label} size={{ xs: 12, sm: 4 }}>
            <FigureCard label={f.label} value={formatMoney(f.value, c)} hint={f.hint} />
          </Grid>
        ))}
      </Grid>
      <Paper sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }} component="section" aria-label="Period">
        <Grid container spacing={1.5}>
          <Grid size={{ xs: 6, sm: 4, md: 3 }}>
            <DateField label="From" value={from} onChange={(v) => set({ from: v })} />
          </Grid>
          <Grid size={{ xs: 6, sm: 4, md: 3 }}>
            <DateField label="To" value={to} onChange={(v) => set({ to: v })} />
          </Grid>
          {(from || to) && (
            <Grid size={{ xs: 12, sm: 4, md: 3 }} sx={{ display: 'flex', alignItems: 'center' }}>
              <Button onClick={() => set({ from: '', to: '' })}>Whole history</Button>
            </Grid>
          )}
        </Grid>
      </Paper>
      <Section
        title="Entries"
        note="In posting order; the balance after each entry includes every earlier entry on the account."
      >
        {entries.error && <Alert severity="error">{entries.error.message}</Alert>}
        {entries.isLoading ? (
          <Loading label="Loading entries..." />
        ) : items.length === 0 ? (
          !entries.error && (
            <Typography color="text.secondary">
              {from || to ? 'No entries on this account in this period.' : 'No entries on this account yet.'}
            </Typography>
          )
        ) : (
          <>
            <AmountTable
              label="Entries"
              columns={[
                { header: 'Date', role: 'title' },
                { header: 'Description', role: 'detail', minWidth: 220 },
                { header: 'Debit', role: 'amount' },
                { header: 'Credit', role: 'amount' },
                { header: 'Balance', role: 'main' },
                { header: 'Record', role: 'detail', minWidth: 130 },
              ]}
              lines={items.map((e) => ({
                key: e.id,
                cells: [
                  <Box key="date" component="span" sx={{ whiteSpace: 'nowrap' }}>
                    {formatDate(e.effectiveDate)}
                  </Box>,
                  <Box key="description" component="span">
                    {e.description}
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {eventLabel(e.kind)}
                      {e.phase === 'pending' ? ' · pending' : ''}
                      {e.reversesId ? ' · reverses an earlier posting' : ''}
                      {e.actor ? ` · by ${e.actor}` : ''}
                    </Typography>
                  </Box>,
                  e.debit ? formatMoney(e.debit, c) : '',
                  e.credit ? formatMoney(e.credit, c) : '',
                  formatMoney(e.runningBalance, c),
                  <EntryRecords key="records" area={area} entry={e} />,
                ],
              }))}
            />
            {entries.hasNextPage && (
              <Box sx={{ mt: 1.5 }}>
                <Button onClick={() => void entries.fetchNextPage()} disabled={entries.isFetchingNextPage}>
                  {entries.isFetchingNextPage ? 'Loading...' : 'Show more'}
                </Button>
              </Box>
            )}
          </>
        )}
      </Section>
    </>
  );
}
