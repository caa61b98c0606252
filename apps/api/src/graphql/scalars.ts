import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { inputValueProblem } from './input-bounds.ts';

/**
 * AppSync scalars. They travel as strings and pass through unchanged; the domain's zod schemas
 * validate them (so every layer shares one definition of a valid date, e-mail, amount…). A value
 * of the wrong kind is refused with a GraphQLError, which graphql-js reports as a ValidationError
 * naming the variable or argument (docs/architecture.md, “API errors, filters and secrets”).
 */
function stringScalar(name: string, description: string): GraphQLScalarType {
  const parse = (value: unknown): string => {
    if (typeof value === 'string') return value;
    throw new GraphQLError(`${name} must be a string`);
  };
  return new GraphQLScalarType({
    name,
    description,
    serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
    parseValue: parse,
    parseLiteral: (ast: ValueNode) => {
      if (ast.kind === Kind.STRING) return ast.value;
      throw new GraphQLError(`${name} must be a string`);
    },
  });
}

export const AWSDate = stringScalar('AWSDate', 'A date, YYYY-MM-DD.');
export const AWSDateTime = stringScalar('AWSDateTime', 'An ISO 8601 date-time.');
export const AWSEmail = stringScalar('AWSEmail', 'An e-mail address.');
export const AWSPhone = stringScalar('AWSPhone', 'A phone number in international format.');
export const AWSURL = stringScalar('AWSURL', 'A URL.');

/** Money and rates: exact decimal strings, never floats (numbers in input are accepted and kept exact as written). */
export const Decimal = new GraphQLScalarType({
  name: 'Decimal',
  description: 'An exact decimal number, sent and returned as a string such as "1250.50".',
  serialize: (value) => String(value),
  parseValue: (value) => {
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    throw new GraphQLError('Decimal must be a string such as "1250.50"');
  },
  parseLiteral: (ast) => {
    if (ast.kind === Kind.STRING || ast.kind === Kind.INT || ast.kind === Kind.FLOAT) return ast.value;
    throw new GraphQLError('Decimal must be a string such as "1250.50"');
  },
});

/** A JSON value, parsed from its string, held to the same bounds as every other input value. */
function parseJson(value: unknown): unknown {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new GraphQLError('AWSJSON must be a string holding valid JSON');
    }
  }
  const problem = inputValueProblem(parsed, 'AWSJSON value');
  if (problem) throw new GraphQLError(problem);
  return parsed;
}

export const AWSJSON = new GraphQLScalarType({
  name: 'AWSJSON',
  description: 'A JSON value serialised as a string.',
  serialize: (value) => (typeof value === 'string' ? value : JSON.stringify(value)),
  parseValue: parseJson,
});

export const AWSTimestamp = new GraphQLScalarType({
  name: 'AWSTimestamp',
  description: 'Milliseconds since the epoch.',
  serialize: (value) => Number(value),
  parseValue: (value) => Number(value),
});
