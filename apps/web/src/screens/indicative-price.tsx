import { Box, LinearProgress, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { formatDate, formatMoney, formatRate } from '../entity/format.ts';
import { humanise } from '../entity/form-values.ts';
import { gql } from '../entity/graphql-client.ts';
import { entity } from '../entity/queries.ts';
import type { IndicativePrice } from '@rf/domain/pricing';

export const INDICATIVE_PRICE = `query IndicativePrice($buyerId: ID!, $amount: Decimal!, $due: AWSDate!) {
  indicativePrice(buyerId: $buyerId, invoice_amount: $amount, invoice_due_date: $due) {
    currency payout_date invoice_purchase_duration advance_rate base_rate base_rate_amount fixing_date
    discount_fee_rate discount_fee_amount transaction_fee_amount broker_fee_amount spv_fee_amount
    invoice_purchase_amount unavailable
  }
}`;

/** How long typing must pause before the server is asked. */
const DEBOUNCE_MS = 400;

/**
 * The amount and due date as the server takes them, or null while they are not a positive amount
 * and a date yet (grouping and spaces as typed are fine).
 */
export function priceableInput(amount: unknown, due: unknown): { amount: string; due: string } | null {
  const a = typeof amount === 'string' ? amount.replace(/[,\s]/g, '') : '';
  const d = typeof due === 'string' ? due.trim() : '';
  if (!/^\d{1,13}(\.\d{1,10})?$/.test(a) || !/[1-9]/.test(a)) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return null;
  return { amount: a, due: d };
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/** The server's indicative price of an invoice on a line, asked once typing pauses. */
export function useIndicativePrice(buyerId: string | undefined, amount: unknown, due: unknown) {
  const input = useDebounced(priceableInput(amount, due), DEBOUNCE_MS);
  const key = input ? `${input.amount}|${input.due}` : null;
  const query = useQuery({
    queryKey: ['indicativePrice', buyerId, key],
    enabled: Boolean(buyerId && input),
    staleTime: 60_000,
    queryFn: async () =>
      (
        await gql<{ indicativePrice: IndicativePrice | null }>(INDICATIVE_PRICE, {
          buyerId,
          amount: input?.amount,
          due: input?.due,
        })
      ).indicativePrice,
  });
  return { ...query, asked: Boolean(input) };
}

/**
 * Follows the inputs of a form it wraps by their names (the change events bubble), so the price
 * can follow a form that keeps its values to itself.
 */
export function useWatchedInputs(names: readonly string[]) {
  const [values, setValues] = useState<Record<string, string>>({});
  const onChange = (e: FormEvent<HTMLElement>) => {
    const target = e.target as HTMLInputElement;
    if (target?.name && names.includes(target.name))
      setValues((v) => (v[target.name] === target.value ? v : { ...v, [target.name]: target.value }));
  };
  return { values, onChange };
}

function Figure({
  label,
  value,
  strong,
  wide = false,
}: {
  label: string;
  value: ReactNode;
  strong?: boolean;
  /** Shown from the small breakpoint up only (the sticky panel stays small on a phone). */
  wide?: boolean;
}) {
  return (
    <Box sx={{ display: wide ? { xs: 'none', sm: 'block' } : 'block' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: strong ? 600 : 400 }}>{value}</Typography>
    </Box>
  );
}

/**
 * An indicative price of the invoice being entered
 * (docs/business-rules.md, “How a request is priced at approval”), computed by the server from the
 * line's terms and the latest SOFR fixing for a payout on the next business day; labelled
 * indicative, since the binding price is fixed when the request is approved. `sticky` keeps it at
 * the bottom of the screen while the form above it scrolls; `compact` is one line under an invoice
 * of several.
 */
export function IndicativePricePanel({
  buyerId,
  amount,
  due,
  compact = false,
  sticky = false,
}: {
  buyerId: string | undefined;
  amount: unknown;
  due: unknown;
  compact?: boolean;
  sticky?: boolean;
}) {
  const q = useIndicativePrice(buyerId, amount, due);
  const p = q.data;
  const c = p?.currency ?? undefined;
  let body: ReactNode;
  if (!q.asked)
    body = (
      <Typography color="text.secondary">Enter the invoice amount and the due date to see it.</Typography>
    );
  else if (q.error)
    body = <Typography color="error">Could not get an indicative price: {q.error.message}</Typography>;
  else if (!p) body = <Typography color="text.secondary">Calculating…</Typography>;
  else if (p.unavailable || !p.invoice_purchase_amount)
    body = (
      <Typography color="text.secondary">
        No indicative price:{' '}
        {humanise(p.unavailable ?? 'the line cannot be priced yet', entity('Request').allFields)}.
      </Typography>
    );
  else if (compact)
    body = (
      <Typography>
        You would receive about <strong>{formatMoney(p.invoice_purchase_amount, c)}</strong> (discount fee{' '}
        {formatMoney(p.discount_fee_amount, c)} for {p.invoice_purchase_duration} days at{' '}
        {formatRate(p.base_rate_amount)} + {formatRate(p.discount_fee_rate)}).
      </Typography>
    );
  else
    body = (
      <>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, max-content)' },
            columnGap: 3,
            rowGap: 0.5,
          }}
        >
          <Figure label="Purchase amount" value={formatMoney(p.invoice_purchase_amount, c)} strong />
          <Figure label="Discount fee" value={formatMoney(p.discount_fee_amount, c)} />
          <Figure label="Days" value={String(p.invoice_purchase_duration ?? '—')} wide />
          <Figure label="Payout (planned)" value={formatDate(p.payout_date)} wide />
        </Box>
        <Typography variant="body2" sx={{ mt: 1, display: { xs: 'none', md: 'block' } }}>
          Advance {formatRate(p.advance_rate)}; base rate {p.base_rate} {formatRate(p.base_rate_amount)}{' '}
          (fixing of {formatDate(p.fixing_date)}) + spread {formatRate(p.discount_fee_rate)} a year. Fees:
          transaction {formatMoney(p.transaction_fee_amount, c)}, broker {formatMoney(p.broker_fee_amount, c)}
          , SPV {formatMoney(p.spv_fee_amount, c)}.
        </Typography>
      </>
    );
  const progress = q.isFetching && (
    <LinearProgress sx={{ mt: 0.5 }} aria-label="Updating the indicative price" />
  );
  if (compact)
    return (
      <Box sx={{ mt: 2 }} aria-live="polite" data-testid="indicative-price">
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
          Indicative price (the binding price is fixed at approval)
        </Typography>
        {body}
        {progress}
      </Box>
    );
  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 1.5, sm: 2 },
        mb: 2,
        ...(sticky
          ? { position: 'sticky', bottom: 0, zIndex: 2, boxShadow: 3, borderColor: 'primary.light' }
          : {}),
      }}
      component="section"
      aria-label="Indicative price"
      data-testid="indicative-price"
    >
      <Typography variant="subtitle1" component="h2" sx={{ mb: 0.5, fontWeight: 600 }}>
        Indicative price
      </Typography>
      <Box aria-live="polite">{body}</Box>
      {progress}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        Indicative only: the binding price is fixed when the request is approved
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          , from the payout date set then and the SOFR fixing for that date; the purchase amount is what is
          paid to you
        </Box>
        .
      </Typography>
    </Paper>
  );
}
