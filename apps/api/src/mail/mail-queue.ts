import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import type { MailMessage, Mailer } from './mailer.ts';

/**
 * Mail after commit (docs/architecture.md, “Mail after commit”): an operation queues its messages
 * in its own transaction; once it commits, `deliverQueuedMail` sends them. A message is claimed
 * for a few minutes before it is sent, so two deliveries (two replicas, the scheduled retry) never
 * send it twice while both are alive; a failed send is tried again later, at most MAX_ATTEMPTS times.
 */

const MAX_ATTEMPTS = 8;
const BATCH = 50;

export async function queueMail(tx: Queryable, message: MailMessage, at: Date): Promise<void> {
  await tx.query(
    'INSERT INTO mail_queue (id, recipient, subject, text_body, html_body, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [randomUUID(), message.to, message.subject, message.text, message.html ?? null, at.toISOString()],
  );
}

interface QueuedRow extends Record<string, unknown> {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: number;
  created_at: string | Date;
}

/** Sends what is queued and unclaimed; returns how many were sent. */
export async function deliverQueuedMail(db: Queryable, mailer: Mailer): Promise<number> {
  let sent = 0;
  for (;;) {
    const claimed = await db.query<QueuedRow>(
      `UPDATE mail_queue SET claimed_until = now() + interval '5 minutes', attempts = attempts + 1
        WHERE id IN (SELECT id FROM mail_queue
                      WHERE sent_at IS NULL AND attempts < ${MAX_ATTEMPTS}
                        AND (claimed_until IS NULL OR claimed_until < now())
                      ORDER BY created_at, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING id, recipient, subject, text_body, html_body, attempts, created_at`,
    );
    if (!claimed.length) return sent;
    // In the order they were written: a signer's link before its reminder.
    const ordered = claimed.sort(
      (a, b) =>
        new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || a.id.localeCompare(b.id),
    );
    for (const row of ordered) {
      try {
        await mailer.send({
          to: row.recipient,
          subject: row.subject,
          text: row.text_body,
          ...(row.html_body ? { html: row.html_body } : {}),
        });
        await db.query('UPDATE mail_queue SET sent_at = now(), last_error = NULL WHERE id = $1', [row.id]);
        sent += 1;
      } catch (error) {
        // Tried again after a pause that grows with each attempt.
        await db.query(
          `UPDATE mail_queue SET last_error = $2, claimed_until = now() + ($3 || ' minutes')::interval WHERE id = $1`,
          [row.id, error instanceof Error ? error.message : String(error), String(2 ** row.attempts)],
        );
      }
    }
    if (claimed.length < BATCH) return sent;
  }
}

/**
 * Sends the mail an operation queued, once its transaction has committed; without a mailer (tests
 * and seeds that do not look at mail) the messages wait for the scheduled delivery. A failure is
 * logged and the scheduled delivery tries again.
 */
export async function deliverMail(ctx: {
  readonly db: Queryable;
  readonly mailer?: Mailer | undefined;
}): Promise<void> {
  if (!ctx.mailer) return;
  await deliverQueuedMail(ctx.db, ctx.mailer).catch((error: unknown) =>
    console.error('Mail not delivered', error),
  );
}
