import {
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfigMap,
} from 'graphql';
import { isModelName, type ModelName } from '@rf/domain';
import { validationError } from '../http/errors.ts';
import type { OperationContext } from '../operations/context.ts';
import { changeStatus } from '../operations/change-status.ts';
import { statusHistory } from '../operations/lifecycle/history.ts';
import { documentVersions } from '../operations/document-versions.ts';
import { listFunders } from '../operations/funders.ts';
import { indicativePrice } from '../operations/indicative-price.ts';
import { submitRequests } from '../operations/submit-requests.ts';
import { AWSDate, AWSDateTime, AWSJSON, Decimal } from './scalars.ts';
import { IDEMPOTENCY_KEY } from './lifecycle-mutations.ts';

type Fields = GraphQLFieldConfigMap<unknown, OperationContext>;

const modelName = (value: unknown): ModelName => {
  if (typeof value !== 'string' || !isModelName(value))
    throw validationError(`Unknown model ${String(value)}`);
  return value;
};

const ChangeStatusInput = new GraphQLInputObjectType({
  name: 'ChangeStatusInput',
  fields: {
    model: { type: new GraphQLNonNull(GraphQLString) },
    id: { type: new GraphQLNonNull(GraphQLID) },
    field: { type: GraphQLString, description: 'The status field; optional when the model has one.' },
    to: { type: new GraphQLNonNull(GraphQLString) },
    comment: { type: GraphQLString },
    values: {
      type: AWSJSON,
      description: 'Figures the move needs, e.g. {"buyer_loan_approved_amount":"500000"}.',
    },
    _version: { type: GraphQLInt },
    idempotencyKey: { type: GraphQLString, description: IDEMPOTENCY_KEY },
  },
});

const SubmitRequestsInput = new GraphQLInputObjectType({
  name: 'SubmitRequestsInput',
  fields: {
    buyerId: { type: new GraphQLNonNull(GraphQLID), description: 'The buyer line of every invoice.' },
    requests: {
      type: new GraphQLNonNull(AWSJSON),
      description: 'A JSON array of 1–50 CreateRequestInput objects, one per invoice.',
    },
    idempotencyKey: { type: GraphQLString, description: IDEMPOTENCY_KEY },
  },
});

const SubmittedRequests = new GraphQLObjectType({
  name: 'SubmittedRequests',
  fields: {
    batchId: { type: new GraphQLNonNull(GraphQLID) },
    ids: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(GraphQLID))) },
    requests: { type: new GraphQLNonNull(AWSJSON), description: 'The created Request records.' },
  },
});

const StatusHistoryEntry = new GraphQLObjectType({
  name: 'StatusHistoryEntry',
  fields: {
    field: { type: new GraphQLNonNull(GraphQLString) },
    from: { type: GraphQLString },
    to: { type: new GraphQLNonNull(GraphQLString) },
    comment: { type: GraphQLString },
    actorName: { type: GraphQLString },
    actorRole: { type: new GraphQLNonNull(GraphQLString) },
    changedAt: { type: new GraphQLNonNull(AWSDateTime) },
    operation: { type: GraphQLString, description: 'The declared operation that made the entry.' },
    changes: { type: AWSJSON, description: 'For an action: each changed field, [before, after].' },
  },
});

/** Business operations beyond CRUD (docs/architecture.md, “Add a business operation”): each resolver calls one operation. */
const DocumentVersion = new GraphQLObjectType({
  name: 'DocumentVersion',
  fields: {
    attachment: { type: new GraphQLNonNull(GraphQLString) },
    replacedAt: { type: new GraphQLNonNull(AWSDateTime) },
    replacedBy: { type: new GraphQLNonNull(GraphQLString) },
  },
});

const Funder = new GraphQLObjectType({
  name: 'Funder',
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID) },
    model: { type: new GraphQLNonNull(GraphQLString), description: 'Investor or Spv.' },
    name: { type: new GraphQLNonNull(GraphQLString) },
  },
});

