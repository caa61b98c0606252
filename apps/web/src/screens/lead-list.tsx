import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useSession } from '../auth/use-session.ts';
import { LEAD_STAGES, useLeads, type LeadStage } from '../entity/crm-api.ts';
import { formatDate, formatMoney } from '../entity/format.ts';
import { notify } from '../shared/errors.ts';
import { PageHeader, StatusChip } from '../shared/page.tsx';
import { TONE_COLOURS, toneOf } from '../shared/status-tones.ts';

/**
 * The Leads screen of the admin and broker areas (docs/architecture.md, “CRM”): stage chips with
 * the server's counts as filters, a search, the newest leads first; a broker also gets its referral
 * link to the public form.
 */
export function LeadsScreen({ area }: { area: 'admin' | 'broker' }) {
  const [stage, setStage] = useState<LeadStage | null>(null);
  const [search, setSearch] = useState('');
  const leads = useLeads({ stage, search });
  const navigate = useNavigate();
  const base = `/${area}`;
  const counts = leads.data?.counts;
  const all = counts ? LEAD_STAGES.reduce((n, s) => n + counts[s], 0) : null;

  return (
    <Box>
      <PageHeader title="Leads" count={all} />
      {area === 'broker' && <ReferralLink />}
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}
        role="group"
        aria-label="Filter by stage"
      >
        <Chip
          label={`All${all === null ? '' : ` · ${all}`}`}
          onClick={() => setStage(null)}
          color={stage === null ? 'primary' : 'default'}
          variant={stage === null ? 'filled' : 'outlined'}
          aria-pressed={stage === null}
        />
        {LEAD_STAGES.map((s) => {
          const tone = TONE_COLOURS[toneOf(s)];
          const chosen = stage === s;
          return (
            <Chip
              key={s}
              label={`${s}${counts ? ` · ${counts[s]}` : ''}`}
              onClick={() => setStage(chosen ? null : s)}
              aria-pressed={chosen}
              variant={chosen ? 'filled' : 'outlined'}
              sx={chosen ? { bgcolor: tone.bg, color: tone.fg, fontWeight: 500 } : { fontWeight: 500 }}
            />
          );
        })}
      </Stack>
      <TextField
        label="Search company, contact or e-mail"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        size="small"
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
      />
      <Paper variant="outlined">
        {leads.isFetching && <LinearProgress aria-label="Loading leads" />}
        {leads.error ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {leads.error.message}
          </Alert>
        ) : leads.data && leads.data.items.length === 0 ? (
          <Typography sx={{ p: 3 }} color="text.secondary">
            {stage || search.trim()
              ? 'No lead matches this filter.'
              : area === 'broker'
                ? 'No leads yet: companies that apply through your referral link appear here.'
                : 'No leads yet: companies that apply for financing from the sign-in page appear here.'}
          </Typography>
        ) : (
          <Table size="small" aria-label="Leads">
            <TableHead>
              <TableRow>
                <TableCell>Company</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Contact</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Country</TableCell>
                <TableCell align="right">Monthly volume</TableCell>
                <TableCell>Stage</TableCell>
                {area === 'admin' && (
                  <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>Broker</TableCell>
                )}
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Applied</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(leads.data?.items ?? []).map((lead) => (
                <TableRow
                  key={lead.id}
                  hover
                  sx={{ cursor: 'pointer' }}
                  onClick={() => void navigate(`${base}/lead/${lead.id}`)}
                >
                  <TableCell>
                    <Link
                      component={RouterLink}
                      to={`${base}/lead/${lead.id}`}
                      onClick={(e) => e.stopPropagation()}
                    >
                      {lead.company}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{lead.contactName}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{lead.country}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(lead.monthlyVolume, lead.currency)}
                  </TableCell>
                  <TableCell>
                    <StatusChip status={lead.stage} />
                  </TableCell>
                  {area === 'admin' && (
                    <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>
                      {lead.brokerName ?? '—'}
                    </TableCell>
                  )}
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {formatDate(lead.createdAt)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {leads.data && leads.data.total > leads.data.items.length && (
          <Typography sx={{ p: 2 }} color="text.secondary">
            Showing the newest {leads.data.items.length} of {leads.data.total}: narrow the search to find
            older leads.
          </Typography>
        )}
      </Paper>
    </Box>
  );
}

/** The broker's referral link to the public form: leads that come through it are the broker's. */
function ReferralLink() {
  const session = useSession();
  const groupId = session.status === 'signedIn' ? session.user.groupId : null;
  if (!groupId) return null;
  const link = `${window.location.origin}/apply?ref=${groupId}`;
  const copy = () =>
    void navigator.clipboard
      .writeText(link)
      .then(() => notify('Referral link copied'))
      .catch(() => notify('Copy the link by hand: your browser did not allow it', 'warning'));
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Your referral link
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Companies that apply for financing through this link become your leads.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
        <Typography component="code" sx={{ wordBreak: 'break-all', fontFamily: 'monospace', fontSize: 14 }}>
          {link}
        </Typography>
        <Button size="small" variant="outlined" onClick={copy}>
          Copy link
        </Button>
      </Stack>
    </Paper>
  );
}
