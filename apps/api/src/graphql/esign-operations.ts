import {
  GraphQLEnumType,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfigMap,
  type GraphQLNullableType,
} from 'graphql';
import { ENVELOPE_QUEUE_KEYS, type EnvelopeQueue } from '../esign/envelope-queues.ts';
import { ENVELOPE_PAGE, listEnvelopes } from '../operations/list-envelopes.ts';
import { envelopeViews } from '../esign/read-envelopes.ts';
import { remindSigner, resendEnvelope, voidEnvelope } from '../operations/envelope-operations.ts';
import { requestEnvelopes } from '../operations/read-envelopes.ts';
import type { OperationContext } from '../operations/context.ts';
import { AWSDateTime } from './scalars.ts';

type Fields = GraphQLFieldConfigMap<unknown, OperationContext>;

const nonNull = <T extends GraphQLNullableType>(type: T): GraphQLNonNull<T> => new GraphQLNonNull(type);
const list = <T extends GraphQLNullableType>(type: T) => nonNull(new GraphQLList(nonNull(type)));

const EnvelopeSigner = new GraphQLObjectType({
  name: 'EnvelopeSigner',
  fields: {
    id: { type: nonNull(GraphQLID) },
    position: { type: nonNull(GraphQLInt), description: 'The signing order, from 1.' },
    role: {
      type: nonNull(GraphQLString),
      description: 'Buyer, Supplier, SPV officer, Investor, Second SPV officer.',
    },
    name: { type: nonNull(GraphQLString) },
    email: { type: nonNull(GraphQLString) },
    status: { type: nonNull(GraphQLString), description: 'Waiting, Sent, Signed or Declined.' },
    sentAt: { type: AWSDateTime },
    openedAt: { type: AWSDateTime },
    remindedAt: { type: AWSDateTime },
    signedAt: { type: AWSDateTime },
    signatureKind: { type: GraphQLString, description: 'typed or drawn.' },
    declinedAt: { type: AWSDateTime },
    declineReason: { type: GraphQLString },
  },
});

const EnvelopeEvent = new GraphQLObjectType({
  name: 'EnvelopeEvent',
  fields: {
    at: { type: nonNull(AWSDateTime) },
    action: {
      type: nonNull(GraphQLString),
      description:
        'created, sent, opened, code sent, code failed, signed, declined, reminded, expired, voided, completed.',
    },
    signer: { type: GraphQLString, description: 'The signer the step concerns.' },
    actor: { type: GraphQLString, description: 'Who took the step when not the signer.' },
    address: { type: GraphQLString },
    userAgent: { type: GraphQLString },
    detail: { type: GraphQLString },
  },
});

const Envelope = new GraphQLObjectType({
  name: 'Envelope',
  description: 'One document out for signature (docs/architecture.md, “Built-in e-signature”). Read only.',
  fields: {
    id: { type: nonNull(GraphQLID) },
    kind: { type: nonNull(GraphQLString), description: 'ipu, offer_notice or raa_offer_notice.' },
    label: { type: nonNull(GraphQLString) },
    title: { type: nonNull(GraphQLString) },
    provider: { type: nonNull(GraphQLString) },
    status: { type: nonNull(GraphQLString), description: 'Sent, Completed, Declined, Expired or Voided.' },
    createdAt: { type: nonNull(AWSDateTime) },
    expiresAt: { type: nonNull(AWSDateTime) },
    endedAt: { type: AWSDateTime },
    endReason: { type: GraphQLString },
    documentSha256: {
      type: GraphQLString,
      description: 'SHA-256 of the document as generated; null until first opened.',
    },
    sealedKey: { type: GraphQLString, description: 'The sealed PDF, downloadable at /files/<key>.' },
    sealedSha256: { type: GraphQLString },
    replaces: { type: GraphQLID, description: 'The envelope this one was sent in place of.' },
    requestIds: { type: list(GraphQLID) },
    signers: { type: list(EnvelopeSigner) },
    events: { type: list(EnvelopeEvent) },
  },
});

const EnvelopeRequest = new GraphQLObjectType({
  name: 'EnvelopeRequest',
  description: 'A request an envelope is for.',
  fields: {
    id: { type: nonNull(GraphQLID) },
    invoiceNumber: { type: GraphQLString },
    status: { type: GraphQLString, description: "The request's status." },
  },
});

const EnvelopeListItem = new GraphQLObjectType({
  name: 'EnvelopeListItem',
  fields: {
    envelope: { type: nonNull(Envelope) },
    requests: { type: list(EnvelopeRequest), description: 'Its requests still on the platform.' },
    replacedBy: { type: GraphQLID, description: 'The envelope sent in its place, if any.' },
  },
});

const EnvelopeListConnection = new GraphQLObjectType({
  name: 'EnvelopeListConnection',
  fields: {
    items: { type: list(EnvelopeListItem) },
    total: { type: nonNull(GraphQLInt), description: 'How many envelopes the view holds in all.' },
    nextToken: { type: GraphQLString },
  },
});

const EnvelopeView = new GraphQLEnumType({
  name: 'EnvelopeView',
  description: "The administrators' work queues of envelopes (docs/business-rules.md, “Dashboards”).",
  values: Object.fromEntries(ENVELOPE_QUEUE_KEYS.map((k) => [k, { value: k }])),
});

export const esignQueries: Fields = {
  listEnvelopes: {
    type: nonNull(EnvelopeListConnection),
    description: `Administrators: envelopes across requests, oldest sent first; \`waiting\` (out for signature) or \`expired\` (to send again) as the work queues count them, every envelope without a view. At most ${ENVELOPE_PAGE.max} a page.`,
    args: {
      view: { type: EnvelopeView },
      limit: { type: GraphQLInt },
      nextToken: { type: GraphQLString },
    },
    resolve: (
      _src,
      args: { view?: EnvelopeQueue | null; limit?: number | null; nextToken?: string | null },
      ctx,
    ) => listEnvelopes(ctx, args),
  },
  requestEnvelopes: {
    type: list(Envelope),
    description: "A request's envelopes, oldest first, for whoever may read the request.",
    args: { requestId: { type: nonNull(GraphQLID) } },
    resolve: (_src, args: { requestId: string }, ctx) => requestEnvelopes(ctx, args.requestId),
  },
};

const afterwards = async (ctx: OperationContext, id: string) => (await envelopeViews(ctx.db, [id]))[0];

export const esignMutations: Fields = {
  voidEnvelope: {
    type: nonNull(Envelope),
    description: 'Administrators: stops an envelope still out; its links no longer sign.',
    args: { id: { type: nonNull(GraphQLID) }, reason: { type: nonNull(GraphQLString) } },
    resolve: async (_src, args: { id: string; reason: string }, ctx) =>
      afterwards(ctx, await voidEnvelope(ctx, args)),
  },
  remindSigner: {
    type: nonNull(Envelope),
    description: 'Administrators: sends the pending signer a new link now.',
    args: { id: { type: nonNull(GraphQLID) } },
    resolve: async (_src, args: { id: string }, ctx) => afterwards(ctx, await remindSigner(ctx, args)),
  },
  resendEnvelope: {
    type: nonNull(Envelope),
    description:
      'Administrators: a new envelope in place of a voided, declined or expired one; answers the new one.',
    args: { id: { type: nonNull(GraphQLID) } },
    resolve: async (_src, args: { id: string }, ctx) => afterwards(ctx, await resendEnvelope(ctx, args)),
  },
};
