import type { AuthDeps } from './auth-deps.ts';
import { AuthError } from './errors.ts';
import { parseInput, refreshSchema } from './schemas.ts';
import { revokeSessionById, rotateRefreshToken } from './sessions.ts';
import { signTokens, type TokenSet } from './tokens.ts';
import { findStoredUser } from './users.ts';

/**
 * New id and access tokens for a refresh token, with a new refresh token: the one presented stops
 * working (rotation). Groups and attributes are read afresh, so admin changes show up here. The
 * token comes in the body (API clients) or else in the refresh cookie (the web app).
 */
export async function refresh(deps: AuthDeps, body: unknown, cookieToken?: string): Promise<TokenSet> {
  const input = parseInput(refreshSchema, body);
  const refreshToken = input.refreshToken ?? cookieToken;
  if (!refreshToken)
    throw new AuthError('InvalidParameterException', 'Invalid value for refreshToken: is required');
  const now = deps.now();
  const session = await rotateRefreshToken(deps.db, refreshToken, now);
  const user = await findStoredUser(deps.db, { kind: 'sub', value: session.sub });
  if (!user || user.disabled) {
    await revokeSessionById(deps.db, session.sessionId, now);
    throw new AuthError('NotAuthorizedException', user ? 'User is disabled.' : 'Invalid Refresh Token');
  }
  return signTokens({
    ...deps,
    user,
    sessionId: session.sessionId,
    authTime: session.authTime,
    refreshToken: session.refreshToken,
    now,
  });
}
