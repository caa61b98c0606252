import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { RequestError } from '../shared/errors.ts';
import { formatDateTime } from '../entity/format.ts';
import { signingApi, type CodeSent, type Signed, type SigningView } from '../entity/signing-api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { declineError, signatureBody, signatureErrors, type SignatureDraft } from './signature-form.ts';
import { DrawnSignature } from './signature-pad.tsx';
import { resendWait } from './signing-stage.ts';

/** Hours and minutes of an ISO time, in the signer's own time zone (`14:05`). */
const clock = (iso: string): string => formatDateTime(iso).split(', ')[1] ?? '';

/** A handwriting-like face for a typed signature (whatever the device has, then any cursive). */
export const HANDWRITING =
  '"Segoe Script", "Bradley Hand", "Snell Roundhand", "Brush Script MT", "URW Chancery L", "Z003", cursive';

/** Ticks once a second while a code may not be asked for again; answers the seconds left. */
function useResendWait(sentAt: string | null): number {
  const [now, setNow] = useState(() => new Date());
  const left = resendWait(sentAt, now);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setNow(new Date()), 1000);
    return () => clearTimeout(t);
  }, [left, now]);
  return left;
}

type CodeInfo = { sentTo: string; sentAt: string; expiresAt: string; triesLeft: number };

/**
 * The signer's part when it is their turn
 * (docs/business-rules.md, “Signing the financing documents”): a code to their e-mail, the 6-digit
 * code, a typed or drawn signature, the consent sentence; "Sign" sends once; "Decline to sign" asks
 * for a reason in a confirmation. The server's refusals are shown in its words; `onChanged` reloads
 * the page's view after a step that moved it.
 */
