import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
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
import { ApiError } from '../http/errors.ts';
import type { OperationContext } from '../operations/context.ts';
import { formatError, type AppSyncError } from './errors.ts';
import { MAX_BATCH, queryLimitsRule } from './limits.ts';

export type Authenticate = (authorization: string | undefined) => Promise<Caller | null>;

interface GraphqlBody {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

const CACHE_SIZE = 500;

/** Parses and validates each distinct query once; later requests reuse the document. */
export function createDocumentCache(schema: GraphQLSchema, production: boolean) {
  const rules = [
    ...specifiedRules,
    queryLimitsRule,
    ...(production ? [NoSchemaIntrospectionCustomRule] : []),
  ];
  const cache = new Map<string, DocumentNode | readonly AppSyncError[]>();
  return (query: string): DocumentNode | readonly AppSyncError[] => {
    const hit = cache.get(query);
    if (hit) return hit;
    let result: DocumentNode | readonly AppSyncError[];
    try {
      const doc = parse(query, { maxTokens: 5000 });
      const errors = validate(schema, doc, rules);
      result = errors.length
        ? errors.map((e) => ({
            message: e.message,
            locations: e.locations,
            errorType: 'ValidationError',
            data: null,
          }))
        : doc;
    } catch (error) {
      result = [{ message: (error as Error).message, errorType: 'ValidationError', data: null }];
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
    contextFor: (caller: Caller | null) => OperationContext;
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

  const runOne = async (body: GraphqlBody, caller: Caller | null) => {
    if (typeof body?.query !== 'string') {
      return { errors: [{ message: 'query must be a string', errorType: 'ValidationError', data: null }] };
    }
    const document = documents(body.query);
    if (Array.isArray(document)) return { data: null, errors: document };
    const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;
    const variables = (body.variables ?? undefined) as Record<string, unknown> | undefined;
    const contextValue = deps.contextFor(caller);
    const compiled = compiledQuery(body.query, operationName, document as DocumentNode);
    const result = compiled
      ? await compiled.query(undefined, contextValue, variables)
      : await execute({
          schema: deps.schema,
          document: document as DocumentNode,
          variableValues: variables,
          operationName,
          contextValue,
        });
    return result.errors
      ? { data: result.data ?? null, errors: result.errors.map((e) => formatError(e, log)) }
      : { data: result.data };
  };

  app.post('/graphql', async (request: FastifyRequest, reply: FastifyReply) => {
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
      return Promise.all(body.map((b) => runOne(b, caller)));
    }
    return runOne(body, caller);
  });
}
