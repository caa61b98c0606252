import type { AuthDeps } from './auth-deps.ts';
import type { RequestClient } from '../http/client.ts';
import { AuthError, incorrectCredentials, passwordAttemptsExceeded } from './errors.ts';
import { verifyPassword } from './passwords.ts';
import { parseInput, parseUsername, signInSchema, type Username } from './schemas.ts';
import { accountOf, recordAccountEvent } from './account-events.ts';
import { startSession } from './sessions.ts';
import { accountKey, addressKey, clearFailures, lockedKeys, recordFailure } from './throttle.ts';
import { signTokens, type TokenSet } from './tokens.ts';
import { findStoredUser, type StoredUser } from './users.ts';

/**
 * Sign-in by e-mail or phone number and password. An unknown account and a wrong password get the
 * same answer after the same work (a hash check); failures lock the account and the client address
 * on Cognito's back-off schedule. Every outcome is in the audit trail, a refusal by a lock too
 * (before the password is checked), a success in the transaction that starts the session
 * (docs/architecture.md, “Audit trail”).
 */
export async function signIn(deps: AuthDeps, body: unknown, client: RequestClient): Promise<TokenSet> {
  const input = parseInput(signInSchema, body);
  const username = parseUsername(input.username);
  const now = deps.now();
  const user = await findStoredUser(deps.db, username);
  // Unknown usernames get counters of their own, so locking behaves the same with or without an account.
  const account = accountKey(user ? user.sub : `unknown:${username.kind}:${username.value}`);
  const address = addressKey(client.address);
  await refuseWhileLocked(deps, { user, username, keys: { account, address }, client, now });
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
    await recordAccountEvent(deps.db, {
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
    await recordAccountEvent(deps.db, {
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
    await recordAccountEvent(tx, { action: 'signIn', account: accountOf(user), client, at: now });
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

/**
 * Answers LimitExceededException while the account or the client address is locked, before the
 * password is looked at; the refusal is in the audit trail as `signInLocked`, saying which is
 * locked (and the username tried, when no account has it).
 */
async function refuseWhileLocked(
  deps: AuthDeps,
  input: {
    user: StoredUser | null;
    username: Username;
    keys: { account: string; address: string };
    client: RequestClient;
    now: Date;
  },
): Promise<void> {
  const { user, keys } = input;
  const locked = await lockedKeys(deps.db, [keys.account, keys.address], input.now);
  if (!locked.length) return;
  const which = [
    ...(locked.includes(keys.account) ? ['the account'] : []),
    ...(locked.includes(keys.address) ? ['the address'] : []),
  ];
  const why = `Too many failed sign-ins: ${which.join(' and ')} ${which.length > 1 ? 'are' : 'is'} locked`;
  await recordAccountEvent(deps.db, {
    action: 'signInLocked',
    account: user ? accountOf(user) : null,
    client: input.client,
    at: input.now,
    detail: user ? why : `Unknown username ${input.username.value}. ${why}`,
  });
  throw passwordAttemptsExceeded();
}
