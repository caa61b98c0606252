import { html, type EmailContent } from './html.ts';
import { layout } from './layout.ts';

export interface CodeEmailData {
  readonly name: string;
  readonly code: string;
}

/** The shape every one-time-code e-mail shares: why, the code, how long it lasts. */
export function codeEmail(
  data: CodeEmailData,
  words: { readonly subject: string; readonly intro: string; readonly validFor: string },
): Promise<EmailContent> {
  const validity = `The code is valid for ${words.validFor} and can be used once.`;
  return layout({
    subject: words.subject,
    name: data.name,
    text: [
      words.intro,
      '',
      `Your code: ${data.code}`,
      '',
      validity,
      'If you did not ask for it, you can ignore this e-mail.',
    ],
    html: html`<p>${words.intro}</p>
      <p style="font-size:24px;font-weight:500;letter-spacing:4px">${data.code}</p>
      <p>
        ${validity}<br />
        If you did not ask for it, you can ignore this e-mail.
      </p>`,
  });
}
