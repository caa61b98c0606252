import { Alert, Button, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toError } from '../shared/errors.ts';
import { AuthFrame } from '../auth/auth-frame.tsx';
import { homeOf, refreshTokens, signOut, userFromTokens, type SessionState } from '../auth/session.ts';
import { pendingApprovalQuery, type PendingOrganisation } from './pending-check.ts';

// The check itself lives in pending-check.ts (small, so that the area route's loader can start it early).
export { pendingApprovalQuery, pendingOf, type PendingOrganisation } from './pending-check.ts';

const TYPE_LABEL: Record<string, string> = { Investor: 'investor', Spv: 'SPV', Broker: 'broker' };

/**
 * Whether the signed-in user waits for their organisation's approval: they hold no role group and
 * their organisation's Usergroup rows are Pending (checked with `listUsergroups` on their groupId).
 */
export function usePendingApproval(session: SessionState): {
  readonly checking: boolean;
  readonly pending: PendingOrganisation | null;
} {
  const user = session.status === 'signedIn' ? session.user : null;
  const options = pendingApprovalQuery(user);
  const enabled = options.enabled === true;
  const q = useQuery(options);
  // Approved while waiting (live updates refetch the membership): fetch tokens that carry the new
  // role group, so the area opens without signing in again; the waiting screen stays until then.
  const lastPending = useRef<PendingOrganisation | null>(null);
  const [opening, setOpening] = useState(false);
  if (q.data) lastPending.current = q.data;
  const approvedNow = enabled && q.isSuccess && q.data === null && lastPending.current !== null;
  useEffect(() => {
    if (!approvedNow) return;
    setOpening(true);
    void refreshTokens()
      .catch(() => undefined)
      .finally(() => {
        lastPending.current = null;
        setOpening(false);
      });
  }, [approvedNow]);
  if (!enabled) return { checking: false, pending: null };
  return {
    checking: q.isLoading,
    pending: q.data ?? (approvedNow || opening ? lastPending.current : null),
  };
}

/** What a user of an organisation awaiting approval sees instead of the area. */
export function PendingApprovalScreen({
  organisation,
  email,
}: {
  organisation: PendingOrganisation;
  email: string | undefined;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const what = TYPE_LABEL[organisation.type ?? ''] ?? 'new';
  const check = async () => {
    setBusy(true);
    setNote(null);
    try {
      const next = await refreshTokens();
      if (!next) return; // the session ended: the gate shows the sign-in
      const user = userFromTokens(next);
      if (user.role !== 'Supplier') navigate(homeOf(user.role), { replace: true });
      else setNote('Not approved yet. We e-mail you as soon as it is.');
    } catch (e) {
      setNote(toError(e).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthFrame title="Waiting for approval">
      <Stack spacing={2}>
        <Typography>
          Thank you for registering{' '}
          {organisation.name ? <strong>{organisation.name}</strong> : 'your organisation'}. An administrator
          checks every {what} organisation before it can use the platform.
        </Typography>
        <Typography color="text.secondary">
          We e-mail {email ?? 'you'} when it is approved. Then sign in again, or choose &quot;Check
          again&quot;.
        </Typography>
        {note && (
          <Alert severity="info" role="status">
            {note}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="contained" onClick={() => void check()} disabled={busy}>
            {busy ? 'Checking…' : 'Check again'}
          </Button>
          <Button variant="outlined" onClick={() => void signOut().then(() => navigate('/login'))}>
            Sign out
          </Button>
        </Stack>
      </Stack>
    </AuthFrame>
  );
}
