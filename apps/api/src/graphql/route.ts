import type { FastifyInstance } from 'fastify';
import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  execute,
  parse,
  specifiedRules,
  validate,
  Kind,
  isInputObjectType,
  type DocumentNode,
  type GraphQLSchema,
  type TypeNode,
} from 'graphql';
import type { Caller } from '@rf/domain';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { AppContext } from '../app-context.ts';
import { clientOfRequest, type RequestClient } from '../http/client.ts';
import { ApiError } from '../http/errors.ts';
import type { OperationContext } from '../operations/context.ts';
import { formatError, sendRequestError, validationFailure, type AppSyncError } from './errors.ts';
import { inputBoundsRule, queryNestingProblem, variablesProblem } from './input-bounds.ts';
import { MAX_BATCH, MAX_COST, operationCost, queryLimitsRule, tooExpensive } from './limits.ts';

export type Authenticate = (authorization: string | undefined) => Promise<Caller | null>;

interface GraphqlBody {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

const CACHE_SIZE = 500;

/**
 * Parses and validates each distinct query once; later requests reuse the document. In production
 * the messages suggest no field names ("Did you mean …"), as introspection is off there too.
 */
export function createDocumentCache(schema: GraphQLSchema, production: boolean) {
  const rules = [
    ...specifiedRules,
    queryLimitsRule,
    inputBoundsRule,
    ...(production ? [NoSchemaIntrospectionCustomRule] : []),
  ];
  const cache = new Map<string, DocumentNode | readonly AppSyncError[]>();
  return (query: string): DocumentNode | readonly AppSyncError[] => {
    const hit = cache.get(query);
    if (hit) return hit;
    let result: DocumentNode | readonly AppSyncError[];
    try {
      // Measured before parsing, which recurses once per bracket (input-bounds.ts).
      const nesting = queryNestingProblem(query);
      if (nesting) throw new GraphQLError(nesting);
      const doc = parse(query, { maxTokens: 5000 });
      const errors = validate(schema, doc, rules, { hideSuggestions: production });
      result = errors.length ? errors.map((e) => validationFailure(e.message, e.locations)) : doc;
    } catch (error) {
      // parse throws GraphQLErrors (syntax, too many tokens); anything else is not the client's to read.
      result = [
        validationFailure(error instanceof GraphQLError ? error.message : 'The query cannot be parsed'),
      ];
    }
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(query, result);
    return result;
  };
}

/** Whether any operation of the document declares a variable of an input-object type. */
function hasInputObjectVariables(schema: GraphQLSchema, document: DocumentNode): boolean {
  return document.definitions.some(
    (def) =>
      def.kind === Kind.OPERATION_DEFINITION &&
      (def.variableDefinitions ?? []).some((v) => isInputObjectType(schema.getType(namedTypeOf(v.type)))),
  );
}

function namedTypeOf(type: TypeNode): string {
  return type.kind === Kind.NAMED_TYPE ? type.name.value : namedTypeOf(type.type);
}

/** POST /graphql: one operation or a batch of at most MAX_BATCH, authorised by the id token. */
export function registerGraphqlRoute(
  app: FastifyInstance,
  ctx: AppContext,
  deps: {
    schema: GraphQLSchema;
    authenticate: Authenticate;
    contextFor: (caller: Caller | null, client?: RequestClient) => OperationContext;
  },
): void {
  const documents = createDocumentCache(deps.schema, ctx.config.production);
  const log = (error: unknown) => app.log.error(error);
  // Each validated query is compiled once to JavaScript (graphql-jit), which resolves a page of
  // records several times faster than interpreting the query on every request.
  const compiledQueries = new Map<string, CompiledQuery | null>();
  const compiledQuery = (query: string, operationName: string | undefined, document: DocumentNode) => {
    const key = `${operationName ?? ''}\n${query}`;
    let compiled = compiledQueries.get(key);
    if (compiled === undefined) {
      // Introspection is left to graphql-js, which answers it completely, and so are operations
      // with input-object variables: graphql-jit's coercion of self-referencing inputs (filters
      // with and/or/not) exhausts memory (graphql-jit#81).
      const interpreted = /\b__(schema|type)\b/.test(query) || hasInputObjectVariables(deps.schema, document);
      const result = interpreted ? null : compileQuery(deps.schema, document, operationName);
      compiled = result && isCompiledQuery(result) ? result : null;
      if (compiledQueries.size >= CACHE_SIZE)
        compiledQueries.delete(compiledQueries.keys().next().value as string);
      compiledQueries.set(key, compiled);
    }
    return compiled;
  };

  const requestCost = (bodies: readonly GraphqlBody[]): number =>
    bodies.reduce((sum, body) => {
      const document = typeof body?.query === 'string' ? documents(body.query) : [];
      if (Array.isArray(document)) return sum; // answered with its own errors
      const variables =
        typeof body.variables === 'object' ? (body.variables as Record<string, unknown>) : null;
      const name = typeof body.operationName === 'string' ? body.operationName : undefined;
      return sum + operationCost(document as DocumentNode, name, variables ?? undefined);
    }, 0);

  const runOne = async (body: GraphqlBody, caller: Caller | null, client: RequestClient) => {
    if (typeof body?.query !== 'string') return { errors: [validationFailure('query must be a string')] };
    const document = documents(body.query);
    if (Array.isArray(document)) return { data: null, errors: document };
    // Bounded before graphql-js coerces them, which recurses once per level of nesting.
    const problem = variablesProblem(body.variables);
    if (problem) return { data: null, errors: [validationFailure(problem)] };
    const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;
    const variables = (body.variables ?? undefined) as Record<string, unknown> | undefined;
    const contextValue = deps.contextFor(caller, client);
    const compiled = compiledQuery(body.query, operationName, document as DocumentNode);
    const result = compiled
      ? await compiled.query(undefined, contextValue, variables)
      : await execute({
          schema: deps.schema,
          document: document as DocumentNode,
          variableValues: variables,
          operationName,
          contextValue,
          hideSuggestions: ctx.config.production,
        });
    return result.errors
      ? { data: result.data ?? null, errors: result.errors.map((e) => formatError(e, log)) }
      : { data: result.data };
  };

  app.post('/graphql', { errorHandler: sendRequestError }, async (request, reply) => {
    let caller: Caller | null;
    try {
      caller = await deps.authenticate(request.headers.authorization);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : 'Invalid token';
      return reply.code(401).send({ errors: [{ message, errorType: 'UnauthorizedException', data: null }] });
    }
    const body = request.body as GraphqlBody | GraphqlBody[];
    if (Array.isArray(body)) {
      if (body.length > MAX_BATCH) {
        return reply.code(400).send({
          errors: [
            { message: `At most ${MAX_BATCH} operations per batch`, errorType: 'LimitExceeded', data: null },
          ],
        });
      }
    }
    // One budget for the whole request, with the variables' values (a variable `limit` included).
    const cost = requestCost(Array.isArray(body) ? body : [body]);
    if (cost > MAX_COST)
      return reply
        .code(400)
        .send({ errors: [{ message: tooExpensive(cost), errorType: 'LimitExceeded', data: null }] });
    const client = clientOfRequest(request);
    if (Array.isArray(body)) return Promise.all(body.map((b) => runOne(b, caller, client)));
    return runOne(body, caller, client);
  });
}
