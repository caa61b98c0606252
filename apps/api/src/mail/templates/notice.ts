import { html, type EmailContent } from './html.ts';
import { layout } from './layout.ts';

export interface NoticeEmail {
  readonly subject: string;
  /** The recipient's name for the greeting; left out: no greeting. */
  readonly name?: string | null;
  /** What happened, one paragraph each. */
  readonly lines: readonly string[];
  /** Key facts as label and value ("Invoice", "INV-1"), one block each, the label above. */
  readonly facts?: readonly (readonly [string, string])[];
  /** Where to see it in the web app. */
  readonly action?: { readonly label: string; readonly url: string } | null;
  /** A closing line, e.g. how to stop these e-mails. */
  readonly footer?: string | null;
}

/**
 * A notification e-mail (docs/business-rules.md, “Notifications”): what happened, its key facts
 * and a button to the record; the text part is converted from the HTML.
 */
export function noticeEmail(data: NoticeEmail): Promise<EmailContent> {
  const facts = data.facts ?? [];
  return layout({
    subject: data.subject,
    ...(data.name === undefined ? {} : { name: data.name }),
    html: html`${data.lines.map((line) => html`<p>${line}</p>`)}
    ${facts.map(
      ([label, value]) =>
        html`<p style="margin:0 0 8px;padding:8px 12px;background:#f7f8fa">
          <span style="color:#5b6576;font-size:13px">${label}</span><br />${value}
        </p>`,
    )}`,
    action: data.action ?? null,
    footer: data.footer ?? null,
  });
}

/** The line under every notification e-mail a user may turn off. */
export const SETTINGS_FOOTER = 'You can turn these e-mails off under Settings, Notifications.';
