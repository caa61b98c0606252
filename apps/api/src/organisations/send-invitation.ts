import type { MailMessage, Mailer } from '../mail/mailer.ts';
import { ApiError } from '../http/errors.ts';

/**
 * Sends an invitation after its user was committed. A failure answers InternalFailure with the
 * user's ids in `data`: the user exists, and the invitation can be resent.
 */
export async function sendInvitation(
  mailer: Mailer,
  message: MailMessage,
  ids: { sub: string; groupId: string | null },
): Promise<void> {
  try {
    await mailer.send(message);
  } catch (error) {
    console.error('Sending an invitation e-mail failed', error);
    throw new ApiError(
      'InternalFailure',
      `The user ${message.to} was saved but the invitation e-mail could not be sent: resend the invitation in a few minutes.`,
      ids,
    );
  }
}
