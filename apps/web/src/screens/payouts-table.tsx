import {
  Alert,
  Box,
  Checkbox,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { showIban } from '@rf/domain/rules/bank-account';
import { Fragment, type ReactNode } from 'react';
import { formatDateTime, formatMoney } from '../entity/format.ts';
import type { PayoutAccountSummary, PayoutInstruction, PayoutStatus } from '../entity/payments-api.ts';
import { RowLink } from '../entity/row-link.tsx';
import { isExportable, kindLabel } from './payouts-labels.ts';

/**
 * The payout instructions of one status (docs/business-rules.md, “Payments and reconciliation”):
 * a table from 600 px on, a block per instruction on a phone. Pending rows can be chosen with a
 * checkbox unless they have problems, which show as a warning under the row. Amounts are the
 * server's, each in its own currency; nothing is added up.
 */

export interface PayoutChoice {
  readonly chosen: ReadonlySet<string>;
  readonly onToggle: (id: string) => void;
  readonly onToggleAll: () => void;
}

/** The account the payment leaves from or goes to, as its bank knows it: IBAN, else number, else name. */
const accountText = (a: PayoutAccountSummary | null): string | null =>
  a ? (a.iban ? showIban(a.iban) : a.number ? `Account ${a.number}` : a.name || null) : null;

const AMOUNT_CELL = { whiteSpace: 'nowrap', fontWeight: 500 } as const;

/** The date column of each status: when it was instructed, exported or confirmed. */
const WHEN_LABEL: Readonly<Record<PayoutStatus, string>> = {
  Pending: 'Created',
  Exported: 'Exported',
  Confirmed: 'Confirmed',
};

const atOf = (status: PayoutStatus, i: PayoutInstruction): string | null =>
  status === 'Exported' ? i.exportedAt : status === 'Confirmed' ? i.confirmedAt : i.createdAt;

function whenOf(status: PayoutStatus, i: PayoutInstruction): { label: string; value: string } {
  return { label: WHEN_LABEL[status], value: formatDateTime(atOf(status, i)) };
}

/** `21 Nov 2026` over `14:05`: a narrow cell. */
function When({ at }: { at: string | null }) {
  const [day, time] = formatDateTime(at).split(', ');
  return (
    <>
      <Box sx={{ whiteSpace: 'nowrap' }}>{day}</Box>
      {time && (
        <Typography variant="caption" color="text.secondary">
          {time}
        </Typography>
      )}
    </>
  );
}

function Party({ name, to, account }: { name: ReactNode; to?: string; account: string | null }) {
  return (
    <>
      {to ? <RowLink to={to}>{name}</RowLink> : <span>{name}</span>}
      {account && (
        <Typography variant="caption" color="text.secondary" component="div">
          {account}
        </Typography>
      )}
    </>
  );
}

function Problems({ id, problems }: { id: string; problems: readonly string[] }) {
  return (
    <Alert severity="warning" id={id} sx={{ py: 0 }}>
      {problems.length === 1 ? (
        problems[0]
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}

export function PayoutTable({
  rows,
  status,
  base,
  choice,
}: {
  rows: readonly PayoutInstruction[];
  status: PayoutStatus;
  /** The area's base path, for the links to requests, payers and transactions. */
  base: string;
  choice?: PayoutChoice | undefined;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const exportable = rows.filter(isExportable);
  const allChosen = exportable.length > 0 && exportable.every((r) => choice?.chosen.has(r.id));
  const someChosen = exportable.some((r) => choice?.chosen.has(r.id));
  const requestTo = (i: PayoutInstruction) => `${base}/request/${encodeURIComponent(i.requestId)}`;
  const payerTo = (i: PayoutInstruction) =>
    `${base}/${i.payerModel === 'Investor' ? 'investor' : 'spv'}/${encodeURIComponent(i.payerId)}`;
  const transactionTo = (id: string) => `${base}/transaction/${encodeURIComponent(id)}`;
  const problemId = (i: PayoutInstruction) => `payout-problems-${i.id}`;

  const checkbox = (i: PayoutInstruction) =>
    choice ? (
      <Checkbox
        checked={choice.chosen.has(i.id)}
        disabled={!isExportable(i)}
        onChange={() => choice.onToggle(i.id)}
        slotProps={{
          input: {
            'aria-label': isExportable(i) ? `Choose ${i.reference}` : `${i.reference} cannot be exported yet`,
            ...(i.problems.length ? { 'aria-describedby': problemId(i) } : {}),
          },
        }}
      />
    ) : null;
  const invoice = (i: PayoutInstruction) => (
    <RowLink to={requestTo(i)}>{i.invoiceNumber ?? 'Open request'}</RowLink>
  );
  const transaction = (i: PayoutInstruction) =>
    i.transactionId ? <RowLink to={transactionTo(i.transactionId)}>Open transaction</RowLink> : null;

  if (phone)
    return (
      <Box component="ul" aria-label={`${status} payouts`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {choice && exportable.length > 1 && (
          <Box component="li" sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Stack direction="row" sx={{ alignItems: 'center' }}>
              <Checkbox
                checked={allChosen}
                indeterminate={someChosen && !allChosen}
                onChange={choice.onToggleAll}
                slotProps={{ input: { 'aria-label': 'Choose every payout that can be exported' } }}
              />
              <Typography variant="body2">Choose all that can be exported</Typography>
            </Stack>
          </Box>
        )}
        {rows.map((i) => {
          const when = whenOf(status, i);
          return (
            <Box
              component="li"
              key={i.id}
              data-testid={`payout-${i.reference}`}
              sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}
            >
              <Stack direction="row" sx={{ gap: 0.5, alignItems: 'flex-start' }}>
                {checkbox(i)}
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 500, wordBreak: 'break-all' }}>{i.reference}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {kindLabel(i.kind)} · invoice {invoice(i)}
                      </Typography>
                    </Box>
                    <Box sx={AMOUNT_CELL}>{formatMoney(i.amount, i.currency)}</Box>
                  </Stack>
                  <Typography variant="body2" component="div" sx={{ mt: 0.5 }}>
                    To{' '}
                    <Party name={i.supplierName ?? 'the supplier'} account={accountText(i.creditorAccount)} />
                  </Typography>
                  <Typography variant="body2" component="div">
                    From{' '}
                    <Party
                      name={i.payerName ?? i.payerModel}
                      to={payerTo(i)}
                      account={accountText(i.debtorAccount)}
                    />
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {when.label} {when.value}
                  </Typography>
                  {transaction(i)}
                  {i.problems.length > 0 && (
                    <Box sx={{ mt: 0.5 }}>
                      <Problems id={problemId(i)} problems={i.problems} />
                    </Box>
                  )}
                </Box>
              </Stack>
            </Box>
          );
        })}
      </Box>
    );

  const columns = 6 + (choice ? 1 : 0);
  return (
    <Table size="small" aria-label={`${status} payouts`} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
      <TableHead>
        <TableRow>
          {choice && (
            <TableCell padding="checkbox">
              <Checkbox
                checked={allChosen}
                indeterminate={someChosen && !allChosen}
                disabled={exportable.length === 0}
                onChange={choice.onToggleAll}
                slotProps={{ input: { 'aria-label': 'Choose every payout that can be exported' } }}
              />
            </TableCell>
          )}
          <TableCell>Reference</TableCell>
          <TableCell>Invoice</TableCell>
          <TableCell>Supplier (to)</TableCell>
          <TableCell>Payer (from)</TableCell>
          <TableCell align="right">Amount</TableCell>
          <TableCell>{WHEN_LABEL[status]}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((i) => {
          const split = i.problems.length > 0 ? { '& > td': { borderBottom: 'none' } } : undefined;
          return (
            <Fragment key={i.id}>
              <TableRow
                hover
                selected={choice?.chosen.has(i.id) ?? false}
                sx={split}
                data-testid={`payout-${i.reference}`}
              >
                {choice && <TableCell padding="checkbox">{checkbox(i)}</TableCell>}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Box sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }}>{i.reference}</Box>
                  <Typography variant="caption" color="text.secondary">
                    {kindLabel(i.kind)}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{invoice(i)}</TableCell>
                <TableCell sx={{ minWidth: 130 }}>
                  <Party name={i.supplierName ?? '—'} account={accountText(i.creditorAccount)} />
                </TableCell>
                <TableCell sx={{ minWidth: 130 }}>
                  <Party
                    name={i.payerName ?? i.payerModel}
                    to={payerTo(i)}
                    account={accountText(i.debtorAccount)}
                  />
                </TableCell>
                <TableCell align="right" sx={AMOUNT_CELL}>
                  {formatMoney(i.amount, i.currency)}
                </TableCell>
                <TableCell>
                  <When at={atOf(status, i)} />
                  {status === 'Confirmed' && <Box sx={{ whiteSpace: 'nowrap' }}>{transaction(i)}</Box>}
                </TableCell>
              </TableRow>
              {i.problems.length > 0 && (
                <TableRow>
                  <TableCell colSpan={columns} sx={{ pt: 0 }}>
                    <Problems id={problemId(i)} problems={i.problems} />
                  </TableCell>
                </TableRow>
              )}
            </Fragment>
          );
        })}
      </TableBody>
    </Table>
  );
}
