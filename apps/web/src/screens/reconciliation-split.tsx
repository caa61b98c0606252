import {
  Alert,
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { formatMoney } from '../entity/format.ts';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { usePage } from '../entity/hooks.ts';
import {
  newIdempotencyKey,
  useAllocatePayment,
  usePaymentAllocations,
  type PaymentSuggestion,
} from '../entity/payments-api.ts';
import { notify } from '../shared/errors.ts';
import { AllocationsList } from './reconciliation-allocations.tsx';
import { typedAmount } from './reconciliation-filters.ts';
import {
  counterpartyOf,
  currencyOfTransaction,
  ReconciliationChip,
  reconciliationOf,
  str,
} from './reconciliation-parts.tsx';

/** A request the admin may pick: a suggestion (with the server's open balance) or one found by invoice number. */
interface RequestOption {
  readonly id: string;
  readonly label: string;
  /** The server's open balance, when the suggestions gave it. */
  readonly open: string | null;
}

interface Part {
  readonly key: number;
  readonly request: RequestOption | null;
  readonly amount: string;
}

const fromSuggestion = (s: PaymentSuggestion): RequestOption => ({
  id: s.requestId,
  label: [s.invoiceNumber ?? s.requestId, s.buyerName].filter(Boolean).join(' · '),
  open: s.open,
});

const fromRecord = (r: ApiRecord): RequestOption => ({
  id: r.id,
  label: [str(r.invoice_number) || r.id, str(r.buyer_name)].filter(Boolean).join(' · '),
  open: null,
});

/** Approved requests of the payment's funder and currency whose invoice number holds the text. */
function useRequestSearch(payment: ApiRecord, text: string) {
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setTyped(text.trim()), 300);
    return () => clearTimeout(t);
  }, [text]);
  const funder = str(payment.investorId)
    ? { investorId: { eq: str(payment.investorId) } }
    : str(payment.spvId)
      ? { spvId: { eq: str(payment.spvId) } }
      : {};
  const filter = {
    request_status: { eq: 'Approved' },
    invoice_currency: { eq: currencyOfTransaction(payment) },
    invoice_number: { contains: typed },
    ...funder,
  };
  return usePage('Request', { filter, limit: 20 }, typed.length >= 2);
}

/** The problem with what the admin typed for one part, before anything is sent. */
function partProblem(part: Part): string | null {
  if (!part.request) return 'Pick the request.';
  const amount = typedAmount(part.amount);
  if (!amount || !/[1-9]/.test(amount)) return 'Type a positive amount, e.g. 1250.00.';
  return null;
}

/**
 * Splits a payment over several requests (docs/business-rules.md, “Payments and reconciliation”):
 * the admin picks each request and types its amount; the server checks every amount against the
 * request's open balance and all of them against what is left of the payment, and refuses with its
 * message, shown here. The payment's allocations so far are listed with "Unmatch". The dialog adds
 * nothing up: what is left is the server's to say.
 */
