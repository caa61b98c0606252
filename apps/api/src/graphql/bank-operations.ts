import {
  GraphQLBoolean,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfigMap,
  type GraphQLNullableType,
} from 'graphql';
import { bankCsvMapping, bankImports, bankLinkStatus } from '../bank/bank-imports.ts';
import { recordManualTransaction, reverseManualTransaction } from '../bank/manual-entries.ts';
import { setIgnored } from '../bank/ignore-transaction.ts';
import { exportPayouts, payoutInstructions } from '../bank/payout-exports.ts';
import { paymentAllocations } from '../bank/allocation-reads.ts';
import { requestBalance } from '../bank/request-balance.ts';
import { allocatePayment, paymentSuggestions, unmatchAllocation } from '../bank/reconcile-collections.ts';
import { matchPayout } from '../bank/reconcile-payouts.ts';
import type { OperationContext } from '../operations/context.ts';
import { getRecord } from '../operations/get-record.ts';
import { IDEMPOTENCY_KEY } from './lifecycle-mutations.ts';
import { AWSDate, AWSDateTime, AWSJSON, Decimal } from './scalars.ts';

type Fields = GraphQLFieldConfigMap<unknown, OperationContext>;
const nonNull = <T extends GraphQLNullableType>(t: T): GraphQLNonNull<T> => new GraphQLNonNull(t);

const BankImport = new GraphQLObjectType({
  name: 'BankImport',
  description: 'A statement file imported into a bank account, with what it brought.',
  fields: {
    id: { type: nonNull(GraphQLID) },
    bankId: { type: nonNull(GraphQLID) },
    format: { type: nonNull(GraphQLString), description: 'camt.053.001.08, camt.054.001.02, csv …' },
    fileName: { type: GraphQLString },
    statements: { type: nonNull(GraphQLInt) },
    entries: { type: nonNull(GraphQLInt) },
    created: { type: nonNull(GraphQLInt), description: 'New transactions.' },
    duplicates: { type: nonNull(GraphQLInt), description: 'Entries the account had already.' },
    warnings: { type: nonNull(new GraphQLList(nonNull(GraphQLString))) },
    importedBy: { type: GraphQLString },
    importedAt: { type: nonNull(AWSDateTime) },
  },
});

const ManualTransactionInput = new GraphQLInputObjectType({
  name: 'ManualTransactionInput',
  fields: {
    bankId: { type: nonNull(GraphQLID), description: 'The platform account the bank booked it on.' },
    transaction_date: { type: nonNull(AWSDate), description: 'The booking date.' },
    amount: { type: nonNull(Decimal), description: 'Money in positive, money out negative.' },
    counterparty_name: { type: GraphQLString },
    counterparty_iban: { type: GraphQLString },
    remittance_information: { type: GraphQLString },
    bank_reference: { type: GraphQLString },
    description: { type: GraphQLString },
    idempotencyKey: { type: GraphQLString, description: IDEMPOTENCY_KEY },
  },
});

const ReverseTransactionInput = new GraphQLInputObjectType({
  name: 'ReverseTransactionInput',
  fields: {
    id: { type: nonNull(GraphQLID) },
    reason: { type: nonNull(GraphQLString) },
    idempotencyKey: { type: GraphQLString, description: IDEMPOTENCY_KEY },
  },
});

const PayoutAccountSummary = new GraphQLObjectType({
  name: 'PayoutAccountSummary',
  fields: {
    id: { type: nonNull(GraphQLID) },
    name: { type: nonNull(GraphQLString) },
    iban: { type: GraphQLString },
    number: { type: GraphQLString },
  },
});

const PayoutInstruction = new GraphQLObjectType({
  name: 'PayoutInstruction',
  description:
    'A payment the platform asks a funder’s bank to make to a supplier: the advance at approval, the reserve’s rebate at settlement.',
  fields: {
    id: { type: nonNull(GraphQLID) },
    reference: { type: nonNull(GraphQLString), description: 'The end-to-end reference the payment carries.' },
    kind: { type: nonNull(GraphQLString), description: 'advance or rebate.' },
    status: { type: nonNull(GraphQLString), description: 'Pending, Exported or Confirmed.' },
    requestId: { type: nonNull(GraphQLID) },
    invoiceNumber: { type: GraphQLString },
    supplierName: { type: GraphQLString },
    payerModel: { type: nonNull(GraphQLString) },
    payerId: { type: nonNull(GraphQLID) },
    payerName: { type: GraphQLString },
    amount: { type: nonNull(Decimal) },
    currency: { type: nonNull(GraphQLString) },
    createdAt: { type: nonNull(AWSDateTime) },
    exportedAt: { type: AWSDateTime },
    confirmedAt: { type: AWSDateTime },
    transactionId: { type: GraphQLID },
    debtorAccount: { type: PayoutAccountSummary },
    creditorAccount: { type: PayoutAccountSummary },
    problems: {
      type: nonNull(new GraphQLList(nonNull(GraphQLString))),
      description: 'Why it cannot be exported yet.',
    },
  },
});

