import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { notify, toError } from '../shared/errors.ts';
import { AREAS, areaOfRole, mayEnter, redirectsToOwnArea, type AreaKey } from '../shared/areas.ts';
import { authApi } from './auth-api.ts';
import { AuthFrame } from './auth-frame.tsx';
import { passwordStrength } from './password-strength.ts';
import { homeOf, signIn, signOut } from './session.ts';
import { useSession } from './use-session.ts';

/** The invitation page loads only when an invitation link is opened (the login page stays light). */
const InvitationScreen = lazy(() =>
  import('./invitation-screen.tsx').then((m) => ({ default: m.InvitationScreen })),
);

export function useBusy() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (fn: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(toError(e).message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

function useDemoMailbox(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    let live = true;
    fetch('/dev/mail', { headers: { Accept: 'application/json' } })
      .then((r) => live && setAvailable(r.ok))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return available;
}

function DemoMailHint() {
  const available = useDemoMailbox();
  if (!available) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      Demo mode: codes are shown in the{' '}
      <Link href="/dev/mail" target="_blank" rel="noreferrer">
        demo mailbox
      </Link>
      .
    </Typography>
  );
}

/** A signed-in user on another area's login screen: sign out or go to their own area. */
function WrongArea({ area }: { area: AreaKey }) {
  const session = useSession();
  const navigate = useNavigate();
  if (session.status !== 'signedIn') return null;
  const own = areaOfRole(session.user.role);
  return (
    <AuthFrame title={`${AREAS[area].label} sign-in`}>
      <Alert severity="info" sx={{ mb: 2 }}>
        You are signed in as {session.user.email ?? session.user.name}, a {own.label.toLowerCase()} user. This
        area is for {AREAS[area].label.toLowerCase()} users.
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="contained" onClick={() => navigate(homeOf(session.user.role))}>
          Go to the {own.label.toLowerCase()} area
        </Button>
        <Button variant="outlined" onClick={() => void signOut()}>
          Sign out
        </Button>
      </Stack>
    </AuthFrame>
  );
}

export function VerifyStep({ email, onDone }: { email: string; onDone: () => Promise<void> }) {
  const [code, setCode] = useState('');
  const { busy, error, run } = useBusy();
  const [sent, setSent] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await authApi.confirmSignUp(email, code.trim());
      notify('Your e-mail address is verified.');
      await onDone();
    });
  };
  return (
    <AuthFrame title="Verify your e-mail" subtitle={`We sent a verification code to ${email}.`}>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {error && <Alert severity="error">{error}</Alert>}
          {sent && <Alert severity="success">A new code is on its way.</Alert>}
          <TextField
            label="Verification code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            required
            autoFocus
          />
          <Button type="submit" variant="contained" disabled={busy || !code.trim()}>
            {busy ? 'Verifying…' : 'Verify'}
          </Button>
          <Button
            variant="text"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await authApi.resendCode(email);
                setSent(true);
              })
            }
          >
            Send a new code
          </Button>
          <DemoMailHint />
        </Stack>
      </Box>
    </AuthFrame>
  );
}

function ForgotPassword({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail.includes('@') ? initialEmail : '');
  const [stage, setStage] = useState<'ask' | 'reset'>('ask');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useBusy();
  const strength = passwordStrength(password);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      if (stage === 'ask') {
        await authApi.forgotPassword(email.trim());
        setStage('reset');
      } else {
        await authApi.confirmForgotPassword(email.trim(), code.trim(), password);
        notify('Your password has been changed. Sign in with the new password.');
        onBack();
      }
    });
  };
  return (
    <AuthFrame
      title="Reset your password"
      subtitle={
        stage === 'ask'
          ? 'Enter your e-mail address and we will send you a code.'
          : `If an account exists for ${email}, we sent it a code.`
      }
    >
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label="E-mail"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            disabled={stage === 'reset'}
            autoComplete="email"
            required
          />
          {stage === 'reset' && (
            <>
              <TextField
                label="Code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                autoComplete="one-time-code"
                required
              />
              <TextField
                label="New password"
                type="password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="new-password"
                helperText={strength.label}
                required
              />
            </>
          )}
          <Button
            type="submit"
            variant="contained"
            disabled={busy || !email.trim() || (stage === 'reset' && (!code.trim() || password.length < 8))}
          >
            {stage === 'ask' ? 'Send code' : 'Set new password'}
          </Button>
          {stage === 'reset' && <DemoMailHint />}
          <Button variant="text" onClick={onBack}>
            Back to sign-in
          </Button>
        </Stack>
      </Box>
    </AuthFrame>
  );
}

/** `/login` and each area's login screen: e-mail or phone number, and password. */
export function LoginScreen({ area }: { area: AreaKey | null }) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [mode, setMode] = useState<'login' | 'verify' | 'forgot'>('login');
  const { busy, error, run } = useBusy();
  const def = area ? AREAS[area] : null;
  const onLoginPath = /\/login\/?$/.test(location.pathname);
  const invitation = new URLSearchParams(location.search).get('invitation');
  if (invitation !== null)
    return (
      <Suspense fallback={null}>
        <InvitationScreen token={invitation} />
      </Suspense>
    );

  if (session.status === 'signedIn') {
    if (!def || redirectsToOwnArea(def, session.user.role))
      return <Navigate to={homeOf(session.user.role)} replace />;
    if (mayEnter(def, session.user.role)) {
      return onLoginPath ? <Navigate to={`${def.base}/dashboard`} replace /> : null;
    }
    return <WrongArea area={def.key} />;
  }

  const finish = async () => {
    const user = await signIn(username, password);
    if (!def || redirectsToOwnArea(def, user.role)) navigate(homeOf(user.role), { replace: true });
    else if (onLoginPath && mayEnter(def, user.role)) navigate(`${def.base}/dashboard`, { replace: true });
  };

  if (mode === 'verify') return <VerifyStep email={username.trim()} onDone={finish} />;
  if (mode === 'forgot') return <ForgotPassword initialEmail={username} onBack={() => setMode('login')} />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      try {
        await finish();
      } catch (err) {
        if ((err as { code?: string }).code === 'UserNotConfirmedException' && username.includes('@')) {
          await authApi.resendCode(username.trim()).catch(() => undefined);
          setMode('verify');
          return;
        }
        throw err;
      }
    });
  };
  const registerPath = def ? (def.canRegister ? `${def.base}/register` : null) : '/register';
  return (
    <AuthFrame title={def && def.key !== 'supplier' ? `${def.label} sign-in` : 'Sign in'}>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label="E-mail or phone number"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoComplete="username"
            helperText="Phone numbers in international format, e.g. +15550000001"
            required
            autoFocus
          />
          <TextField
            label="Password"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            required
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy || !username.trim() || !password}
          >
            {busy ? 'Signing in…' : 'Sign in'}
          </Button>
          <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <Link component="button" type="button" onClick={() => setMode('forgot')}>
              Forgot your password?
            </Link>
            <Link component={RouterLink} to="?invitation=">
              I have an invitation
            </Link>
            {registerPath && (
              <Link component={RouterLink} to={registerPath}>
                Create an account
              </Link>
            )}
          </Stack>
          {(!def || def.key === 'supplier') && (
            <Button component={RouterLink} to="/apply" variant="outlined">
              New here? Apply for financing
            </Button>
          )}
        </Stack>
      </Box>
    </AuthFrame>
  );
}

/** `/`: the main screen when signed in, else the login screen. */
export function HomeScreen() {
  const session = useSession();
  if (session.status === 'signedIn') return <Navigate to={homeOf(session.user.role)} replace />;
  return <LoginScreen area={null} />;
}
