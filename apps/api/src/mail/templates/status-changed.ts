import { html, type EmailContent } from './html.ts';
import { layout } from './layout.ts';

export interface StatusChangedEmail {
  /** The record as the owner knows it: "Buyer line Acme Ltd", "Request INV-1". */
  readonly record: string;
  /** The new status. */
  readonly status: string;
  /** Who made the move (name or role). */
  readonly actor: string;
  /** What the new status carries, e.g. an approved line's limit and spread; empty: nothing. */
  readonly details: string;
  /** The reason given with the move, if any. */
  readonly comment: string | null;
  /** The record's page in the web app, when it has one. */
  readonly url?: string | null;
}

/** Tells the owner organisation that one of its records changed status. */
export function statusChangedEmail(data: StatusChangedEmail): Promise<EmailContent> {
  const lines = [
    `${data.record} is now ${data.status} (${data.actor}).`,
    data.details,
    data.comment ? `Comment: ${data.comment}` : '',
  ].filter(Boolean);
  return layout({
    subject: `${data.record}: ${data.status}`,
    text: data.url ? [...lines, '', `Open it: ${data.url}`] : lines,
    html: html`${lines.map((line) => html`<p>${line}</p>`)}`,
    action: data.url ? { label: 'Open it', url: data.url } : null,
  });
}
