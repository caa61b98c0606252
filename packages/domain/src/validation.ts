import { z } from 'zod';
import type { EntityDef } from './entity.ts';
import { RISK_BANDS, type FieldDef, type FieldType } from './fields.ts';
import { COUNTRY_CODES, CURRENCY_CODES } from './reference-lists.ts';

const DECIMAL = /^-?\d{1,15}(\.\d{1,10})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date that exists, from the year 1 on (the database has no year 0). */
function isRealDate(value: string): boolean {
  if (!DATE.test(value) || value < '0001') return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** An ISO date-time whose date exists (JavaScript would read 2026-02-30T… as 2 March). */
export function isRealDateTime(value: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}T/.test(value) && isRealDate(value.slice(0, 10)) && !Number.isNaN(Date.parse(value))
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value has the form of a record id (a UUID), the only form an id column can hold. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

function decimal(f: FieldDef): z.ZodType<string> {
  const signed = f.signed === true;
  return z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => DECIMAL.test(v), { message: `${f.name} must be a decimal number such as 1250.50` })
    .refine((v) => signed || !v.startsWith('-'), { message: `${f.name} must not be negative` });
}

/** One validator per field type: the only place a type's wire format is defined. */
const VALIDATORS: Record<FieldType, (f: FieldDef) => z.ZodType> = {
  id: (f) => z.string().uuid({ message: `${f.name} must be a UUID` }),
  ref: (f) => z.string().uuid({ message: `${f.name} must be the id of a ${f.ref ?? 'record'}` }),
  text: (f) =>
    f.multiple && f.values
      ? z
          .union([z.string(), z.array(z.string())])
          .transform((v) => (Array.isArray(v) ? v : v.split(';')).map((s) => s.trim()).filter(Boolean))
          .refine((v) => v.every((s) => f.values?.includes(s)), {
            message: `${f.name} may hold: ${(f.values ?? []).join(', ')}`,
          })
          .transform((v) => [...new Set(v)].join('; '))
      : z.string().max(500, { message: `${f.name} is longer than 500 characters` }),
  longtext: (f) => z.string().max(20_000, { message: `${f.name} is longer than 20,000 characters` }),
  secret: (f) => z.string().max(2_000, { message: `${f.name} is too long` }),
  email: (f) =>
    z
      .string()
      .trim()
      .email({ message: `${f.name} must be an e-mail address such as name@example.com` }),
  phone: (f) =>
    z
      .string()
      .trim()
      .regex(/^\+[1-9]\d{6,14}$/, {
        message: `${f.name} must be a phone number in international format, e.g. +15550000001`,
      }),
  url: (f) =>
    z
      .string()
      .trim()
      .url({ message: `${f.name} must be a web address starting with https://` }),
  country: (f) =>
    z.string().refine((v) => COUNTRY_CODES.has(v), {
      message: `${f.name} must be an ISO 3166 country code such as US or GB`,
    }),
  currency: (f) =>
    z.string().refine((v) => CURRENCY_CODES.has(v), {
      message: `${f.name} must be an ISO 4217 currency code such as USD`,
    }),
  integer: (f) =>
    z
      .number({ message: `${f.name} must be a whole number` })
      .int({ message: `${f.name} must be a whole number` })
      .min(f.signed ? -2_147_483_648 : 0, { message: `${f.name} must not be negative` })
      .max(2_147_483_647, { message: `${f.name} is too large` }),
  money: decimal,
  rate: decimal,
  ratio: (f) => decimal({ ...f, signed: true }),
  date: (f) => z.string().refine(isRealDate, { message: `${f.name} must be a date in the form YYYY-MM-DD` }),
  datetime: (f) =>
    z.string().refine(isRealDateTime, {
      message: `${f.name} must be an ISO date-time`,
    }),
  boolean: (f) => z.boolean({ message: `${f.name} must be true or false` }),
  enum: (f) =>
    z.string().refine((v) => (f.values ?? []).includes(v), {
      message: `${f.name} must be one of: ${(f.values ?? []).join(', ')}`,
    }),
  risk: (f) =>
    z.string().refine((v) => (RISK_BANDS as readonly string[]).includes(v), {
      message: `${f.name} must be one of: ${RISK_BANDS.join(', ')}`,
    }),
  attachment: (f) =>
    z.string().regex(/^[\w\-./]{1,300}$/, { message: `${f.name} must be a file key returned by the upload` }),
};

/** The validator of one field's value (null clears an optional field). */
export function fieldSchema(f: FieldDef): z.ZodType {
  return VALIDATORS[f.type](f);
}

/** Validates the given fields of an input; `requireAll` enforces the entity's required fields. */
export function recordSchema(entity: EntityDef, options: { requireRequired: boolean }): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const f of entity.allFields) {
    const base = fieldSchema(f);
    shape[f.name] = options.requireRequired && f.required ? base : base.nullable().optional();
  }
  return z.object(shape).strict();
}

/** Formats zod issues as one message naming each failing field. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') return `Unknown field(s): ${issue.keys.join(', ')}`;
      const path = issue.path.join('.');
      if (issue.message.includes(path) || !path) return issue.message;
      // zod reports a missing key as an invalid type that "received undefined".
      if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message))
        return `${path} is required`;
      // …and a missing decimal (a string or a number) as a union whose every branch received undefined.
      if (
        issue.code === 'invalid_union' &&
        issue.errors.length > 0 &&
        issue.errors.every((branch) =>
          branch.every((i) => i.code === 'invalid_type' && /received undefined$/.test(i.message)),
        )
      )
        return `${path} is required`;
      return `${path}: ${issue.message}`;
    })
    .join('; ');
}
