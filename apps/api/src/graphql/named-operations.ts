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
import { changeStatus, statusHistory } from '../operations/change-status.ts';
import { documentVersions } from '../operations/document-versions.ts';
import { listFunders } from '../operations/funders.ts';
import { submitRequests } from '../operations/submit-requests.ts';
import { AWSDateTime, AWSJSON } from './scalars.ts';

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
  },
});

/** Business operations beyond CRUD (ARCHITECTURE §4): each resolver calls one operation. */
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

export const namedQueries: Fields = {
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
      'A multi-invoice request (business-rules §5): creates one Request per invoice in one transaction, all or nothing, checked as a whole against the line’s available limit (§4).',
    args: { input: { type: new GraphQLNonNull(SubmitRequestsInput) } },
    resolve: (_src, args: { input: { buyerId: string; requests: unknown } }, ctx) =>
      submitRequests(ctx, { buyerId: String(args.input.buyerId), requests: args.input.requests }),
  },
  changeStatus: {
    type: AWSJSON,
    description: 'Moves a status along its machine (business-rules §2) and returns the changed record.',
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
      });
    },
  },
};
