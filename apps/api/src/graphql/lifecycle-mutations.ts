import {
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLNonNull,
  GraphQLString,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
} from 'graphql';
import { ALL_OPERATIONS, type ModelName } from '@rf/domain';
import type { OperationContext } from '../operations/context.ts';
import { runOperation } from '../operations/lifecycle/run-operation.ts';
import { GRAPHQL_TYPES, type ModelTypes } from './model-types.ts';

type Fields = GraphQLFieldConfigMap<unknown, OperationContext>;

/** The description of every operation's idempotency key (docs/architecture.md, “Idempotency keys”). */
export const IDEMPOTENCY_KEY =
  'A key of your choice (e.g. a UUID) that makes a retry answer the first result instead of running again; the same key with another input is refused.';

const capitalise = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * One mutation per declared lifecycle operation (docs/architecture.md, "Lifecycles"), e.g.
 * `approveRequest(input: ApproveRequestInput!): Request`: the record's id and `_version`, the
 * reason, and the fields the operation declares, typed as the registry types them.
 */
export function lifecycleMutations(types: Readonly<Record<ModelName, ModelTypes>>): Fields {
  const fields: Fields = {};
  for (const operation of ALL_OPERATIONS) {
    const own: GraphQLInputFieldConfigMap = {};
    for (const { field, required } of operation.input ?? []) {
      const type = GRAPHQL_TYPES[field.type];
      own[field.name] = { type: required ? new GraphQLNonNull(type) : type, description: field.help };
    }
    const input = new GraphQLInputObjectType({
      name: `${capitalise(operation.name)}Input`,
      fields: {
        id: { type: new GraphQLNonNull(GraphQLID) },
        _version: { type: GraphQLInt, description: 'The version read; a stale one is a conflict.' },
        reason: {
          type: GraphQLString,
          description: operation.reason === 'required' ? 'Why (required).' : 'Why (optional).',
        },
        idempotencyKey: { type: GraphQLString, description: IDEMPOTENCY_KEY },
        ...own,
      },
    });
    fields[operation.name] = {
      type: types[operation.model].object,
      description: `${operation.label}: ${operation.explain}`,
      args: { input: { type: new GraphQLNonNull(input) } },
      resolve: (_src, args: { input: Record<string, unknown> }, ctx) => {
        const { id, _version, reason, idempotencyKey, ...values } = args.input;
        return runOperation(ctx, {
          name: operation.name,
          id: String(id),
          input: values,
          reason: (reason as string | null | undefined) ?? null,
          _version: (_version as number | null | undefined) ?? null,
          idempotencyKey: (idempotencyKey as string | null | undefined) ?? null,
        });
      },
    };
  }
  return fields;
}
