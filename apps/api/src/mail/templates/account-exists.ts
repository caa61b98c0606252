import { html, type EmailContent } from './html.ts';
import { layout } from './layout.ts';

export interface AccountExistsEmail {
  /** The name typed into the sign-up form. */
  readonly name: string;
  /** Which detail of the sign-up belongs to an existing account. */
  readonly taken: 'email' | 'phone';
  /** The web app's address (`PUBLIC_URL`), without a trailing slash. */
  readonly publicUrl: string;
}

/**
 * A sign-up with an address or phone number that already has an account: the answer to the form is
 * the same as for a new account, and this e-mail tells the mailbox's owner what to do instead.
 */
export function accountExistsEmail(data: AccountExistsEmail): Promise<EmailContent> {
  const what =
    data.taken === 'email'
      ? 'Someone, probably you, tried to sign up with this e-mail address, which already has an account.'
      : 'Someone, probably you, tried to sign up with this e-mail address and a phone number that already belongs to another account, so no account was created.';
  const signIn = `${data.publicUrl}/login`;
  const advice =
    data.taken === 'email'
      ? 'Sign in instead; if you have forgotten your password, choose “Forgot password?” on the sign-in page.'
      : 'Sign up again with another phone number, or sign in to the account that uses it.';
  return layout({
    subject: data.taken === 'email' ? 'You already have an account' : 'Your sign-up could not be completed',
    name: data.name,
    text: [what, advice, '', `Sign in: ${signIn}`, '', 'If it was not you, you can ignore this e-mail.'],
    html: html`<p>${what}</p>
      <p>${advice}</p>
      <p><a href="${signIn}">Sign in</a></p>
      <p>If it was not you, you can ignore this e-mail.</p>`,
  });
}
