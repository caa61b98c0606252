import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { gql, type ApiRecord } from './graphql-client.ts';
import type { CsvMapping } from './bank-upload.ts';
import type {
  BankImport,
  PaymentAllocation,
  PaymentSuggestion,
  PayoutStatus,
  PayoutInstruction,
  RequestBalance,
  PayoutExport,
  ManualTransactionInput,
  AllocatePaymentInput,
  UnmatchAllocationInput,
  ReverseManualTransactionInput,
  MatchPayoutInput,
  ExportPayoutsInput,
} from './payments-types.ts';

/**
 * The payments API as the server gives it (docs/business-rules.md, “Payments and reconciliation”):
 * statement imports, payments allocated to requests and the suggestions for them, manual bank
 * entries and their reversal, payout instructions, their export and their confirmation by a debit.
 * Every amount is the server's decimal string: the browser formats it and never adds, subtracts or
 * rounds it; what is left of a payment or owed on a request is the server's answer.
 */

export type * from './payments-types.ts';

const ALLOCATION =
  'id transactionId requestId requestStatus invoiceNumber paymentDate payerName amount currency method allocatedAt undoneAt undoReason';
const ACCOUNT = 'id name iban number';
const INSTRUCTION = `id reference kind status requestId invoiceNumber supplierName payerModel payerId payerName amount currency
  createdAt exportedAt confirmedAt transactionId debtorAccount { ${ACCOUNT} } creditorAccount { ${ACCOUNT} } problems`;

export const BANK_IMPORTS = `query BankImports($bankId: ID!, $limit: Int) {
  bankImports(bankId: $bankId, limit: $limit) {
    id bankId format fileName statements entries created duplicates warnings importedBy importedAt
  }
}`;

export const PAYMENT_ALLOCATIONS = `query PaymentAllocations($transactionId: ID, $requestId: ID) {
  paymentAllocations(transactionId: $transactionId, requestId: $requestId) { ${ALLOCATION} }
}`;

export const BANK_CSV_MAPPING = `query BankCsvMapping($bankId: ID!) { bankCsvMapping(bankId: $bankId) }`;

export const REQUEST_BALANCE = `query RequestBalance($requestId: ID!) {
  requestBalance(requestId: $requestId) { requestId currency invoiceAmount paid writtenOff open }
}`;

export const PAYMENT_SUGGESTIONS = `query PaymentSuggestions($transactionId: ID!) {
  paymentSuggestions(transactionId: $transactionId) {
    requestId invoiceNumber buyerName open allocatable currency score reasons automatic
  }
}`;

export const PAYOUT_INSTRUCTIONS = `query PayoutInstructions($status: String, $requestId: ID) {
  payoutInstructions(status: $status, requestId: $requestId) { ${INSTRUCTION} }
}`;

export const ALLOCATE_PAYMENT = `mutation AllocatePayment($input: AllocatePaymentInput!) {
  allocatePayment(input: $input)
}`;

export const UNMATCH_ALLOCATION = `mutation UnmatchAllocation($input: UnmatchAllocationInput!) {
  unmatchAllocation(input: $input)
}`;

export const RECORD_MANUAL_TRANSACTION = `mutation RecordManualTransaction($input: ManualTransactionInput!) {
  recordManualTransaction(input: $input)
}`;

export const IGNORE_TRANSACTION = `mutation IgnoreTransaction($input: IgnoreTransactionInput!) {
  ignoreTransaction(input: $input)
}`;

export const RESTORE_TRANSACTION = `mutation RestoreTransaction($input: IgnoreTransactionInput!) {
  restoreTransaction(input: $input)
}`;

export const REVERSE_MANUAL_TRANSACTION = `mutation ReverseManualTransaction($input: ReverseTransactionInput!) {
  reverseManualTransaction(input: $input)
}`;

export const MATCH_PAYOUT = `mutation MatchPayout($input: MatchPayoutInput!) {
  matchPayout(input: $input)
}`;

export const EXPORT_PAYOUTS = `mutation ExportPayouts($input: ExportPayoutsInput!) {
  exportPayouts(input: $input) { exportId format fileName content instructions }
}`;

