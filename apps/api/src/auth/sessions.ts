import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database.ts';
import { AuthError } from './errors.ts';
import { announceUserChanged } from './user-state.ts';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface Session {
  readonly sessionId: string;
  readonly sub: string;
  readonly authTime: Date;
  readonly refreshToken: string;
}

// Refresh tokens are 256 random bits, so a fast hash is enough to keep a database leak from yielding them.
const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const newToken = (): string => randomBytes(32).toString('base64url');

async function insertRefreshToken(db: Queryable, sessionId: string, now: Date): Promise<string> {
  const token = newToken();
  await db.query(
    'INSERT INTO auth_refresh_tokens (token_hash, session_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
    [
      hashToken(token),
      sessionId,
      now.toISOString(),
      new Date(now.getTime() + REFRESH_TOKEN_TTL_MS).toISOString(),
    ],
  );
  return token;
}

/** Starts a session after a successful sign-in: its id is the `origin_jti` of its tokens. */
export async function startSession(
  db: Queryable,
  input: { sub: string; now: Date; clientAddress?: string; userAgent?: string },
): Promise<Session> {
  const sessionId = randomUUID();
  await db.query(
    'INSERT INTO auth_sessions (id, sub, auth_time, created_at, client_address, user_agent) VALUES ($1, $2, $3, $3, $4, $5)',
    [
      sessionId,
      input.sub,
      input.now.toISOString(),
      input.clientAddress ?? null,
      input.userAgent?.slice(0, 500) ?? null,
    ],
  );
  const refreshToken = await insertRefreshToken(db, sessionId, input.now);
  return { sessionId, sub: input.sub, authTime: input.now, refreshToken };
}

const invalidRefreshToken = (): AuthError => new AuthError('NotAuthorizedException', 'Invalid Refresh Token');

/**
 * Swaps a refresh token for a new one of the same session. A token can be used once: presenting a
 * rotated token again means it leaked, so the whole session is revoked.
 */
export async function rotateRefreshToken(db: Database, token: string, now: Date): Promise<Session> {
  const hashed = hashToken(token);
  const outcome = await db.transaction(async (tx): Promise<Session | 'reused' | 'invalid'> => {
    const [claimed] = await tx.query<{ session_id: string; expires_at: string }>(
      `UPDATE auth_refresh_tokens SET rotated_at = $2 WHERE token_hash = $1 AND rotated_at IS NULL
       RETURNING session_id, expires_at`,
      [hashed, now.toISOString()],
    );
    if (!claimed) {
      const [known] = await tx.query<{ session_id: string }>(
        'SELECT session_id FROM auth_refresh_tokens WHERE token_hash = $1',
        [hashed],
      );
      if (!known) return 'invalid';
      await revokeSessionById(tx, known.session_id, now);
      return 'reused';
    }
    if (Date.parse(claimed.expires_at) <= now.getTime()) return 'invalid';
    const [session] = await tx.query<{ sub: string; auth_time: string; revoked_at: string | null }>(
      'SELECT sub, auth_time, revoked_at FROM auth_sessions WHERE id = $1',
      [claimed.session_id],
    );
    if (!session || session.revoked_at) return 'invalid';
    const refreshToken = await insertRefreshToken(tx, claimed.session_id, now);
    return {
      sessionId: claimed.session_id,
      sub: session.sub,
      authTime: new Date(session.auth_time),
      refreshToken,
    };
  });
  if (outcome === 'reused') throw new AuthError('NotAuthorizedException', 'Refresh Token has been revoked');
  if (outcome === 'invalid') throw invalidRefreshToken();
  return outcome;
}

/**
 * Ends one session: its refresh tokens stop working and its id/access tokens fail verification.
 * True when it was still open.
 */
export async function revokeSessionById(db: Queryable, sessionId: string, now: Date): Promise<boolean> {
  const rows = await db.query<{ sub: string }>(
    'UPDATE auth_sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING sub',
    [sessionId, now.toISOString()],
  );
  for (const r of rows) await announceUserChanged(db, r.sub);
  return rows.length > 0;
}

/** The session a refresh token belongs to, if the token was ever issued. */
export async function sessionOfRefreshToken(
  db: Queryable,
  token: string,
): Promise<{ sessionId: string; sub: string } | null> {
  const [row] = await db.query<{ session_id: string; sub: string }>(
    `SELECT t.session_id, s.sub FROM auth_refresh_tokens t JOIN auth_sessions s ON s.id = t.session_id
      WHERE t.token_hash = $1`,
    [hashToken(token)],
  );
  return row ? { sessionId: row.session_id, sub: row.sub } : null;
}

/**
 * Ends every session of a user except `keepSessionId`. With `allTokens`, every id/access token
 * issued until now fails verification too (disable, global sign-out, password reset).
 */
export async function revokeUserSessions(
  db: Queryable,
  sub: string,
  options: { now?: Date; keepSessionId?: string; allTokens?: boolean } = {},
): Promise<void> {
  const now = (options.now ?? new Date()).toISOString();
  await db.query(
    `UPDATE auth_sessions SET revoked_at = $2 WHERE sub = $1 AND revoked_at IS NULL AND id::text <> $3`,
    [sub, now, options.keepSessionId ?? ''],
  );
  if (options.allTokens) {
    await db.query('UPDATE auth_users SET tokens_valid_after = $2, updated_at = $2 WHERE sub = $1', [
      sub,
      now,
    ]);
  }
  await announceUserChanged(db, sub);
}
