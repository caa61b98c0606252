import { Alert, Box, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useUser } from '../auth/user-context.tsx';
import { formatMoney } from '../entity/format.ts';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { useRecord } from '../entity/hooks.ts';
import { figuresOfLine, useLineLimits, type LineLimit } from '../entity/line-limits-api.ts';
import { AREAS, type AreaKey } from '../shared/areas.ts';
import { creditLimitRefusal, type LimitLine, type NewRequest } from '@rf/domain/rules/credit-limit';

/** Route parameters of the request flow: `{id}` is the Buyer in the supplier area, else `{id}/{buyId}/{supId}`. */

export function useFlowParams(area: AreaKey) {
  const params = useParams();
  const user = useUser();
  const buyerId = params.buyId ?? params.id;
  const groupId = params.buyId ? params.id : (user.groupId ?? undefined);
  return { buyerId, groupId, supplierIdParam: params.supId, base: AREAS[area].base };
}

/** The line as the credit-limit rule reads it (@rf/domain rules/credit-limit.ts). */
export function limitLineOf(buyer: ApiRecord): LimitLine {
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
  return {
    name: String(buyer.buyer_name ?? ''),
    status: text(buyer.buyer_status),
    currency: text(buyer.buyer_currency),
    approvedLimit: text(buyer.buyer_loan_approved_amount),
    advanceRate: text(buyer.buyer_loan_advance_rate),
  };
}

/**
 * A buyer line with what it uses and has left, as the ledger holds it and the server reads it
 * (docs/business-rules.md, “Limits held in the ledger”): `use.available` is limit − utilisation,
 * `use.free` what new requests may still take once the requests awaiting a decision hold their
 * advances; null until they are loaded, or when they could not be. `refusal` tells the server's
 * answer early for a set of new invoices: the same rule
 * (docs/business-rules.md, “Line limits and what requests hold”) with what the ledger says the
 * line's requests use and hold; without those figures it tells nothing and the server decides.
 */
export function useLine(buyerId: string | undefined) {
  const buyer = useRecord('Buyer', buyerId);
  const limits = useLineLimits(buyer.data ? [buyer.data] : undefined);
  const use = buyer.data ? figuresOfLine(limits, buyer.data).row : null;
  const refusal = (added: readonly NewRequest[]) =>
    buyer.data && use
      ? creditLimitRefusal(
          limitLineOf(buyer.data),
          { utilisation: use.utilisation, reserved: use.reserved },
          added,
        )
      : null;
  return {
    buyer,
    use,
    refusal,
    loading: buyer.isLoading || (Boolean(buyer.data) && limits.isPending && !limits.error),
  };
}

/**
 * Fields every request of a line copies from it
 * (docs/business-rules.md, “How a request is priced at approval”).
 */
export function termsOf(buyer: ApiRecord, supplier: ApiRecord | null | undefined): Record<string, unknown> {
  const copy: Record<string, unknown> = {
    buyerId: buyer.id,
    supplierId: buyer.supplierId,
    investorId: buyer.investorId,
    spvId: buyer.spvId,
    brokerId: buyer.brokerId,
    buyer_name: buyer.buyer_name,
    supplier_name: supplier?.supplier_name,
    advance_rate: buyer.buyer_loan_advance_rate,
    discount_fee_rate: buyer.buyer_loan_discount_fee,
    transaction_fee_rate: buyer.buyer_loan_transaction_fee,
    broker_fee_rate: buyer.buyer_loan_broker_fee,
    spv_fee_rate: buyer.buyer_loan_spv_fee,
    base_rate: buyer.buyer_loan_rate,
  };
  return Object.fromEntries(
    Object.entries(copy).filter(([, v]) => v !== null && v !== undefined && v !== ''),
  );
}

/**
 * The line's limit and what is left of it: the ledger's figures (`use`, from useLine), with the
 * reason when they could not be loaded.
 */
export function LineSummary({ buyer, use }: { buyer: ApiRecord; use: LineLimit | null }) {
  const currency = buyer.buyer_currency as string;
  // The same query as useLine's (served from the cache): its state, for loading and errors.
  const limits = useLineLimits([buyer]);
  const { loading, error } = figuresOfLine(limits, buyer);
  const figures: [string, ReactNode][] = [
    ['Approved limit', formatMoney(buyer.buyer_loan_approved_amount, currency) || '—'],
    ['Available', use ? formatMoney(use.available, currency) : loading ? <Skeleton width={120} /> : '—'],
  ];
  if (use && !/^0(\.0+)?$/.test(use.reserved))
    figures.push(
      ['Held by requests under review', formatMoney(use.reserved, currency)],
      ['Free for new requests', formatMoney(use.free, currency)],
    );
  return (
    <Paper sx={{ p: 2, mb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 3, flexWrap: 'wrap' }}>
        <Box>
          <Typography variant="body2" color="text.secondary">
            Buyer
          </Typography>
          <Typography variant="h5" component="div">
            {String(buyer.buyer_name ?? '')}
          </Typography>
        </Box>
        {figures.map(([label, value]) => (
          <Box key={label}>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography variant="h5" component="div">
              {value}
            </Typography>
          </Box>
        ))}
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          The line’s available limit could not be loaded: {error.message}. The limit is still checked when you
          submit.
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        A request holds its advance ({String(buyer.buyer_loan_advance_rate ?? '100')} % of the invoice)
        against the limit until it is decided; new requests must fit in what is free.
      </Typography>
    </Paper>
  );
}

/** Early word that an approved line has nothing free: the server would refuse any request. */
export function LimitWarning({ buyer, free }: { buyer: ApiRecord; free: string | null }) {
  if (buyer.buyer_status !== 'Approved' || free === null || !/^-|^0(\.0+)?$/.test(free)) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      Nothing of this line’s limit is free for new requests now: a request would be refused until earlier ones
      are settled or declined, or the limit is raised.
    </Alert>
  );
}

export function NotApproved({ buyer }: { buyer: ApiRecord }) {
  return buyer.buyer_status === 'Approved' ? null : (
    <Alert severity="warning" sx={{ mb: 2 }}>
      This buyer line is {String(buyer.buyer_status ?? 'not approved').toLowerCase()}. Requests can only be
      financed on an approved line.
    </Alert>
  );
}

/**
 * What submitting sets off (docs/business-rules.md, “Signing the financing documents”): the IPU
 * goes to the buyer's signer named on the form, then to the supplier; the offer notice to the
 * supplier; each signer by e-mail with a personal link.
 */
export function SigningNote({ area, buyerSigner }: { area: AreaKey; buyerSigner: unknown }) {
  const named = typeof buyerSigner === 'string' && buyerSigner.trim() ? buyerSigner.trim() : null;
  const supplier = area === 'supplier' ? 'you' : 'the supplier';
  return (
    <Typography variant="body2" data-testid="signing-note">
      When you submit, the platform sends the IPU to {named ?? 'the buyer’s signer named here'} to sign, then
      to {supplier}; the offer notice goes to {supplier}. Each signer gets an e-mail with a personal link.
    </Typography>
  );
}

/**
 * `requestoptions/{id}` and admin `newrequestoptions/{id}/{buyId}/{supId}`: a single invoice, or a
 * batch of invoices sharing one IPU and one offer notice, sent for signature when submitted.
 */