const PayoutExport = new GraphQLObjectType({
  name: 'PayoutExport',
  fields: {
    exportId: { type: nonNull(GraphQLID) },
    format: { type: nonNull(GraphQLString) },
    fileName: { type: nonNull(GraphQLString) },
    content: { type: nonNull(GraphQLString), description: 'The file to hand to the bank.' },
    instructions: { type: nonNull(GraphQLInt) },
  },
});

const ExportPayoutsInput = new GraphQLInputObjectType({
  name: 'ExportPayoutsInput',
  fields: {
    ids: { type: nonNull(new GraphQLList(nonNull(GraphQLID))) },
    format: { type: nonNull(GraphQLString), description: 'pain.001.001.03 or csv.' },
    executionDate: { type: AWSDate, description: 'The requested execution date; today by default.' },
    idempotencyKey: { type: GraphQLString, description: IDEMPOTENCY_KEY },
  },
});

const PaymentAllocation = new GraphQLObjectType({
  name: 'PaymentAllocation',
  description: 'A payment applied to a request; undone ones keep their reason.',
  fields: {
    id: { type: nonNull(GraphQLID) },
    transactionId: { type: nonNull(GraphQLID) },
    requestId: { type: nonNull(GraphQLID) },
    requestStatus: {
      type: nonNull(GraphQLString),
      description: 'A settled request’s allocations are decided.',
    },
    invoiceNumber: { type: GraphQLString },
    paymentDate: { type: nonNull(AWSDate) },
    payerName: { type: GraphQLString },
    amount: { type: nonNull(Decimal) },
    currency: { type: nonNull(GraphQLString) },
    method: { type: nonNull(GraphQLString), description: 'auto (the platform matched it) or manual.' },
    allocatedAt: { type: nonNull(AWSDateTime) },
    undoneAt: { type: AWSDateTime },
    undoReason: { type: GraphQLString },
  },
});

const PaymentSuggestion = new GraphQLObjectType({
  name: 'PaymentSuggestion',
  description: 'An open request a payment may pay, with the reasons of its score.',
  fields: {
    requestId: { type: nonNull(GraphQLID) },
    invoiceNumber: { type: GraphQLString },
    buyerName: { type: GraphQLString },
    open: { type: nonNull(Decimal), description: 'What is still unpaid.' },
    allocatable: {
      type: nonNull(Decimal),
      description: 'What one click allocates: the open balance, or what is left of the payment when less.',
    },
    currency: { type: nonNull(GraphQLString) },
    score: { type: nonNull(GraphQLString) },
    reasons: { type: nonNull(new GraphQLList(nonNull(GraphQLString))) },
    automatic: { type: nonNull(GraphQLBoolean), description: 'The platform would match it on its own.' },
  },
});

const AllocationInput = new GraphQLInputObjectType({
  name: 'AllocationInput',
  fields: { requestId: { type: nonNull(GraphQLID) }, amount: { type: nonNull(Decimal) } },
});

const AllocatePaymentInput = new GraphQLInputObjectType({
  name: 'AllocatePaymentInput',
  fields: {
    transactionId: { type: nonNull(GraphQLID) },
    allocations: { type: nonNull(new GraphQLList(nonNull(AllocationInput))) },
    idempotencyKey: { type: GraphQLString, description: IDEMPOTENCY_KEY },
  },
});

const UnmatchAllocationInput = new GraphQLInputObjectType({
  name: 'UnmatchAllocationInput',
  fields: {
    allocationId: { type: nonNull(GraphQLID) },
    reason: { type: nonNull(GraphQLString) },
    idempotencyKey: { type: GraphQLString, description: IDEMPOTENCY_KEY },
  },
});

