import type { AuthDeps } from './auth-deps.ts';
import { issueCode } from './codes.ts';
import { passwordResetCodeEmail } from '../mail/templates/password-reset-code.ts';
import { deliveryFor, type CodeDelivery } from './code-delivery.ts';
import { CODE_COOLDOWN_SECONDS } from './resend-code.ts';
import { parseInput, parseUsername, usernameOnlySchema } from './schemas.ts';
import { takeCooldown } from './throttle.ts';
import { findStoredUser } from './users.ts';

/**
 * E-mails a password reset code. The answer is the same for unknown and disabled accounts, which get
 * no e-mail. An unconfirmed account gets a code too: resetting proves the address, so it confirms it.
 */
export async function forgotPassword(
  deps: AuthDeps,
  body: unknown,
): Promise<{ codeDeliveryDetails: CodeDelivery }> {
  const username = parseUsername(parseInput(usernameOnlySchema, body).username);
  const now = deps.now();
  await takeCooldown(deps.db, `reset:${username.kind}:${username.value}`, CODE_COOLDOWN_SECONDS, now);
  const user = await findStoredUser(deps.db, username);
  if (user && !user.disabled) {
    const code = await issueCode(deps.db, deps.keys.secret, { sub: user.sub, purpose: 'reset', now });
    deps.mail.send(async () => ({
      to: user.email,
      ...(await passwordResetCodeEmail({ name: user.name, code })),
    }));
  }
  return { codeDeliveryDetails: deliveryFor(username) };
}
