import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

/** How long an invitation link stays valid. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface Invitation {
  /** The secret of the link; only its hash is stored, so it is shown once (in the e-mail). */
  readonly token: string;
  readonly expiresAt: Date;
}

// 256 random bits: a fast hash keeps a database copy from yielding usable links.
export const hashInvitationToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** Issues a new invitation for the user; any earlier one stops working. */
export async function issueInvitation(
  db: Queryable,
  input: { sub: string; invitedBy: string | null; now: Date },
): Promise<Invitation> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(input.now.getTime() + INVITATION_TTL_MS);
  await db.query(
    `INSERT INTO auth_invitations (sub, token_hash, invited_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (sub) DO UPDATE SET token_hash = EXCLUDED.token_hash, invited_by = EXCLUDED.invited_by,
       created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at`,
    [
      input.sub,
      hashInvitationToken(token),
      input.invitedBy,
      input.now.toISOString(),
      expiresAt.toISOString(),
    ],
  );
  return { token, expiresAt };
}

/** The invitation a token names: its user and expiry, or null when it is unknown or used. */
export async function findInvitation(
  db: Queryable,
  token: string,
): Promise<{ sub: string; expiresAt: Date } | null> {
  const [row] = await db.query<{ sub: string; expires_at: string }>(
    'SELECT sub::text AS sub, expires_at FROM auth_invitations WHERE token_hash = $1',
    [hashInvitationToken(token)],
  );
  return row ? { sub: row.sub, expiresAt: new Date(row.expires_at) } : null;
}

/** Uses an invitation up: true only for the one caller that deleted it (single use under concurrency). */
export async function deleteInvitation(db: Queryable, token: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM auth_invitations WHERE token_hash = $1 RETURNING sub', [
    hashInvitationToken(token),
  ]);
  return rows.length > 0;
}
