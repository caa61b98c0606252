import type { InputField } from '@rf/domain/lifecycle/types';
import { adjustedDiscountFeeRate } from '@rf/domain/pricing';
import type { FieldName } from '@rf/domain/registry';
import { toDecimal } from '@rf/domain/money';
import { Alert, Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { formatDate, formatMoney, formatRate, todayIso } from '../entity/format.ts';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { useAll, useRecord } from '../entity/hooks.ts';
import { useRequestBalance } from '../entity/payments-api.ts';

/** The input fields the picker asks for itself: the paying transaction and the payback date. */
export const PAYBACK_INPUTS: readonly FieldName<'Request'>[] = ['transactionId_payback', 'payback_date'];

/**
 * Whether an operation asks for the transaction that paid a request back: its dialog then offers
 * this picker (the matching collection payments) instead of a bare reference field.
 */
export const asksForPayback = (inputs: readonly InputField[]): boolean =>
  inputs.some((i) => i.field.name === 'transactionId_payback');

/** What the picker sends (the paying transaction, the payback date), or why it cannot be sent yet. */
export interface SettleInput {
  readonly values: Readonly<Record<string, unknown>> | null;
  readonly error: string | null;
}

export const SETTLE_PICK = 'Pick the collection transaction that paid the request';

const str = (v: unknown): string =>
  typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);