const MatchPayoutInput = new GraphQLInputObjectType({
  name: 'MatchPayoutInput',
  fields: {
    instructionId: { type: nonNull(GraphQLID) },
    transactionId: { type: nonNull(GraphQLID) },
    idempotencyKey: { type: GraphQLString, description: IDEMPOTENCY_KEY },
  },
});

const RequestBalance = new GraphQLObjectType({
  name: 'RequestBalance',
  description: 'What a request’s payments add up to, summed on the server.',
  fields: {
    requestId: { type: nonNull(GraphQLID) },
    currency: { type: nonNull(GraphQLString) },
    invoiceAmount: { type: nonNull(Decimal) },
    paid: { type: nonNull(Decimal), description: 'What active allocations have paid.' },
    writtenOff: {
      type: nonNull(Decimal),
      description: 'The shortfall written off as dilution at settlement.',
    },
    open: { type: nonNull(Decimal), description: 'Invoice amount − paid − written off.' },
  },
});

const IgnoreTransactionInput = new GraphQLInputObjectType({
  name: 'IgnoreTransactionInput',
  fields: {
    id: { type: nonNull(GraphQLID) },
    reason: { type: nonNull(GraphQLString) },
    idempotencyKey: { type: GraphQLString, description: IDEMPOTENCY_KEY },
  },
});

const BankLinkStatus = new GraphQLObjectType({
  name: 'BankLinkStatus',
  description: 'Whether an account is linked through the bank-data provider, and its last sync.',
  fields: {
    linked: { type: nonNull(GraphQLBoolean) },
    providerAccountId: { type: GraphQLString },
    lastSyncedAt: { type: AWSDateTime },
    lastError: { type: GraphQLString, description: 'Why the last sync failed; null when it did not.' },
  },
});

/** The stored transaction as its reader may see it. */
const asRead = async (ctx: OperationContext, row: { id?: unknown }) =>
  getRecord(ctx, { model: 'Transaction', id: String(row.id) });

/** Bank data brought in (docs/architecture.md, “Payments”). */
export const bankQueries: Fields = {
  bankImports: {
    type: nonNull(new GraphQLList(nonNull(BankImport))),
    description: 'The statement imports of an account the caller owns (administrators: any), newest first.',
    args: { bankId: { type: nonNull(GraphQLID) }, limit: { type: GraphQLInt } },
    resolve: (_src, args: { bankId: string; limit?: number | null }, ctx) =>
      bankImports(ctx, { bankId: String(args.bankId), limit: args.limit ?? 20 }),
  },
  bankLinkStatus: {
    type: nonNull(BankLinkStatus),
    description:
      'Whether an account the caller owns (administrators: any) is linked with its bank, and its last sync.',
    args: { bankId: { type: nonNull(GraphQLID) } },
    resolve: (_src, args: { bankId: string }, ctx) => bankLinkStatus(ctx, String(args.bankId)),
  },
  bankCsvMapping: {
    type: AWSJSON,
    description:
      'The CSV column mapping saved with the account’s last CSV import (its owner or an administrator); null when none.',
    args: { bankId: { type: nonNull(GraphQLID) } },
    resolve: async (_src, args: { bankId: string }, ctx) => {
      const mapping = await bankCsvMapping(ctx, String(args.bankId));
      return mapping === null ? null : JSON.stringify(mapping);
    },
  },
  paymentAllocations: {
    type: nonNull(new GraphQLList(nonNull(PaymentAllocation))),
    description: 'The allocations of a payment or of a request the caller may read, undone ones included.',
    args: { transactionId: { type: GraphQLID }, requestId: { type: GraphQLID } },
    resolve: (_src, args: { transactionId?: string | null; requestId?: string | null }, ctx) =>
      paymentAllocations(ctx, args),
  },
  requestBalance: {
    type: nonNull(RequestBalance),
    description: 'Invoice amount, paid, written off and open balance of a request the caller can read.',
    args: { requestId: { type: nonNull(GraphQLID) } },
    resolve: (_src, args: { requestId: string }, ctx) => requestBalance(ctx, String(args.requestId)),
  },
  paymentSuggestions: {
    type: nonNull(new GraphQLList(nonNull(PaymentSuggestion))),
    description: 'The open requests a payment may pay, best first (administrators).',
    args: { transactionId: { type: nonNull(GraphQLID) } },
    resolve: (_src, args: { transactionId: string }, ctx) =>
      paymentSuggestions(ctx, String(args.transactionId)),
  },
  payoutInstructions: {
    type: nonNull(new GraphQLList(nonNull(PayoutInstruction))),
    description: 'Payout instructions (administrators), oldest first, by status or request.',
    args: { status: { type: GraphQLString }, requestId: { type: GraphQLID } },
    resolve: (_src, args: { status?: string | null; requestId?: string | null }, ctx) =>
      payoutInstructions(ctx, { status: args.status ?? null, requestId: args.requestId ?? null }),
  },
};

