import type { MailMessage, Mailer } from '../mail/mailer.ts';
import { AuthError } from './errors.ts';

/** `j***@e***.com`: enough for the user to recognise the address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const tld = dot >= 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***${tld}`;
}

/** What Cognito answers after sending a code (CodeDeliveryDetails). */
export interface CodeDelivery {
  readonly destination: string | null;
  readonly deliveryMedium: 'EMAIL';
  readonly attributeName: 'email';
}

/**
 * The delivery details for what the user typed. Derived from the input, not the account, so the
 * answer is the same whether or not the account exists.
 */
export const deliveryFor = (username: { kind: 'email' | 'phone'; value: string }): CodeDelivery => ({
  destination: username.kind === 'email' ? maskEmail(username.value) : null,
  deliveryMedium: 'EMAIL',
  attributeName: 'email',
});

/** Sends a code e-mail; a failure answers CodeDeliveryFailureException (the user can ask again). */
export async function deliverCode(mailer: Mailer, message: MailMessage): Promise<void> {
  try {
    await mailer.send(message);
  } catch (error) {
    console.error('Sending a code e-mail failed', error);
    throw new AuthError(
      'CodeDeliveryFailureException',
      'The e-mail with your code could not be sent. Please ask for a new code in a few minutes.',
    );
  }
}
