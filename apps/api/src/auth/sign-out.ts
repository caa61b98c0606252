import type { AuthDeps } from './auth-deps.ts';
import { AuthError } from './errors.ts';
import { parseInput, signOutSchema } from './schemas.ts';
import { revokeSessionById, revokeUserSessions, sessionOfRefreshToken } from './sessions.ts';

/**
 * Ends the session of the refresh token (in the body, or else in the refresh cookie) and/or of the
 * access token in Authorization: its refresh tokens stop working and so do its id and access
 * tokens. `global: true` (with an access token) ends every session of the user. Signing out twice
 * is not an error.
 */
export async function signOut(
  deps: AuthDeps,
  body: unknown,
  authorization: string | undefined,
  cookieToken?: string,
): Promise<Record<string, never>> {
  const parsed = parseInput(signOutSchema, body);
  const input = { ...parsed, refreshToken: parsed.refreshToken ?? cookieToken };
  const now = deps.now();
  // An expired or revoked access token must not stop a refresh token from being revoked.
  const verified = await deps.verifyToken(authorization).catch(() => null);
  if (!verified && !input.refreshToken)
    throw new AuthError(
      'InvalidParameterException',
      'Invalid value for refreshToken: send the refresh token, or an access token in the Authorization header',
    );
  if (input.global && !verified)
    throw new AuthError(
      'NotAuthorizedException',
      'Signing out everywhere needs an access token in Authorization.',
    );
  if (input.refreshToken) {
    const session = await sessionOfRefreshToken(deps.db, input.refreshToken);
    // A token of someone else's session is ignored rather than revoked.
    if (session && (!verified || verified.caller.sub === session.sub))
      await revokeSessionById(deps.db, session.sessionId, now);
  }
  if (verified && !verified.external) {
    if (input.global) await revokeUserSessions(deps.db, verified.caller.sub, { now, allTokens: true });
    else if (verified.sessionId) await revokeSessionById(deps.db, verified.sessionId, now);
  }
  return {};
}
