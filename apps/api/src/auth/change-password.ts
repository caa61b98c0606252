import { maskedChange } from '../data/audit-trail.ts';
import type { RequestClient } from '../http/client.ts';
import { accountOf, recordAccountEvent } from './account-events.ts';
import type { AuthDeps } from './auth-deps.ts';
import { AuthError, incorrectCredentials } from './errors.ts';
import { checkPasswordPolicy, hashPassword, verifyPassword } from './passwords.ts';
import { changePasswordSchema, parseInput } from './schemas.ts';
import { revokeUserSessions } from './sessions.ts';
import { accountKey, assertNotLocked, clearFailures, recordFailure } from './throttle.ts';
import { findStoredUser } from './users.ts';

/**
 * Changes the password of the signed-in user (access token in Authorization). The current session
 * goes on; every other session ends, since whoever else knew the old password must not stay in.
 * The change is in the audit trail, in its transaction, the password masked
 * (docs/architecture.md, “Audit trail”).
 */
export async function changePassword(
  deps: AuthDeps,
  body: unknown,
  authorization: string | undefined,
  client?: RequestClient,
): Promise<Record<string, never>> {
  const verified = await deps.verifyToken(authorization);
  if (!verified || verified.external || verified.claims.token_use !== 'access')
    throw new AuthError('NotAuthorizedException', 'Send your access token in the Authorization header.');
  const input = parseInput(changePasswordSchema, body);
  const user = await findStoredUser(deps.db, { kind: 'sub', value: verified.caller.sub });
  if (!user) throw new AuthError('NotAuthorizedException', 'Access Token has been revoked');
  const now = deps.now();
  const account = accountKey(user.sub);
  await assertNotLocked(deps.db, [account], now);
  if (!(await verifyPassword(user.passwordHash, input.previousPassword))) {
    const { throttle } = deps;
    await recordFailure(deps.db, {
      key: account,
      threshold: throttle.accountThreshold,
      now,
      options: throttle,
    });
    throw incorrectCredentials();
  }
  await clearFailures(deps.db, account);
  checkPasswordPolicy(input.proposedPassword, { email: user.email });
  const passwordHash = await hashPassword(input.proposedPassword);
  await deps.db.transaction(async (tx) => {
    await tx.query('UPDATE auth_users SET password_hash = $2, updated_at = $3 WHERE sub = $1', [
      user.sub,
      passwordHash,
      now.toISOString(),
    ]);
    await revokeUserSessions(tx, user.sub, {
      now,
      ...(verified.sessionId ? { keepSessionId: verified.sessionId } : {}),
    });
    await recordAccountEvent(tx, {
      action: 'changePassword',
      account: accountOf(user),
      client,
      at: now,
      changes: [maskedChange('password', user.passwordHash, passwordHash)],
    });
  });
  return {};
}
