import { z } from 'zod';
import { AuthError } from './errors.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const E164 = /^\+[1-9]\d{6,14}$/;

/** E-mail addresses are kept trimmed and lower-cased: one account per address, whatever the case. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { message: 'must be at most 254 characters' })
  .regex(EMAIL, { message: 'must be an e-mail address such as name@example.com' });

/** Phone numbers in E.164 (`+15550000001`); spaces, dashes, dots and brackets are dropped. */
export const phoneSchema = z
  .string()
  .transform((v) => v.replace(/[\s\-().]/g, ''))
  .pipe(z.string().regex(E164, { message: 'must be in E.164 form, such as +15550000001' }));

// Length and strength are checked by the password policy, which answers InvalidPasswordException.
const password = z.string().max(4096, { message: 'is too long' });
const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: 'must be the 6-digit code from the e-mail' });
const name = z.string().trim().min(1, { message: 'must not be empty' }).max(200, { message: 'is too long' });
const username = z
  .string()
  .trim()
  .min(1, { message: 'must not be empty' })
  .max(254, { message: 'is too long' });
const token = z.string().min(1, { message: 'must not be empty' }).max(4096, { message: 'is too long' });

export const SIGN_UP_GROUP_TYPES = ['Supplier', 'Investor', 'Spv', 'Broker'] as const;
export type SignUpGroupType = (typeof SIGN_UP_GROUP_TYPES)[number];

export const signUpSchema = z.object({
  email: emailSchema,
  password,
  name,
  phone_number: phoneSchema.optional(),
  group_type: z
    .enum(SIGN_UP_GROUP_TYPES, { message: 'must be one of Supplier, Investor, Spv, Broker' })
    .optional(),
  group_name: name.optional(),
});
export const confirmSignUpSchema = z.object({ username, code });
export const usernameOnlySchema = z.object({ username });
export const signInSchema = z.object({ username, password });
/** The refresh token in the body; the web app's comes in its cookie instead (auth/session-cookies.ts). */
export const refreshSchema = z.object({ refreshToken: token.optional() });
export const signOutSchema = z.object({ refreshToken: token.optional(), global: z.boolean().optional() });
export const confirmForgotPasswordSchema = z.object({ username, code, password });
export const changePasswordSchema = z.object({ previousPassword: password, proposedPassword: password });

/** How an account is looked up from what the user typed: by phone when it starts with `+`. */
export type Username = { readonly kind: 'email' | 'phone'; readonly value: string };

export function parseUsername(raw: string): Username {
  const value = raw.trim();
  if (value.startsWith('+')) {
    const phone = phoneSchema.safeParse(value);
    return { kind: 'phone', value: phone.success ? phone.data : value };
  }
  return { kind: 'email', value: value.toLowerCase() };
}

/** Parses a request body; a bad field answers InvalidParameterException naming the field. */
export function parseInput<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || 'body';
  const missing = issue?.code === 'invalid_type' && /received undefined/.test(issue.message);
  const detail = missing ? 'is required' : (issue?.message ?? 'is invalid');
  throw new AuthError('InvalidParameterException', `Invalid value for ${field}: ${detail}`);
}