export function SigningForm({
  token,
  view,
  onSigned,
  onChanged,
}: {
  token: string;
  view: SigningView;
  onSigned: (result: Signed) => void;
  onChanged: () => void;
}) {
  const [code, setCode] = useState<CodeInfo | null>(() =>
    view.code
      ? {
          sentTo: view.you.email,
          sentAt: view.code.sentAt,
          expiresAt: view.code.expiresAt,
          triesLeft: view.code.triesLeft,
        }
      : null,
  );
  const [codeBusy, setCodeBusy] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const wait = useResendWait(code?.sentAt ?? null);
  const [draft, setDraft] = useState<SignatureDraft>({
    code: '',
    kind: 'typed',
    text: view.you.name,
    png: null,
    consent: false,
  });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [declining, setDeclining] = useState(false);
  const inFlight = useRef(false);
  const errors = touched ? signatureErrors(draft, view.limits) : {};
  const set = (patch: Partial<SignatureDraft>) => setDraft((d) => ({ ...d, ...patch }));

  /** A refusal that means the page is out of date (link gone, not the turn any more) reloads it. */
  const refused = (err: unknown): string => {
    if (err instanceof RequestError && (err.status === 404 || err.status === 409)) onChanged();
    return err instanceof Error ? err.message : 'The step failed. Please try again.';
  };

  const sendCode = async () => {
    if (codeBusy || wait > 0) return;
    setCodeBusy(true);
    setCodeError(null);
    try {
      const sent: CodeSent = await signingApi.sendCode(token);
      setCode({ ...sent, sentAt: new Date().toISOString() });
    } catch (err) {
      setCodeError(refused(err));
    } finally {
      setCodeBusy(false);
    }
  };

  const sign = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (inFlight.current || Object.keys(signatureErrors(draft, view.limits)).length) return;
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    try {
      onSigned(await signingApi.sign(token, signatureBody(draft)));
    } catch (err) {
      setFailure(refused(err));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void sign(e)}>
      <Stack spacing={2.5}>
        <Box component="section" aria-labelledby="code-step">
          <Typography variant="h5" component="h3" id="code-step" sx={{ mb: 0.5 }}>
            1. Get a signing code
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            The code proves this link is in your hands. It goes to the e-mail address this link was sent to
            and works for {view.limits.codeMinutes} minutes.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
            <Button
              variant={code ? 'outlined' : 'contained'}
              onClick={() => void sendCode()}
              disabled={codeBusy || wait > 0 || busy}
              startIcon={codeBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {code ? 'Send a new code' : 'Send me a code'}
              {wait > 0 ? ` (in ${wait} s)` : ''}
            </Button>
            {code && (
              <Typography variant="body2" role="status">
                Sent to {code.sentTo}; it works until {clock(code.expiresAt)}, {code.triesLeft}{' '}
                {code.triesLeft === 1 ? 'try' : 'tries'} left.
              </Typography>
            )}
          </Stack>
          {codeError && (
            <Alert severity="error" sx={{ mt: 1 }} role="alert">
              {codeError}
            </Alert>
          )}
        </Box>

        <Box component="section" aria-labelledby="enter-step">
          <Typography variant="h5" component="h3" id="enter-step" sx={{ mb: 1 }}>
            2. Enter the code
          </Typography>
          <TextField
            id="signing-code"
            label="6-digit code"
            value={draft.code}
            onChange={(e) => set({ code: e.target.value })}
            error={Boolean(errors.code)}
            helperText={errors.code ?? 'From the e-mail with the subject “Your signing code”.'}
            disabled={busy}
            slotProps={{
              htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 9 },
            }}
            sx={{ maxWidth: 240 }}
            required
          />
        </Box>

        <Box component="section" aria-labelledby="signature-step">
          <FormControl component="fieldset" sx={{ width: '100%' }}>
            <FormLabel
              component="legend"
              id="signature-step"
              sx={{ mb: 0.5, color: 'text.primary', '&.Mui-focused': { color: 'text.primary' } }}
            >
              <Typography variant="h5" component="span" color="text.primary">
                3. Your signature
              </Typography>
            </FormLabel>
            <RadioGroup
              row
              value={draft.kind}
              onChange={(e) => set({ kind: e.target.value === 'drawn' ? 'drawn' : 'typed' })}
            >
              <FormControlLabel value="typed" control={<Radio />} label="Type my name" disabled={busy} />
              <FormControlLabel value="drawn" control={<Radio />} label="Draw it" disabled={busy} />
            </RadioGroup>
          </FormControl>
          {draft.kind === 'typed' ? (
            <Box sx={{ mt: 1 }}>
              <TextField
                id="typed-signature"
                label="Your name as your signature"
                value={draft.text}
                onChange={(e) => set({ text: e.target.value })}
                error={Boolean(errors.text)}
                helperText={errors.text}
                disabled={busy}
                slotProps={{ htmlInput: { maxLength: view.limits.typedSignatureLength + 20 } }}
                required
              />
              <Box
                aria-label="How your signature will look"
                sx={{
                  mt: 1,
                  px: 2,
                  py: 1,
                  minHeight: 64,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  bgcolor: '#fff',
                  fontFamily: HANDWRITING,
                  fontStyle: 'italic',
                  fontSize: { xs: '1.75rem', sm: '2.1rem' },
                  color: '#0b1f4d',
                  overflowWrap: 'anywhere',
                }}
              >
                {draft.text.trim() || ' '}
              </Box>
            </Box>
          ) : (
            <Box sx={{ mt: 1 }}>
              <DrawnSignature onChange={(png) => set({ png })} disabled={busy} error={errors.png} />
            </Box>
          )}
        </Box>

        <Box>
          <FormControlLabel
            sx={{ alignItems: 'flex-start', mr: 0 }}
            control={
              <Checkbox
                checked={draft.consent}
                onChange={(e) => set({ consent: e.target.checked })}
                disabled={busy}
                sx={{ pt: 0.25 }}
              />
            }
            label={view.consent}
          />
          {errors.consent && (
            <FormHelperText error sx={{ ml: 4 }}>
              {errors.consent}
            </FormHelperText>
          )}
        </Box>

        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <Stack
          direction={{ xs: 'column-reverse', sm: 'row' }}
          sx={{ gap: 1, justifyContent: 'space-between' }}
        >
          <Button color="error" variant="outlined" onClick={() => setDeclining(true)} disabled={busy}>
            Decline to sign
          </Button>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {busy ? 'Signing…' : 'Sign'}
          </Button>
        </Stack>
      </Stack>
      {declining && (
        <ConfirmDialog
          title="Decline to sign"
          explain={
            <>
              The envelope stops for everyone: nobody can sign this {view.document.title.toLowerCase()} any
              more, and the platform’s administrators are told with your reason. This cannot be undone from
              this page.
            </>
          }
          confirm="Decline to sign"
          tone="error"
          reason={{
            label: 'Why do you decline?',
            help: `Up to ${view.limits.reasonLength} characters.`,
            check: (text) => declineError(text, view.limits.reasonLength),
          }}
          onClose={() => setDeclining(false)}
          onConfirm={async (reason) => {
            try {
              await signingApi.decline(token, reason);
            } catch (err) {
              throw new Error(refused(err));
            }
            setDeclining(false);
            onChanged();
          }}
        />
      )}
    </Box>
  );
}
