import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { servedOverHttps } from '../http/security-headers.ts';
import { REFRESH_TOKEN_TTL_MS } from './sessions.ts';

/** The refresh token, for /auth only and out of reach of scripts. */
export const REFRESH_COOKIE = 'rf_refresh';
/**
 * "A refresh cookie was set": no secret, readable by the web app, so that it asks /auth/refresh for
 * tokens on start only when there is a session to restore (a signed-out visitor makes no failing
 * request).
 */
export const SESSION_HINT_COOKIE = 'rf_session';

const MAX_AGE_SECONDS = Math.floor(REFRESH_TOKEN_TTL_MS / 1000);
const REFRESH_ATTRIBUTES = { path: '/auth', httpOnly: true, sameSite: 'strict' } as const;
const HINT_ATTRIBUTES = { path: '/', sameSite: 'strict' } as const;

/**
 * Keeps the refresh token in an `HttpOnly`, `SameSite=Strict` cookie scoped to `/auth` (`Secure`
 * over HTTPS), with the hint beside it (docs/architecture.md, “Deployment”).
 */
export function setSessionCookies(
  reply: FastifyReply,
  request: FastifyRequest,
  config: Pick<Config, 'publicUrl'>,
  refreshToken: string,
): void {
  const secure = servedOverHttps(config, request);
  reply.setCookie(REFRESH_COOKIE, refreshToken, { ...REFRESH_ATTRIBUTES, secure, maxAge: MAX_AGE_SECONDS });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...HINT_ATTRIBUTES, secure, maxAge: MAX_AGE_SECONDS });
}

/** Ends both cookies (sign-out, a refused refresh), with the attributes they were set with. */
export function clearSessionCookies(
  reply: FastifyReply,
  request: FastifyRequest,
  config: Pick<Config, 'publicUrl'>,
): void {
  const secure = servedOverHttps(config, request);
  reply.clearCookie(REFRESH_COOKIE, { ...REFRESH_ATTRIBUTES, secure });
  reply.clearCookie(SESSION_HINT_COOKIE, { ...HINT_ATTRIBUTES, secure });
}

export function refreshTokenFromCookie(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE] || undefined;
}
