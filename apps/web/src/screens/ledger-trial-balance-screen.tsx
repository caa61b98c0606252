import { Alert, Box, Grid, Paper, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { formatDate, formatMoney, todayIso } from '../entity/format.ts';
import {
  ledgerCsvUrl,
  useLedgerAccounts,
  useTrialBalance,
  type TrialBalanceRow,
  type TrialBalanceTotal,
} from '../entity/ledger-api.ts';
import { RowLink } from '../entity/row-link.tsx';
import { type AreaKey } from '../shared/areas.ts';
import { PageHeader } from '../shared/page.tsx';
import { Loading } from '../shared/status-screens.tsx';
import { partyOf } from './ledger-labels.ts';
import {
  isFunder,
  statementPath,
  AmountTable,
  Section,
  Empty,
  LedgerLinks,
  CurrencyPicker,
  DateField,
  useAddressParams,
  DownloadButton,
} from './ledger-parts.tsx';

/** One currency's trial balance: its accounts, then its total as the server summed it. */
function CurrencyBalance({
  area,
  currency,
  rows,
  total,
  memo,
}: {
  area: AreaKey;
  currency: string;
  rows: readonly TrialBalanceRow[];
  total: TrialBalanceTotal | undefined;
  memo: boolean;
}) {
  if (!rows.length) return null;
  const label = memo ? `${currency} memo accounts` : currency;
  return (
    <Section
      title={label}
      note={
        memo
          ? 'The lines’ limits: headroom, not money. They balance among themselves.'
          : 'Debit − credit per account; a credit balance shows with a minus sign.'
      }
    >
      <AmountTable
        label={`Trial balance ${label}`}
        columns={[
          { header: 'Account', role: 'title', minWidth: 160 },
          { header: 'Party', role: 'detail', minWidth: 130 },
          { header: 'Debit', role: 'amount' },
          { header: 'Credit', role: 'amount' },
          { header: 'Balance', role: 'main' },
        ]}
        lines={[
          ...rows.map((r) => ({
            key: r.account.id,
            cells: [
              <RowLink key="account" to={statementPath(area, r.account.id)}>
                {r.account.name}
              </RowLink>,
              partyOf(r.account),
              formatMoney(r.debit, currency),
              formatMoney(r.credit, currency),
              formatMoney(r.balance, currency),
            ],
          })),
          ...(total
            ? [
                {
                  key: 'total',
                  total: true,
                  testId: `total-${currency}${memo ? '-memo' : ''}`,
                  cells: [
                    `Total ${label}`,
                    '',
                    formatMoney(total.debit, currency),
                    formatMoney(total.credit, currency),
                    formatMoney(total.balance, currency),
                  ],
                },
              ]
            : []),
        ]}
      />
    </Section>
  );
}

/**
 * `ledger/trial-balance`: posted entries up to the as-of date, per currency with the server's
 * total (zero for the whole books), and the CSV downloads of the trial balance and of a period's
 * journal.
 */
export function TrialBalanceScreen({ area }: { area: AreaKey }) {
  const [params] = useSearchParams();
  const set = useAddressParams();
  const today = todayIso();
  const asOf = params.get('asOf') || today;
  const currency = params.get('currency') || '';
  const journalTo = params.get('to') || asOf;
  const journalFrom = params.get('from') || `${journalTo.slice(0, 8)}01`;
  const balance = useTrialBalance(asOf, currency || null);
  const accounts = useLedgerAccounts();
  const currencies = useMemo(
    () => [...new Set((accounts.data ?? []).map((a) => a.currency))].sort(),
    [accounts.data],
  );
  const rows = balance.data?.trialBalance ?? [];
  const totals = balance.data?.trialBalanceTotals ?? [];
  const shown = [...new Set(totals.map((t) => t.currency))];
  return (
    <>
      <PageHeader title="Trial balance" actions={<LedgerLinks area={area} current="trial-balance" />} />
      <Paper sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }} component="section" aria-label="As of">
        <Grid container spacing={1.5}>
          <Grid size={{ xs: 6, sm: 4, md: 3 }}>
            <DateField label="As of" value={asOf} onChange={(v) => set({ asOf: v === today ? '' : v })} />
          </Grid>
          <Grid size={{ xs: 6, sm: 4, md: 3 }}>
            <CurrencyPicker currencies={currencies} value={currency} onChange={(c) => set({ currency: c })} />
          </Grid>
        </Grid>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {isFunder(area)
            ? 'Your accounts only: their totals are yours, not the whole books’, so they need not be zero.'
            : 'Posted entries effective on or before the date. Each currency’s total is zero when the books balance; currencies are never added together.'}
        </Typography>
      </Paper>
      {balance.error && <Alert severity="error">{balance.error.message}</Alert>}
      {balance.isLoading ? (
        <Loading />
      ) : (
        !balance.error &&
        (shown.length === 0 ? (
          <Empty>
            Nothing posted {currency ? `in ${currency} ` : ''}on or before {formatDate(asOf)}.
          </Empty>
        ) : (
          shown.map((c) => (
            <Box key={c}>
              {[false, true].map((memo) => (
                <CurrencyBalance
                  key={String(memo)}
                  area={area}
                  currency={c}
                  memo={memo}
                  rows={rows.filter((r) => r.currency === c && r.account.memo === memo)}
                  total={totals.find((t) => t.currency === c && t.memo === memo)}
                />
              ))}
            </Box>
          ))
        ))
      )}
      <Section title="Downloads" note="CSV files, one currency per row, amounts as plain numbers.">
        <Stack sx={{ gap: 2 }}>
          <Box>
            <DownloadButton
              url={ledgerCsvUrl('trial-balance.csv', { asOf, currency })}
              name={`trial-balance-${asOf}.csv`}
            >
              Trial balance (CSV)
            </DownloadButton>
          </Box>
          <Grid container spacing={1.5} sx={{ alignItems: 'center' }}>
            <Grid size={{ xs: 6, sm: 4, md: 3 }}>
              <DateField label="Journal from" value={journalFrom} onChange={(v) => set({ from: v })} />
            </Grid>
            <Grid size={{ xs: 6, sm: 4, md: 3 }}>
              <DateField label="Journal to" value={journalTo} onChange={(v) => set({ to: v })} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4, md: 3 }}>
              <DownloadButton
                url={ledgerCsvUrl('journal.csv', { from: journalFrom, to: journalTo, currency })}
                name={`journal-${journalFrom}-to-${journalTo}.csv`}
              >
                Journal (CSV)
              </DownloadButton>
            </Grid>
          </Grid>
        </Stack>
      </Section>
    </>
  );
}
