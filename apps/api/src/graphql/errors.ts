import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { StatementTimeout } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import { reportInternalError } from '../http/sentry.ts';

export interface AppSyncError extends GraphQLFormattedError {
  readonly errorType: string;
  readonly data: unknown;
}

/**
 * What an error was raised by: an `ApiError` of an operation, a `GraphQLError` of graphql-js's
 * own parsing, validation and coercion (which wraps the GraphQLErrors of scalars and nested
 * values, so the chain is followed to its end), or anything else, which is unexpected.
 */
function causeOf(error: GraphQLError): unknown {
  let cause: unknown = error;
  while (cause instanceof GraphQLError && cause.originalError) cause = cause.originalError;
  return cause;
}

/**
 * Formats errors as AppSync does: message, errorType, data
 * (docs/architecture.md, “API errors, filters and secrets”). Only messages written for clients
 * pass: those of `ApiError` and of graphql-js about the request; anything else (a database error, a
 * bug) is logged, reported to Sentry when configured (http/sentry.ts) and answered as
 * `InternalFailure` with a generic message, never its own message or stack.
 */
export function formatError(error: GraphQLError, log: (error: unknown) => void): AppSyncError {
  const base = { path: error.path, locations: error.locations };
  const cause = causeOf(error);
  if (cause instanceof ApiError) {
    return { ...base, message: cause.message, errorType: cause.errorType, data: cause.data };
  }
  if (cause instanceof GraphQLError)
    // The outermost message names the variable or argument and the place inside it.
    return { ...base, message: error.message, errorType: 'ValidationError', data: null };
  if (cause instanceof StatementTimeout)
    return {
      ...base,
      message: 'The request took too long and was stopped: ask for fewer rows or a narrower filter',
      errorType: 'LimitExceeded',
      data: null,
    };
  log(cause);
  reportInternalError(cause);
  return { ...base, message: 'An internal error occurred', errorType: 'InternalFailure', data: null };
}

/**
 * An operation's refusal where graphql-ws takes only GraphQLErrors (the socket's limits): the
 * ApiError rides as its original error, so formatError answers its errorType as for any other.
 */
export const socketRefusal = (error: ApiError): GraphQLError =>
  new GraphQLError(error.message, { originalError: error });

/** A GraphQL-level refusal of a request (bounds, parse and validation errors) as AppSync formats it. */
export const validationFailure = (message: string, locations?: GraphQLError['locations']): AppSyncError => ({
  message,
  ...(locations ? { locations } : {}),
  errorType: 'ValidationError',
  data: null,
});

/**
 * Errors that reach Fastify's error handling on /graphql, in the AppSync shape: Fastify's own 4xx
 * about the request (malformed JSON, wrong content type, body too large) with its message; anything
 * else logged and answered as `InternalFailure`, never with its own message.
 */
export function sendRequestError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    const errorType = status === 413 ? 'LimitExceeded' : 'ValidationError';
    return reply
      .code(status)
      .send({ errors: [{ message: `Invalid request: ${error.message}`, errorType, data: null }] });
  }
  request.log.error(error);
  return reply
    .code(500)
    .send({ errors: [{ message: 'An internal error occurred', errorType: 'InternalFailure', data: null }] });
}
