import type { Queryable } from '../db/database.ts';
import { AuthError, passwordAttemptsExceeded } from './errors.ts';

export interface ThrottleOptions {
  /** Consecutive failures of one account before it is locked (Cognito: 5). */
  readonly accountThreshold: number;
  /**
   * Failures from one client address before it is locked. Higher than per account because an
   * office or mobile carrier puts many users behind one address.
   */
  readonly addressThreshold: number;
  /** The lock doubles with each further failure up to this (Cognito: 15 minutes). */
  readonly maxLockSeconds: number;
  /** A counter starts over after this long without failures once its lock has ended. */
  readonly resetAfterSeconds: number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = {
  accountThreshold: 5,
  addressThreshold: 20,
  maxLockSeconds: 15 * 60,
  resetAfterSeconds: 15 * 60,
};

/** Cognito's schedule: the `threshold`-th consecutive failure locks for 1 s, each further one doubles it. */
export function lockSeconds(failures: number, threshold: number, maxSeconds: number): number {
  if (failures < threshold) return 0;
  return Math.min(2 ** Math.min(failures - threshold, 30), maxSeconds);
}

export const accountKey = (id: string): string => `account:${id}`;
export const addressKey = (address: string): string => `address:${address}`;

/** The keys among `keys` that are locked at `now`. */
export async function lockedKeys(db: Queryable, keys: readonly string[], now: Date): Promise<string[]> {
  const locked = await db.query<{ key: string }>(
    'SELECT key FROM auth_throttle WHERE key = ANY($1) AND locked_until > $2',
    [keys, now.toISOString()],
  );
  return locked.map((row) => row.key);
}

/** Answers LimitExceededException while any of the keys is locked. */
export async function assertNotLocked(db: Queryable, keys: readonly string[], now: Date): Promise<void> {
  if ((await lockedKeys(db, keys, now)).length) throw passwordAttemptsExceeded();
}

/** Counts one failure for the key and locks it when the schedule says so; returns the count. */
export async function recordFailure(
  db: Queryable,
  input: { key: string; threshold: number; now: Date; options: ThrottleOptions },
): Promise<number> {
  const { key, threshold, now, options } = input;
  const staleBefore = new Date(now.getTime() - options.resetAfterSeconds * 1000);
  const [row] = await db.query<{ failures: number }>(
    `INSERT INTO auth_throttle (key, failures, last_failure_at) VALUES ($1, 1, $2)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE
         WHEN greatest(auth_throttle.last_failure_at, coalesce(auth_throttle.locked_until, auth_throttle.last_failure_at)) < $3
         THEN 1 ELSE auth_throttle.failures + 1 END,
       last_failure_at = $2
     RETURNING failures`,
    [key, now.toISOString(), staleBefore.toISOString()],
  );
  const failures = row?.failures ?? 1;
  const seconds = lockSeconds(failures, threshold, options.maxLockSeconds);
  await db.query('UPDATE auth_throttle SET locked_until = $2 WHERE key = $1', [
    key,
    seconds ? new Date(now.getTime() + seconds * 1000).toISOString() : null,
  ]);
  return failures;
}

/** Forgets the failures of a key (a successful sign-in resets its account's counter). */
export async function clearFailures(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM auth_throttle WHERE key = $1', [key]);
}

/**
 * Lets an action (sending a code) happen at most once per `seconds` for the key; answers
 * LimitExceededException otherwise. Keyed by what the user typed, so it behaves the same whether
 * or not the account exists.
 */
export async function takeCooldown(db: Queryable, key: string, seconds: number, now: Date): Promise<void> {
  const rows = await db.query(
    `INSERT INTO auth_throttle (key, failures, last_failure_at, locked_until) VALUES ($1, 0, $2, $3)
     ON CONFLICT (key) DO UPDATE SET last_failure_at = $2, locked_until = $3
       WHERE auth_throttle.locked_until IS NULL OR auth_throttle.locked_until <= $2
     RETURNING key`,
    [key, now.toISOString(), new Date(now.getTime() + seconds * 1000).toISOString()],
  );
  if (!rows.length)
    throw new AuthError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
}
