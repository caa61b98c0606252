import { html, type EmailContent } from './html.ts';
import { layout } from './layout.ts';

export interface OrganisationApprovedEmail {
  readonly name: string;
  readonly organisation: string | null;
  /** The web app's address (`PUBLIC_URL`), without a trailing slash. */
  readonly publicUrl: string;
}

/** Tells a member that an administrator approved their organisation. */
export function organisationApprovedEmail(data: OrganisationApprovedEmail): Promise<EmailContent> {
  const what = data.organisation ? `Your organisation ${data.organisation}` : 'Your organisation';
  const link = `${data.publicUrl}/login`;
  return layout({
    subject: 'Your organisation has been approved',
    name: data.name,
    text: [
      `${what} has been approved: you now have full access to the receivables platform.`,
      `Sign in again to continue: ${link}`,
    ],
    html: html`<p>${what} has been approved: you now have full access to the receivables platform.</p>
      <p><a href="${link}">Sign in again to continue</a></p>`,
  });
}
