import type { AuthDeps } from './auth-deps.ts';
import { issueCode } from './codes.ts';
import { verificationCodeEmail } from '../mail/templates/verification-code.ts';
import { deliverCode, deliveryFor, type CodeDelivery } from './code-delivery.ts';
import { createOrganisation } from './organisations.ts';
import { checkPasswordPolicy, hashPassword } from './passwords.ts';
import { parseInput, signUpSchema } from './schemas.ts';
import { insertUser } from './users.ts';

export interface SignUpResult {
  readonly userSub: string;
  readonly userConfirmed: false;
  readonly codeDeliveryDetails: CodeDelivery;
}

/**
 * Self sign-up: the user (unconfirmed), their organisation (Usergroup row, `custom:groupid`) and a
 * verification code by e-mail. No role group: an admin grants it when approving the organisation.
 */
export async function signUp(deps: AuthDeps, body: unknown): Promise<SignUpResult> {
  const input = parseInput(signUpSchema, body);
  checkPasswordPolicy(input.password, { email: input.email });
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  const groupType = input.group_type ?? 'Supplier';
  const phone = input.phone_number ?? null;
  const { sub, code } = await deps.db.transaction(async (tx) => {
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
    });
    await tx.query('UPDATE auth_users SET group_id = $2 WHERE sub = $1', [user.sub, groupId]);
    const issued = await issueCode(tx, deps.keys.secret, { sub: user.sub, purpose: 'sign-up', now });
    return { sub: user.sub, code: issued };
  });
  await deliverCode(deps.mailer, { to: input.email, ...verificationCodeEmail({ name: input.name, code }) });
  return {
    userSub: sub,
    userConfirmed: false,
    codeDeliveryDetails: deliveryFor({ kind: 'email', value: input.email }),
  };
}
