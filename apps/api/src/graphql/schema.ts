import {
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  type GraphQLFieldConfigMap,
} from 'graphql';
import { MODEL_NAMES, REGISTRY, type ModelName } from '@rf/domain';
import type { OperationContext } from '../operations/context.ts';
import { getRecord } from '../operations/get-record.ts';
import { listRecords, type SortInput } from '../operations/list-records.ts';
import { createRecord } from '../operations/create-record.ts';
import { updateRecord } from '../operations/update-record.ts';
import { deleteRecord } from '../operations/delete-record.ts';
import type { FilterInput } from '../data/filter-sql.ts';
import { buildModelTypes, ModelSortInput, type ModelTypes } from './model-types.ts';
import { selectedFields } from './selection.ts';
import { subscriptionFields } from './subscription-fields.ts';
import { lifecycleMutations } from './lifecycle-mutations.ts';

type Args = Record<string, unknown>;
type Fields = GraphQLFieldConfigMap<unknown, OperationContext>;

function queryFields(model: ModelName, types: ModelTypes): Fields {
  const entity = REGISTRY[model];
  return {
    [`get${model}`]: {
      type: types.object,
      args: { id: { type: new GraphQLNonNull(GraphQLID) } },
      resolve: (_src, args: Args, ctx, info) =>
        getRecord(ctx, { model, id: String(args.id), fields: selectedFields(info) }),
    },
    [`list${entity.plural}`]: {
      type: types.connection,
      args: {
        filter: { type: types.filter },
        limit: { type: GraphQLInt },
        nextToken: { type: GraphQLString },
        sort: { type: new GraphQLList(new GraphQLNonNull(ModelSortInput)) },
      },
      resolve: (_src, args: Args, ctx, info) =>
        listRecords(ctx, {
          model,
          filter: args.filter as FilterInput | null,
          limit: args.limit as number | null,
          nextToken: args.nextToken as string | null,
          sort: args.sort as SortInput[] | null,
          fields: selectedFields(info, ['items']),
          withTotal: selectedFields(info).includes('total'),
        }),
    },
  };
}

function mutationFields(model: ModelName, types: ModelTypes): Fields {
  const write = (input: Args, condition: unknown) => ({
    model,
    values: input,
    condition: condition as FilterInput | null,
  });
  return {
    [`create${model}`]: {
      type: types.object,
      args: { input: { type: new GraphQLNonNull(types.create) }, condition: { type: types.condition } },
      resolve: (_src, args: Args, ctx) => createRecord(ctx, { model, values: args.input as Args }),
    },
    [`update${model}`]: {
      type: types.object,
      args: { input: { type: new GraphQLNonNull(types.update) }, condition: { type: types.condition } },
      resolve: (_src, args: Args, ctx) => updateRecord(ctx, write(args.input as Args, args.condition)),
    },
    [`delete${model}`]: {
      type: types.object,
      args: { input: { type: new GraphQLNonNull(types.remove) }, condition: { type: types.condition } },
      resolve: (_src, args: Args, ctx) => deleteRecord(ctx, write(args.input as Args, args.condition)),
    },
  };
}

/**
 * The whole data API, derived from the entity registry
 * (docs/architecture.md, “How the API is derived from the registry”).
 */
export function buildSchema(
  extra: { queries?: Fields; mutations?: Fields; subscriptions?: Fields } = {},
): GraphQLSchema {
  const query: Fields = { ...extra.queries };
  const mutation: Fields = { ...extra.mutations };
  const subscription: Fields = { ...extra.subscriptions };
  const all = {} as Record<ModelName, ModelTypes>;
  for (const model of MODEL_NAMES) {
    const types = buildModelTypes(REGISTRY[model]);
    all[model] = types;
    Object.assign(query, queryFields(model, types));
    Object.assign(mutation, mutationFields(model, types));
    Object.assign(subscription, subscriptionFields(model, types));
  }
  Object.assign(mutation, lifecycleMutations(all));
  return new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: query }),
    mutation: new GraphQLObjectType({ name: 'Mutation', fields: mutation }),
    subscription: new GraphQLObjectType({ name: 'Subscription', fields: subscription }),
  });
}