const IndicativePrice = new GraphQLObjectType({
  name: 'IndicativePrice',
  description:
    'What a request would be priced at if approved for payout on the next business day (docs/business-rules.md, “How a request is priced at approval”); indicative only, the binding price is fixed at approval.',
  fields: {
    currency: { type: GraphQLString },
    payout_date: {
      type: new GraphQLNonNull(AWSDate),
      description: 'The planned payout: the next business day.',
    },
    invoice_purchase_duration: { type: GraphQLInt, description: 'Days priced (ACT/360).' },
    advance_rate: { type: Decimal },
    base_rate: { type: GraphQLString, description: 'The base-rate series.' },
    base_rate_amount: { type: Decimal, description: 'The SOFR fixing used.' },
    fixing_date: { type: AWSDate },
    discount_fee_rate: { type: Decimal, description: 'The spread.' },
    discount_fee_amount: { type: Decimal },
    transaction_fee_amount: { type: Decimal },
    broker_fee_amount: { type: Decimal },
    spv_fee_amount: { type: Decimal },
    invoice_purchase_amount: { type: Decimal },
    unavailable: { type: GraphQLString, description: 'Why there is no price yet; null when priced.' },
  },
});

export const namedQueries: Fields = {
  indicativePrice: {
    type: IndicativePrice,
    description: 'An indicative price for a request being entered on a buyer line the caller can read.',
    args: {
      buyerId: { type: new GraphQLNonNull(GraphQLID) },
      invoice_amount: { type: new GraphQLNonNull(Decimal) },
      invoice_due_date: { type: new GraphQLNonNull(AWSDate) },
    },
    resolve: (_src, args: { buyerId: string; invoice_amount: string; invoice_due_date: string }, ctx) =>
      indicativePrice(ctx, {
        buyerId: String(args.buyerId),
        invoice_amount: args.invoice_amount,
        invoice_due_date: args.invoice_due_date,
      }),
  },
  funders: {
    type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(Funder))),
    description: 'Approved investors and SPVs a buyer line may be offered to (admin and brokers).',
    resolve: (_src, _args, ctx) => listFunders(ctx),
  },
  documentVersions: {
    type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(DocumentVersion))),
    description: 'Earlier files of a document, newest first.',
    args: { id: { type: new GraphQLNonNull(GraphQLID) } },
    resolve: (_src, args: { id: string }, ctx) => documentVersions(ctx, args.id),
  },
  statusHistory: {
    type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(StatusHistoryEntry))),
    args: { model: { type: new GraphQLNonNull(GraphQLString) }, id: { type: new GraphQLNonNull(GraphQLID) } },
    resolve: (_src, args: { model: string; id: string }, ctx) =>
      statusHistory(ctx, { model: modelName(args.model), id: args.id }),
  },
};

export const namedMutations: Fields = {
  submitRequests: {
    type: new GraphQLNonNull(SubmittedRequests),
    description:
      'A multi-invoice request (docs/business-rules.md, “Batches of invoices on one line”): creates one Request per invoice in one transaction, all or nothing, checked as a whole against the line’s available limit.',
    args: { input: { type: new GraphQLNonNull(SubmitRequestsInput) } },
    resolve: (
      _src,
      args: { input: { buyerId: string; requests: unknown; idempotencyKey?: string | null } },
      ctx,
    ) =>
      submitRequests(ctx, {
        buyerId: String(args.input.buyerId),
        requests: args.input.requests,
        idempotencyKey: args.input.idempotencyKey ?? null,
      }),
  },
  changeStatus: {
    type: AWSJSON,
    description:
      'Moves a status along its lifecycle (docs/business-rules.md, “Status moves, guards and effects”): runs the declared move from the record’s state to `to` for the caller’s role, as its named mutation would, and returns the changed record.',
    args: { input: { type: new GraphQLNonNull(ChangeStatusInput) } },
    resolve: (_src, args: { input: Record<string, unknown> }, ctx) => {
      const input = args.input;
      return changeStatus(ctx, {
        model: modelName(input.model),
        id: String(input.id),
        field: (input.field as string | null) ?? null,
        to: String(input.to),
        comment: (input.comment as string | null) ?? null,
        values: (input.values as Record<string, unknown> | null) ?? null,
        _version: (input._version as number | null) ?? null,
        idempotencyKey: (input.idempotencyKey as string | null) ?? null,
      });
    },
  },
};