export const bankMutations: Fields = {
  allocatePayment: {
    type: nonNull(new GraphQLList(nonNull(GraphQLID))),
    description:
      'Allocates a payment to one or more approved requests (administrators); a request the allocations complete is settled. The allocations’ ids.',
    args: { input: { type: nonNull(AllocatePaymentInput) } },
    resolve: async (
      _src,
      args: {
        input: {
          transactionId: string;
          allocations: { requestId: string; amount: string }[];
          idempotencyKey?: string | null;
        };
      },
      ctx,
    ) => (await allocatePayment(ctx, args.input)).allocationIds,
  },
  unmatchAllocation: {
    type: nonNull(GraphQLID),
    description:
      'Undoes an allocation of a request not yet settled, with a reason (administrators). The payment’s id.',
    args: { input: { type: nonNull(UnmatchAllocationInput) } },
    resolve: async (
      _src,
      args: { input: { allocationId: string; reason: string; idempotencyKey?: string | null } },
      ctx,
    ) => (await unmatchAllocation(ctx, args.input)).transactionId,
  },
  matchPayout: {
    type: nonNull(GraphQLID),
    description:
      'Confirms a payout instruction by the bank debit that paid it (administrators). The instruction’s id.',
    args: { input: { type: nonNull(MatchPayoutInput) } },
    resolve: async (
      _src,
      args: { input: { instructionId: string; transactionId: string; idempotencyKey?: string | null } },
      ctx,
    ) => (await matchPayout(ctx, args.input)).instructionId,
  },
  exportPayouts: {
    type: nonNull(PayoutExport),
    description:
      'Exports pending payout instructions as a pain.001.001.03 credit-transfer file or CSV and marks them Exported (administrators).',
    args: { input: { type: nonNull(ExportPayoutsInput) } },
    resolve: (
      _src,
      args: {
        input: {
          ids: string[];
          format: string;
          executionDate?: string | null;
          idempotencyKey?: string | null;
        };
      },
      ctx,
    ) => exportPayouts(ctx, args.input),
  },
  recordManualTransaction: {
    type: AWSJSON,
    description:
      'An administrator enters a bank transaction by hand (marked manual, Posted); it is never edited, only reversed.',
    args: { input: { type: nonNull(ManualTransactionInput) } },
    resolve: async (_src, args: { input: Parameters<typeof recordManualTransaction>[1] }, ctx) =>
      asRead(ctx, await recordManualTransaction(ctx, args.input)),
  },
  ignoreTransaction: {
    type: AWSJSON,
    description:
      'Sets an unmatched transaction aside from reconciliation (it pays no request and no payout), with a reason (administrators).',
    args: { input: { type: nonNull(IgnoreTransactionInput) } },
    resolve: async (
      _src,
      args: { input: { id: string; reason: string; idempotencyKey?: string | null } },
      ctx,
    ) => asRead(ctx, await setIgnored(ctx, { ...args.input, ignored: true })),
  },
  restoreTransaction: {
    type: AWSJSON,
    description: 'Brings an ignored transaction back to reconciliation, with a reason (administrators).',
    args: { input: { type: nonNull(IgnoreTransactionInput) } },
    resolve: async (
      _src,
      args: { input: { id: string; reason: string; idempotencyKey?: string | null } },
      ctx,
    ) => asRead(ctx, await setIgnored(ctx, { ...args.input, ignored: false })),
  },
  reverseManualTransaction: {
    type: AWSJSON,
    description:
      'Reverses an unmatched manual entry with an entry of the opposite amount; both become Ignored.',
    args: { input: { type: nonNull(ReverseTransactionInput) } },
    resolve: async (
      _src,
      args: { input: { id: string; reason: string; idempotencyKey?: string | null } },
      ctx,
    ) => asRead(ctx, await reverseManualTransaction(ctx, args.input)),
  },
};
