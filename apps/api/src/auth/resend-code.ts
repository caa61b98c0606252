import type { AuthDeps } from './auth-deps.ts';
import { issueCode } from './codes.ts';
import { verificationCodeEmail } from '../mail/templates/verification-code.ts';
import { deliveryFor, type CodeDelivery } from './code-delivery.ts';
import { parseInput, parseUsername, usernameOnlySchema, type Username } from './schemas.ts';
import { takeCooldown } from './throttle.ts';
import { findStoredUser } from './users.ts';

/** Seconds between two code e-mails for the same username, so the endpoint cannot flood a mailbox. */
export const CODE_COOLDOWN_SECONDS = 30;

/** The cooldown of sign-up codes, keyed by what the user typed (the account may not exist). */
export const codeCooldownKey = (username: Username): string => `code:${username.kind}:${username.value}`;

/**
 * Sends a new sign-up code (the previous one stops working). Unknown, confirmed and disabled
 * accounts get the same answer and no e-mail, so the answer reveals nothing.
 */
export async function resendCode(
  deps: AuthDeps,
  body: unknown,
): Promise<{ codeDeliveryDetails: CodeDelivery }> {
  const username = parseUsername(parseInput(usernameOnlySchema, body).username);
  const now = deps.now();
  await takeCooldown(deps.db, codeCooldownKey(username), CODE_COOLDOWN_SECONDS, now);
  const user = await findStoredUser(deps.db, username);
  if (user && !user.confirmed && !user.disabled) {
    const code = await issueCode(deps.db, deps.keys.secret, { sub: user.sub, purpose: 'sign-up', now });
    deps.mail.send(async () => ({
      to: user.email,
      ...(await verificationCodeEmail({ name: user.name, code })),
    }));
  }
  return { codeDeliveryDetails: deliveryFor(username) };
}
