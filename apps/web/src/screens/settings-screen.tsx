import { Alert, Box, Button, Grid, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { notify, toError } from '../shared/errors.ts';
import { authApi } from '../auth/auth-api.ts';
import { passwordStrength } from '../auth/password-strength.ts';
import { getAccessToken } from '../auth/session.ts';
import { useUser } from '../auth/user-context.tsx';
import { useSession } from '../auth/use-session.ts';
import { PageHeader } from '../shared/page.tsx';
import type { Role } from '@rf/domain/roles';
import { TeamSection } from './team-section.tsx';
import { NotificationsSection, TimeZoneSection } from './notification-settings.tsx';

function ChangePassword() {
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const strength = passwordStrength(newPassword);
  const mismatch = repeat.length > 0 && repeat !== newPassword;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (newPassword.length < 8 || mismatch) return;
    setBusy(true);
    setError(null);
    try {
      const token = await getAccessToken();
      if (!token) throw new Error('Your session has ended. Please sign in again.');
      await authApi.changePassword(token, oldPassword, newPassword).catch((err: unknown) => {
        if ((err as { code?: string }).code === 'NotAuthorizedException')
          throw new Error('The current password is not right.');
        throw err;
      });
      notify('Your password has been changed.');
      setOld('');
      setNew('');
      setRepeat('');
    } catch (err) {
      setError(toError(err).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label="Change password">
      <Typography variant="h4" component="h2" sx={{ mb: 2 }}>
        Change password
      </Typography>
      <Box component="form" onSubmit={submit} noValidate sx={{ maxWidth: 420 }}>
        <Stack spacing={2}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label="Current password"
            type="password"
            value={oldPassword}
            onChange={(e) => setOld(e.target.value)}
            autoComplete="current-password"
            required
          />
          <TextField
            label="New password"
            type="password"
            value={newPassword}
            onChange={(e) => setNew(e.target.value)}
            autoComplete="new-password"
            helperText={
              newPassword ? strength.label : 'At least 8 characters; a passphrase of a few words works well'
            }
            error={newPassword.length > 0 && strength.score === 0}
            required
          />
          <TextField
            label="Repeat the new password"
            type="password"
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
            autoComplete="new-password"
            error={mismatch}
            helperText={mismatch ? 'The passwords do not match' : undefined}
            required
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={busy || !oldPassword || newPassword.length < 8 || repeat !== newPassword}
            >
              {busy ? 'Changing…' : 'Change password'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}

/** How a role is named to people. */
const ROLE_LABELS: Record<Role, string> = {
  Admin: 'Administrator',
  Investor: 'Investor',
  Spv: 'SPV',
  Broker: 'Broker',
  Supplier: 'Supplier',
};

/** Every area's `settings`: who is signed in, for which organisation, and the password. */
export function SettingsScreen() {
  const user = useUser();
  const session = useSession();
  const phone = session.status === 'signedIn' ? session.user.phone : undefined;
  const rows: [string, string | undefined | null][] = [
    ['Name', user.name],
    ['E-mail', user.email],
    ['Phone', phone],
    ['Role', user.role ? ROLE_LABELS[user.role] : null],
    ['Organisation', user.organisationName],
  ];
  return (
    <>
      <PageHeader title="Settings" />
      <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Typography variant="h4" component="h2" sx={{ mb: 2 }}>
          Profile
        </Typography>
        <Grid container spacing={2}>
          {rows.map(([label, value]) => (
            <Grid key={label} size={{ xs: 12, sm: 6, md: 4 }}>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography sx={{ wordBreak: 'break-all' }}>{value || '—'}</Typography>
            </Grid>
          ))}
        </Grid>
      </Paper>
      <NotificationsSection />
      {user.role === 'Admin' && <TimeZoneSection />}
      <TeamSection />
      <ChangePassword />
    </>
  );
}
