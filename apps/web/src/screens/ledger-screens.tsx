import { ACCOUNT_KIND_NAMES } from '@rf/domain/ledger/accounts';
import {
  Alert,
  Box,
  Button,
  Chip,
  Grid,
  Link,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { formatDate, formatMoney, todayIso } from '../entity/format.ts';
import {
  downloadLedgerCsv,
  ledgerCsvUrl,
  useLedgerAccount,
  useLedgerAccounts,
  useLedgerEntries,
  useTrialBalance,
  type LedgerAccountBalance,
  type LedgerEntry,
  type TrialBalanceRow,
  type TrialBalanceTotal,
} from '../entity/ledger-api.ts';
import { RowLink } from '../entity/row-link.tsx';
import { AREAS, type AreaKey } from '../shared/areas.ts';
import { notify, reportError } from '../shared/errors.ts';
import { DownloadIcon } from '../shared/icons.tsx';
import { PageHeader } from '../shared/page.tsx';
import { Loading } from '../shared/status-screens.tsx';
import { FigureCard } from './widgets.tsx';
import { eventLabel, partyOf } from './ledger-labels.ts';

/**
 * The ledger's screens (docs/architecture.md, “Ledger”): the chart of accounts with balances, an
 * account's statement with running balances, the trial balance with its CSV downloads. The same
 * screens serve administrators (every account) and funders (their own accounts): the server
 * decides which; the browser formats amounts and never adds them up.
 */

/** Amounts never break between the currency code and the figure; cells sit closer to fit them. */
const AMOUNTS = {
  '& td.MuiTableCell-alignRight, & th.MuiTableCell-alignRight': { whiteSpace: 'nowrap' },
  '& .MuiTableCell-root': { px: 1.25 },
} as const;

const TOTAL_ROW = { '& td': { fontWeight: 600 }, bgcolor: '#f4f6f9' } as const;

const isFunder = (area: AreaKey): boolean => area === 'investor' || area === 'spv';

const ledgerPath = (area: AreaKey, rest = ''): string => `${AREAS[area].base}/ledger${rest}`;
const statementPath = (area: AreaKey, id: string): string =>
  ledgerPath(area, `/account/${encodeURIComponent(id)}`);
const requestPath = (area: AreaKey, id: string): string =>
  `${AREAS[area].base}/request/${encodeURIComponent(id)}`;

/** A bank transaction's page in each area (the SPV area knows them under its collection account). */
function bankTransactionPath(area: AreaKey, id: string): string {
  const at = encodeURIComponent(id);
  if (area === 'spv') return `/spv/bank/collection/${at}`;
  return `${AREAS[area].base}/transaction/${at}`;
}

/** The administrator's page of an account's party. */
const PARTY_PAGE: Readonly<Record<string, string>> = {
  Investor: 'investor',
  Spv: 'spv',
  Supplier: 'supplier',
  Broker: 'broker',
  Buyer: 'buyer',
};

/** How a column shows on a phone: the row's title, details under it, its main amount, other amounts. */
type ColumnRole = 'title' | 'detail' | 'main' | 'amount';

interface Column {
  readonly header: string;
  readonly role: ColumnRole;
  readonly minWidth?: number;
}

interface Line {
  readonly key: string;
  readonly cells: readonly ReactNode[];
  /** A total: emphasised, last. */
  readonly total?: boolean;
  readonly testId?: string;
}

const isAmount = (c: Column): boolean => c.role === 'main' || c.role === 'amount';
const present = (n: ReactNode): boolean => n !== '' && n !== null && n !== undefined && n !== false;

/**
 * Rows of amounts: a table from 600 px on; on a phone each row is a block (its title and details on
 * the left, its main amount on the right, the other amounts named under it), so nothing scrolls
 * sideways and every figure stays readable.
 */
function AmountTable({
  label,
  columns,
  lines,
}: {
  label: string;
  columns: readonly Column[];
  lines: readonly Line[];
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  if (phone)
    return (
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {lines.map((line) => {
          const title = line.cells[columns.findIndex((c) => c.role === 'title')];
          const mainAt = columns.findIndex((c) => c.role === 'main');
          const main = mainAt >= 0 ? { c: columns[mainAt]!, v: line.cells[mainAt] } : null;
          // Details and amounts in column order, consecutive amounts on one line; the details
          // before the first amount sit under the title, the rest below.
          const parts: { key: string; detail?: ReactNode; amounts?: { c: Column; v: ReactNode }[] }[] = [];
          columns.forEach((c, i) => {
            const v = line.cells[i];
            if (!present(v)) return;
            const last = parts[parts.length - 1];
            if (c.role === 'detail') parts.push({ key: c.header, detail: v });
            else if (c.role === 'amount') {
              if (last?.amounts) last.amounts.push({ c, v });
              else parts.push({ key: c.header, amounts: [{ c, v }] });
            }
          });
          const firstAmount = parts.findIndex((p) => p.amounts);
          const head = firstAmount < 0 ? parts : parts.slice(0, firstAmount);
          const rest = firstAmount < 0 ? [] : parts.slice(firstAmount);
          const part = (p: (typeof parts)[number]) => (
            <Typography key={p.key} variant="body2" color="text.secondary" component="div">
              {p.amounts
                ? p.amounts.map((a, i) => (
                    <Fragment key={a.c.header}>
                      {i > 0 && ' · '}
                      <span style={{ whiteSpace: 'nowrap' }}>
                        {a.c.header} {a.v}
                      </span>
                    </Fragment>
                  ))
                : p.detail}
            </Typography>
          );
          return (
            <Box
              component="li"
              key={line.key}
              data-testid={line.testId}
              sx={{
                py: 1,
                px: line.total ? 1 : 0,
                borderBottom: 1,
                borderColor: 'divider',
                ...(line.total ? { bgcolor: '#f4f6f9', fontWeight: 600 } : {}),
              }}
            >
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1.5 }}>
                <Box sx={{ minWidth: 0 }}>
                  <Box sx={{ fontWeight: line.total ? 600 : undefined }}>{title}</Box>
                  {head.map(part)}
                </Box>
                {main && (
                  <Box sx={{ textAlign: 'right', whiteSpace: 'nowrap', fontWeight: 600 }}>
                    {present(main.v) && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {main.c.header}
                      </Typography>
                    )}
                    {main.v}
                  </Box>
                )}
              </Stack>
              {rest.length > 0 && <Box sx={{ mt: 0.25 }}>{rest.map(part)}</Box>}
            </Box>
          );
        })}
      </Box>
    );
  return (
    <Table size="small" sx={AMOUNTS} aria-label={label}>
      <TableHead>
        <TableRow>
          {columns.map((c) => (
            <TableCell key={c.header} align={isAmount(c) ? 'right' : 'left'}>
              {c.header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((line) => (
          <TableRow
            key={line.key}
            hover={!line.total}
            sx={line.total ? TOTAL_ROW : undefined}
            data-testid={line.testId}
          >
            {columns.map((c, i) => (
              <TableCell
                key={c.header}
                align={isAmount(c) ? 'right' : 'left'}
                sx={c.minWidth ? { minWidth: c.minWidth } : undefined}
              >
                {line.cells[i]}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Section({
  title,
  label,
  children,
  note,
}: {
  title: ReactNode;
  /** The section's name for assistive technology when the title is not plain text. */
  label?: string;
  children: ReactNode;
  note?: ReactNode;
}) {
  return (
    <Paper
      sx={{ p: { xs: 1.5, sm: 2 }, mb: 2, overflowX: 'auto' }}
      component="section"
      aria-label={label ?? (typeof title === 'string' ? title : undefined)}
    >
      <Typography variant="h4" component="h2" sx={{ mb: note ? 0.5 : 1 }}>
        {title}
      </Typography>
      {note && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {note}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Paper sx={{ p: 4, textAlign: 'center' }}>
      <Typography color="text.secondary">{children}</Typography>
    </Paper>
  );
}

/** The ledger's screens, one click apart. */
function LedgerLinks({ area, current }: { area: AreaKey; current: 'accounts' | 'trial-balance' }) {
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} component="nav" aria-label="Ledger">
      <Button
        component={RouterLink}
        to={ledgerPath(area)}
        variant={current === 'accounts' ? 'contained' : 'outlined'}
        aria-current={current === 'accounts' ? 'page' : undefined}
      >
        Accounts
      </Button>
      <Button
        component={RouterLink}
        to={ledgerPath(area, '/trial-balance')}
        variant={current === 'trial-balance' ? 'contained' : 'outlined'}
        aria-current={current === 'trial-balance' ? 'page' : undefined}
      >
        Trial balance
      </Button>
    </Stack>
  );
}

/** A choice of currency kept in the address (`?currency=`), "All" when none. */
function CurrencyPicker({
  currencies,
  value,
  onChange,
}: {
  currencies: readonly string[];
  value: string;
  onChange: (currency: string) => void;
}) {
  return (
    <TextField
      select
      fullWidth
      label="Currency"
      value={currencies.includes(value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">All currencies</MenuItem>
      {currencies.map((c) => (
        <MenuItem key={c} value={c}>
          {c}
        </MenuItem>
      ))}
    </TextField>
  );
}

function DateField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      fullWidth
      type="date"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/** Sets or clears parameters of the address (an empty value clears), replacing the history entry. */
function useAddressParams(): (values: Readonly<Record<string, string>>) => void {
  const [, setParams] = useSearchParams();
  return (values) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [name, value] of Object.entries(values))
          if (value) next.set(name, value);
          else next.delete(name);
        return next;
      },
      { replace: true },
    );
}

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

/** A download button that fetches with the user's token and says why the server refused. */
function DownloadButton({ url, name, children }: { url: string; name: string; children: ReactNode }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        downloadLedgerCsv(url, name)
          .catch((e: unknown) => {
            const error = reportError(e, { context: 'ledger download', silent: true });
            notify(error.message, 'error');
          })
          .finally(() => setBusy(false));
      }}
    >
      {busy ? 'Preparing...' : children}
    </Button>
  );
}

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
