import {
  Alert,
  Box,
  Grid,
  Skeleton,
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
import type { StatementImportResult } from '../entity/bank-upload.ts';
import { formatDate, formatMoney } from '../entity/format.ts';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { useAll } from '../entity/hooks.ts';
import { RowLink } from '../entity/row-link.tsx';
import { StatusChip } from '../shared/page.tsx';

/**
 * What a statement import brought (docs/business-rules.md, “Payments and reconciliation”), as the
 * server counted it: the file's format and size, the new transactions, the duplicates it skipped,
 * pending entries now booked, the payments the platform matched, the warnings; then the new
 * transactions themselves, read back by their import.
 */
export function ImportSummary({
  result,
  fileName,
  transactionTo,
}: {
  result: StatementImportResult;
  fileName: string;
  /** Where a transaction's page is in this area. */
  transactionTo: (id: string) => string;
}) {
  const figures: readonly { label: string; value: string | number; testId: string }[] = [
    { label: 'Format', value: result.format, testId: 'format' },
    { label: 'Statements', value: result.statements, testId: 'statements' },
    { label: 'Entries', value: result.entries, testId: 'entries' },
    { label: 'New', value: result.created, testId: 'created' },
    { label: 'Duplicates skipped', value: result.duplicates, testId: 'duplicates' },
    { label: 'Pending now booked', value: result.posted, testId: 'posted' },
    { label: 'Matched by the platform', value: result.matched, testId: 'matched' },
  ];
  return (
    <Box component="section" aria-label="Import summary" data-testid="import-summary">
      <Typography variant="h5" component="h3" sx={{ mb: 1 }}>
        {fileName} imported
      </Typography>
      <Grid
        container
        rowSpacing={1.5}
        columnSpacing={{ xs: 1.5, md: 3 }}
        component="dl"
        sx={{ m: 0, mb: 1.5 }}
      >
        {figures.map((f) => (
          <Grid key={f.label} size={{ xs: 6, sm: 4, md: 'auto' }}>
            <Typography variant="body2" color="text.secondary" component="dt">
              {f.label}
            </Typography>
            <Typography
              variant="h5"
              component="dd"
              sx={{ m: 0, wordBreak: 'break-word' }}
              data-testid={`import-${f.testId}`}
            >
              {f.value}
            </Typography>
          </Grid>
        ))}
      </Grid>
      {result.warnings.length > 0 && (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {result.warnings.length === 1 ? 'One warning' : `${result.warnings.length} warnings`}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {result.warnings.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </Box>
        </Alert>
      )}
      {result.created > 0 ? (
        <NewTransactions importId={result.importId} transactionTo={transactionTo} />
      ) : (
        <Typography color="text.secondary">
          No new transactions:{' '}
          {result.entries === 0
            ? 'the file has no entries.'
            : 'the account had every entry of the file already.'}
        </Typography>
      )}
    </Box>
  );
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const isDebit = (t: ApiRecord): boolean => text(t.transaction_source_amount).trim().startsWith('-');

/** The other party: the payer of a credit, the payee of a debit. */
const counterpartyOf = (t: ApiRecord): string =>
  text(isDebit(t) ? t.recipient_account_name : t.sender_account_name) ||
  text(isDebit(t) ? t.recipient_iban : t.sender_iban);

function NewTransactions({
  importId,
  transactionTo,
}: {
  importId: string;
  transactionTo: (id: string) => string;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const list = useAll('Transaction', { importId: { eq: importId } });
  const rows = [...(list.data ?? [])].sort((a, b) =>
    `${text(a.transaction_date)}${a.id}`.localeCompare(`${text(b.transaction_date)}${b.id}`),
  );
  return (
    <Box>
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, mb: 0.5 }}>
        New transactions
      </Typography>
      {list.error ? (
        <Alert severity="error" role="alert">
          The new transactions could not be loaded: {list.error.message}
        </Alert>
      ) : list.isLoading ? (
        <Skeleton height={40} />
      ) : phone ? (
        <Box component="ul" aria-label="New transactions" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((t) => (
            <Box component="li" key={t.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                <Box sx={{ minWidth: 0 }}>
                  <RowLink to={transactionTo(t.id)}>{formatDate(t.transaction_date)}</RowLink>
                  <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                    {[counterpartyOf(t), text(t.end_to_end_id) || text(t.bank_reference)]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                  {text(t.remittance_information) && (
                    <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                      {text(t.remittance_information)}
                    </Typography>
                  )}
                </Box>
                <Box sx={{ textAlign: 'right' }}>
                  <Box sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                    {formatMoney(t.transaction_source_amount, text(t.iso_currency_code))}
                  </Box>
                  <StatusChip status={text(t.reconciliation_status) || 'Unmatched'} />
                </Box>
              </Stack>
            </Box>
          ))}
        </Box>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="New transactions" sx={{ '& .MuiTableCell-root': { px: 1.25 } }}>
            <TableHead>
              <TableRow>
                <TableCell>Booked</TableCell>
                <TableCell>Counterparty</TableCell>
                <TableCell>Reference</TableCell>
                <TableCell>Remittance information</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell>Reconciliation</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((t) => (
                <TableRow key={t.id} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <RowLink to={transactionTo(t.id)}>{formatDate(t.transaction_date)}</RowLink>
                    {t.transaction_status === 'Pending' && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        Pending at the bank
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{counterpartyOf(t)}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    {text(t.end_to_end_id) || text(t.bank_reference)}
                  </TableCell>
                  <TableCell>{text(t.remittance_information)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
                    {formatMoney(t.transaction_source_amount, text(t.iso_currency_code))}
                  </TableCell>
                  <TableCell>
                    <StatusChip status={text(t.reconciliation_status) || 'Unmatched'} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
