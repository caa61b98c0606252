/** AppSync error types (docs/architecture.md, “API errors, filters and secrets”). */
export type ErrorType =
  'Unauthorized' | 'ValidationError' | 'ConflictUnhandled' | 'NotFound' | 'LimitExceeded' | 'InternalFailure';

/** An error whose message is safe to show to the client. */
export class ApiError extends Error {
  readonly errorType: ErrorType;
  readonly data: unknown;
  constructor(errorType: ErrorType, message: string, data: unknown = null) {
    super(message);
    this.errorType = errorType;
    this.data = data;
  }
}

export const unauthorized = (message = 'Not authorized to access this resource'): ApiError =>
  new ApiError('Unauthorized', message);
export const validationError = (message: string): ApiError => new ApiError('ValidationError', message);
export const notFound = (message: string): ApiError => new ApiError('NotFound', message);
