/** The Cognito exception names the user pool answers with (body `{ error, message }`). */
export type AuthErrorCode =
  | 'UsernameExistsException'
  | 'CodeMismatchException'
  | 'ExpiredCodeException'
  | 'NotAuthorizedException'
  | 'UserNotConfirmedException'
  | 'InvalidPasswordException'
  | 'LimitExceededException'
  | 'InvalidParameterException'
  | 'UserNotFoundException'
  | 'InternalErrorException';

const STATUS: Record<AuthErrorCode, number> = {
  UsernameExistsException: 400,
  CodeMismatchException: 400,
  ExpiredCodeException: 400,
  NotAuthorizedException: 401,
  UserNotConfirmedException: 400,
  InvalidPasswordException: 400,
  LimitExceededException: 429,
  InvalidParameterException: 400,
  UserNotFoundException: 404,
  InternalErrorException: 500,
};

/** An error of the user pool whose message is safe to show. */
export class AuthError extends Error {
  readonly code: AuthErrorCode;
  readonly statusCode: number;
  constructor(code: AuthErrorCode, message: string) {
    super(message);
    this.code = code;
    this.statusCode = STATUS[code];
  }
}

/** The one answer to a wrong password and to an unknown account, so neither reveals the other. */
export const incorrectCredentials = (): AuthError =>
  new AuthError('NotAuthorizedException', 'Incorrect username or password.');

export const passwordAttemptsExceeded = (): AuthError =>
  new AuthError('LimitExceededException', 'Password attempts exceeded');

export const invalidCode = (): AuthError =>
  new AuthError('CodeMismatchException', 'Invalid verification code provided, please try again.');

export const expiredCode = (): AuthError =>
  new AuthError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
