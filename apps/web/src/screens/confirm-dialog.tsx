import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';

/**
 * A confirmation for one consequential step, optionally with a required reason: what it does, the
 * reason field with its check, the server's refusal in its words, and a confirming button that
 * cannot send twice. Used by the signing page (decline) and the Signatures panel (void, new
 * envelope), so it depends on nothing but MUI.
 */
export function ConfirmDialog(props: {
  title: string;
  explain: ReactNode;
  confirm: string;
  tone?: 'primary' | 'error' | 'warning';
  /** Ask for a reason, checked by this function (null when fine). */
  reason?: { readonly label: string; readonly help: string; readonly check: (text: string) => string | null };
  /** Runs the step; a thrown error's message is shown and the dialog stays open. */
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const { title, explain, confirm, tone = 'primary', reason, onConfirm, onClose } = props;
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const titleId = useId();
  const problem = reason ? reason.check(text) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      await onConfirm(text.trim());
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The step failed. Please try again.');
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      {busy && <LinearProgress aria-label="Sending" />}
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Typography component="div" sx={{ mb: 2 }}>
            {explain}
          </Typography>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {error}
            </Alert>
          )}
          {reason && (
            <TextField
              label={reason.label}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onBlur={() => setTouched(true)}
              required
              error={touched && Boolean(problem)}
              helperText={touched && problem ? problem : reason.help}
              multiline
              minRows={3}
              disabled={busy}
              autoFocus
              fullWidth
            />
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={tone}
            disabled={busy || (touched && Boolean(problem))}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {busy ? `${confirm}…` : confirm}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
