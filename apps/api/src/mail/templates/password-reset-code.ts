import { codeEmail, type CodeEmailData } from './code-email.ts';
import type { EmailContent } from './html.ts';

/** Forgot password: the code that lets the user choose a new password. */
export function passwordResetCodeEmail(data: CodeEmailData): Promise<EmailContent> {
  return codeEmail(data, {
    subject: 'Your password reset code',
    intro: 'Enter this code to choose a new password.',
    validFor: '1 hour',
  });
}