/**
 * A fresh idempotency key (docs/architecture.md, “Idempotency keys”): make one per dialog or
 * click, and send the same one again when retrying that step, so the server runs it once.
 */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/** `AWSJSON` comes as a JSON string, or already parsed. */
export function parseAwsJson(raw: unknown): ApiRecord | null {
  if (typeof raw === 'string') {
    try {
      const parsed: unknown = JSON.parse(raw);
      return parsed && typeof parsed === 'object' ? (parsed as ApiRecord) : null;
    } catch {
      return null;
    }
  }
  return raw && typeof raw === 'object' ? (raw as ApiRecord) : null;
}

/** Which payment or request the allocations are asked for (exactly one of them). */
export type AllocationsOf = { readonly transactionId: string } | { readonly requestId: string };

export async function fetchPaymentAllocations(of: AllocationsOf): Promise<PaymentAllocation[]> {
  return (await gql<{ paymentAllocations: PaymentAllocation[] }>(PAYMENT_ALLOCATIONS, { ...of }))
    .paymentAllocations;
}

export async function fetchRequestBalance(requestId: string): Promise<RequestBalance> {
  return (await gql<{ requestBalance: RequestBalance }>(REQUEST_BALANCE, { requestId })).requestBalance;
}

/** The CSV column mapping saved with the account's last CSV import, or null. */
export async function fetchCsvMapping(bankId: string): Promise<CsvMapping | null> {
  const raw = (await gql<{ bankCsvMapping: string | null }>(BANK_CSV_MAPPING, { bankId })).bankCsvMapping;
  return raw ? (JSON.parse(raw) as CsvMapping) : null;
}

export async function fetchPaymentSuggestions(transactionId: string): Promise<PaymentSuggestion[]> {
  return (await gql<{ paymentSuggestions: PaymentSuggestion[] }>(PAYMENT_SUGGESTIONS, { transactionId }))
    .paymentSuggestions;
}

export async function fetchPayoutInstructions(filter: {
  readonly status?: PayoutStatus | null;
  readonly requestId?: string | null;
}): Promise<PayoutInstruction[]> {
  return (
    await gql<{ payoutInstructions: PayoutInstruction[] }>(PAYOUT_INSTRUCTIONS, {
      status: filter.status ?? null,
      requestId: filter.requestId ?? null,
    })
  ).payoutInstructions;
}

export async function fetchBankImports(bankId: string, limit = 20): Promise<BankImport[]> {
  return (await gql<{ bankImports: BankImport[] }>(BANK_IMPORTS, { bankId, limit })).bankImports;
}

/** The allocations' ids. */
export async function allocatePayment(input: AllocatePaymentInput): Promise<string[]> {
  return (await gql<{ allocatePayment: string[] }>(ALLOCATE_PAYMENT, { input })).allocatePayment;
}

/** The payment's id. */
export async function unmatchAllocation(input: UnmatchAllocationInput): Promise<string> {
  return (await gql<{ unmatchAllocation: string }>(UNMATCH_ALLOCATION, { input })).unmatchAllocation;
}

/** The new transaction as the caller may read it. */
export async function recordManualTransaction(input: ManualTransactionInput): Promise<ApiRecord | null> {
  return parseAwsJson(
    (await gql<{ recordManualTransaction: unknown }>(RECORD_MANUAL_TRANSACTION, { input }))
      .recordManualTransaction,
  );
}

/** The reversing entry as the caller may read it. */
/** Sets an unmatched transaction aside from reconciliation (ignored), or brings it back. */
export async function setTransactionIgnored(input: {
  readonly id: string;
  readonly ignored: boolean;
  readonly reason: string;
  readonly idempotencyKey?: string;
}): Promise<ApiRecord | null> {
  const { ignored, ...rest } = input;
  const field = ignored ? 'ignoreTransaction' : 'restoreTransaction';
  const answer = await gql<Record<string, unknown>>(ignored ? IGNORE_TRANSACTION : RESTORE_TRANSACTION, {
    input: rest,
  });
  return parseAwsJson(answer[field]);
}

