import { html, type EmailContent, type SafeHtml } from './html.ts';

/** What an e-mail template hands to the layout. */
export interface LayoutInput {
  readonly subject: string;
  /**
   * The recipient's name for the greeting ("Hello Ann,"; empty or null: "Hello,"). Left out, the
   * e-mail has no greeting (a notice sent to every user of an organisation).
   */
  readonly name?: string | null;
  /** The body as plain-text lines, values as they are. */
  readonly text: readonly string[];
  /** The same body as HTML, written with the `html` tag. */
  readonly html: SafeHtml;
}

const SIGNATURE = 'Receivables platform';

/** The frame every e-mail shares: greeting, body, signature, in text and in HTML. */
export function layout(input: LayoutInput): EmailContent {
  const greeting = input.name === undefined ? null : input.name ? `Hello ${input.name},` : 'Hello,';
  const text = [...(greeting === null ? [] : [greeting, '']), ...input.text, '', '--', SIGNATURE].join('\n');
  const body = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <title>${input.subject}</title>
      </head>
      <body
        style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:15px;line-height:1.5;color:#0b1f3a"
      >
        ${greeting === null ? null : html`<p>${greeting}</p>`} ${input.html}
        <p style="color:#5b6576;font-size:13px">${SIGNATURE}</p>
      </body>
    </html>`;
  return { subject: input.subject, text, html: body.markup };
}
