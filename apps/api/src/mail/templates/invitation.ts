import { html, type EmailContent } from './html.ts';
import { layout } from './layout.ts';

export interface InvitationEmail {
  readonly name: string;
  /** The address the invitation goes to, which is also the username. */
  readonly username: string;
  /** The organisation's name, when there is one. */
  readonly organisation: string | null;
  /** The web app's address (`PUBLIC_URL`), without a trailing slash. */
  readonly publicUrl: string;
  readonly invitation: { readonly token: string; readonly expiresAt: Date };
}

/** The link of an invitation: the web app's login page, which asks for the new password. */
export const invitationLink = (publicUrl: string, token: string): string =>
  `${publicUrl}/login?invitation=${encodeURIComponent(token)}`;

/** An invitation: a link (and the code) to choose a password; nobody else ever chooses or sees it. */
export function invitationEmail(data: InvitationEmail): Promise<EmailContent> {
  const link = invitationLink(data.publicUrl, data.invitation.token);
  const joining = data.organisation
    ? `You have been invited to join ${data.organisation} on the receivables platform.`
    : 'You have been invited to the receivables platform.';
  const expires = data.invitation.expiresAt.toISOString().slice(0, 16).replace('T', ' ');
  return layout({
    subject: 'You are invited to the receivables platform',
    name: data.name,
    text: [
      joining,
      'Open this link to choose your password and sign in:',
      '',
      link,
      '',
      `Or enter this invitation code on the sign-in page: ${data.invitation.token}`,
      '',
      `Your username is ${data.username}. The link can be used once and is valid for 7 days (until ${expires} UTC).`,
      'If you did not expect this invitation, you can ignore this e-mail.',
    ],
    html: html`<p>${joining}</p>
      <p><a href="${link}">Choose your password and sign in</a></p>
      <p>Or enter this invitation code on the sign-in page:<br /><code>${data.invitation.token}</code></p>
      <p>
        Your username is ${data.username}. The link can be used once and is valid for 7 days (until ${expires}
        UTC).<br />If you did not expect this invitation, you can ignore this e-mail.
      </p>`,
  });
}
