import { randomUUID } from 'node:crypto';
import type { AuthDeps } from './auth-deps.ts';
import type { RequestClient } from '../http/client.ts';
import { issueCode } from './codes.ts';
import { accountExistsEmail } from '../mail/templates/account-exists.ts';
import { verificationCodeEmail } from '../mail/templates/verification-code.ts';
import { deliveryFor, type CodeDelivery } from './code-delivery.ts';
import { AuthError } from './errors.ts';
import { createOrganisation } from './organisations.ts';
import { checkPasswordPolicy, hashPassword } from './passwords.ts';
import { parseInput, signUpSchema } from './schemas.ts';
import { CODE_COOLDOWN_SECONDS, codeCooldownKey } from './resend-code.ts';
import { takeCooldown } from './throttle.ts';
import { insertUser } from './users.ts';

export interface SignUpResult {
  readonly userSub: string;
  readonly userConfirmed: false;
  readonly codeDeliveryDetails: CodeDelivery;
}

/**
 * Self sign-up: the user (unconfirmed), their organisation (Usergroup row, `custom:groupid`) and a
 * verification code by e-mail. No role group: an admin grants it when approving the organisation.
 * An e-mail address or phone number that already has an account gets the same answer (with a sub
 * that belongs to no one) and the mailbox an explanation instead of a code, so the form does not
 * tell who has an account (docs/architecture.md, “Sessions, limits and enumeration”).
 */
export async function signUp(deps: AuthDeps, body: unknown, client?: RequestClient): Promise<SignUpResult> {
  const input = parseInput(signUpSchema, body);
  checkPasswordPolicy(input.password, { email: input.email });
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  const email = { kind: 'email', value: input.email } as const;
  await takeCooldown(deps.db, codeCooldownKey(email), CODE_COOLDOWN_SECONDS, now);
  const groupType = input.group_type ?? 'Supplier';
  const phone = input.phone_number ?? null;
  const created = await deps.db
    .transaction(async (tx) => {
      const user = await insertUser(tx, {
        email: input.email,
        passwordHash,
        name: input.name,
        phone,
        groups: [],
        groupId: null,
        confirmed: false,
        now,
      });
      const { groupId } = await createOrganisation(tx, {
        groupType,
        groupName: input.group_name ?? input.name,
        sub: user.sub,
        name: input.name,
        email: input.email,
        phone,
        now,
        ...(client ? { client } : {}),
      });
      await tx.query('UPDATE auth_users SET group_id = $2 WHERE sub = $1', [user.sub, groupId]);
      const issued = await issueCode(tx, deps.keys.secret, { sub: user.sub, purpose: 'sign-up', now });
      return { sub: user.sub, code: issued };
    })
    .catch((error: unknown) => {
      if (error instanceof AuthError && error.code === 'UsernameExistsException')
        return { taken: error.message.includes('phone_number') ? ('phone' as const) : ('email' as const) };
      throw error;
    });
  if ('taken' in created) {
    const taken = created.taken;
    deps.mail.send(async () => ({
      to: input.email,
      ...(await accountExistsEmail({ name: input.name, taken, publicUrl: deps.config.publicUrl })),
    }));
  } else {
    const code = created.code;
    deps.mail.send(async () => ({
      to: input.email,
      ...(await verificationCodeEmail({ name: input.name, code })),
    }));
  }
  return {
    userSub: 'taken' in created ? randomUUID() : created.sub,
    userConfirmed: false,
    codeDeliveryDetails: deliveryFor(email),
  };
}