export async function reverseManualTransaction(
  input: ReverseManualTransactionInput,
): Promise<ApiRecord | null> {
  return parseAwsJson(
    (await gql<{ reverseManualTransaction: unknown }>(REVERSE_MANUAL_TRANSACTION, { input }))
      .reverseManualTransaction,
  );
}

/** The instruction's id. */
export async function matchPayout(input: MatchPayoutInput): Promise<string> {
  return (await gql<{ matchPayout: string }>(MATCH_PAYOUT, { input })).matchPayout;
}

export async function exportPayouts(input: ExportPayoutsInput): Promise<PayoutExport> {
  return (await gql<{ exportPayouts: PayoutExport }>(EXPORT_PAYOUTS, { input })).exportPayouts;
}

/** Every query key of this file starts with it. */
export const PAYMENTS_KEY = 'Payments';

/**
 * What a payments step changes: the payments' own queries, transactions (their reconciliation
 * status), requests (a completed one is settled; payout date), bookkeeping and the ledger.
 */
export function refreshAfterPayments(client: QueryClient): void {
  for (const key of [PAYMENTS_KEY, 'Transaction', 'Request', 'Bookkeeping', 'Ledger'])
    void client.invalidateQueries({ queryKey: [key] });
}

export function useBankImports(bankId: string | undefined, limit = 20) {
  return useQuery({
    queryKey: [PAYMENTS_KEY, 'imports', bankId, limit],
    enabled: Boolean(bankId),
    queryFn: () => fetchBankImports(bankId as string, limit),
  });
}

/** The allocations of a payment or of a request, undone ones included, oldest first. */
export function usePaymentAllocations(of: AllocationsOf | undefined) {
  return useQuery({
    queryKey: [PAYMENTS_KEY, 'allocations', of ?? null],
    enabled: Boolean(of && ('transactionId' in of ? of.transactionId : of.requestId)),
    queryFn: () => fetchPaymentAllocations(of as AllocationsOf),
  });
}

/** Invoice amount, paid, written off and open balance of a request, as the server sums them. */
export function useRequestBalance(requestId: string | undefined) {
  return useQuery({
    queryKey: [PAYMENTS_KEY, 'balance', requestId],
    enabled: Boolean(requestId),
    queryFn: () => fetchRequestBalance(requestId as string),
  });
}

/** The open requests a payment may pay, best first (administrators). */
export function usePaymentSuggestions(transactionId: string | undefined) {
  return useQuery({
    queryKey: [PAYMENTS_KEY, 'suggestions', transactionId],
    enabled: Boolean(transactionId),
    queryFn: () => fetchPaymentSuggestions(transactionId as string),
  });
}

/** Payout instructions (administrators), oldest first, by status or request. */
export function usePayoutInstructions(
  filter: { readonly status?: PayoutStatus | null; readonly requestId?: string | null },
  options: { readonly enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: [PAYMENTS_KEY, 'instructions', filter.status ?? null, filter.requestId ?? null],
    enabled: options.enabled ?? true,
    queryFn: () => fetchPayoutInstructions(filter),
  });
}

export function useAllocatePayment() {
  const client = useQueryClient();
  return useMutation({ mutationFn: allocatePayment, onSuccess: () => refreshAfterPayments(client) });
}

export function useUnmatchAllocation() {
  const client = useQueryClient();
  return useMutation({ mutationFn: unmatchAllocation, onSuccess: () => refreshAfterPayments(client) });
}

export function useRecordManualTransaction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: recordManualTransaction,
    onSuccess: () => refreshAfterPayments(client),
  });
}

export function useReverseManualTransaction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reverseManualTransaction,
    onSuccess: () => refreshAfterPayments(client),
  });
}

export function useSetTransactionIgnored() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setTransactionIgnored,
    onSuccess: () => refreshAfterPayments(client),
  });
}

export function useMatchPayout() {
  const client = useQueryClient();
  return useMutation({ mutationFn: matchPayout, onSuccess: () => refreshAfterPayments(client) });
}

export function useExportPayouts() {
  const client = useQueryClient();
  return useMutation({ mutationFn: exportPayouts, onSuccess: () => refreshAfterPayments(client) });
}
