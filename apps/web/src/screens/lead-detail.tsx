import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Grid,
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useLead, useLeadChanges, type LeadDetail, type LeadStage } from '../entity/crm-api.ts';
import { formatDate, formatMoney } from '../entity/format.ts';
import { countryName } from '../entity/reference-names.ts';
import { notify } from '../shared/errors.ts';
import { PageHeader } from '../shared/page.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { LeadAssignDialog } from './lead-assign-dialog.tsx';
import { LeadHistory } from './lead-history.tsx';

/** What a move by hand is called on its button and in its dialog. */
const MOVE: Record<LeadStage, { label: string; explain: string; tone: 'primary' | 'error' }> = {
  New: { label: 'Reopen', explain: 'The lead goes back to New.', tone: 'primary' },
  Contacted: { label: 'Mark contacted', explain: 'The lead moves to Contacted.', tone: 'primary' },
  Lost: {
    label: 'Mark lost',
    explain: 'The lead moves to Lost. It can be reopened later.',
    tone: 'error',
  },
  Invited: { label: 'Invite', explain: '', tone: 'primary' },
  Onboarded: { label: 'Onboarded', explain: '', tone: 'primary' },
};

type Step = { kind: 'move'; to: LeadStage } | { kind: 'invite' } | { kind: 'assign' };

/** `lead/:id` of the admin and broker areas (docs/architecture.md, “CRM”). */
export function LeadScreen({ area }: { area: 'admin' | 'broker' }) {
  const { id = '' } = useParams();
  const lead = useLead(id);
  const base = `/${area}`;
  const crumbs = [{ label: 'Leads', to: `${base}/leads` }, { label: lead.data?.company ?? 'Lead' }];
  if (lead.isPending) return <PageHeader title="" crumbs={crumbs} />;
  if (lead.error || !lead.data)
    return (
      <Box>
        <PageHeader title="Lead" crumbs={crumbs} />
        <Alert severity="error">{lead.error?.message ?? 'The lead could not be read.'}</Alert>
      </Box>
    );
  return <LeadView lead={lead.data} base={base} crumbs={crumbs} />;
}

function LeadView({
  lead,
  base,
  crumbs,
}: {
  lead: LeadDetail;
  base: string;
  crumbs: { label: string; to?: string }[];
}) {
  const changes = useLeadChanges(lead.id);
  const [step, setStep] = useState<Step | null>(null);
  const actions = (
    <>
      {lead.moves.map((to) => (
        <Button
          key={to}
          variant="outlined"
          color={MOVE[to].tone}
          onClick={() => setStep({ kind: 'move', to })}
        >
          {MOVE[to].label}
        </Button>
      ))}
      {base === '/admin' && (
        <Button variant="outlined" onClick={() => setStep({ kind: 'assign' })}>
          Assign broker
        </Button>
      )}
      {lead.canInvite && (
        <Button variant="contained" onClick={() => setStep({ kind: 'invite' })}>
          Invite as supplier
        </Button>
      )}
    </>
  );
  const facts: [string, ReactNode][] = [
    ['Contact', lead.contactName],
    ['E-mail', <Link href={`mailto:${lead.email}`}>{lead.email}</Link>],
    ['Phone', lead.phone ?? '—'],
    ['Country', `${countryName(lead.country)} (${lead.country})`],
    ['Expected monthly volume', formatMoney(lead.monthlyVolume, lead.currency)],
    ['Applied', formatDate(lead.createdAt)],
    ['Broker', lead.brokerName ?? 'None (platform lead)'],
  ];
  if (lead.lostReason) facts.push(['Lost because', lead.lostReason]);
  if (lead.groupId)
    facts.push([
      'Supplier organisation',
      <Link component={RouterLink} to={`${base}/user/${lead.groupId}`}>
        Open the organisation
      </Link>,
    ]);

  return (
    <Box>
      <PageHeader title={lead.company} crumbs={crumbs} status={lead.stage} actions={actions} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Application
            </Typography>
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: 1 }}
            >
              {facts.map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, wordBreak: 'break-word' }}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
            {lead.message && (
              <>
                <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
                  Message
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap' }}>{lead.message}</Typography>
              </>
            )}
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              History
            </Typography>
            <NoteForm onAdd={(note) => changes.note.mutateAsync(note).then(() => notify('Note added'))} />
            <LeadHistory events={lead.events} />
          </Paper>
        </Grid>
      </Grid>
      {step?.kind === 'move' && (
        <ConfirmDialog
          title={`${MOVE[step.to].label}: ${lead.company}`}
          explain={MOVE[step.to].explain}
          confirm={MOVE[step.to].label}
          tone={MOVE[step.to].tone}
          {...(step.to === 'Lost'
            ? {
                reason: {
                  label: 'Why is the lead lost?',
                  help: 'Kept in the lead’s history.',
                  check: (text: string) => (text.trim() ? null : 'Say why the lead is lost'),
                },
              }
            : {})}
          onConfirm={async (reason) => {
            await changes.move.mutateAsync({ stage: step.to, ...(reason ? { reason } : {}) });
            notify(`The lead is now ${step.to}`);
            setStep(null);
          }}
          onClose={() => setStep(null)}
        />
      )}
      {step?.kind === 'assign' && (
        <LeadAssignDialog
          lead={lead}
          onAssign={async (brokerGroupId) => {
            await changes.assign.mutateAsync(brokerGroupId);
            notify(brokerGroupId ? 'The lead was given to the broker' : 'The lead is a platform lead again');
            setStep(null);
          }}
          onClose={() => setStep(null)}
        />
      )}
      {step?.kind === 'invite' && (
        <ConfirmDialog
          title={`Invite ${lead.company} as a supplier`}
          explain={
            <>
              A supplier organisation named {lead.company} is created with {lead.contactName} ({lead.email})
              as its owner, who receives an invitation e-mail to choose a password
              {base === '/broker'
                ? '; the supplier is introduced by you'
                : lead.brokerGroupId
                  ? `; the supplier is introduced by the lead’s broker, ${lead.brokerName ?? 'its owner'}`
                  : ''}
              . The lead moves to Invited.
            </>
          }
          confirm="Invite"
          onConfirm={async () => {
            await changes.invite.mutateAsync();
            notify(`Invitation sent to ${lead.email}`);
            setStep(null);
          }}
          onClose={() => setStep(null)}
        />
      )}
    </Box>
  );
}

function NoteForm({ onAdd }: { onAdd: (note: string) => Promise<void> }) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!note.trim()) {
      setError('Write the note first');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onAdd(note.trim());
      setNote('');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The note could not be added');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack component="form" noValidate onSubmit={(e) => void submit(e)} spacing={1} sx={{ mb: 2 }}>
      <TextField
        label="Note"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={2}
        error={Boolean(error)}
        helperText={error ?? 'A call, an e-mail, what was agreed…'}
        disabled={busy}
      />
      <Box>
        <Button
          type="submit"
          variant="outlined"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {busy ? 'Adding…' : 'Add note'}
        </Button>
      </Box>
    </Stack>
  );
}
