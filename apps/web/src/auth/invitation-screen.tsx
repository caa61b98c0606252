import { Alert, Box, Button, LinearProgress, Link, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { notify, RequestError, toError } from '../shared/errors.ts';
import { authMessage } from './auth-api.ts';
import { AuthFrame } from './auth-frame.tsx';
import { passwordStrength } from './password-strength.ts';
import { homeOf, signIn, signOut } from './session.ts';
import { useSession } from './use-session.ts';

/** A refused invitation, with the server's own explanation kept beside the mapped message. */
export class InvitationError extends RequestError {
  readonly serverMessage: string | undefined;
  constructor(args: { message: string; status: number; code?: string; serverMessage?: string }) {
    super({ ...args, url: '/auth/accept-invitation' });
    this.name = 'InvitationError';
    this.serverMessage = args.serverMessage;
  }
}

/**
 * The words for a refused invitation: the server's own message when it explains the invitation
 * (used, expired, password already chosen) or the password policy; the generic text otherwise.
 */
export function invitationErrorMessage(error: unknown): string {
  if (!(error instanceof RequestError)) return toError(error).message;
  const server = error instanceof InvitationError ? error.serverMessage : undefined;
  if (server && error.code !== 'InvalidParameterException' && error.status < 500)
    return server.replace(/^Password did not conform with policy:\s*/, 'This password is not accepted: ');
  if (error.code === 'CodeMismatchException')
    return 'This invitation link is not valid or has already been used. Ask for a new invitation.';
  if (error.code === 'ExpiredCodeException')
    return 'This invitation has expired. Ask whoever invited you (the Owner of your organisation, your broker or an administrator) to send a new one.';
  return error.message;
}

/** POST /auth/accept-invitation `{ token, password }`: answers the username to sign in with. */
export async function acceptInvitation(token: string, password: string): Promise<{ username: string }> {
  let res: Response;
  try {
    res = await fetch('/auth/accept-invitation', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ token: token.trim(), password }),
    });
  } catch {
    throw new InvitationError({
      message: 'No connection to the server. Check your network and try again.',
      status: 0,
    });
  }
  const body = (await res.json().catch(() => ({}))) as {
    username?: string;
    error?: string;
    message?: string;
  };
  if (!res.ok)
    throw new InvitationError({
      message: authMessage(body.error, body.message, res.status),
      status: res.status,
      ...(body.error ? { code: body.error } : {}),
      ...(body.message ? { serverMessage: body.message } : {}),
    });
  return { username: String(body.username ?? '') };
}

/**
 * `/login?invitation=<token>` (the link of the invitation e-mail): the invited user chooses their
 * password (at least 8 characters, with a strength hint), then is signed in. Without a token in the
 * link the code from the e-mail can be typed in.
 */
export function InvitationScreen({ token: linkToken }: { token: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const [token, setToken] = useState(linkToken);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [touched, setTouched] = useState({ password: false, again: false });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<string | null>(null);
  const strength = passwordStrength(password);

  if (session.status === 'signedIn' && !busy && !accepted) {
    return (
      <AuthFrame title="Set your password">
        <Alert severity="info" sx={{ mb: 2 }} role="status">
          You are signed in as {session.user.email ?? session.user.name}. Sign out to accept this invitation
          for another account.
        </Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="contained" onClick={() => void signOut()}>
            Sign out
          </Button>
          <Button variant="outlined" onClick={() => navigate(homeOf(session.user.role), { replace: true })}>
            Continue as {session.user.name ?? session.user.email}
          </Button>
        </Stack>
      </AuthFrame>
    );
  }

  const issues = {
    token: token.trim() ? undefined : 'Enter the invitation code from the e-mail',
    password: password.length >= 8 ? undefined : 'Use at least 8 characters',
    again: again === password ? undefined : 'The two passwords are not the same',
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched({ password: true, again: true });
    if (busy || issues.token || issues.password || issues.again) return;
    setBusy(true);
    setError(null);
    void (async () => {
      let username: string;
      try {
        username = (await acceptInvitation(token, password)).username;
      } catch (err) {
        setError(invitationErrorMessage(err));
        setBusy(false);
        return;
      }
      setAccepted(username);
      try {
        const user = await signIn(username, password);
        notify('Your password is set. Welcome!');
        navigate(homeOf(user.role), { replace: true });
      } catch (err) {
        setError(`Your password is set, but signing in failed: ${toError(err).message}`);
      } finally {
        setBusy(false);
      }
    })();
  };

  if (accepted && error) {
    return (
      <AuthFrame title="Password set">
        <Alert severity="warning" sx={{ mb: 2 }}>
          {error}
        </Alert>
        <Button variant="contained" onClick={() => navigate('/login', { replace: true })}>
          Go to sign-in
        </Button>
      </AuthFrame>
    );
  }

  const show = (k: 'password' | 'again') => (touched[k] ? issues[k] : undefined);
  return (
    <AuthFrame
      title="Set your password"
      subtitle="You were invited to the platform. Choose the password you will sign in with; nobody else sees it."
    >
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {!linkToken && (
            <TextField
              label="Invitation code"
              value={token}
              onChange={(e) => setToken(e.target.value)}
              helperText="The code from your invitation e-mail"
              autoComplete="one-time-code"
              required
              autoFocus
            />
          )}
          <Box>
            <TextField
              label="New password"
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              onBlur={() => setTouched((t) => ({ ...t, password: true }))}
              error={Boolean(show('password'))}
              helperText={
                show('password') ??
                (password ? strength.label : 'At least 8 characters; a passphrase of a few words works well')
              }
              autoComplete="new-password"
              required
              fullWidth
              autoFocus={Boolean(linkToken)}
            />
            {password && (
              <LinearProgress
                variant="determinate"
                value={[10, 40, 70, 100][strength.score]}
                color={(['error', 'warning', 'info', 'success'] as const)[strength.score]}
                sx={{ mt: 0.5, height: 4, borderRadius: 2 }}
                aria-label="Password strength"
              />
            )}
          </Box>
          <TextField
            label="Repeat the password"
            type="password"
            value={again}
            onChange={(e) => setAgain(e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, again: true }))}
            error={Boolean(show('again'))}
            helperText={show('again')}
            autoComplete="new-password"
            required
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? (accepted ? 'Signing in…' : 'Setting password…') : 'Set password and sign in'}
          </Button>
          <Typography variant="body2">
            Already chose a password?{' '}
            <Link component="button" type="button" onClick={() => navigate('/login', { replace: true })}>
              Sign in
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthFrame>
  );
}
