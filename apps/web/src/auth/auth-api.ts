import { RequestError } from '../shared/errors.ts';

/**
 * What sign-in and refresh answer. The web app keeps only the id and access tokens (in memory): the
 * refresh token also comes in an `HttpOnly` cookie, which /auth/refresh and /auth/sign-out read.
 */
export interface Tokens {
  readonly idToken: string;
  readonly accessToken: string;
  readonly expiresIn: number;
}

export type GroupType = 'Supplier' | 'Investor' | 'Spv' | 'Broker';

/** Cognito exception names in words the user can act on. */
const MESSAGES: Record<string, string> = {
  UsernameExistsException:
    'An account with this e-mail address already exists. Sign in, or reset your password.',
  CodeMismatchException: 'That code is not right. Check the code in the e-mail and try again.',
  ExpiredCodeException: 'That code has expired. Ask for a new code and try again.',
  NotAuthorizedException: 'The e-mail address, phone number or password is not right.',
  UserNotConfirmedException: 'Your e-mail address is not verified yet. Enter the code we sent you.',
  InvalidPasswordException:
    'This password is not accepted. Use at least 8 characters and avoid common passwords; a few random words work well.',
  LimitExceededException: 'Too many attempts. Please wait a few minutes and try again.',
  TooManyRequestsException: 'Too many attempts. Please wait a few minutes and try again.',
  InvalidParameterException: 'Some of the details are not valid. Check them and try again.',
  UserNotFoundException: 'The e-mail address, phone number or password is not right.',
  CodeDeliveryFailureException: 'We could not send the code. Check the e-mail address and try again.',
};

export function authMessage(code: string | undefined, fallback: string | undefined, status: number): string {
  if (code === 'InvalidParameterException' && fallback) return `Some details are not valid: ${fallback}`;
  if (code && MESSAGES[code]) return MESSAGES[code];
  if (status >= 500) return 'The sign-in service is not available right now. Please try again in a moment.';
  return fallback || 'Something went wrong. Please try again.';
}

export async function authPost<T>(path: string, body: unknown, accessToken?: string): Promise<T> {
  const url = `/auth/${path}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
      },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    throw new RequestError({
      message: 'No connection to the server. Check your network and try again.',
      url,
      status: 0,
    });
  }
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const err = (data ?? {}) as { error?: string; message?: string };
    throw new RequestError({
      message: authMessage(err.error, err.message, res.status),
      url,
      status: res.status,
      code: err.error,
    });
  }
  return data as T;
}

/** Field names: Cognito's (`username`, `previousPassword`) and the contract's (`email`, `oldPassword`) are both sent. */
export const authApi = {
  signUp: (input: {
    email: string;
    password: string;
    name: string;
    phone_number?: string;
    group_type?: GroupType;
    group_name?: string;
  }) => authPost<unknown>('sign-up', input),
  confirmSignUp: (email: string, code: string) =>
    authPost<unknown>('confirm-sign-up', { email, username: email, code }),
  resendCode: (email: string) => authPost<unknown>('resend-code', { email, username: email }),
  signIn: (username: string, password: string) => authPost<Tokens>('sign-in', { username, password }),
  /** The refresh token goes in its cookie, never from script. */
  refresh: () => authPost<Tokens>('refresh', {}),
  signOut: (accessToken: string | undefined) => authPost<unknown>('sign-out', {}, accessToken),
  forgotPassword: (email: string) => authPost<unknown>('forgot-password', { email, username: email }),
  confirmForgotPassword: (email: string, code: string, password: string) =>
    authPost<unknown>('confirm-forgot-password', { email, username: email, code, password }),
  changePassword: (accessToken: string, oldPassword: string, newPassword: string) =>
    authPost<unknown>(
      'change-password',
      { oldPassword, newPassword, previousPassword: oldPassword, proposedPassword: newPassword },
      accessToken,
    ),
  session: (accessToken: string) => authPost<Record<string, unknown>>('session', {}, accessToken),
};
