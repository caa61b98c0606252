import {
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
import { listAuditEvents, type AuditFilter } from '../audit/list-audit-events.ts';
import type { FieldChange } from '../data/audit-trail.ts';
import type { OperationContext } from '../operations/context.ts';
import { AWSDateTime, AWSJSON } from './scalars.ts';

type Fields = GraphQLFieldConfigMap<unknown, OperationContext>;

const nonNull = <T extends GraphQLNullableType>(type: T): GraphQLNonNull<T> => new GraphQLNonNull(type);

/** A value as JSON text (AWSJSON passes strings through as JSON already). */
const json = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);

const AuditFieldChange = new GraphQLObjectType<FieldChange, OperationContext>({
  name: 'AuditFieldChange',
  fields: {
    field: { type: nonNull(GraphQLString) },
    old: {
      type: AWSJSON,
      description: 'The value before; null when there was none. Secrets are masked.',
      resolve: (c) => json(c.old),
    },
    new: {
      type: AWSJSON,
      description: 'The value after; null when there is none. Secrets are masked.',
      resolve: (c) => json(c.new),
    },
  },
});

const AuditEvent = new GraphQLObjectType({
  name: 'AuditEvent',
  description: 'One write, sign-in or sign-out (docs/architecture.md, “Audit trail”). Read only.',
  fields: {
    id: { type: nonNull(GraphQLID) },
    at: { type: nonNull(AWSDateTime) },
    actorSub: { type: GraphQLID, description: 'The acting user; null for the platform itself.' },
    actorName: { type: GraphQLString },
    actorGroupId: { type: GraphQLID, description: "The acting user's organisation." },
    actorRole: { type: GraphQLString },
    address: { type: GraphQLString, description: "The client's address; null for the demo seed." },
    userAgent: { type: GraphQLString },
    action: {
      type: nonNull(GraphQLString),
      description:
        'create, update, delete, a named operation (approveRequest), signIn, signInFailed, signOut.',
    },
    model: { type: nonNull(GraphQLString), description: 'A model, or User for an account of the user pool.' },
    recordId: { type: GraphQLID },
    ownerGroupId: { type: GraphQLID, description: 'The organisation that owns the record.' },
    changes: { type: nonNull(new GraphQLList(nonNull(AuditFieldChange))) },
    detail: { type: GraphQLString, description: 'E.g. the username a failed sign-in tried.' },
  },
});

const AuditEventConnection = new GraphQLObjectType({
  name: 'AuditEventConnection',
  fields: {
    items: { type: nonNull(new GraphQLList(nonNull(AuditEvent))) },
    nextToken: { type: GraphQLString },
  },
});

const AuditEventFilterInput = new GraphQLInputObjectType({
  name: 'AuditEventFilterInput',
  fields: {
    userId: { type: GraphQLID, description: "The acting user's sub." },
    organisationId: { type: GraphQLID, description: 'Events of its users and on its records.' },
    model: { type: GraphQLString },
    recordId: { type: GraphQLID },
    from: { type: AWSDateTime, description: 'From this moment, inclusive.' },
    to: { type: AWSDateTime, description: 'Up to this moment, exclusive.' },
  },
});

/** The audit trail's one query; there is no mutation: events are never changed or removed. */
export const auditQueries: Fields = {
  listAuditEvents: {
    type: nonNull(AuditEventConnection),
    description: 'The audit trail, newest first (administrators only).',
    args: {
      filter: { type: AuditEventFilterInput },
      limit: { type: GraphQLInt },
      nextToken: { type: GraphQLString },
    },
    resolve: (
      _src,
      args: { filter?: AuditFilter | null; limit?: number | null; nextToken?: string | null },
      ctx,
    ) => listAuditEvents(ctx, args),
  },
};
