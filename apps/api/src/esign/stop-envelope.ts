import { DOCUMENTS, type EnvelopeStatus } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { queueMail } from '../mail/mail-queue.ts';
import { envelopeStoppedEmail } from '../mail/templates/signing.ts';
import { requestIdsOf, type EnvelopeRow } from './envelope-rows.ts';
import type { SigningEnv } from './send-to-signer.ts';

/** The administrators' addresses: every active user of the admin organisation. */
export async function adminAddresses(tx: Queryable): Promise<string[]> {
  const rows = await tx.query<{ email: string }>(
    `SELECT DISTINCT lower(trim(user_email)) AS email FROM "usergroup"
      WHERE group_type = 'Admin' AND NOT "_deleted" AND coalesce(group_status, 'Active') = 'Active'
        AND nullif(trim(user_email), '') IS NOT NULL
      ORDER BY 1`,
  );
  return rows.map((r) => r.email);
}

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
  const [requestId] = await requestIdsOf(tx, envelope.id);
  const mail = envelopeStoppedEmail({
    document: DOCUMENTS[envelope.kind].title,
    supplier: envelope.summary.supplier,
    buyer: envelope.summary.buyer,
    invoices: envelope.summary.invoices,
    why: end.reason,
    link: `${env.publicUrl.replace(/\/+$/, '')}/admin/request/${requestId ?? ''}`,
  });
  for (const to of await adminAddresses(tx))
    await queueMail(tx, { to, subject: mail.subject, text: mail.text, html: mail.html }, end.at);
}
