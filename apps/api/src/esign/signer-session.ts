import type { Queryable } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import { ENVELOPE_COLUMNS, SIGNER_COLUMNS, type EnvelopeRow, type SignerRow } from './envelope-rows.ts';
import { hashSigningToken, isSigningToken } from './tokens.ts';
import type { SigningDeps } from './signing-deps.ts';

/** What one signing link opens: its signer and envelope. */
export interface SignerSession {
  readonly signer: SignerRow;
  readonly envelope: EnvelopeRow;
}

/** The one answer for a link that opens nothing: unknown, mistyped or past its 14 days alike. */
export const linkNotValid = () =>
  notFound('This signing link is not valid or has expired. Ask the sender for a new link.');

/**
 * The signer and envelope of a link token, looked up by its hash, the envelope locked when
 * `lock` (every step that writes). Throws the one not-valid answer otherwise.
 */
export async function sessionOf(
  tx: Queryable,
  deps: Pick<SigningDeps, 'keys'>,
  token: unknown,
  at: Date,
  lock = false,
): Promise<SignerSession> {
  if (!isSigningToken(token)) throw linkNotValid();
  const [link] = await tx.query<{ signer_id: string; envelope_id: string }>(
    `SELECT l.signer_id, s.envelope_id FROM esign_link l JOIN esign_signer s ON s.id = l.signer_id
      WHERE l.token_hash = $1 AND l.expires_at > $2`,
    [hashSigningToken(deps.keys.secret, token), at.toISOString()],
  );
  if (!link) throw linkNotValid();
  const [envelope] = await tx.query<EnvelopeRow>(
    `SELECT ${ENVELOPE_COLUMNS} FROM esign_envelope WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [link.envelope_id],
  );
  const [signer] = await tx.query<SignerRow>(`SELECT ${SIGNER_COLUMNS} FROM esign_signer WHERE id = $1`, [
    link.signer_id,
  ]);
  if (!envelope || !signer) throw linkNotValid();
  return { envelope, signer };
}
