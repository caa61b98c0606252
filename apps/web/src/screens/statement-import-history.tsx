import {
  Alert,
  Box,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { formatDateTime } from '../entity/format.ts';
import { useBankImports, type BankImport } from '../entity/payments-api.ts';

/** How many of an account's imports the panel lists. */
export const RECENT_IMPORTS = 5;

const warningsText = (i: BankImport): string =>
  i.warnings.length === 0 ? 'None' : i.warnings.length === 1 ? '1 warning' : `${i.warnings.length} warnings`;

/** The account's latest statement imports with their counts, newest first (`bankImports`). */
export function RecentImports({ bankId }: { bankId: string }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const imports = useBankImports(bankId, RECENT_IMPORTS);
  return (
    <Box component="section" aria-label="Recent imports" sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        Recent imports
      </Typography>
      {imports.error ? (
        <Alert severity="error" role="alert">
          The account’s imports could not be loaded: {imports.error.message}
        </Alert>
      ) : imports.isLoading || !imports.data ? (
        <Skeleton height={40} />
      ) : imports.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No statement has been imported into this account yet.
        </Typography>
      ) : phone ? (
        <Box component="ul" aria-label="Recent imports" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {imports.data.map((i) => (
            <Box component="li" key={i.id} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
              <Typography variant="body2" sx={{ fontWeight: 500, wordBreak: 'break-all' }}>
                {i.fileName ?? i.format}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(i.importedAt)}
                {i.importedBy ? ` by ${i.importedBy}` : ''}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {i.format} · {i.entries} entries · {i.created} new · {i.duplicates} duplicates ·{' '}
                {warningsText(i)}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Recent imports" sx={{ '& .MuiTableCell-root': { px: 1.25 } }}>
            <TableHead>
              <TableRow>
                <TableCell>Imported</TableCell>
                <TableCell>File</TableCell>
                <TableCell>Format</TableCell>
                <TableCell align="right">Entries</TableCell>
                <TableCell align="right">New</TableCell>
                <TableCell align="right">Duplicates</TableCell>
                <TableCell>Warnings</TableCell>
                <TableCell>By</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {imports.data.map((i) => (
                <TableRow key={i.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(i.importedAt)}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{i.fileName ?? '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{i.format}</TableCell>
                  <TableCell align="right">{i.entries}</TableCell>
                  <TableCell align="right">{i.created}</TableCell>
                  <TableCell align="right">{i.duplicates}</TableCell>
                  <TableCell>
                    {i.warnings.length ? (
                      <Tooltip title={i.warnings.join('\n')}>
                        <span tabIndex={0}>{warningsText(i)}</span>
                      </Tooltip>
                    ) : (
                      warningsText(i)
                    )}
                  </TableCell>
                  <TableCell>{i.importedBy ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
