import { maskedChange } from '../data/audit-trail.ts';
import type { RequestClient } from '../http/client.ts';
import { accountOf, recordAccountEvent } from './account-events.ts';
import type { AuthDeps } from './auth-deps.ts';
import { consumeCode } from './codes.ts';
import { invalidCode } from './errors.ts';
import { checkPasswordPolicy, hashPassword } from './passwords.ts';
import { confirmForgotPasswordSchema, parseInput, parseUsername } from './schemas.ts';
import { revokeUserSessions } from './sessions.ts';
import { accountKey, clearFailures } from './throttle.ts';
import { findStoredUser } from './users.ts';

/**
 * Sets a new password with the e-mailed reset code. Every session ends and every token stops
 * working: a reset often follows a suspected compromise. The reset is in the audit trail, in its
 * transaction, the password masked (docs/architecture.md, “Audit trail”).
 */
export async function confirmForgotPassword(
  deps: AuthDeps,
  body: unknown,
  client?: RequestClient,
): Promise<Record<string, never>> {
  const input = parseInput(confirmForgotPasswordSchema, body);
  const user = await findStoredUser(deps.db, parseUsername(input.username));
  if (!user || user.disabled) throw invalidCode();
  // The policy is checked before the code is used up, so a refused password does not cost the code.
  checkPasswordPolicy(input.password, { email: user.email });
  const now = deps.now();
  await consumeCode(deps.db, deps.keys.secret, { sub: user.sub, purpose: 'reset', code: input.code, now });
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await tx.query(
      `UPDATE auth_users SET password_hash = $2, confirmed = true, email_verified = true, updated_at = $3 WHERE sub = $1`,
      [user.sub, passwordHash, now.toISOString()],
    );
    await revokeUserSessions(tx, user.sub, { now, allTokens: true });
    await recordAccountEvent(tx, {
      action: 'resetPassword',
      account: accountOf(user),
      client,
      at: now,
      changes: [
        maskedChange('password', user.passwordHash, passwordHash),
        { field: 'confirmed', old: user.confirmed, new: true },
        { field: 'emailVerified', old: user.emailVerified, new: true },
      ],
    });
  });
  await clearFailures(deps.db, accountKey(user.sub));
  return {};
}
