import type { AuthDeps } from './auth-deps.ts';
import type { RequestClient } from '../http/client.ts';
import { AuthError } from './errors.ts';
import { parseInput, signOutSchema } from './schemas.ts';
import { accountOf, recordAccountEvent } from './account-events.ts';
import { revokeSessionById, revokeUserSessions, sessionOfRefreshToken } from './sessions.ts';
import { findUserBySub } from './users.ts';

/**
 * Ends the session of the refresh token (in the body, or else in the refresh cookie) and/or of the
 * access token in Authorization: its refresh tokens stop working and so do its id and access
 * tokens. `global: true` (with an access token) ends every session of the user. Signing out twice
 * is not an error. A sign-out that ends a session is in the audit trail, in the transaction that
 * ends it (docs/architecture.md, “Audit trail”).
 */
export async function signOut(
  deps: AuthDeps,
  body: unknown,
  authorization: string | undefined,
  cookieToken?: string,
  client?: RequestClient,
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
  await deps.db.transaction(async (tx) => {
    let ended: string | null = null;
    if (input.refreshToken) {
      const session = await sessionOfRefreshToken(tx, input.refreshToken);
      // A token of someone else's session is ignored rather than revoked.
      const mine = session && (!verified || verified.caller.sub === session.sub);
      if (mine && (await revokeSessionById(tx, session.sessionId, now))) ended = session.sub;
    }
    if (verified && !verified.external) {
      if (input.global) {
        await revokeUserSessions(tx, verified.caller.sub, { now, allTokens: true });
        ended = verified.caller.sub;
      } else if (verified.sessionId && (await revokeSessionById(tx, verified.sessionId, now)))
        ended = verified.caller.sub;
    }
    const user = ended ? await findUserBySub(tx, ended) : null;
    if (user)
      await recordAccountEvent(tx, {
        action: 'signOut',
        account: accountOf(user),
        client,
        at: now,
        ...(input.global ? { detail: 'Every session' } : {}),
      });
  });
  return {};
}
