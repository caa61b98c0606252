import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { notify, toError } from '../app/errors.ts';
import { EntityForm } from '../entity/entity-form.tsx';
import { formatMoney, formatRate, todayIso } from '../entity/format.ts';
import { humanise } from '../entity/form-values.ts';
import { GraphQLError, type ApiRecord } from '../entity/graphql-client.ts';
import { titleOf } from '../entity/model-meta.ts';
import { PepBadge } from '../entity/pep.tsx';
import { entity } from '../entity/queries.ts';
import { useChangeStatus } from '../entity/status-api.ts';
import { StatusChip } from '../layout/page.tsx';
import { approvedLimitError } from './lines.ts';
import { SETTLE_PICK, SettleFields, type SettleInput } from './settle-fields.tsx';
import { checkMoveInput, cleanNumber, type StatusMove } from './status-moves.ts';

/** The server's message, with field names put as the screen labels them. */
function messageOf(err: unknown, move: StatusMove): string {
  const message = toError(err).message;
  return humanise(message, entity(move.model).allFields);
}

export interface StatusMoveDialogProps {
  readonly move: StatusMove;
  /** The records to move (one, or every user of an organisation); the first is shown. */
  readonly records: readonly ApiRecord[];
  readonly onClose: () => void;
  readonly onDone?: ((record: ApiRecord) => void) | undefined;
}

/**
 * The confirmation of a status move (ui-guide "Feedback"): what it does, what it asks (reason,
 * approved limit and spread, payout date, the paying collection transaction, or the fields saved
 * first), progress while it is sent,
 * the server's message when it is refused, and a snackbar when it is done.
 */
