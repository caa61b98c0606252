import { SIGNING_LIMITS } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import type { Keys } from '../keys.ts';
import { queueMail } from '../mail/mail-queue.ts';
import { signingLink, signingReminderEmail, signingRequestEmail } from '../mail/templates/signing.ts';
import { tellSignerInApp } from './signer-notice.ts';
import { recordEnvelopeEvent } from './events.ts';
import { subjectOf, type EnvelopeRow, type SignerRow } from './envelope-rows.ts';
import { hashSigningToken, newSigningToken } from './tokens.ts';

/** What sending a link needs: the server's secret (to hash the token) and the public address. */
export interface SigningEnv {
  readonly keys: Pick<Keys, 'secret'>;
  readonly publicUrl: string;
}

const DAY_MS = 86_400_000;

/**
 * Sends the signer a new personal link (docs/business-rules.md, “Signing the financing documents”):
 * a random token stored only as its hash, valid 14 days; the e-mail leaves once the transaction
 * commits. A reminder is the same with other words; earlier links keep working.
 */
export async function sendToSigner(
  tx: Queryable,
  env: SigningEnv,
  input: {
    envelope: Pick<EnvelopeRow, 'id' | 'kind' | 'summary'>;
    signer: Pick<SignerRow, 'id' | 'name' | 'email' | 'role'>;
    at: Date;
    as: 'sent' | 'reminded';
    actor?: string | null;
  },
): Promise<void> {
  const { envelope, signer, at } = input;
  const token = newSigningToken();
  const until = new Date(at.getTime() + SIGNING_LIMITS.linkDays * DAY_MS);
  await tx.query(
    'INSERT INTO esign_link (token_hash, signer_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
    [hashSigningToken(env.keys.secret, token), signer.id, at.toISOString(), until.toISOString()],
  );
  await tx.query(
    input.as === 'sent'
      ? `UPDATE esign_signer SET status = 'Sent', sent_at = $2 WHERE id = $1`
      : 'UPDATE esign_signer SET reminded_at = $2 WHERE id = $1',
    [signer.id, at.toISOString()],
  );
  const mail = await (input.as === 'sent' ? signingRequestEmail : signingReminderEmail)({
    ...subjectOf(envelope, signer.role),
    name: signer.name,
    link: signingLink(env.publicUrl.replace(/\/+$/, ''), token),
    until,
  });
  await queueMail(tx, { to: signer.email, subject: mail.subject, text: mail.text, html: mail.html }, at);
  if (input.as === 'sent') await tellSignerInApp(tx, env, { envelope, signer, at });
  await recordEnvelopeEvent(tx, {
    envelopeId: envelope.id,
    signerId: signer.id,
    at,
    action: input.as,
    actor: input.actor ?? 'Platform',
    detail: `to ${signer.email}`,
  });
}
