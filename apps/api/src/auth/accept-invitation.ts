import { z } from 'zod';
import { maskedChange } from '../data/audit-trail.ts';
import type { RequestClient } from '../http/client.ts';
import { accountOf, recordAccountEvent } from './account-events.ts';
import type { AuthDeps } from './auth-deps.ts';
import { AuthError } from './errors.ts';
import { deleteInvitation, findInvitation } from './invitations.ts';
import { checkPasswordPolicy, hashPassword } from './passwords.ts';
import { parseInput } from './schemas.ts';
import { accountKey, clearFailures } from './throttle.ts';
import { findStoredUser } from './users.ts';

const acceptInvitationSchema = z.object({
  token: z.string().trim().min(1, { message: 'must not be empty' }).max(200, { message: 'is too long' }),
  password: z.string().max(4096, { message: 'is too long' }),
});

const invalidInvitation = (): AuthError =>
  new AuthError(
    'CodeMismatchException',
    'This invitation link is not valid or has already been used. Ask for a new invitation.',
  );

/**
 * POST /auth/accept-invitation `{ token, password }`: the invited user chooses their password (the
 * sign-up policy applies). The invitation is used up; the answer names the username to sign in with.
 * The acceptance is in the audit trail, in its transaction (docs/architecture.md, “Audit trail”).
 */
export async function acceptInvitation(
  deps: AuthDeps,
  body: unknown,
  client?: RequestClient,
): Promise<{ username: string }> {
  const input = parseInput(acceptInvitationSchema, body);
  const now = deps.now();
  const invitation = await findInvitation(deps.db, input.token);
  if (!invitation) throw invalidInvitation();
  if (invitation.expiresAt.getTime() <= now.getTime()) {
    await deleteInvitation(deps.db, input.token);
    throw new AuthError(
      'ExpiredCodeException',
      'This invitation has expired. Ask whoever invited you (the Owner of your organisation, your broker or an administrator) to send a new one.',
    );
  }
  const user = await findStoredUser(deps.db, { kind: 'sub', value: invitation.sub });
  if (!user || user.disabled) throw invalidInvitation();
  if (user.passwordHash) {
    await deleteInvitation(deps.db, input.token);
    throw new AuthError(
      'NotAuthorizedException',
      'A password has already been chosen for this account: sign in, or use "Forgot password".',
    );
  }
  // The policy is checked before the invitation is used, so a refused password does not cost it.
  checkPasswordPolicy(input.password, { email: user.email });
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    if (!(await deleteInvitation(tx, input.token))) throw invalidInvitation();
    const set = await tx.query(
      `UPDATE auth_users SET password_hash = $2, confirmed = true, email_verified = true, updated_at = $3
        WHERE sub = $1 AND password_hash IS NULL RETURNING sub`,
      [user.sub, passwordHash, now.toISOString()],
    );
    if (!set.length) throw invalidInvitation();
    await recordAccountEvent(tx, {
      action: 'acceptInvitation',
      account: accountOf(user),
      client,
      at: now,
      changes: [
        maskedChange('password', null, passwordHash),
        { field: 'confirmed', old: user.confirmed, new: true },
        { field: 'emailVerified', old: user.emailVerified, new: true },
      ],
    });
  });
  await clearFailures(deps.db, accountKey(user.sub));
  return { username: user.email };
}
