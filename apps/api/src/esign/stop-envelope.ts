import type { EnvelopeStatus } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { alertEnvelopeStopped } from './envelope-alerts.ts';
import type { EnvelopeRow } from './envelope-rows.ts';
import type { SigningEnv } from './send-to-signer.ts';

/**
 * Ends an envelope that is still out (docs/business-rules.md, “Signing the financing documents”):
 * declined, expired or voided; no link of it works for signing any more. A declined or expired
 * envelope is reported to the administrators, who may send a new one; a voided one was their doing.
 */
export async function stopEnvelope(
  tx: Queryable,
  env: SigningEnv,
  envelope: Pick<EnvelopeRow, 'id' | 'kind' | 'summary'>,
  end: { status: Exclude<EnvelopeStatus, 'Sent' | 'Completed'>; at: Date; reason: string },
): Promise<void> {
  await tx.query(
    `UPDATE esign_envelope SET status = $2, ended_at = $3, end_reason = $4, version = version + 1 WHERE id = $1 AND status = 'Sent'`,
    [envelope.id, end.status, end.at.toISOString(), end.reason],
  );
  // Codes of a stopped envelope are worthless; clearing them keeps nothing usable around.
  await tx.query(`UPDATE esign_signer SET code_hash = NULL WHERE envelope_id = $1`, [envelope.id]);
  if (end.status === 'Voided') return;
  await alertEnvelopeStopped(tx, env, envelope, end);
}
