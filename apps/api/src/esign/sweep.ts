import { SIGNING_LIMITS } from '@rf/domain';
import type { Database } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { deliverMail } from '../mail/mail-queue.ts';
import { lockEnvelope, signersOf } from './envelope-rows.ts';
import { recordEnvelopeEvent } from './events.ts';
import { sendToSigner, type SigningEnv } from './send-to-signer.ts';
import { stopEnvelope } from './stop-envelope.ts';

const DAY_MS = 86_400_000;

/**
 * The scheduled part of signing (docs/business-rules.md, “Signing the financing documents”): an
 * envelope past its 14 days expires, and the pending signer of one still out is reminded when 3
 * days have passed since their link or last reminder. Each envelope is handled in its own
 * transaction, locked and re-read, so a run that overlaps a signature, or another run, does nothing twice.
 */
export async function sweepEnvelopes(
  deps: SigningEnv & { db: Database; mailer?: Mailer | undefined; clock?: { now(): Date } | undefined },
): Promise<{ expired: number; reminded: number }> {
  const at = deps.clock?.now() ?? new Date();
  const due = await deps.db.query<{ id: string }>(
    `SELECT DISTINCT e.id, e.created_at FROM esign_envelope e
       LEFT JOIN esign_signer s ON s.envelope_id = e.id AND s.status = 'Sent'
      WHERE e.status = 'Sent'
        AND (e.expires_at <= $1 OR coalesce(s.reminded_at, s.sent_at) <= $2)
      ORDER BY e.created_at, e.id`,
    [at.toISOString(), new Date(at.getTime() - SIGNING_LIMITS.remindEveryDays * DAY_MS).toISOString()],
  );
  let expired = 0;
  let reminded = 0;
  for (const { id } of due) {
    await deps.db.transaction(async (tx) => {
      const envelope = await lockEnvelope(tx, id);
      if (!envelope || envelope.status !== 'Sent') return;
      if (new Date(envelope.expires_at) <= at) {
        await stopEnvelope(tx, deps, envelope, {
          status: 'Expired',
          at,
          reason: `not completed within ${SIGNING_LIMITS.envelopeDays} days`,
        });
        await recordEnvelopeEvent(tx, { envelopeId: id, at, action: 'expired', actor: 'Platform' });
        expired += 1;
        return;
      }
      const signer = (await signersOf(tx, id)).find((s) => s.status === 'Sent');
      const last = signer ? new Date(signer.reminded_at ?? signer.sent_at ?? at) : at;
      if (!signer || at.getTime() - last.getTime() < SIGNING_LIMITS.remindEveryDays * DAY_MS) return;
      await sendToSigner(tx, deps, { envelope, signer, at, as: 'reminded' });
      reminded += 1;
    });
  }
  await deliverMail(deps);
  return { expired, reminded };
}
