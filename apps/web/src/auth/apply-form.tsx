import { Alert, Box, Button, LinearProgress, MenuItem, Stack, TextField } from '@mui/material';
import { COUNTRIES, CURRENCIES, PREFERRED_CURRENCIES } from '@rf/domain/reference-lists';
import { useMemo, useRef, useState, type FormEvent } from 'react';

/**
 * The "Apply for financing" form (docs/business-rules.md, “CRM leads”): posts to the public
 * `POST /crm/leads`; the server's refusal of each field is shown under it. `website` is the
 * honeypot: off-screen, hidden from screen readers and out of the tab order, so people leave it
 * empty.
 */

export interface ApplicationFields {
  company: string;
  contactName: string;
  email: string;
  phone: string;
  country: string;
  monthlyVolume: string;
  currency: string;
  message: string;
  website: string;
}

const EMPTY: ApplicationFields = {
  company: '',
  contactName: '',
  email: '',
  phone: '',
  country: '',
  monthlyVolume: '',
  currency: 'USD',
  message: '',
  website: '',
};

const REQUIRED: Partial<Record<keyof ApplicationFields, string>> = {
  company: 'Enter your company’s name',
  contactName: 'Enter your name',
  email: 'Enter your e-mail address',
  country: 'Choose your company’s country',
  monthlyVolume: 'Enter the volume of invoices you expect to finance each month',
};

const names = (type: 'region' | 'currency') => {
  try {
    const display = new Intl.DisplayNames(['en'], { type });
    return (code: string) => display.of(code) ?? code;
  } catch {
    return (code: string) => code;
  }
};

export function ApplyForm({
  referral,
  onSent,
}: {
  referral: string | null;
  onSent: (email: string) => void;
}) {
  const [form, setForm] = useState<ApplicationFields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof ApplicationFields, string>>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const countries = useMemo(() => {
    const name = names('region');
    return COUNTRIES.map((code) => ({ code, name: name(code) })).sort((a, b) => a.name.localeCompare(b.name));
  }, []);
  const currencies = useMemo(
    () => [
      ...PREFERRED_CURRENCIES,
      ...CURRENCIES.filter((c) => !(PREFERRED_CURRENCIES as readonly string[]).includes(c)),
    ],
    [],
  );

  const set = (field: keyof ApplicationFields) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    // The summary spoke of the last attempt; each field keeps its own message until it is fixed.
    setSummary(null);
  };
  const checkRequired = (field: keyof ApplicationFields) => {
    const missing = REQUIRED[field] && !form[field].trim() ? REQUIRED[field] : undefined;
    setErrors((e) => ({ ...e, [field]: missing }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (inFlight.current) return;
    const missing = Object.fromEntries(
      Object.entries(REQUIRED)
        .filter(([field]) => !form[field as keyof ApplicationFields].trim())
        .map(([field, message]) => [field, message]),
    );
    if (Object.keys(missing).length) {
      setErrors(missing);
      setSummary('Some fields need your attention.');
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setSummary(null);
    try {
      const res = await fetch('/crm/leads', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...form, ...(referral ? { ref: referral } : {}) }),
      });
      const answer = (await res.json().catch(() => null)) as {
        message?: string;
        fields?: Record<string, string>;
      } | null;
      if (res.ok) {
        onSent(form.email.trim());
        return;
      }
      setErrors((answer?.fields ?? {}) as Partial<Record<keyof ApplicationFields, string>>);
      // Refused fields say what is wrong under each; the summary only points at them.
      setSummary(
        answer?.fields && Object.keys(answer.fields).length
          ? 'Some fields need your attention.'
          : (answer?.message ?? `The application could not be sent (${res.status}); please try again.`),
      );
    } catch {
      setSummary('The application could not be sent: check your connection and try again.');
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const field = (name: keyof ApplicationFields) => ({
    value: form[name],
    onChange: set(name),
    onBlur: () => checkRequired(name),
    error: Boolean(errors[name]),
    helperText: errors[name],
    name,
    id: `apply-${name}`,
  });

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
      {busy && <LinearProgress aria-label="Sending" sx={{ mb: 2 }} />}
      <Stack spacing={2}>
        {summary && (
          <Alert severity="error" role="alert">
            {summary}
          </Alert>
        )}
        <TextField label="Company" required autoComplete="organization" {...field('company')} />
        <TextField label="Your name" required autoComplete="name" {...field('contactName')} />
        <TextField label="E-mail" type="email" required autoComplete="email" {...field('email')} />
        <TextField
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          {...field('phone')}
          helperText={errors.phone ?? 'International format, e.g. +442079460000'}
        />
        <TextField label="Country" select required {...field('country')}>
          {countries.map((c) => (
            <MenuItem key={c.code} value={c.code}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={1.5}>
          <TextField
            label="Expected monthly volume"
            required
            inputMode="decimal"
            sx={{ flex: 1 }}
            {...field('monthlyVolume')}
            helperText={errors.monthlyVolume ?? 'Invoices you would finance each month'}
          />
          <TextField label="Currency" select required sx={{ width: 110 }} {...field('currency')}>
            {currencies.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <TextField label="Message (optional)" multiline minRows={3} {...field('message')} />
        {/* The honeypot: people never see nor reach it; robots fill every field. */}
        <Box
          aria-hidden="true"
          sx={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}
        >
          <label htmlFor="apply-website">Website</label>
          <input
            id="apply-website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={form.website}
            onChange={set('website')}
          />
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? 'Sending…' : 'Send application'}
        </Button>
      </Stack>
    </Box>
  );
}
