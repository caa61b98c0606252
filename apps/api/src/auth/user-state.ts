import { isUuid } from '@rf/domain';
import type { Queryable } from '../db/database.ts';

/** What token verification needs to know about a user beyond the token itself. */
export interface UserTokenState {
  readonly exists: boolean;
  readonly disabled: boolean;
  /** Tokens issued at or before this instant (ms) are revoked. */
  readonly validAfterMs: number | null;
  /** Sessions (`origin_jti`) revoked recently enough that their tokens may still be unexpired. */
  readonly revokedSessions: ReadonlySet<string>;
}

// A backstop: every replica forgets a user's entry as soon as it hears of a change to that user
// (announceUserChanged).
export const USER_STATE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;
// Id and access tokens live one hour; sessions revoked longer ago can have no live token left.
const REVOKED_LOOKBACK_MS = 65 * 60 * 1000;

const cache = new Map<string, { state: UserTokenState; loadedAt: number }>();

const MISSING: UserTokenState = {
  exists: false,
  disabled: false,
  validAfterMs: null,
  revokedSessions: new Set(),
};

/** The user's revocation state, from a small in-process cache with a short TTL. */
export async function loadUserTokenState(db: Queryable, sub: string, now: Date): Promise<UserTokenState> {
  if (!isUuid(sub)) return MISSING;
  const nowMs = now.getTime();
  const hit = cache.get(sub);
  if (hit && Math.abs(nowMs - hit.loadedAt) < USER_STATE_TTL_MS) return hit.state;
  const [row] = await db.query<{ disabled: boolean; tokens_valid_after: string | null; revoked: string[] }>(
    `SELECT u.disabled, u.tokens_valid_after,
            ARRAY(SELECT s.id::text FROM auth_sessions s WHERE s.sub = u.sub AND s.revoked_at > $2) AS revoked
       FROM auth_users u WHERE u.sub = $1`,
    [sub, new Date(nowMs - REVOKED_LOOKBACK_MS).toISOString()],
  );
  const state: UserTokenState = row
    ? {
        exists: true,
        disabled: row.disabled,
        validAfterMs: row.tokens_valid_after ? Date.parse(row.tokens_valid_after) : null,
        revokedSessions: new Set(row.revoked),
      }
    : MISSING;
  if (cache.size >= MAX_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(sub, { state, loadedAt: nowMs });
  return state;
}

/** Drops the cached state of a user whose sessions, tokens or status just changed. */
export function forgetUserTokenState(sub: string): void {
  cache.delete(sub);
}

/** The channel on which every replica hears that a user's sessions, tokens or status changed. */
export const USER_CHANGED_CHANNEL = 'auth_user_changed';

/**
 * Says that the user's sessions, tokens or status changed: this replica forgets the cached state at
 * once, and every replica hears it on USER_CHANGED_CHANNEL when the change commits, forgets it too
 * and re-checks that user's open sockets (docs/architecture.md, “Sessions, limits and enumeration”).
 */
export async function announceUserChanged(db: Queryable, sub: string): Promise<void> {
  forgetUserTokenState(sub);
  await db.query('SELECT pg_notify($1, $2)', [USER_CHANGED_CHANNEL, sub]);
}
