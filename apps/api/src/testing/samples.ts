import type { EntityDef, FieldDef, FieldType } from '@rf/domain';

/** A valid sample value of each field type, for tests that exercise every model. */
const SAMPLES: Record<FieldType, (f: FieldDef) => unknown> = {
  id: () => undefined,
  ref: () => undefined,
  text: (f) => `sample ${f.name}`,
  longtext: (f) => `A longer description for ${f.name}.`,
  email: () => 'someone@example.com',
  phone: () => '+15550001234',
  url: () => 'https://example.com',
  country: () => 'US',
  currency: () => 'USD',
  integer: () => 2024,
  money: () => '1250.50',
  rate: () => '4.25',
  ratio: () => '1.5',
  date: () => '2026-03-06',
  datetime: () => '2026-03-06T10:00:00.000Z',
  boolean: () => true,
  enum: (f) => f.values?.[0],
  risk: () => 'Low',
  attachment: (f) => `tests/${f.name}.pdf`,
  secret: () => 'secret-token',
};

export function sampleValue(f: FieldDef): unknown {
  return SAMPLES[f.type](f);
}

const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
let sampleSerial = 0;

/**
 * The buyer's signer a submission names: the IPU goes to them first
 * (docs/business-rules.md, “Signing the financing documents”).
 */
export const BUYER_SIGNER = {
  ipu_signature_name: 'Bea Buyer',
  ipu_signature_email: 'signer@buyer.test',
} as const;

/** What a record of some models must hold beyond its required fields (the record rules). */
const MODEL_SAMPLES: Readonly<Record<string, () => Record<string, unknown>>> = {
  // A request is submitted on a recent invoice that is not due yet, each with its own number
  // (docs/business-rules.md, “Submission checks and duplicate invoices”).
  Request: () => ({
    invoice_date: day(-10),
    invoice_due_date: day(60),
    invoice_number: `SAMPLE-${++sampleSerial}`,
    ...BUYER_SIGNER,
  }),
  // Without a user, the supplier's documents are signed by the contact on its record.
  Supplier: () => ({
    supplier_contact_name: 'Sam Supplier',
    supplier_contact_email: 'contact@supplier.test',
  }),
  // A policy in force from a month ago for a year, each on a buyer company of its own: two policies
  // on one company may not overlap (docs/business-rules.md, “Credit insurance”).
  Insurance: () => ({
    insurance_buyer_name: `Sample Buyer ${++sampleSerial}`,
    insurance_type: 'Single buyer',
    insurance_cover_amount: '500000.00',
    insurance_cover_currency: 'USD',
    insurance_coverage_rate: '90',
    insurance_cover_start_date: day(-30),
    insurance_cover_end_date: day(335),
  }),
};

/** The required fields of a model with sample values, plus any overrides (e.g. references). */
export function sampleInput(
  entity: EntityDef,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const f of entity.fields) {
    if (f.required && f.type !== 'ref') input[f.name] = sampleValue(f);
  }
  return { ...input, ...MODEL_SAMPLES[entity.name]?.(), ...overrides };
}

/** A field of the model that a plain update can change (text, not restricted), for write tests. */
export function harmlessField(entity: EntityDef, allowed: (name: string) => boolean): FieldDef | undefined {
  return entity.fields.find(
    (f) => (f.type === 'text' || f.type === 'longtext') && allowed(f.name) && !f.name.endsWith('Id'),
  );
}
