import { ACCOUNT_KIND_NAMES } from '@rf/domain/ledger/accounts';
import { Alert, Chip, Grid, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoney } from '../entity/format.ts';
import { useLedgerAccounts, type LedgerAccountBalance } from '../entity/ledger-api.ts';
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
  useAddressParams,
} from './ledger-parts.tsx';

const FUNDER_NOTE =
  'Your accounts in the platform’s books: the cash, receivables and income booked for your company. The other side of each entry is on the platform’s, suppliers’ or lines’ accounts.';

/** `ledger`: the chart of accounts the user may read, grouped by kind, with balances per currency. */
export function LedgerAccountsScreen({ area }: { area: AreaKey }) {
  const accounts = useLedgerAccounts();
  const [params] = useSearchParams();
  const set = useAddressParams();
  const currency = params.get('currency') ?? '';
  const all = useMemo(() => accounts.data ?? [], [accounts.data]);
  const currencies = useMemo(() => [...new Set(all.map((a) => a.currency))].sort(), [all]);
  const groups = useMemo(() => {
    const byKind = new Map<string, LedgerAccountBalance[]>();
    for (const a of all) {
      if (currency && a.currency !== currency) continue;
      const rows = byKind.get(a.account.kind) ?? [];
      rows.push(a);
      byKind.set(a.account.kind, rows);
    }
    const order = (kind: string) => {
      const at = (ACCOUNT_KIND_NAMES as readonly string[]).indexOf(kind);
      return at < 0 ? Number.MAX_SAFE_INTEGER : at;
    };
    return [...byKind].sort((a, b) => order(a[0]) - order(b[0]));
  }, [all, currency]);
  if (accounts.isLoading) return <Loading />;
  return (
    <>
      <PageHeader
        title="Ledger accounts"
        count={all.length}
        actions={<LedgerLinks area={area} current="accounts" />}
      />
      {accounts.error && <Alert severity="error">{accounts.error.message}</Alert>}
      {isFunder(area) && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {FUNDER_NOTE}
        </Typography>
      )}
      {all.length === 0 ? (
        !accounts.error && (
          <Empty>
            No accounts yet. The ledger opens an account with the first posting on it: a line’s limit, a
            request’s approval, a payment.
          </Empty>
        )
      ) : (
        <>
          <Grid container spacing={1.5} sx={{ mb: 2 }}>
            <Grid size={{ xs: 12, sm: 4, md: 3 }}>
              <CurrencyPicker
                currencies={currencies}
                value={currency}
                onChange={(c) => set({ currency: c })}
              />
            </Grid>
          </Grid>
          {groups.map(([kind, rows]) => {
            const first = rows[0]!.account;
            return (
              <Section
                key={kind}
                label={first.name}
                title={
                  <>
                    {first.name}{' '}
                    {first.memo && <Chip label="Memo" size="small" sx={{ verticalAlign: 'middle' }} />}
                  </>
                }
                note={`${first.explain} Balance read on the ${first.normal} side.`}
              >
                <AmountTable
                  label={first.name}
                  columns={[
                    { header: 'Party', role: 'title', minWidth: 160 },
                    { header: 'Currency', role: 'detail' },
                    { header: 'Posted', role: 'main' },
                    { header: 'Pending', role: 'amount' },
                  ]}
                  lines={rows.map((r) => ({
                    key: r.account.id,
                    cells: [
                      <RowLink key="party" to={statementPath(area, r.account.id)}>
                        {partyOf(r.account)}
                      </RowLink>,
                      r.currency,
                      formatMoney(r.posted, r.currency),
                      formatMoney(r.pending, r.currency),
                    ],
                  }))}
                />
              </Section>
            );
          })}
          {groups.length === 0 && <Empty>No accounts in {currency}.</Empty>}
        </>
      )}
    </>
  );
}
