import { html, type EmailContent, type SafeHtml } from './html.ts';
import { layout } from './layout.ts';
import { SETTINGS_FOOTER } from './notice.ts';

/** One invoice of the digest, its amount formatted by the server ("USD 12,500.00"). */
export interface DigestInvoice {
  readonly invoice: string;
  readonly supplier: string;
  readonly buyer: string;
  readonly amount: string;
  /** YYYY-MM-DD. */
  readonly dueDate: string;
  /** Days from today to the due date: negative when past due. */
  readonly days: number;
  /** The request's page in the web app. */
  readonly url: string;
}

export interface DueDigestEmail {
  readonly name: string | null;
  readonly organisation: string;
  /** The digest's day in the platform's time zone (YYYY-MM-DD) and the zone's name. */
  readonly date: string;
  readonly timeZone: string;
  readonly pastDue: readonly DigestInvoice[];
  readonly dueSoon: readonly DigestInvoice[];
  /** The requests list in the web app. */
  readonly listUrl: string;
}

const when = (days: number): string =>
  days < 0
    ? `${-days} day${days === -1 ? '' : 's'} past due`
    : days === 0
      ? 'due today'
      : `due in ${days} day${days === 1 ? '' : 's'}`;

const section = (heading: string, invoices: readonly DigestInvoice[]): SafeHtml | null =>
  invoices.length
    ? html`<h2 style="font-size:17px;margin:16px 0 8px">${heading} (${invoices.length})</h2>
        ${invoices.map(
          (i) =>
            html`<p
              style="margin:0 0 12px;padding:8px 12px;border-left:3px solid ${i.days < 0 ? '#b3261e' : '#1a56b0'};background:#f7f8fa"
            >
              <a href="${i.url}"><strong>${i.invoice}</strong></a> · ${i.amount}<br />
              ${i.supplier} → ${i.buyer}<br />
              <span style="color:#5b6576">${i.dueDate}, ${when(i.days)}</span>
            </p>`,
        )}`
    : null;

/**
 * The daily digest of invoices past due and due in the next 7 days
 * (docs/business-rules.md, “Notifications”), for the users of one investor or SPV; one block per
 * invoice, so it reads on a phone.
 */
export function dueDigestEmail(data: DueDigestEmail): Promise<EmailContent> {
  const counts = [
    data.pastDue.length ? `${data.pastDue.length} past due` : '',
    data.dueSoon.length ? `${data.dueSoon.length} due in the next 7 days` : '',
  ].filter(Boolean);
  return layout({
    subject: `Invoices due: ${counts.join(', ')} (${data.date})`,
    name: data.name,
    html: html`<p>
        Invoices funded by ${data.organisation} as of ${data.date} (${data.timeZone}): ${counts.join(', ')}.
      </p>
      ${section('Past due', data.pastDue)} ${section('Due in the next 7 days', data.dueSoon)}`,
    action: { label: 'Open your requests', url: data.listUrl },
    footer: SETTINGS_FOOTER,
  });
}
