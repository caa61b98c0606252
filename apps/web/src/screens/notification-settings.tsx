import {
  Alert,
  Autocomplete,
  Box,
  Button,
  FormControlLabel,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import {
  usePlatformSettings,
  usePreferences,
  useSetPreference,
  useSetTimeZone,
} from '../entity/notifications-api.ts';
import { notify, toError } from '../shared/errors.ts';

/**
 * Settings, Notifications (docs/business-rules.md, “Notifications”): one switch per event the
 * user receives, for its e-mail; the notification in the app always comes.
 */
export function NotificationsSection() {
  const prefs = usePreferences();
  const set = useSetPreference();
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 2 }} component="section" aria-label="Notifications">
      <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
        Notifications
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Every notification appears under the bell. Choose which ones are also sent to you by e-mail. The
        e-mail asking you to sign a document carries your signing link and is always sent.
      </Typography>
      {prefs.isError && <Alert severity="error">{toError(prefs.error).message}</Alert>}
      {set.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {toError(set.error).message}
        </Alert>
      )}
      {prefs.isPending && <Typography color="text.secondary">Loading…</Typography>}
      {prefs.isSuccess && !prefs.data.length && (
        <Typography color="text.secondary">There are no notification e-mails for your role.</Typography>
      )}
      <Stack spacing={0.5}>
        {prefs.data?.map((p) => (
          <FormControlLabel
            key={p.event}
            control={
              <Switch
                checked={p.email}
                disabled={set.isPending}
                onChange={(e) => set.mutate({ event: p.event, email: e.target.checked })}
              />
            }
            label={`E-mail: ${p.label}`}
          />
        ))}
      </Stack>
    </Paper>
  );
}

const zones = (): string[] => {
  try {
    return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];
  } catch {
    return ['UTC'];
  }
};

/** Administrators: the platform's time zone, in which the daily digest goes out at 07:00. */
export function TimeZoneSection() {
  const settings = usePlatformSettings();
  const save = useSetTimeZone();
  const [typed, setTyped] = useState<string | null>(null);
  const value = typed ?? settings.data?.timeZone ?? '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(value, {
      onSuccess: (saved) => {
        setTyped(null);
        notify(`The time zone is now ${saved.timeZone}.`);
      },
    });
  };
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 2 }} component="section" aria-label="Time zone">
      <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
        Time zone
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        The organisation’s time zone: the daily digest of invoices due goes out at 07:00 in it, and its dates
        are this zone’s.
      </Typography>
      {settings.isError && <Alert severity="error">{toError(settings.error).message}</Alert>}
      <Box component="form" onSubmit={submit} noValidate sx={{ maxWidth: 420 }}>
        <Stack spacing={2}>
          {save.isError && <Alert severity="error">{toError(save.error).message}</Alert>}
          <Autocomplete
            freeSolo
            options={zones()}
            value={value}
            onChange={(_e, v) => setTyped(v ?? '')}
            onInputChange={(_e, v, reason) => reason === 'input' && setTyped(v)}
            disabled={!settings.isSuccess}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Time zone (IANA name)"
                helperText="For example Europe/Zurich or UTC"
              />
            )}
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={save.isPending || !value.trim() || value === settings.data?.timeZone}
            >
              {save.isPending ? 'Saving…' : 'Save time zone'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}
