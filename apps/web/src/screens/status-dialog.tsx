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
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { notify, toError } from '../shared/errors.ts';
import { ChoiceGroupInput, isChoiceGroup } from '../entity/choice-group-input.tsx';
import { EntityForm } from '../entity/entity-form.tsx';
import { INPUTS } from '../entity/field-inputs.tsx';
import { todayIso } from '../entity/format.ts';
import { humanise } from '../entity/form-values.ts';
import { GraphQLError, type ApiRecord } from '../entity/graphql-client.ts';
import { titleOf } from '../entity/model-meta.ts';
import { PepBadge } from '../entity/pep.tsx';
import { entity } from '../entity/queries.ts';
import { useRunOperation } from '../entity/status-api.ts';
import { StatusChip } from '../shared/page.tsx';
import { ApprovalInsuranceNotice } from './insurance-parts.tsx';
import {
  asksForPayback,
  PAYBACK_INPUTS,
  SETTLE_PICK,
  SettleFields,
  type SettleInput,
} from './settle-fields.tsx';
import {
  checkMoveInput,
  initialValues,
  inputFieldOf,
  operationValues,
  type StatusMove,
} from './status-moves.ts';

/** The server's message, with field names put as the screen labels them. */
function messageOf(err: unknown, move: StatusMove): string {
  return humanise(toError(err).message, entity(move.model).allFields);
}

export interface StatusMoveDialogProps {
  readonly move: StatusMove;
  /** The records to run it on (one, or every user of an organisation); the first is shown. */
  readonly records: readonly ApiRecord[];
  readonly onClose: () => void;
  readonly onDone?: ((record: ApiRecord) => void) | undefined;
}

/**
 * The dialog of a declared operation, all from its declaration: its label,
 * what it does, the fields it asks for (with the form's own inputs; the paying transaction with
 * its picker), a reason (required when the declaration says so), the confirming button; progress
 * while it is sent, the server's message when it is refused, a snackbar when it is done. An
 * operation that checks fields of the record (submitting a line's terms) first saves them through
 * the record's form.
 */
export function StatusMoveDialog({ move, records, onClose, onDone }: StatusMoveDialogProps) {
  const record = records[0] as ApiRecord;
  const run = useRunOperation();
  const client = useQueryClient();
  const [values, setValues] = useState<Record<string, unknown>>(() =>
    initialValues(move, record, todayIso()),
  );
  const [reason, setReason] = useState('');
  const payback = asksForPayback(move.inputs);
  const [settle, setSettle] = useState<SettleInput>({ values: null, error: SETTLE_PICK });
  const onSettleInput = useCallback((input: SettleInput) => setSettle(input), []);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  // The fields this dialog renders itself; the payback picker asks for its own.
  const own = useMemo(
    () => ({
      ...move,
      inputs: payback
        ? move.inputs.filter((i) => !(PAYBACK_INPUTS as readonly string[]).includes(i.field.name))
        : move.inputs,
    }),
    [move, payback],
  );
  const errors = checkMoveInput(own, values, reason, record);
  if (payback && settle.error) errors.settle = settle.error;
  const invalid = Object.keys(errors).length > 0;

  const send = async (version?: number) => {
    if (inFlight.current) return;
    setTouched(true);
    if (invalid) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    const input = { ...operationValues(own, values), ...(payback ? (settle.values ?? {}) : {}) };
    let last: ApiRecord | null = null;
    try {
      for (const [i, r] of records.entries()) {
        last = await run.mutateAsync({
          name: move.name,
          model: move.model,
          id: r.id,
          reason,
          values: input,
          _version: i === 0 && version !== undefined ? version : r._version,
        });
      }
      const many = records.length > 1 ? `${records.length} users are` : 'status is';
      notify(move.to ? `${move.label}: done. The ${many} now ${move.to}.` : `${move.label}: done.`);
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
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mb: 1.5, flexWrap: 'wrap' }}>
        <StatusChip status={move.fromState} />
        {move.to && (
          <>
            <Typography aria-hidden>→</Typography>
            <StatusChip status={move.to} />
          </>
        )}
        <PepBadge model={move.model} record={record} />
        {records.length > 1 && (
          <Typography variant="body2" color="text.secondary">
            ({records.length} users)
          </Typography>
        )}
      </Stack>
      <Typography sx={{ mb: move.final ? 1 : 2 }}>{move.explain}</Typography>
      {/* What approving does to the insured exposure to the buyer (docs/business-rules.md, “Credit insurance”). */}
      {move.name === 'approveRequest' && <ApprovalInsuranceNotice requestId={record.id} />}
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

  const reasonField = (
    <TextField
      id="status-comment"
      label={move.reasonRequired ? 'Reason' : 'Comment (optional)'}
      value={reason}
      onChange={(e) => setReason(e.target.value)}
      required={move.reasonRequired}
      error={touched && Boolean(errors.reason)}
      helperText={
        touched && errors.reason
          ? errors.reason
          : move.reasonRequired
            ? 'Shown in the history to everyone who sees this record'
            : 'Shown in the history'
      }
      multiline
      minRows={move.reasonRequired ? 3 : 2}
      disabled={busy}
      autoFocus={move.reasonRequired && own.inputs.length === 0 && !payback}
      fullWidth
    />
  );

  const inputs = own.inputs.map((input) => {
    const { field, hint } = inputFieldOf(move, input, record);
    const shown = { ...field, help: hint ?? field.help };
    const props = {
      field: shown,
      model: move.model,
      name: field.name,
      value: values[field.name],
      onChange: (v: unknown) => setValues((s) => ({ ...s, [field.name]: v })),
      onBlur: () => undefined,
      error: touched ? errors[field.name] : undefined,
      required: input.required,
      disabled: busy,
    };
    if (isChoiceGroup(props)) return <ChoiceGroupInput key={field.name} {...props} />;
    const Input = INPUTS[field.type];
    return (
      <Box key={field.name} sx={{ '& .MuiFormControl-root': { width: '100%' } }}>
        <Input {...props} />
      </Box>
    );
  });

  const name =
    move.model === 'Request' ? `invoice ${String(record.invoice_number ?? '')}` : titleOf(move.model, record);
  const title = `${move.label}: ${name}`;

  if (move.prepare) {
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
          <Stack spacing={2} sx={{ mb: 2 }}>
            {inputs}
            {reasonField}
          </Stack>
          {/* Disabled as a whole while the operation is sent, against a second submission. */}
          <Box component="fieldset" disabled={busy} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <EntityForm
              model={move.model}
              record={record}
              only={move.prepare.fields}
              require={move.prepare.required}
              submitLabel={busy ? `${move.confirm}…` : move.confirm}
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
            {payback && (
              <SettleFields record={record} disabled={busy} touched={touched} onInput={onSettleInput} />
            )}
            {inputs}
            {reasonField}
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
            {busy ? `${move.confirm}…` : move.confirm}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
