import fastifyCookie from '@fastify/cookie';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { clientOfRequest } from '../http/client.ts';
import { ApiError } from '../http/errors.ts';
import { registerDevMail } from '../mail/dev-mail-routes.ts';
import { acceptInvitation } from './accept-invitation.ts';
import { createAuthDeps, type AuthDeps, type AuthOptions } from './auth-deps.ts';
import { changePassword } from './change-password.ts';
import { confirmForgotPassword } from './confirm-forgot-password.ts';
import { confirmSignUp } from './confirm-sign-up.ts';
import { AuthError } from './errors.ts';
import { forgotPassword } from './forgot-password.ts';
import { refresh } from './refresh.ts';
import { resendCode } from './resend-code.ts';
import { signIn } from './sign-in.ts';
import { clearSessionCookies, refreshTokenFromCookie, setSessionCookies } from './session-cookies.ts';
import { signOut } from './sign-out.ts';
import { signUp } from './sign-up.ts';
import type { TokenSet } from './tokens.ts';

type Handler = (
  deps: AuthDeps,
  body: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<unknown>;

/** The POST endpoints under /auth: each a thin adapter over one use case. */
const ROUTES: Record<string, Handler> = {
  'sign-up': (deps, body, request) => signUp(deps, body, clientOfRequest(request)),
  'confirm-sign-up': (deps, body, request) => confirmSignUp(deps, body, clientOfRequest(request)),
  'resend-code': (deps, body) => resendCode(deps, body),
  'sign-in': async (deps, body, request, reply) =>
    withCookie(deps, request, reply, await signIn(deps, body, clientOfRequest(request))),
  refresh: async (deps, body, request, reply) => {
    const fromCookie = hasBodyToken(body) ? undefined : refreshTokenFromCookie(request);
    try {
      return withCookie(deps, request, reply, await refresh(deps, body, fromCookie));
    } catch (error) {
      // A refused cookie is stale (rotated, expired, signed out elsewhere): stop sending it.
      if (fromCookie) clearSessionCookies(reply, request, deps.config);
      throw error;
    }
  },
  'sign-out': async (deps, body, request, reply) => {
    const answer = await signOut(
      deps,
      body,
      request.headers.authorization,
      refreshTokenFromCookie(request),
      clientOfRequest(request),
    );
    clearSessionCookies(reply, request, deps.config);
    return answer;
  },
  'forgot-password': (deps, body) => forgotPassword(deps, body),
  'confirm-forgot-password': (deps, body, request) =>
    confirmForgotPassword(deps, body, clientOfRequest(request)),
  'change-password': (deps, body, request) =>
    changePassword(deps, body, request.headers.authorization, clientOfRequest(request)),
  'accept-invitation': (deps, body, request) => acceptInvitation(deps, body, clientOfRequest(request)),
};

/** The JSON answer as before (API clients read the refresh token there), and the web's cookie. */
function withCookie(
  deps: AuthDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: TokenSet,
): TokenSet {
  setSessionCookies(reply, request, deps.config, tokens.refreshToken);
  return tokens;
}

const hasBodyToken = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && 'refreshToken' in body;

/**
 * The user pool at /auth (docs/architecture.md, “The running system”) and, outside production, the
 * mail outbox at /dev/mail.
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext, options: AuthOptions = {}): void {
  const deps = createAuthDeps(ctx, options);
  registerDevMail(app, ctx, deps.mail.settled);
  app.register(
    async (scope) => {
      // Cookies are read and set under /auth only: the refresh cookie (auth/session-cookies.ts).
      await scope.register(fastifyCookie);
      scope.setErrorHandler((error: FastifyError | Error, request, reply) =>
        sendError(error, request, reply),
      );
      scope.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      for (const [path, handler] of Object.entries(ROUTES))
        scope.post(`/${path}`, async (request, reply) => handler(deps, request.body, request, reply));
      const session = async (request: FastifyRequest) => {
        const verified = await deps.verifyToken(request.headers.authorization);
        if (!verified)
          throw new AuthError('NotAuthorizedException', 'Send your token in the Authorization header.');
        return { ...verified.claims, role: verified.caller.role, groupId: verified.caller.groupId };
      };
      scope.get('/session', session);
      scope.post('/session', session);
    },
    { prefix: '/auth' },
  );
}

/** Errors as Cognito names them: `{ error, message }`, never a stack trace. */
function sendError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof AuthError)
    return reply.code(error.statusCode).send({ error: error.code, message: error.message });
  if (error instanceof ApiError && error.errorType === 'Unauthorized')
    return reply.code(401).send({ error: 'NotAuthorizedException', message: error.message });
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  // Fastify's own 4xx (malformed JSON, wrong content type, body too large).
  if (status >= 400 && status < 500)
    return reply
      .code(400)
      .send({ error: 'InvalidParameterException', message: `Invalid request: ${error.message}` });
  request.log.error(error);
  return reply
    .code(500)
    .send({ error: 'InternalErrorException', message: 'An internal error occurred. Please try again.' });
}