export function SplitDialog({
  payment,
  suggestions,
  onClose,
}: {
  payment: ApiRecord;
  suggestions: readonly PaymentSuggestion[];
  onClose: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const currency = currencyOfTransaction(payment);
  const allocate = useAllocatePayment();
  const allocations = usePaymentAllocations({ transactionId: payment.id });
  const [key, setKey] = useState(newIdempotencyKey);
  const next = useRef(1);
  const [parts, setParts] = useState<Part[]>([{ key: 0, request: null, amount: '' }]);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [searchText, setSearchText] = useState('');
  const search = useRequestSearch(payment, searchText);
  const options = useMemo(() => {
    const out = new Map<string, RequestOption>();
    for (const s of suggestions) out.set(s.requestId, fromSuggestion(s));
    for (const r of search.data?.items ?? []) if (!out.has(r.id)) out.set(r.id, fromRecord(r));
    return [...out.values()];
  }, [suggestions, search.data]);
  const busy = allocate.isPending;
  const problems = parts.map(partProblem);

  const change = (key: number, change: Partial<Part>) =>
    setParts((all) => all.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (busy || problems.some(Boolean)) return;
    setError(null);
    try {
      const ids = await allocate.mutateAsync({
        transactionId: payment.id,
        allocations: parts.map((p) => ({
          requestId: p.request!.id,
          amount: typedAmount(p.amount)!,
        })),
        idempotencyKey: key,
      });
      notify(`${ids.length === 1 ? 'One allocation' : `${ids.length} allocations`} made.`);
      setKey(newIdempotencyKey());
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The allocation failed. Please try again.');
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
      aria-labelledby={titleId}
    >
      {busy && <LinearProgress aria-label="Sending" />}
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id={titleId}>Split the payment</DialogTitle>
        <DialogContent dividers>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>
              {formatMoney(payment.transaction_source_amount, currency)}
            </Typography>
            <Typography color="text.secondary">{counterpartyOf(payment) || 'Unknown payer'}</Typography>
            <ReconciliationChip status={reconciliationOf(payment)} />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Give each request its part. The server takes each part up to the request’s open balance and all
            parts up to what is left of the payment, and says what is wrong otherwise. A request the
            allocation pays in full is settled.
          </Typography>
          <Typography variant="h5" component="h3" sx={{ mb: 0.5 }}>
            Allocated so far
          </Typography>
          {allocations.error ? (
            <Alert severity="error">{allocations.error.message}</Alert>
          ) : (
            <AllocationsList
              allocations={allocations.data ?? []}
              of="payment"
              unmatch
              empty={allocations.isLoading ? 'Loading…' : 'Nothing of this payment is allocated yet.'}
            />
          )}
          <Typography variant="h5" component="h3" sx={{ mt: 2, mb: 1 }}>
            New parts
          </Typography>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {error}
            </Alert>
          )}
          <Stack sx={{ gap: 2 }}>
            {parts.map((part, i) => {
              const problem = touched ? problems[i] : null;
              return (
                <Stack
                  key={part.key}
                  direction={{ xs: 'column', sm: 'row' }}
                  sx={{ gap: 1, alignItems: { sm: 'flex-start' } }}
                  data-testid="split-part"
                >
                  <Autocomplete
                    id={`split-request-${i + 1}`}
                    sx={{ flex: 2, minWidth: 0 }}
                    options={options}
                    value={part.request}
                    onChange={(_e, v) => change(part.key, { request: v })}
                    onInputChange={(_e, v, reason) => {
                      if (reason === 'input') setSearchText(v);
                    }}
                    isOptionEqualToValue={(a, b) => a.id === b.id}
                    getOptionLabel={(o) => o.label}
                    renderOption={(props, o) => {
                      const { key: optionKey, ...rest } = props as typeof props & { key: string };
                      return (
                        <li key={optionKey} {...rest}>
                          <Box>
                            <div>{o.label}</div>
                            {o.open && (
                              <Typography variant="caption" color="text.secondary">
                                Open {formatMoney(o.open, currency)}
                              </Typography>
                            )}
                          </Box>
                        </li>
                      );
                    }}
                    loading={search.isFetching}
                    noOptionsText="No approved request of this funder and currency has that invoice number."
                    disabled={busy}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        label={`Request ${i + 1}`}
                        placeholder="Invoice number"
                        error={Boolean(problem && !part.request)}
                        helperText={
                          problem && !part.request
                            ? problem
                            : part.request?.open
                              ? `Open balance ${formatMoney(part.request.open, currency)}`
                              : ' '
                        }
                      />
                    )}
                  />
                  <TextField
                    sx={{ flex: 1 }}
                    id={`split-amount-${i + 1}`}
                    label={`Amount (${currency})`}
                    value={part.amount}
                    onChange={(e) => change(part.key, { amount: e.target.value })}
                    error={Boolean(problem && part.request)}
                    helperText={problem && part.request ? problem : ' '}
                    disabled={busy}
                    slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
                  />
                  {parts.length > 1 && (
                    <IconButton
                      aria-label={`Remove request ${i + 1}`}
                      onClick={() => setParts((all) => all.filter((p) => p.key !== part.key))}
                      disabled={busy}
                      sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' }, mt: { sm: 1 } }}
                    >
                      <span aria-hidden>×</span>
                    </IconButton>
                  )}
                </Stack>
              );
            })}
          </Stack>
          <Button
            sx={{ mt: 1 }}
            onClick={() => setParts((all) => [...all, { key: next.current++, request: null, amount: '' }])}
            disabled={busy}
          >
            Add a request
          </Button>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={busy}>
            Close
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {busy ? 'Allocating…' : 'Allocate'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
