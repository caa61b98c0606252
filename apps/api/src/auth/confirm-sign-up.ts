import type { AuthDeps } from './auth-deps.ts';
import type { RequestClient } from '../http/client.ts';
import { consumeCode } from './codes.ts';
import { AuthError, invalidCode } from './errors.ts';
import { confirmSignUpSchema, parseInput, parseUsername } from './schemas.ts';
import { addressKey, assertNotLocked, recordFailure } from './throttle.ts';
import { findStoredUser } from './users.ts';

/**
 * Confirms a sign-up with the e-mailed code; the e-mail address counts as verified from then on.
 * Unknown and already confirmed accounts answer like a wrong code, and wrong codes lock the username
 * typed and the client address on the sign-in schedule, so the endpoint neither tells who has an
 * account nor lets anyone guess (docs/architecture.md, “Sessions, limits and enumeration”).
 */
export async function confirmSignUp(
  deps: AuthDeps,
  body: unknown,
  client: RequestClient,
): Promise<Record<string, never>> {
  const input = parseInput(confirmSignUpSchema, body);
  const username = parseUsername(input.username);
  const now = deps.now();
  const keys = { account: `confirm:${username.kind}:${username.value}`, address: addressKey(client.address) };
  await assertNotLocked(deps.db, [keys.account, keys.address], now);
  try {
    const user = await findStoredUser(deps.db, username);
    if (!user || user.confirmed) throw invalidCode();
    await consumeCode(deps.db, deps.keys.secret, {
      sub: user.sub,
      purpose: 'sign-up',
      code: input.code,
      now,
    });
    await deps.db.query(
      'UPDATE auth_users SET confirmed = true, email_verified = true, updated_at = $2 WHERE sub = $1',
      [user.sub, now.toISOString()],
    );
    return {};
  } catch (error) {
    if (error instanceof AuthError && error.code !== 'InvalidParameterException') {
      const { throttle } = deps;
      const options = { now, options: throttle };
      await recordFailure(deps.db, { key: keys.account, threshold: throttle.accountThreshold, ...options });
      await recordFailure(deps.db, { key: keys.address, threshold: throttle.addressThreshold, ...options });
    }
    throw error;
  }
}