const day = (v: unknown): string => str(v).slice(0, 10);
const dayNumber = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/** `2026-05-18 · USD 4,000.00 · Keystone Trading Ltd · Payment INV-1` */
export const paymentLabel = (t: ApiRecord): string =>
  [
    formatDate(t.transaction_date),
    formatMoney(t.transaction_source_amount, str(t.transaction_source_currency || t.iso_currency_code)),
    str(t.sender_account_name) || 'unknown sender',
    str(t.transaction_description),
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * The candidates for a request's payback (docs/business-rules.md, “Payments and reconciliation”):
 * Posted payments into a collection account of the line's investor or SPV, in the invoice currency,
 * with something left to allocate; best amount match first, then the nearest to the due date. The
 * server checks all of it again.
 */
function useCandidates(record: ApiRecord) {
  const line = useRecord('Buyer', str(record.buyerId) || undefined);
  const investor = str(line.data?.investorId ?? record.investorId);
  const spv = str(line.data?.spvId ?? record.spvId);
  const funders = [
    ...(investor ? [{ investorId: { eq: investor } }] : []),
    ...(spv ? [{ spvId: { eq: spv } }] : []),
  ];
  const ready = !line.isLoading && funders.length > 0;
  const banks = useAll(
    'Bank',
    { bank_account_purpose: { eq: 'collection' }, or: funders },
    { enabled: ready, max: 50 },
  );
  const accounts = (banks.data ?? []).map((b) => ({ recipientaccountId: { eq: b.id } }));
  const currency = str(record.invoice_currency);
  const txs = useAll(
    'Transaction',
    {
      or: accounts,
      transaction_status: { eq: 'Posted' },
      transaction_source_currency: { eq: currency },
      transaction_source_amount: { gt: '0' },
    },
    { enabled: accounts.length > 0, max: 500 },
  );
  // A payment with something left to allocate (docs/business-rules.md, “Payments and reconciliation”).
  const posted = (txs.data ?? []).filter(
    (t) =>
      t.pending !== true &&
      (t.reconciliation_status === null ||
        t.reconciliation_status === undefined ||
        t.reconciliation_status === 'Unmatched' ||
        t.reconciliation_status === 'Partially matched'),
  );
  const amount = toDecimal(str(record.invoice_amount) || '0', 'invoice_amount');
  const due = day(record.invoice_due_date);
  const options = posted
    .map((t) => ({
      t,
      gap: toDecimal(str(t.transaction_source_amount), 'amount').minus(amount).abs(),
      days:
        due && day(t.transaction_date) ? Math.abs(dayNumber(day(t.transaction_date)) - dayNumber(due)) : 0,
    }))
    .sort((a, b) => a.gap.comparedTo(b.gap) || a.days - b.days)
    .map((o) => o.t);
  const loading = line.isLoading || banks.isLoading || txs.isLoading;
  const error = line.error ?? banks.error ?? txs.error;
  return { options, loading, error, noAccount: ready && !banks.isLoading && accounts.length === 0, ready };
}

export interface SettleFieldsProps {
  readonly record: ApiRecord;
  readonly disabled: boolean;
  readonly touched: boolean;
  readonly onInput: (input: SettleInput) => void;
}

/**
 * The payback questions of an operation that asks for them (settling): which collection
 * transaction paid the request, and the payback date (the transaction's date unless the admin
 * gives the value date), with the adjusted discount fee rate it results in
 * (docs/business-rules.md, “How a request is priced at approval”, the domain's
 * adjustedDiscountFeeRate).
 */
export function SettleFields({ record, disabled, touched, onInput }: SettleFieldsProps) {
  const { options, loading, error, noAccount } = useCandidates(record);
  const [chosen, setChosen] = useState<ApiRecord | null>(null);
  const [date, setDate] = useState('');
  const currency = str(record.invoice_currency);
  const payback = date || day(chosen?.transaction_date);
  const payout = day(record.payout_date);
  const due = day(record.invoice_due_date);

  const balance = useRequestBalance(record.id);
  // Payments allocated already: the request may settle from them without another one.
  const allocated = Boolean(balance.data && !/^0(\.0+)?$/.test(balance.data.paid));
  const problem = useMemo((): string | null => {
    if (!chosen && !allocated) return SETTLE_PICK;
    if (!chosen) return null;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(payback)) return 'Enter the payback date';
    if (payout && payback < payout)
      return `The payback date cannot be before the payout date ${formatDate(payout)}`;
    if (payback > todayIso()) return 'The payback date cannot be in the future';
    return null;
  }, [chosen, allocated, payback, payout]);

  const adjusted = useMemo(() => {
    if (problem || !payout || !due || !record.base_rate_amount || !record.discount_fee_rate) return null;
    try {
      return adjustedDiscountFeeRate({
        baseRate: str(record.base_rate_amount),
        spread: str(record.discount_fee_rate),
        payoutDate: payout,
        dueDate: due,
        paybackDate: payback,
      });
    } catch {
      return null;
    }
  }, [problem, payout, due, payback, record.base_rate_amount, record.discount_fee_rate]);

  useEffect(() => {
    onInput({
      values: problem
        ? null
        : chosen
          ? { transactionId_payback: chosen.id, ...(date ? { payback_date: date } : {}) }
          : {},
      error: problem,
    });
  }, [problem, chosen, date, onInput]);

  if (error)
    return <Alert severity="error">Could not load the collection transactions: {error.message}</Alert>;
  if (noAccount)
    return (
      <Alert severity="warning">
        The line’s investor and SPV have no collection account yet: link or import one before settling.
      </Alert>
    );
  const timing = !adjusted
    ? ''
    : payback === due
      ? 'Paid on the due date: no adjustment'
      : `Paid ${payback > due ? 'after' : 'before'} the due date ${formatDate(due)}`;
  return (
    <Box>
      {balance.data && (
        <Typography sx={{ mb: 1.5 }} data-testid="request-balance">
          Paid {formatMoney(balance.data.paid, balance.data.currency)} of{' '}
          {formatMoney(balance.data.invoiceAmount, balance.data.currency)}; open{' '}
          <strong>{formatMoney(balance.data.open, balance.data.currency)}</strong>. A payment you pick is
          allocated first, up to the open balance. If the payments fall short, give the reason: the shortfall
          is written off as dilution.
        </Typography>
      )}
      <Autocomplete
        id="transactionId_payback"
        options={options}
        value={chosen}
        loading={loading}
        loadingText="Loading the collection transactions…"
        disabled={disabled}
        autoHighlight
        getOptionLabel={paymentLabel}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_, t) => {
          setChosen(t);
          setDate('');
        }}
        noOptionsText={`No posted payment in ${currency} with anything left to allocate on the collection accounts`}
        renderInput={(params) => (
          <TextField
            {...params}
            name="transactionId_payback"
            label="Collection transaction"
            required={!allocated}
            autoFocus
            error={touched && problem === SETTLE_PICK}
            helperText={
              touched && problem === SETTLE_PICK
                ? problem
                : `Incoming, posted, in ${currency}; best amount match first (invoice ${formatMoney(record.invoice_amount, currency)})`
            }
          />
        )}
      />
      {chosen && (
        <TextField
          id="payback_date"
          label="Payback date"
          type="date"
          value={payback}
          onChange={(e) => setDate(e.target.value)}
          disabled={disabled}
          sx={{ mt: 2 }}
          fullWidth
          error={Boolean(problem && problem !== SETTLE_PICK)}
          helperText={
            problem && problem !== SETTLE_PICK
              ? problem
              : 'The transaction’s booking date; change it only to give the value date'
          }
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
      {adjusted !== null && (
        <Typography sx={{ mt: 1.5 }} aria-live="polite" data-testid="adjusted-rate">
          Adjusted discount fee rate: <strong>{Number(adjusted) === 0 ? '0 %' : formatRate(adjusted)}</strong>
          {timing
            ? ` (${timing}; spread ${formatRate(record.discount_fee_rate)} over ${formatRate(record.base_rate_amount)})`
            : ''}
        </Typography>
      )}
    </Box>
  );
}
