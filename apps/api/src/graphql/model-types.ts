import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLInputFieldConfigMap,
  type GraphQLScalarType,
} from 'graphql';
import type { EntityDef, FieldDef, FieldType } from '@rf/domain';
import { AWSDate, AWSDateTime, AWSEmail, AWSPhone, AWSTimestamp, AWSURL, Decimal } from './scalars.ts';

/** The GraphQL type of each field type (docs/decisions/0003: enumerations travel as validated strings). */
export const GRAPHQL_TYPES: Record<FieldType, GraphQLScalarType> = {
  id: GraphQLID,
  ref: GraphQLID,
  text: GraphQLString,
  longtext: GraphQLString,
  email: AWSEmail,
  phone: AWSPhone,
  url: AWSURL,
  country: GraphQLString,
  currency: GraphQLString,
  integer: GraphQLInt,
  money: Decimal,
  rate: Decimal,
  ratio: Decimal,
  date: AWSDate,
  datetime: AWSDateTime,
  boolean: GraphQLBoolean,
  enum: GraphQLString,
  risk: GraphQLString,
  attachment: GraphQLString,
  secret: GraphQLString,
};

export const ModelAttributeTypes = new GraphQLEnumType({
  name: 'ModelAttributeTypes',
  values: Object.fromEntries(
    ['binary', 'binarySet', 'bool', 'list', 'map', 'number', 'numberSet', 'string', 'stringSet', '_null'].map(
      (v) => [v, { value: v }],
    ),
  ),
});

export const ModelSortDirection = new GraphQLEnumType({
  name: 'ModelSortDirection',
  values: { asc: { value: 'asc' }, desc: { value: 'desc' }, ASC: { value: 'asc' }, DESC: { value: 'desc' } },
});

export const ModelSortInput = new GraphQLInputObjectType({
  name: 'ModelSortInput',
  fields: { field: { type: new GraphQLNonNull(GraphQLString) }, direction: { type: ModelSortDirection } },
});

/** One operator input per scalar, as the Amplify transformer names them. */
const operatorInputs = new Map<GraphQLScalarType, GraphQLInputObjectType>();
function operatorInput(scalar: GraphQLScalarType): GraphQLInputObjectType {
  let input = operatorInputs.get(scalar);
  if (input) return input;
  const name = scalar === GraphQLID ? 'ID' : scalar.name;
  const ordered = scalar !== GraphQLBoolean;
  const fields: GraphQLInputFieldConfigMap = {
    ne: { type: scalar },
    eq: { type: scalar },
    attributeExists: { type: GraphQLBoolean },
    attributeType: { type: ModelAttributeTypes },
  };
  if (ordered) {
    Object.assign(fields, {
      le: { type: scalar },
      lt: { type: scalar },
      ge: { type: scalar },
      gt: { type: scalar },
      between: { type: new GraphQLList(scalar) },
    });
  }
  if (ordered && scalar !== GraphQLInt && scalar !== Decimal) {
    Object.assign(fields, {
      contains: { type: scalar },
      notContains: { type: scalar },
      beginsWith: { type: scalar },
    });
  }
  input = new GraphQLInputObjectType({ name: `Model${name}Input`, fields });
  operatorInputs.set(scalar, input);
  return input;
}

export interface ModelTypes {
  readonly object: GraphQLObjectType;
  readonly connection: GraphQLObjectType;
  readonly filter: GraphQLInputObjectType;
  readonly condition: GraphQLInputObjectType;
  readonly create: GraphQLInputObjectType;
  readonly update: GraphQLInputObjectType;
  readonly remove: GraphQLInputObjectType;
}

const typeOf = (f: FieldDef): GraphQLScalarType => GRAPHQL_TYPES[f.type];
const SERVER_ONLY = new Set(['createdAt', 'updatedAt']);

/** Builds the AppSync-named GraphQL types of one model from its registry declaration. */
export function buildModelTypes(entity: EntityDef): ModelTypes {
  const name = entity.name;
  const object = new GraphQLObjectType({
    name,
    fields: () => ({
      ...Object.fromEntries(
        entity.allFields.map((f) => [
          f.name,
          { type: f.name === 'id' ? new GraphQLNonNull(GraphQLID) : typeOf(f), description: f.label },
        ]),
      ),
      _version: { type: new GraphQLNonNull(GraphQLInt) },
      _deleted: { type: GraphQLBoolean },
      _lastChangedAt: { type: new GraphQLNonNull(AWSTimestamp) },
    }),
  });
  const connection = new GraphQLObjectType({
    name: `Model${name}Connection`,
    fields: {
      items: { type: new GraphQLNonNull(new GraphQLList(object)) },
      nextToken: { type: GraphQLString },
      total: { type: GraphQLInt, description: 'Number of matching records (counted only when selected).' },
      startedAt: { type: AWSTimestamp },
    },
  });
  // A secret is never compared: a filter or a condition on it would read it back a character at a time.
  const operatorFields = (): GraphQLInputFieldConfigMap =>
    Object.fromEntries(
      entity.allFields
        .filter((f) => f.type !== 'secret')
        .map((f) => [f.name, { type: operatorInput(typeOf(f)) }]),
    );
  const filter: GraphQLInputObjectType = new GraphQLInputObjectType({
    name: `Model${name}FilterInput`,
    fields: () => ({
      ...operatorFields(),
      _version: { type: operatorInput(GraphQLInt) },
      and: { type: new GraphQLList(filter) },
      or: { type: new GraphQLList(filter) },
      not: { type: filter },
    }),
  });
  const condition: GraphQLInputObjectType = new GraphQLInputObjectType({
    name: `Model${name}ConditionInput`,
    fields: () => ({
      ...operatorFields(),
      and: { type: new GraphQLList(condition) },
      or: { type: new GraphQLList(condition) },
      not: { type: condition },
    }),
  });
  const writable = entity.allFields.filter((f) => !SERVER_ONLY.has(f.name));
  const create = new GraphQLInputObjectType({
    name: `Create${name}Input`,
    fields: Object.fromEntries(writable.map((f) => [f.name, { type: typeOf(f) }])),
  });
  const update = new GraphQLInputObjectType({
    name: `Update${name}Input`,
    fields: {
      ...Object.fromEntries(
        writable.map((f) => [f.name, { type: f.name === 'id' ? new GraphQLNonNull(GraphQLID) : typeOf(f) }]),
      ),
      _version: { type: GraphQLInt },
    },
  });
  const remove = new GraphQLInputObjectType({
    name: `Delete${name}Input`,
    fields: { id: { type: new GraphQLNonNull(GraphQLID) }, _version: { type: GraphQLInt } },
  });
  return { object, connection, filter, condition, create, update, remove };
}
