import { z } from 'zod';
import { isUuid } from '@rf/domain';
import { ApiError, validationError } from '../http/errors.ts';
import { AuthError } from '../auth/errors.ts';
import { emailSchema, phoneSchema } from '../auth/schemas.ts';

const text = (max: number) =>
  z.string().trim().min(1, { message: 'must not be empty' }).max(max, { message: 'is too long' });
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || v === '' ? undefined : v), schema.optional());

export const nameSchema = text(200);
export const groupIdSchema = text(100);
export const subSchema = z.string().refine(isUuid, { message: 'must be a user id (sub)' });

/** A user to add: e-mail (their username), name and optional phone (E.164). */
export const newUserSchema = z.object({
  email: emailSchema,
  name: nameSchema,
  phone: optional(phoneSchema),
});
export type NewUser = z.output<typeof newUserSchema>;

export const contactSchema = z.object({
  group_contact_name: optional(nameSchema),
  group_contact_email: optional(emailSchema),
  group_contact_phone: optional(phoneSchema),
});

/** Parses GraphQL arguments; a bad field answers ValidationError naming the field. */
export function parseArgs<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || 'input';
  throw validationError(`Invalid value for ${field}: ${issue?.message ?? 'is invalid'}`);
}

/** Errors of the user pool as API errors, so GraphQL clients see their message and a type. */
export function asApiError(error: unknown): unknown {
  if (!(error instanceof AuthError)) return error;
  if (error.code === 'UserNotFoundException') return new ApiError('NotFound', error.message);
  if (error.code === 'NotAuthorizedException') return new ApiError('Unauthorized', error.message);
  return new ApiError('ValidationError', error.message);
}

/** Runs user-pool work and rethrows its errors as API errors. */
export async function poolCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asApiError(error);
  }
}
