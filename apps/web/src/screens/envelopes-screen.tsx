import {
  Alert,
  Box,
  Button,
  Chip,
  Link,
  Paper,
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
import { Link as RouterLink, useSearchParams } from 'react-router';
import { formatDate } from '../entity/format.ts';
import { useEnvelopeList, type EnvelopeListItem } from '../entity/envelope-list-api.ts';
import { PageHeader, StatusChip } from '../shared/page.tsx';
import { requestLink } from './dashboard-links.ts';
import { EnvelopeActions } from './envelope-actions.tsx';
import { ENVELOPE_VIEWS, envelopeViewOf, shownText } from './envelope-list-views.ts';
import { envelopeState, signerState } from './envelope-states.ts';

/**
 * Admin `envelopes` (docs/business-rules.md, “Signing the financing documents”): the e-signature
 * envelopes across requests, oldest sent first, by the work queue they are in (`?view=waiting`,
 * `?view=expired`, as the dashboard counts them) or all, each with its requests, signers, dates,
 * state and an administrator's steps on it (reminder, void, new envelope in place of a stopped one).
 */
export function EnvelopesScreen() {
  const [search, setSearch] = useSearchParams();
  const current = envelopeViewOf(search.get('view'));
  const list = useEnvelopeList(current.view);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages.at(-1)?.total ?? null;

  return (
    <>
      <PageHeader title="Envelopes" />
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        The financing documents sent for signature with the built-in signer, across requests, oldest sent
        first. An envelope expires 14 days after it was sent; send a new one in its place while its document
        is still missing on the request.
      </Typography>
      <Stack
        direction="row"
        role="group"
        aria-label="Envelopes to show"
        sx={{ gap: 0.75, flexWrap: 'wrap', mb: 2 }}
      >
        {ENVELOPE_VIEWS.map((v) => {
          const on = v.view === current.view;
          return (
            <Chip
              key={v.label}
              label={v.label}
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              aria-pressed={on}
              onClick={() => setSearch(v.view ? { view: v.view } : {}, { replace: true })}
            />
          );
        })}
      </Stack>
      {list.error ? (
        <Alert severity="error" role="alert">
          The envelopes could not be loaded: {list.error.message}
        </Alert>
      ) : list.isLoading || total === null ? (
        <Paper sx={{ p: 2 }} aria-busy>
          <Skeleton height={32} />
          <Skeleton height={32} />
          <Skeleton height={32} />
        </Paper>
      ) : items.length === 0 ? (
        <Paper sx={{ p: { xs: 2, sm: 4 }, textAlign: 'center' }}>
          <Typography color="text.secondary">{current.empty}</Typography>
        </Paper>
      ) : (
        <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ mb: 1 }}
            role="status"
            data-testid="envelopes-shown"
          >
            {shownText(items.length, total)}
          </Typography>
          {phone ? (
            <Stack component="ul" sx={{ m: 0, p: 0, listStyle: 'none', gap: 1.5 }} aria-label="Envelopes">
              {items.map((item) => (
                <EnvelopeCardRow key={item.envelope.id} item={item} />
              ))}
            </Stack>
          ) : (
            <EnvelopeTable items={items} />
          )}
          {list.hasNextPage && (
            <Box sx={{ mt: 1.5, textAlign: 'center' }}>
              <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? 'Loading…' : 'Show more'}
              </Button>
            </Box>
          )}
        </Paper>
      )}
    </>
  );
}

/** The requests of an envelope, each by invoice number to its page. */
function Requests({ item }: { item: EnvelopeListItem }) {
  if (!item.requests.length)
    return (
      <Typography variant="body2" color="text.secondary">
        Request deleted
      </Typography>
    );
  return (
    <Stack sx={{ gap: 0.25 }}>
      {item.requests.map((r) => (
        <Box key={r.id}>
          <Link component={RouterLink} to={requestLink('admin', r.id)} sx={{ whiteSpace: 'nowrap' }}>
            {r.invoiceNumber ?? 'Request'}
          </Link>
          {r.status && (
            <Typography variant="body2" color="text.secondary">
              {r.status}
            </Typography>
          )}
        </Box>
      ))}
    </Stack>
  );
}

