/**
 * What a credit-insurance record must hold, on every path (the insurance form and the API alike):
 * the insurer or policy, the policy type, and at least one cover with its amount and currency.
 */
type Row = Readonly<Record<string, unknown>>;

export const INSURANCE_TYPES = ['Whole turnover', 'Key accounts', 'Single buyer', 'Single invoice'] as const;

export const COVER_TYPES = ['Commercial risk', 'Political risk', 'Commercial and political risk'] as const;

export const COVER_STATUSES = ['Requested', 'Active', 'Reduced', 'Declined', 'Expired', 'Cancelled'] as const;

/**
 * The values the insurance form offers for its type and status fields (free text in the registry,
 * so values recorded elsewhere stay readable and editable).
 */
export const INSURANCE_CHOICES: Readonly<Record<string, readonly string[]>> = {
  insurance_type: INSURANCE_TYPES,
  insurance_cover_type: COVER_TYPES,
  insurance_cover_status: COVER_STATUSES,
  insurance_single_invoice_cover_status: COVER_STATUSES,
};

const filled = (v: unknown): boolean =>
  v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '');

const positive = (v: unknown): boolean => filled(v) && Number(v) > 0;

/** The covers of a record: field prefix → what the messages call it. */
const COVERS = [
  { prefix: 'insurance_cover', name: 'the cover', rate: 'insurance_cover_exchange_rate' },
  {
    prefix: 'insurance_single_invoice_cover',
    name: 'the single-invoice cover',
    rate: 'insurance_single_invoice_exchange_rate',
  },
] as const;

/**
 * One message per problem of an insurance record as it will be stored, each naming its field
 * (the form puts it next to that field); empty when the record is fine.
 */
export function insuranceIssues(row: Row): string[] {
  const issues: string[] = [];
  if (!filled(row.insurance_name)) issues.push('insurance_name: name the insurer or the policy');
  if (!filled(row.insurance_type)) issues.push('insurance_type: choose the policy type');
  const covered = COVERS.filter((c) => filled(row[`${c.prefix}_amount`]));
  if (covered.length === 0)
    issues.push('insurance_cover_amount: enter the amount of the cover (or of a single-invoice cover)');
  for (const c of COVERS) {
    const amount = row[`${c.prefix}_amount`];
    if (filled(amount) && !positive(amount))
      issues.push(`${c.prefix}_amount: the amount of ${c.name} must be more than 0`);
    if (filled(amount) && !filled(row[`${c.prefix}_currency`]))
      issues.push(`${c.prefix}_currency: choose the currency of ${c.name}`);
    const start = row[`${c.prefix}_start_date`];
    const end = row[`${c.prefix}_end_date`];
    if (typeof start === 'string' && typeof end === 'string' && start && end && end < start)
      issues.push(`${c.prefix}_end_date must not be before the start of ${c.name} (${start})`);
    const premium = row[`${c.prefix}_premium`];
    if (filled(premium) && Number(premium) < 0) issues.push(`${c.prefix}_premium cannot be negative`);
    if (filled(row[c.rate]) && !positive(row[c.rate])) issues.push(`${c.rate} must be more than 0`);
  }
  return issues;
}
