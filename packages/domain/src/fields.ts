/** The kinds of field an entity may declare; every layer maps each kind with a `Record<FieldType, …>`. */
export const FIELD_TYPES = [
  'id',
  'ref',
  'text',
  'longtext',
  'email',
  'phone',
  'url',
  'country',
  'currency',
  'integer',
  'money',
  'rate',
  'ratio',
  'date',
  'datetime',
  'boolean',
  'enum',
  'risk',
  'attachment',
  'secret',
] as const;

export type FieldType = (typeof FIELD_TYPES)[number];

export const RISK_BANDS = ['Low', 'Medium', 'High'] as const;
export type RiskBand = (typeof RISK_BANDS)[number];

export interface FieldDef<N extends string = string> {
  readonly name: N;
  readonly type: FieldType;
  readonly label: string;
  readonly section: string;
  readonly required?: boolean;
  /** Allowed values of an `enum` field, as the exact strings of the business rules. */
  readonly values?: readonly string[];
  /** How screens name some of `values` (`'000` → "Thousands"); the stored value stays the same. */
  readonly valueLabels?: Readonly<Record<string, string>>;
  /** The model a `ref` field points to. */
  readonly ref?: string;
  /**
   * A text field holding several of `values`, joined by "; " (e.g. the documents a request still
   * needs); the validator checks each one and the screens offer a checkbox per value.
   */
  readonly multiple?: boolean;
  /** Money, rate or integer that may be negative (losses, outflows, balances). */
  readonly signed?: boolean;
  /** Free-text note from the field catalogue, shown as help text. */
  readonly help?: string;
}

/** Shorthand used by the entity declarations. */
export function field<const N extends string>(
  name: N,
  type: FieldType,
  section: string,
  options: Partial<Omit<FieldDef, 'name' | 'type' | 'section'>> = {},
): FieldDef<N> {
  return { name, type, section, label: options.label ?? labelOf(name), ...options };
}

const PREFIXES = [
  'supplier_',
  'buyer_',
  'investor_',
  'spv_',
  'broker_',
  'director_',
  'ubo_',
  'bank_',
  'transaction_',
  'insurance_',
  'group_',
  'bookkeeping_',
];
const WORDS: Record<string, string> = {
  id: 'ID',
  ids: 'IDs',
  ipu: 'IPU',
  raa: 'RAA',
  spv: 'SPV',
  ubo: 'UBO',
  pep: 'PEP',
  poa: 'proof of address',
  duns: 'D-U-N-S',
  iban: 'IBAN',
  bic: 'BIC',
  swift: 'SWIFT',
  iso: 'ISO',
  ebit: 'EBIT',
  ebitda: 'EBITDA',
  ebt: 'EBT',
  sofr: 'SOFR',
  url: 'URL',
  pdf: 'PDF',
  cogs: 'COGS',
  refinment: 'address line 2',
  accured: 'accrued',
  jobtitle: 'job title',
  sortcode: 'sort code',
  no: 'no.',
  fx: 'FX',
  '3party': '(third party)',
};

/** A readable label from a field name: `supplier_date_of_incorporation` → `Date of incorporation`. */
export function labelOf(name: string): string {
  let base = name;
  for (const prefix of PREFIXES) {
    if (base.startsWith(prefix) && base.length > prefix.length) {
      base = base.slice(prefix.length);
      break;
    }
  }
  const words = base
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .split('_')
    .filter(Boolean)
    .map((w) => WORDS[w.toLowerCase()] ?? w.toLowerCase());
  const text = words.join(' ').replace(/\battachment\b/, '(file)');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