export function StatusMoveDialog({ move, records, onClose, onDone }: StatusMoveDialogProps) {
  const record = records[0] as ApiRecord;
  const change = useChangeStatus();
  const client = useQueryClient();
  const [comment, setComment] = useState('');
  const [limit, setLimit] = useState(String(record.buyer_loan_request_amount ?? ''));
  const [spread, setSpread] = useState(String(record.buyer_loan_discount_fee ?? ''));
  const [payoutDate, setPayoutDate] = useState(todayIso());
  const [settle, setSettle] = useState<SettleInput>({ values: null, error: SETTLE_PICK });
  const onSettleInput = useCallback((input: SettleInput) => setSettle(input), []);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const currency = (record.buyer_currency ?? record.invoice_currency) as string | undefined;
  const errors = checkMoveInput(move, { comment, limit, spread, payoutDate });
  if (move.kind === 'approveLine') {
    // Positive, in the currency's minor unit, at most the requested amount (lines.ts explains why).
    const limitError = approvedLimitError(limit, record.buyer_loan_request_amount, currency);
    if (limitError) errors.limit = limitError;
    else delete errors.limit;
  }
  if (move.kind === 'settleRequest' && settle.error) errors.settle = settle.error;
  const invalid = Object.keys(errors).length > 0;

  const values = (): Record<string, unknown> | null => {
    if (move.kind === 'approveLine') {
      const s = cleanNumber(spread);
      return { buyer_loan_approved_amount: cleanNumber(limit), ...(s ? { buyer_loan_discount_fee: s } : {}) };
    }
    if (move.kind === 'approveRequest' && payoutDate) return { payout_date: payoutDate };
    if (move.kind === 'settleRequest') return settle.values;
    return null;
  };

  const send = async (version?: number) => {
    if (inFlight.current) return;
    setTouched(true);
    if (invalid) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    let last: ApiRecord | null = null;
    try {
      for (const [i, r] of records.entries()) {
        last = await change.mutateAsync({
          model: move.model,
          id: r.id,
          ...(move.many ? { field: move.field } : {}),
          to: move.to,
          comment,
          values: values(),
          _version: i === 0 && version !== undefined ? version : r._version,
        });
      }
      notify(
        `${move.action}: done. The ${records.length > 1 ? `${records.length} users are` : 'status is'} now ${move.to}.`,
      );
      onClose();
      if (last) onDone?.(last);
    } catch (err) {
      if (err instanceof GraphQLError && err.errorType === 'ConflictUnhandled') {
        if (err.data && typeof err.data === 'object')
          client.setQueryData([move.model, 'get', record.id], err.data);
        void client.invalidateQueries({ queryKey: [move.model] });
        setError(
          'Someone else changed this record after you opened it. It has been reloaded: check it, then try again.',
        );
      } else {
        setError(messageOf(err, move));
      }
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send();
  };

  const intro = (
    <>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mb: 1.5 }}>
        <StatusChip status={move.fromState} />
        <Typography aria-hidden>→</Typography>
        <StatusChip status={move.to} />
        <PepBadge model={move.model} record={record} />
        {records.length > 1 && (
          <Typography variant="body2" color="text.secondary">
            ({records.length} users)
          </Typography>
        )}
      </Stack>
      <Typography sx={{ mb: move.final ? 1 : 2 }}>{move.explain}</Typography>
      {move.final && (
        <Typography sx={{ mb: 2, fontWeight: 500 }} color="warning.main">
          This cannot be undone.
        </Typography>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error}
        </Alert>
      )}
    </>
  );

  const commentField = (
    <TextField
      id="status-comment"
      label={move.commentRequired ? 'Reason' : 'Comment (optional)'}
      value={comment}
      onChange={(e) => setComment(e.target.value)}
      required={move.commentRequired}
      error={touched && Boolean(errors.comment)}
      helperText={
        touched && errors.comment
          ? errors.comment
          : move.commentRequired
            ? 'Shown in the history to everyone who sees this record'
            : 'Shown in the history'
      }
      multiline
      minRows={move.commentRequired ? 3 : 2}
      disabled={busy}
      autoFocus={move.kind === 'reason'}
      fullWidth
    />
  );

  const name =
    move.model === 'Request' ? `invoice ${String(record.invoice_number ?? '')}` : titleOf(move.model, record);
  const title = `${move.action}: ${name}`;

  if (move.kind === 'form') {
    return (
      <Dialog
        open
        onClose={busy ? undefined : onClose}
        maxWidth="sm"
        fullWidth
        aria-labelledby="status-move-title"
      >
        {busy && <LinearProgress aria-label="Sending" />}
        <DialogTitle id="status-move-title">{title}</DialogTitle>
        <DialogContent>
          {intro}
          <Box sx={{ mb: 2 }}>{commentField}</Box>
          {/* Disabled as a whole while the move is sent, against a second submission. */}
          <Box component="fieldset" disabled={busy} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <EntityForm
              model={move.model}
              record={record}
              only={move.fields}
              require={move.required}
              submitLabel={busy ? `${move.action}…` : move.action}
              onCancel={onClose}
              onSaved={(saved) => void send(saved._version)}
            />
          </Box>
        </DialogContent>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="status-move-title"
    >
      {busy && <LinearProgress aria-label="Sending" />}
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="status-move-title">{title}</DialogTitle>
        <DialogContent>
          {intro}
          <Stack spacing={2} sx={{ pt: 0.5 }}>
            {move.kind === 'approveLine' && (
              <>
                <TextField
                  id="approved-limit"
                  label="Approved limit"
                  value={limit}
                  onChange={(e) => setLimit(e.target.value)}
                  required
                  disabled={busy}
                  autoFocus
                  error={touched && Boolean(errors.limit)}
                  helperText={
                    touched && errors.limit
                      ? errors.limit
                      : record.buyer_loan_request_amount
                        ? `Requested ${formatMoney(record.buyer_loan_request_amount, currency)}: approve that or less`
                        : 'No requested amount on the line'
                  }
                  slotProps={{
                    htmlInput: { inputMode: 'decimal' },
                    input: currency
                      ? { startAdornment: <InputAdornment position="start">{currency}</InputAdornment> }
                      : {},
                  }}
                />
                <TextField
                  id="approved-spread"
                  label="Spread (% p.a.)"
                  value={spread}
                  onChange={(e) => setSpread(e.target.value)}
                  disabled={busy}
                  error={touched && Boolean(errors.spread)}
                  helperText={
                    touched && errors.spread
                      ? errors.spread
                      : `Proposed ${formatRate(record.buyer_loan_discount_fee) || '—'} over ${String(record.buyer_loan_rate ?? 'the base rate')}`
                  }
                  slotProps={{
                    htmlInput: { inputMode: 'decimal' },
                    input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                  }}
                />
              </>
            )}
            {move.kind === 'settleRequest' && (
              <SettleFields record={record} disabled={busy} touched={touched} onInput={onSettleInput} />
            )}
            {move.kind === 'approveRequest' && (
              <TextField
                id="payout-date"
                label="Payout date"
                type="date"
                value={payoutDate}
                onChange={(e) => setPayoutDate(e.target.value)}
                disabled={busy}
                error={touched && Boolean(errors.payoutDate)}
                helperText={
                  touched && errors.payoutDate
                    ? errors.payoutDate
                    : 'The day the advance is paid out; leave empty for today. The SOFR fixing 2 to 10 days before it prices the request.'
                }
                slotProps={{ inputLabel: { shrink: true } }}
              />
            )}
            {commentField}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={move.tone}
            disabled={busy || (touched && invalid)}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {busy ? `${move.action}…` : move.action}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
