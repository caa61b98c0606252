import mjml from 'mjml';
import { convert } from 'html-to-text';
import { html, type EmailContent, type SafeHtml } from './html.ts';

/** What an e-mail template hands to the layout. */
export interface LayoutInput {
  readonly subject: string;
  /**
   * The recipient's name for the greeting ("Hello Ann,"; empty or null: "Hello,"). Left out, the
   * e-mail has no greeting (a notice sent to every user of an organisation).
   */
  readonly name?: string | null;
  /**
   * The body as plain-text lines, values as they are. Left out, the text part is the HTML body
   * converted by html-to-text.
   */
  readonly text?: readonly string[];
  /** The same body as HTML, written with the `html` tag. */
  readonly html: SafeHtml;
  /** The e-mail's one call to action, shown as a button under the body (and its address in text). */
  readonly action?: { readonly label: string; readonly url: string } | null;
  /** A closing line under the button, in small print (e.g. how to stop these e-mails). */
  readonly footer?: string | null;
}

const SIGNATURE = 'Receivables platform';
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const INK = '#0b1f3a';
const MUTED = '#5b6576';

/** The plain-text part from HTML: links as "text [address]", no wrapping (links stay whole). */
export const htmlToText = (markup: string): string =>
  convert(markup, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'table', format: 'dataTable' },
    ],
  }).trim();

/**
 * The frame every e-mail shares (docs/architecture.md, “Add an e-mail”): greeting, body, an
 * optional button, signature; the HTML is rendered by MJML as one column of at most 600 px that
 * narrows to the phone's width, and the text part is written alongside or converted from the HTML.
 */
export async function layout(input: LayoutInput): Promise<EmailContent> {
  const greeting = input.name === undefined ? null : input.name ? `Hello ${input.name},` : 'Hello,';
  const body = html`${greeting === null ? null : html`<p>${greeting}</p>`}${input.html}`;
  const action = input.action ?? null;
  const textBody = input.text ? input.text.join('\n') : htmlToText(body.markup);
  const text = [
    ...(input.text && greeting !== null ? [greeting, ''] : []),
    textBody,
    ...(action && !textBody.includes(action.url) ? ['', `${action.label}: ${action.url}`] : []),
    ...(input.footer ? ['', input.footer] : []),
    '',
    '--',
    SIGNATURE,
  ].join('\n');
  const document = html`<mjml lang="en">
    <mj-head>
      <mj-title>${input.subject}</mj-title>
      <mj-attributes>
        <mj-all font-family="${FONT}" />
        <mj-text font-size="15px" line-height="1.5" color="${INK}" padding="4px 20px" />
        <mj-button background-color="${INK}" color="#ffffff" font-size="15px" border-radius="6px" />
      </mj-attributes>
      <mj-style> p { margin: 0 0 12px; } a { color: #1a56b0; } </mj-style>
    </mj-head>
    <mj-body background-color="#f4f5f7" width="600px">
      <mj-section padding="16px 0 8px">
        <mj-column>
          <mj-text font-size="13px" font-weight="600" color="${MUTED}">${SIGNATURE}</mj-text>
        </mj-column>
      </mj-section>
      <mj-section background-color="#ffffff" border-radius="8px" padding="16px 0">
        <mj-column>
          <mj-text>${body}</mj-text>
          ${
            action
              ? html`<mj-button href="${action.url}" align="left" padding="8px 20px 4px"
                  >${action.label}</mj-button
                >`
              : null
          }
          ${
            input.footer
              ? html`<mj-text font-size="13px" color="${MUTED}" padding="12px 20px 0"
                  >${input.footer}</mj-text
                >`
              : null
          }
        </mj-column>
      </mj-section>
      <mj-section padding="8px 0 16px">
        <mj-column>
          <mj-text font-size="13px" color="${MUTED}">${SIGNATURE}</mj-text>
        </mj-column>
      </mj-section>
    </mj-body>
  </mjml>`;
  const rendered = await mjml(document.markup, { validationLevel: 'soft' });
  if (rendered.errors.length)
    throw new Error(`E-mail layout: ${rendered.errors.map((e) => e.formattedMessage).join('; ')}`);
  return { subject: input.subject, text, html: rendered.html };
}
