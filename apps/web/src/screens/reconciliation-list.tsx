import {
  Alert,
  Box,
  Chip,
  InputAdornment,
  List,
  ListItemButton,
  Paper,
  Stack,
  TablePagination,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { formatDate, formatMoney } from '../entity/format.ts';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { usePage } from '../entity/hooks.ts';
import { changeList, cursorOf, goToPage, PAGE_SIZES } from '../entity/list-state.ts';
import type { SortSpec } from '../entity/queries.ts';
import { useListState, useSearchBox } from '../entity/use-list-state.ts';
import { reportError } from '../shared/errors.ts';
import { SearchIcon } from '../shared/icons.tsx';
import { paymentsFilter, type PaymentSide, type ReconciliationView } from './reconciliation-filters.ts';
import {
  counterpartyOf,
  currencyOfTransaction,
  ReconciliationChip,
  reconciliationOf,
  str,
} from './reconciliation-parts.tsx';

/** Newest first: booking date, then the order they came in. */
const NEWEST_FIRST: readonly SortSpec[] = [
  { field: 'transaction_date', direction: 'desc' },
  { field: 'createdAt', direction: 'desc' },
];

/**
 * One side's payments, paged by the server like the other lists (search and page in the address):
 * each row a link that opens the payment beside the list (`?payment=<id>`).
 */
export function PaymentsList({
  side,
  view,
  accountIds,
  accountNames,
  selectedId,
}: {
  side: PaymentSide;
  view: ReconciliationView;
  accountIds: readonly string[];
  accountNames: ReadonlyMap<string, string>;
  selectedId: string | null;
}) {
  const [params] = useSearchParams();
  const [state, update] = useListState({ prefix: side, pageSize: 25 });
  const onSearch = useCallback((q: string) => update((s) => changeList(s, { q })), [update]);
  const [search, setSearch] = useSearchBox(state.q, onSearch);
  const filter = useMemo(
    () => paymentsFilter({ side, view, accountIds, q: state.q }),
    [side, view, accountIds, state.q],
  );
  const query = usePage(
    'Transaction',
    { filter, sort: NEWEST_FIRST, limit: state.pageSize, nextToken: cursorOf(state) },
    accountIds.length > 0,
  );
  useEffect(() => {
    if (!query.error) return;
    if (state.page > 0 && /nextToken/i.test(query.error.message)) {
      update((s) => ({ ...s, page: 0, cursors: [] }));
      return;
    }
    reportError(query.error, { context: 'reconciliation list' });
  }, [query.error, state.page, update]);
  const rows = query.data?.items ?? [];
  const total = query.data?.total ?? null;
  const nextToken = query.isPlaceholderData ? null : (query.data?.nextToken ?? null);
  const hrefOf = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('payment', id);
    return `?${next.toString()}`;
  };
  const what = side === 'in' ? 'payments in' : 'payments out';

  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
      <TextField
        fullWidth
        placeholder="Payer, reference, text or amount"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ mb: 1 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
          htmlInput: { 'aria-label': `Search ${what}`, type: 'search' },
        }}
      />
      {query.error && <Alert severity="error">{query.error.message}</Alert>}
      {!accountIds.length ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          There is no {side === 'in' ? 'collection' : 'remittance or collection'} account yet.
        </Typography>
      ) : query.isLoading ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          Loading…
        </Typography>
      ) : !rows.length && state.page === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {state.q
            ? `No ${what} match “${state.q}”.`
            : view === 'open'
              ? `No ${what} are left to reconcile.`
              : `There are no ${what} here.`}
        </Typography>
      ) : (
        <List aria-label={side === 'in' ? 'Payments in' : 'Payments out'} disablePadding>
          {rows.map((t) => (
            <PaymentRow
              key={t.id}
              payment={t}
              account={accountNames.get(str(t.bankId)) ?? ''}
              to={hrefOf(t.id)}
              selected={t.id === selectedId}
            />
          ))}
        </List>
      )}
      {accountIds.length > 0 && (rows.length > 0 || state.page > 0) && (
        <TablePagination
          component="div"
          count={total ?? -1}
          page={state.page}
          rowsPerPage={state.pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPageChange={(_e, page) =>
            update((s) => goToPage(s, page, s.page === state.page ? nextToken : null))
          }
          onRowsPerPageChange={(e) => update((s) => changeList(s, { pageSize: Number(e.target.value) }))}
          labelRowsPerPage="Rows"
          slotProps={{ actions: { nextButton: { disabled: !nextToken } } }}
          sx={{ '& .MuiTablePagination-toolbar': { px: 0, flexWrap: 'wrap' } }}
        />
      )}
    </Paper>
  );
}

function PaymentRow({
  payment: t,
  account,
  to,
  selected,
}: {
  payment: ApiRecord;
  account: string;
  to: string;
  selected: boolean;
}) {
  const status = reconciliationOf(t);
  const text = str(t.remittance_information) || str(t.transaction_description);
  return (
    <ListItemButton
      component={RouterLink}
      to={to}
      selected={selected}
      aria-current={selected ? 'true' : undefined}
      data-testid="payment-row"
      sx={{ display: 'block', px: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1.5 }}>
        <Typography
          sx={{ fontWeight: 500, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}
          noWrap
        >
          {counterpartyOf(t) || 'Unknown party'}
        </Typography>
        <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
          {formatMoney(t.transaction_source_amount, currencyOfTransaction(t))}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" noWrap>
        {formatDate(t.transaction_date)}
        {text ? ` · ${text}` : ''}
      </Typography>
      <Stack direction="row" sx={{ gap: 0.75, mt: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <ReconciliationChip status={status} />
        {t.transaction_source === 'manual' && <Chip size="small" variant="outlined" label="Manual entry" />}
        {t.reversal_of ? <Chip size="small" variant="outlined" label="Reversal" /> : null}
        {t.transaction_status === 'Pending' && (
          <Chip size="small" variant="outlined" color="warning" label="Pending at the bank" />
        )}
        {account && (
          <Box component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
            {account}
          </Box>
        )}
      </Stack>
    </ListItemButton>
  );
}
