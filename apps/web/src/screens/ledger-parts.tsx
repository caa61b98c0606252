import {
  Box,
  Button,
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
import { Fragment, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { downloadLedgerCsv } from '../entity/ledger-api.ts';
import { AREAS, type AreaKey } from '../shared/areas.ts';
import { notify, reportError } from '../shared/errors.ts';
import { DownloadIcon } from '../shared/icons.tsx';

/** The pieces the ledger's screens share (docs/architecture.md, “Ledger”). */

/** Amounts never break between the currency code and the figure; cells sit closer to fit them. */
const AMOUNTS = {
  '& td.MuiTableCell-alignRight, & th.MuiTableCell-alignRight': { whiteSpace: 'nowrap' },
  '& .MuiTableCell-root': { px: 1.25 },
} as const;

const TOTAL_ROW = { '& td': { fontWeight: 600 }, bgcolor: '#f4f6f9' } as const;

export const isFunder = (area: AreaKey): boolean => area === 'investor' || area === 'spv';

export const ledgerPath = (area: AreaKey, rest = ''): string => `${AREAS[area].base}/ledger${rest}`;
export const statementPath = (area: AreaKey, id: string): string =>
  ledgerPath(area, `/account/${encodeURIComponent(id)}`);
export const requestPath = (area: AreaKey, id: string): string =>
  `${AREAS[area].base}/request/${encodeURIComponent(id)}`;

/** A bank transaction's page in each area (the SPV area knows them under its collection account). */
export function bankTransactionPath(area: AreaKey, id: string): string {
  const at = encodeURIComponent(id);
  if (area === 'spv') return `/spv/bank/collection/${at}`;
  return `${AREAS[area].base}/transaction/${at}`;
}

/** The administrator's page of an account's party. */
export const PARTY_PAGE: Readonly<Record<string, string>> = {
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
export function AmountTable({
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

export function Section({
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

export function Empty({ children }: { children: ReactNode }) {
  return (
    <Paper sx={{ p: 4, textAlign: 'center' }}>
      <Typography color="text.secondary">{children}</Typography>
    </Paper>
  );
}

/** The ledger's screens, one click apart. */
export function LedgerLinks({ area, current }: { area: AreaKey; current: 'accounts' | 'trial-balance' }) {
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
export function CurrencyPicker({
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

export function DateField({
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
export function useAddressParams(): (values: Readonly<Record<string, string>>) => void {
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

/** A download button that fetches with the user's token and says why the server refused. */
export function DownloadButton({ url, name, children }: { url: string; name: string; children: ReactNode }) {
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
