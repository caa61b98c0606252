import { COUNTRY_CODES, CURRENCY_CODES, LEAD_STAGES } from '@rf/domain';
import { minorUnitsOf, roundMoney } from '@rf/domain/money';
import { z } from 'zod';
import { emailSchema, phoneSchema } from '../auth/schemas.ts';

/**
 * What the CRM routes accept (docs/business-rules.md, “CRM leads”), checked with zod; a refusal
 * names each bad field with a sentence a person can act on.
 */

const text = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `${label} must be at most ${max} characters` });
const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && !v.trim() ? undefined : v),
    z
      .string()
      .trim()
      .max(max, { message: `${label} must be at most ${max} characters` })
      .optional(),
  );

const AMOUNT = /^\d{1,15}(\.\d+)?$/;

/** The public "Apply for financing" form. `website` is the honeypot: people leave it empty. */
export const applicationSchema = z
  .object({
    company: text('Company', 200),
    contactName: text('Contact name', 200),
    email: z.string({ message: 'E-mail is required' }).pipe(emailSchema),
    phone: z.preprocess((v) => (typeof v === 'string' && !v.trim() ? undefined : v), phoneSchema.optional()),
    country: z
      .string({ message: 'Country is required' })
      .trim()
      .toUpperCase()
      .refine((c) => COUNTRY_CODES.has(c), { message: 'Country must be an ISO 3166 code such as GB or US' }),
    currency: z
      .string({ message: 'Currency is required' })
      .trim()
      .toUpperCase()
      .refine((c) => CURRENCY_CODES.has(c), { message: 'Currency must be an ISO 4217 code such as USD' }),
    monthlyVolume: z
      .union([z.string(), z.number()], { message: 'Expected monthly volume is required' })
      .transform((v) => String(v).trim().replace(/[,\s]/g, ''))
      .refine((v) => AMOUNT.test(v), {
        message: 'Expected monthly volume must be an amount such as 250000 or 250000.50',
      })
      .refine((v) => Number(v) > 0, { message: 'Expected monthly volume must be more than zero' }),
    message: optionalText('Message', 2000),
    website: z.unknown().optional(),
    ref: z.unknown().optional(),
  })
  .superRefine((value, ctx) => {
    if (!CURRENCY_CODES.has(value.currency) || !AMOUNT.test(value.monthlyVolume)) return;
    const decimals = value.monthlyVolume.split('.')[1]?.length ?? 0;
    const digits = minorUnitsOf(value.currency);
    if (decimals > digits)
      ctx.addIssue({
        code: 'custom',
        path: ['monthlyVolume'],
        message: `Expected monthly volume has at most ${digits} decimal${digits === 1 ? '' : 's'} in ${value.currency}`,
      });
  })
  .transform((value) => ({ ...value, monthlyVolume: roundMoney(value.monthlyVolume, value.currency) }));
export type Application = z.output<typeof applicationSchema>;

export const stageMoveSchema = z.object({
  stage: z.enum(LEAD_STAGES, { message: `Stage must be one of ${LEAD_STAGES.join(', ')}` }),
  reason: optionalText('Reason', 1000),
  note: optionalText('Note', 2000),
});

export const noteSchema = z.object({ note: text('Note', 4000) });

export const listQuerySchema = z.object({
  stage: z.enum(LEAD_STAGES, { message: `Stage must be one of ${LEAD_STAGES.join(', ')}` }).optional(),
  search: optionalText('Search', 200),
});

const LABELS: Readonly<Record<string, string>> = { email: 'E-mail', phone: 'Phone' };

/** A refusal of the input: each field's first problem, and one sentence with all of them. */
export class LeadInputError extends Error {
  constructor(readonly fields: Readonly<Record<string, string>>) {
    super(Object.values(fields).join('; '));
  }
}

export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'input';
    // The shared e-mail and phone checks say "must be …": the field's name goes in front.
    fields[field] ??= issue.message.startsWith('must ')
      ? `${LABELS[field] ?? field} ${issue.message}`
      : issue.message;
  }
  throw new LeadInputError(fields);
}
