import { codeEmail, type CodeEmailData } from './code-email.ts';
import type { EmailContent } from './html.ts';

/** Sign-up: the code that confirms the e-mail address. */
export function verificationCodeEmail(data: CodeEmailData): Promise<EmailContent> {
  return codeEmail(data, {
    subject: 'Your verification code',
    intro: 'Enter this code to confirm your e-mail address and finish signing up.',
    validFor: '24 hours',
  });
}
