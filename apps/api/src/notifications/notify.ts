import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { CHANGE_CHANNEL } from '../data/change-feed.ts';
import { queueMail } from '../mail/mail-queue.ts';
import type { EmailContent } from '../mail/templates/html.ts';
import { NOTIFICATION_EVENTS, type NotificationEvent } from './events.ts';
import type { Recipient } from './recipients.ts';

/** The change-feed model name of a new notification (the `onNotification` subscription listens for it). */
export const NOTIFICATION_CHANGE = 'Notification';

export interface NotificationInput {
  readonly event: NotificationEvent;
  /** One line, e.g. "New request INV-1042 from Acme Ltd". */
  readonly title: string;
  readonly body?: string | null;
  /** The record's page in the recipient's area of the web app (a path), if it has one. */
  readonly link?: ((recipient: Recipient) => string | null) | null;
  readonly record?: { readonly model: string; readonly id: string } | null;
  /** The e-mail for a recipient, given the link's full address; null: in the app only. */
  readonly email: ((recipient: Recipient, url: string | null) => Promise<EmailContent>) | null;
}

/** Whether the recipient wants this event's e-mail: yes unless they turned it off. */
export async function wantsEmail(
  tx: Queryable,
  sub: string | null,
  event: NotificationEvent,
): Promise<boolean> {
  if ('emailAlways' in NOTIFICATION_EVENTS[event] || !sub) return true;
  const [row] = await tx.query<{ email: boolean }>(
    'SELECT email FROM notification_preference WHERE recipient = $1 AND event = $2',
    [sub, event],
  );
  return row?.email ?? true;
}

/**
 * Notifies each recipient of one event inside the caller's transaction
 * (docs/architecture.md, “Notifications”): a notification in the app for each user, announced to
 * their `onNotification` subscription when the transaction commits (NOTIFY is transactional), and
 * the e-mail queued (mail after commit) unless the user turned this event's e-mail off. Returns how
 * many were notified.
 */
export async function notify(
  tx: Queryable,
  recipients: readonly Recipient[],
  input: NotificationInput,
  env: { readonly at: Date; readonly publicUrl: string },
): Promise<number> {
  const base = env.publicUrl.replace(/\/+$/, '');
  let told = 0;
  for (const recipient of recipients) {
    const link = input.link?.(recipient) ?? null;
    if (recipient.sub) {
      const id = randomUUID();
      await tx.query(
        `INSERT INTO notification (id, recipient, event, title, body, link, record_model, record_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          id,
          recipient.sub,
          input.event,
          input.title,
          input.body ?? null,
          link,
          input.record?.model ?? null,
          input.record?.id ?? null,
          env.at.toISOString(),
        ],
      );
      await tx.query('SELECT pg_notify($1, $2)', [
        CHANGE_CHANNEL,
        JSON.stringify({ model: NOTIFICATION_CHANGE, kind: 'create', id }),
      ]);
    }
    if (input.email && recipient.email && (await wantsEmail(tx, recipient.sub, input.event))) {
      const mail = await input.email(recipient, link ? `${base}${link}` : null);
      await queueMail(
        tx,
        { to: recipient.email, subject: mail.subject, text: mail.text, html: mail.html },
        env.at,
      );
    }
    if (recipient.sub || recipient.email) told += 1;
  }
  return told;
}
