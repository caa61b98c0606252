import { DOCUMENTS } from '@rf/domain';
import type { Database, Queryable } from '../db/database.ts';
import { requestIdsOf, type EnvelopeRow } from './envelope-rows.ts';
import { deliverMail } from '../mail/mail-queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { envelopeStoppedEmail } from '../mail/templates/signing.ts';
import { noticeEmail } from '../mail/templates/notice.ts';
import { notify } from '../notifications/notify.ts';
import { adminRecipients } from '../notifications/recipients.ts';

/** An envelope out this many days since its last signature (or since it was sent) is stuck. */
export const STUCK_AFTER_DAYS = 7;
const DAY_MS = 86_400_000;

const what = (envelope: Pick<EnvelopeRow, 'kind' | 'summary'>) =>
  `${DOCUMENTS[envelope.kind].title} for ${envelope.summary.invoices} of ${envelope.summary.supplier} to ${envelope.summary.buyer}`;

/**
 * Tells the administrators that an envelope stopped, declined by a signer or expired
 * (docs/business-rules.md, “Notifications”), in the transaction that stopped it.
 */
export async function alertEnvelopeStopped(
  tx: Queryable,
  env: { readonly publicUrl: string },
  envelope: Pick<EnvelopeRow, 'id' | 'kind' | 'summary'>,
  end: { readonly at: Date; readonly reason: string; readonly status: string },
): Promise<void> {
  const [requestId] = await requestIdsOf(tx, envelope.id);
  const link = requestId ? `/admin/request/${requestId}` : null;
  const base = env.publicUrl.replace(/\/+$/, '');
  await notify(
    tx,
    await adminRecipients(tx),
    {
      event: 'alert.envelope',
      title: `Signing ${end.status.toLowerCase()}: ${DOCUMENTS[envelope.kind].title} (${envelope.summary.supplier} / ${envelope.summary.buyer})`,
      body: end.reason,
      link: () => link,
      record: requestId ? { model: 'Request', id: requestId } : null,
      email: () =>
        envelopeStoppedEmail({
          document: DOCUMENTS[envelope.kind].title,
          supplier: envelope.summary.supplier,
          buyer: envelope.summary.buyer,
          invoices: envelope.summary.invoices,
          why: end.reason,
          link: `${base}${link ?? '/admin/requests'}`,
        }),
    },
    { at: end.at, publicUrl: env.publicUrl },
  );
}

/**
 * The scheduled alert of stuck envelopes (docs/business-rules.md, “Notifications”): an envelope
 * still out STUCK_AFTER_DAYS after it was sent or last signed is reported to the administrators
 * once (recorded in `envelope_stuck_alert` in the same transaction). Returns how many were reported.
 */
export async function alertStuckEnvelopes(deps: {
  readonly db: Database;
  readonly publicUrl: string;
  readonly mailer?: Mailer | undefined;
  readonly clock?: { now(): Date } | undefined;
}): Promise<number> {
  const at = deps.clock?.now() ?? new Date();
  const before = new Date(at.getTime() - STUCK_AFTER_DAYS * DAY_MS).toISOString();
  const stuck = `e.status = 'Sent' AND NOT EXISTS (SELECT 1 FROM envelope_stuck_alert a WHERE a.envelope_id = e.id)
    AND greatest(e.created_at, coalesce((SELECT max(s.signed_at) FROM esign_signer s WHERE s.envelope_id = e.id), e.created_at)) <= $1`;
  const found = await deps.db.query<{ id: string }>(
    `SELECT e.id FROM esign_envelope e WHERE ${stuck} ORDER BY e.created_at, e.id`,
    [before],
  );
  const base = deps.publicUrl.replace(/\/+$/, '');
  let told = 0;
  for (const { id } of found) {
    await deps.db.transaction(async (tx) => {
      const [envelope] = await tx.query<
        Pick<EnvelopeRow, 'id' | 'kind' | 'summary'> & { signer: string | null }
      >(
        `SELECT e.id, e.kind, e.summary,
                (SELECT s.name || ' <' || s.email || '>' FROM esign_signer s WHERE s.envelope_id = e.id AND s.status = 'Sent'
                  ORDER BY s.position LIMIT 1) AS signer
           FROM esign_envelope e WHERE e.id = $2 AND ${stuck} FOR UPDATE`,
        [before, id],
      );
      if (!envelope) return;
      await tx.query('INSERT INTO envelope_stuck_alert (envelope_id, alerted_at) VALUES ($1, $2)', [
        id,
        at.toISOString(),
      ]);
      const [requestId] = await requestIdsOf(tx, id);
      const link = requestId ? `/admin/request/${requestId}` : null;
      const title = `Signing stuck: ${DOCUMENTS[envelope.kind].title} (${envelope.summary.supplier} / ${envelope.summary.buyer})`;
      const waiting = `No signature for ${STUCK_AFTER_DAYS} days; waiting for ${envelope.signer ?? 'a signer'}.`;
      await notify(
        tx,
        await adminRecipients(tx),
        {
          event: 'alert.envelope',
          title,
          body: waiting,
          link: () => link,
          record: requestId ? { model: 'Request', id: requestId } : null,
          email: (_r, url) =>
            noticeEmail({
              subject: title,
              lines: [
                `The ${what(envelope)} is still out for signature. ${waiting}`,
                'The signer is reminded every 3 days; you may correct the signer, or void the envelope and send a new one from the request.',
              ],
              action: { label: 'Open the request', url: url ?? `${base}/admin/requests` },
            }),
        },
        { at, publicUrl: deps.publicUrl },
      );
      told += 1;
    });
  }
  await deliverMail(deps);
  return told;
}
