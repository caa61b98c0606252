import type { AuthDeps, ClientInfo } from './auth-deps.ts';
import { AuthError, incorrectCredentials } from './errors.ts';
import { verifyPassword } from './passwords.ts';
import { parseInput, parseUsername, signInSchema } from './schemas.ts';
import { accountOf, recordSessionEvent } from './session-events.ts';
import { startSession } from './sessions.ts';
import { accountKey, addressKey, assertNotLocked, clearFailures, recordFailure } from './throttle.ts';
import { signTokens, type TokenSet } from './tokens.ts';
import { findStoredUser } from './users.ts';

/**
 * Sign-in by e-mail or phone number and password. An unknown account and a wrong password get the
 * same answer after the same work (a hash check); failures lock the account and the client address
 * on Cognito's back-off schedule. Every outcome but a locked one is in the audit trail, a success
 * in the transaction that starts the session (docs/architecture.md, “Audit trail”).
 */
export async function signIn(deps: AuthDeps, body: unknown, client: ClientInfo): Promise<TokenSet> {
  const input = parseInput(signInSchema, body);
  const username = parseUsername(input.username);
  const now = deps.now();
  const user = await findStoredUser(deps.db, username);
  // Unknown usernames get counters of their own, so locking behaves the same with or without an account.
  const account = accountKey(user ? user.sub : `unknown:${username.kind}:${username.value}`);
  const address = addressKey(client.address);
  await assertNotLocked(deps.db, [account, address], now);
  if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
    const { throttle } = deps;
    await recordFailure(deps.db, {
      key: account,
      threshold: throttle.accountThreshold,
      now,
      options: throttle,
    });
    await recordFailure(deps.db, {
      key: address,
      threshold: throttle.addressThreshold,
      now,
      options: throttle,
    });
    await recordSessionEvent(deps.db, {
      action: 'signInFailed',
      account: user ? accountOf(user) : null,
      client,
      at: now,
      detail: user ? 'Wrong password' : `Unknown username ${username.value}`,
    });
    throw incorrectCredentials();
  }
  await clearFailures(deps.db, account);
  const refused = user.disabled
    ? new AuthError('NotAuthorizedException', 'User is disabled.')
    : !user.confirmed
      ? new AuthError('UserNotConfirmedException', 'User is not confirmed.')
      : null;
  if (refused) {
    const detail = refused.message;
    await recordSessionEvent(deps.db, {
      action: 'signInFailed',
      account: accountOf(user),
      client,
      at: now,
      detail,
    });
    throw refused;
  }
  const session = await deps.db.transaction(async (tx) => {
    const started = await startSession(tx, {
      sub: user.sub,
      now,
      clientAddress: client.address,
      ...(client.userAgent ? { userAgent: client.userAgent } : {}),
    });
    await recordSessionEvent(tx, { action: 'signIn', account: accountOf(user), client, at: now });
    return started;
  });
  return signTokens({
    ...deps,
    user,
    sessionId: session.sessionId,
    authTime: now,
    refreshToken: session.refreshToken,
    now,
  });
}
