import { Alert, Box, Button, LinearProgress, Link, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import { AREAS, type AreaKey } from '../shared/areas.ts';
import { authApi, type GroupType } from './auth-api.ts';
import { AuthFrame } from './auth-frame.tsx';
import { useBusy, VerifyStep } from './auth-screens.tsx';
import { passwordStrength } from './password-strength.ts';
import { homeOf, signIn } from './session.ts';
import { useSession } from './use-session.ts';

const GROUP_OF: Record<AreaKey, GroupType> = {
  supplier: 'Supplier',
  admin: 'Supplier',
  investor: 'Investor',
  spv: 'Spv',
  broker: 'Broker',
};

/** `/register` and the investor, SPV and broker register screens. */
export function RegisterScreen({ area }: { area: AreaKey | null }) {
  const session = useSession();
  const navigate = useNavigate();
  const def = area ? AREAS[area] : null;
  const groupType = GROUP_OF[area ?? 'supplier'];
  const [form, setForm] = useState({ email: '', password: '', name: '', phone: '', organisation: '' });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [stage, setStage] = useState<'form' | 'verify'>('form');
  const { busy, error, run } = useBusy();
  if (session.status === 'signedIn') return <Navigate to={homeOf(session.user.role)} replace />;

  const strength = passwordStrength(form.password);
  const issues: Record<string, string | undefined> = {
    email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())
      ? undefined
      : 'Enter an e-mail address such as name@example.com',
    password: form.password.length >= 8 ? undefined : 'Use at least 8 characters',
    name: form.name.trim() ? undefined : 'Enter your name',
    phone:
      !form.phone.trim() || /^\+[1-9]\d{6,14}$/.test(form.phone.trim())
        ? undefined
        : 'Use international format, e.g. +15550000001',
    organisation: form.organisation.trim() ? undefined : 'Enter the name of your organisation',
  };
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [k]: e.target.value });
  const blur = (k: string) => () => setTouched((t) => ({ ...t, [k]: true }));
  const shown = (k: string) => (touched[k] ? issues[k] : undefined);

  if (stage === 'verify') {
    return (
      <VerifyStep
        email={form.email.trim()}
        onDone={async () => {
          const user = await signIn(form.email.trim(), form.password);
          navigate(def ? `${def.base}/dashboard` : homeOf(user.role), { replace: true });
        }}
      />
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched({ email: true, password: true, name: true, phone: true, organisation: true });
    if (Object.values(issues).some(Boolean)) return;
    void run(async () => {
      await authApi.signUp({
        email: form.email.trim(),
        password: form.password,
        name: form.name.trim(),
        ...(form.phone.trim() ? { phone_number: form.phone.trim() } : {}),
        group_type: groupType,
        group_name: form.organisation.trim(),
      });
      setStage('verify');
    });
  };
  const article = def && /^[AEIOS]/.test(def.label) ? 'an' : 'a';
  const title =
    def && def.key !== 'supplier'
      ? `Register as ${article} ${def.label === 'SPV' ? 'SPV' : def.label.toLowerCase()}`
      : 'Create your account';
  return (
    <AuthFrame title={title} subtitle="We will send a verification code to your e-mail address.">
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label="E-mail"
            type="email"
            value={form.email}
            onChange={set('email')}
            onBlur={blur('email')}
            error={Boolean(shown('email'))}
            helperText={shown('email')}
            autoComplete="email"
            required
          />
          <Box>
            <TextField
              label="Password"
              type="password"
              value={form.password}
              onChange={set('password')}
              onBlur={blur('password')}
              error={Boolean(shown('password'))}
              helperText={
                shown('password') ??
                (form.password
                  ? strength.label
                  : 'At least 8 characters; a passphrase of a few words works well')
              }
              autoComplete="new-password"
              required
            />
            {form.password && (
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
            label="Your name"
            value={form.name}
            onChange={set('name')}
            onBlur={blur('name')}
            error={Boolean(shown('name'))}
            helperText={shown('name')}
            autoComplete="name"
            required
          />
          <TextField
            label="Phone number (optional)"
            value={form.phone}
            onChange={set('phone')}
            onBlur={blur('phone')}
            error={Boolean(shown('phone'))}
            helperText={shown('phone') ?? 'International format, e.g. +15550000001'}
            autoComplete="tel"
          />
          <TextField
            label="Organisation name"
            value={form.organisation}
            onChange={set('organisation')}
            onBlur={blur('organisation')}
            error={Boolean(shown('organisation'))}
            helperText={shown('organisation')}
            autoComplete="organization"
            required
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? 'Creating account…' : 'Create account'}
          </Button>
          <Typography variant="body2">
            Already registered?{' '}
            <Link component={RouterLink} to={def ? `${def.base}/login` : '/login'}>
              Sign in
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthFrame>
  );
}