/** The signers in order, each with the state of their signature. */
function Signers({ item }: { item: EnvelopeListItem }) {
  const e = item.envelope;
  return (
    <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label={`Signers of the ${e.label}`}>
      {[...e.signers]
        .sort((a, b) => a.position - b.position)
        .map((s) => {
          const state = signerState(s, e);
          return (
            <Box
              component="li"
              key={s.id}
              sx={{ display: 'flex', gap: 0.75, alignItems: 'center', flexWrap: 'wrap', py: 0.25 }}
            >
              <Typography variant="body2">
                {s.position}. {s.name}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  ({s.role})
                </Typography>
              </Typography>
              <StatusChip status={state.status} label={state.label} />
            </Box>
          );
        })}
    </Box>
  );
}

/** When it ends: the expiry of one still out, else when it ended. */
function endText(item: EnvelopeListItem): string {
  const e = item.envelope;
  if (e.status === 'Sent') return `Expires ${formatDate(e.expiresAt)}`;
  const verb = { Completed: 'Completed', Declined: 'Declined', Expired: 'Expired', Voided: 'Voided' }[
    e.status
  ];
  return `${verb} ${formatDate(e.endedAt ?? e.expiresAt)}`;
}

function State({ item }: { item: EnvelopeListItem }) {
  const state = envelopeState(item.envelope);
  return (
    <Stack sx={{ gap: 0.5, alignItems: 'flex-start' }}>
      <StatusChip status={state.status} label={state.label} />
      {item.replacedBy && (
        <Typography variant="body2" color="text.secondary">
          Sent again
        </Typography>
      )}
    </Stack>
  );
}

/** An administrator's steps on the envelope, one under the other in the table's narrow column. */
const Actions = ({ item, stacked }: { item: EnvelopeListItem; stacked: boolean }) => (
  <Stack
    direction={stacked ? 'column' : { xs: 'column', sm: 'row' }}
    sx={{
      gap: 1,
      alignItems: stacked ? 'stretch' : undefined,
      '& .MuiButton-root': { whiteSpace: 'nowrap' },
    }}
  >
    <EnvelopeActions envelope={item.envelope} replaced={item.replacedBy !== null} />
  </Stack>
);

function EnvelopeTable({ items }: { items: readonly EnvelopeListItem[] }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table
        size="small"
        aria-label="Envelopes"
        sx={{ '& .MuiTableCell-root': { px: 1, verticalAlign: 'top' } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>Document</TableCell>
            <TableCell>Request</TableCell>
            <TableCell>Signers</TableCell>
            <TableCell>Sent</TableCell>
            <TableCell>Ends</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Steps</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.envelope.id} data-testid="envelope-row">
              <TableCell sx={{ fontWeight: 500 }}>{item.envelope.label}</TableCell>
              <TableCell>
                <Requests item={item} />
              </TableCell>
              <TableCell>
                <Signers item={item} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(item.envelope.createdAt)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{endText(item)}</TableCell>
              <TableCell>
                <State item={item} />
              </TableCell>
              <TableCell>
                <Actions item={item} stacked />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** An envelope on a phone: a card with the same facts, one under the other. */
function EnvelopeCardRow({ item }: { item: EnvelopeListItem }) {
  const e = item.envelope;
  return (
    <Box
      component="li"
      data-testid="envelope-row"
      aria-label={`${e.label} ${item.requests.map((r) => r.invoiceNumber).join(', ')}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
    >
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography sx={{ fontWeight: 500 }}>{e.label}</Typography>
        <State item={item} />
      </Stack>
      <Requests item={item} />
      <Typography variant="body2" color="text.secondary" sx={{ my: 0.5 }}>
        Sent {formatDate(e.createdAt)} · {endText(item)}
      </Typography>
      <Signers item={item} />
      <Box sx={{ mt: 1 }}>
        <Actions item={item} stacked={false} />
      </Box>
    </Box>
  );
}
