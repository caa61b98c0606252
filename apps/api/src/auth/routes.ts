import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { ApiError } from '../http/errors.ts';
import { registerDevMail } from '../mail/dev-mail-routes.ts';
import { acceptInvitation } from './accept-invitation.ts';
import { createAuthDeps, type AuthDeps, type AuthOptions, type ClientInfo } from './auth-deps.ts';
import { changePassword } from './change-password.ts';
import { confirmForgotPassword } from './confirm-forgot-password.ts';
import { confirmSignUp } from './confirm-sign-up.ts';
import { AuthError } from './errors.ts';
import { forgotPassword } from './forgot-password.ts';
import { refresh } from './refresh.ts';
import { resendCode } from './resend-code.ts';
import { signIn } from './sign-in.ts';
import { signOut } from './sign-out.ts';
import { signUp } from './sign-up.ts';

type Handler = (deps: AuthDeps, body: unknown, request: FastifyRequest) => Promise<unknown>;

const clientOf = (request: FastifyRequest): ClientInfo => ({
  address: request.ip,
  ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
});

/** The POST endpoints under /auth: each a thin adapter over one use case. */
const ROUTES: Record<string, Handler> = {
  'sign-up': (deps, body) => signUp(deps, body),
  'confirm-sign-up': (deps, body, request) => confirmSignUp(deps, body, clientOf(request)),
  'resend-code': (deps, body) => resendCode(deps, body),
  'sign-in': (deps, body, request) => signIn(deps, body, clientOf(request)),
  refresh: (deps, body) => refresh(deps, body),
  'sign-out': (deps, body, request) => signOut(deps, body, request.headers.authorization),
  'forgot-password': (deps, body) => forgotPassword(deps, body),
  'confirm-forgot-password': (deps, body) => confirmForgotPassword(deps, body),
  'change-password': (deps, body, request) => changePassword(deps, body, request.headers.authorization),
  'accept-invitation': (deps, body) => acceptInvitation(deps, body),
};

/**
 * The user pool at /auth (docs/architecture.md, “The running system”) and, outside production, the
 * mail outbox at /dev/mail.
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext, options: AuthOptions = {}): void {
  const deps = createAuthDeps(ctx, options);
  registerDevMail(app, ctx, deps.mail.settled);
  app.register(
    async (scope) => {
      scope.setErrorHandler((error: FastifyError | Error, request, reply) =>
        sendError(error, request, reply),
      );
      scope.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      for (const [path, handler] of Object.entries(ROUTES))
        scope.post(`/${path}`, async (request) => handler(deps, request.body, request));
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
