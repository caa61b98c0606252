import {
  Alert,
  Box,
  Chip,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatMoney } from '../entity/format.ts';
import { useRecord } from '../entity/hooks.ts';
import { useRequestPostings, type RequestPosting } from '../entity/ledger-api.ts';
import { AREAS, type AreaKey } from '../shared/areas.ts';
import { eventLabel, partyOf } from './ledger-labels.ts';

/** The request's stored amounts the postings come from (docs/business-rules.md, “The ledger”). */
const AMOUNTS = [
  ['invoice_amount', 'Invoice (face value)'],
  ['invoice_purchase_amount', 'Purchase amount'],
  ['discount_fee_amount', 'Discount fee'],
  ['transaction_fee_amount', 'Transaction fee'],
  ['broker_fee_amount', 'Broker fee'],
  ['spv_fee_amount', 'SPV fee'],
] as const;

/** The entries of one request, one group per ledger transaction (a step), in posting order. */
function bySteps(entries: readonly RequestPosting[]): RequestPosting[][] {
  const steps = new Map<string, RequestPosting[]>();
  for (const e of entries) steps.set(e.transactionId, [...(steps.get(e.transactionId) ?? []), e]);
  return [...steps.values()];
}

/**
 * What a bookkeeping record's request is and what each of its steps posted
 * (docs/business-rules.md, “Bookkeeping that posts”): the stored amounts, then per ledger
 * transaction its date, event and operation, and each entry's account (by name and party), debit
 * and credit. The server answers only the entries on accounts the user may read: an SPV user sees
 * its side of the books.
 */
export function RequestPostingsPanel({ requestId, area }: { requestId: string; area: AreaKey }) {
  const request = useRecord('Request', requestId);
  const postings = useRequestPostings(requestId);
  const r = request.data;
  const currency = typeof r?.invoice_currency === 'string' ? r.invoice_currency : null;
  const steps = bySteps(postings.data?.items ?? []);
  return (
    <Paper component="section" aria-labelledby="request-postings" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
      <Typography id="request-postings" variant="h4" component="h2" sx={{ mb: 1 }}>
        Postings
      </Typography>
      {(request.isLoading || postings.isLoading) && (
        <Typography color="text.secondary">Loading...</Typography>
      )}
      {request.error && <Alert severity="error">{request.error.message}</Alert>}
      {postings.error && <Alert severity="error">{postings.error.message}</Alert>}
      {r && (
        <Box sx={{ mb: 2 }}>
          <Typography variant="body1" sx={{ mb: 1 }}>
            Request{' '}
            <Link component={RouterLink} to={`${AREAS[area].base}/request/${encodeURIComponent(requestId)}`}>
              invoice {String(r.invoice_number ?? requestId)}
            </Link>
            {typeof r.request_status === 'string' && ` · ${r.request_status}`}
          </Typography>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr auto', sm: 'repeat(3, auto 1fr)' },
              columnGap: 2,
              rowGap: 0.5,
              m: 0,
              '& dt': { color: 'text.secondary' },
              '& dd': { m: 0, textAlign: { xs: 'right', sm: 'left' }, whiteSpace: 'nowrap' },
            }}
          >
            {AMOUNTS.map(([field, label]) => (
              <Box key={field} sx={{ display: 'contents' }}>
                <dt>{label}</dt>
                <dd data-testid={`postings-${field}`}>{formatMoney(r[field], currency) || '—'}</dd>
              </Box>
            ))}
          </Box>
        </Box>
      )}
      {postings.data && steps.length === 0 && (
        <Typography color="text.secondary">
          Nothing posted yet that you may see: the request books its advance when submitted, its receivable
          when approved.
        </Typography>
      )}
      {steps.map((entries) => {
        const head = entries[0]!;
        return (
          <Box key={head.transactionId} component="section" aria-label={eventLabel(head.kind)} sx={{ mb: 2 }}>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
              <Typography variant="h5" component="h3">
                {eventLabel(head.kind)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDate(head.effectiveDate)}
                {head.operation ? ` · ${head.operation}` : ''}
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {head.description}
            </Typography>
            <Table
              size="small"
              aria-label={`${eventLabel(head.kind)} entries`}
              sx={{ '& .MuiTableCell-root': { px: { xs: 0.5, sm: 2 } } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>Account</TableCell>
                  <TableCell align="right">Debit</TableCell>
                  <TableCell align="right">Credit</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell>
                      {e.account.name}
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        component="span"
                        sx={{ display: 'block' }}
                      >
                        {partyOf(e.account)}
                        {e.phase === 'pending' && (
                          <Chip size="small" label="pending" variant="outlined" sx={{ ml: 1 }} />
                        )}
                      </Typography>
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: { sm: 'nowrap' } }}>
                      {e.debit ? formatMoney(e.debit, e.currency) : ''}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: { sm: 'nowrap' } }}>
                      {e.credit ? formatMoney(e.credit, e.currency) : ''}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        );
      })}
    </Paper>
  );
}
