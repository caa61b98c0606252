import { describe, expect, it } from 'vitest';
import { INSURANCE_POLICY_TYPES, INSURANCE_STATUSES } from '../reference-lists.ts';
import { initialValuesOf, writeRefusal } from '../policy/fields.ts';
import { describeIssues, recordSchema } from '../validation.ts';
import { Insurance } from './insurance.ts';

const create = recordSchema(Insurance, { requireRequired: true });
const messages = (input: Record<string, unknown>): string[] => {
  const parsed = create.safeParse(input);
  return parsed.success ? [] : describeIssues(parsed.error).split('; ');
};

describe('the Insurance entity: a policy on one buyer company', () => {
  it('refuses an empty record, naming every field a policy needs', () => {
    expect(messages({})).toEqual([
      'insurance_buyer_name is required',
      'insurance_buyer_country is required',
      'insurance_name is required',
      'insurance_policy_number is required',
      'insurance_type is required',
      'insurance_cover_amount is required',
      'insurance_cover_currency is required',
      'insurance_coverage_rate is required',
      'insurance_cover_start_date is required',
      'insurance_cover_end_date is required',
    ]);
  });

  it('takes its currency, status and type from value lists', () => {
    const base = {
      insurance_buyer_name: 'Acme',
      insurance_buyer_country: 'GB',
      insurance_name: 'Atradius',
      insurance_policy_number: 'P-1',
      insurance_type: 'Single buyer',
      insurance_cover_amount: '100000',
      insurance_cover_currency: 'USD',
      insurance_coverage_rate: '90',
      insurance_cover_start_date: '2026-01-01',
      insurance_cover_end_date: '2026-12-31',
    };
    expect(messages(base)).toEqual([]);
    expect(messages({ ...base, insurance_cover_currency: 'XYZ' })).toEqual([
      'insurance_cover_currency must be an ISO 4217 currency code such as USD',
    ]);
    expect(messages({ ...base, insurance_type: 'Anything' })).toEqual([
      `insurance_type must be one of: ${INSURANCE_POLICY_TYPES.join(', ')}`,
    ]);
    expect(messages({ ...base, insurance_buyer_country: 'UK' })[0]).toMatch(
      /^insurance_buyer_country must be/,
    );
    expect(Insurance.fieldsByName.get('insurance_status')?.values).toEqual(INSURANCE_STATUSES);
  });

  it('starts Active, moves its status only through its operations, and leaves the notice to the platform', () => {
    expect(initialValuesOf('Insurance', {})).toEqual({ insurance_status: 'Active' });
    expect(writeRefusal('Admin', 'Insurance', 'insurance_status', 'create', 'Cancelled')).toMatch(
      /insurance_status of a new Insurance is Active/,
    );
    expect(writeRefusal('Admin', 'Insurance', 'insurance_status', 'update', 'Suspended')).toMatch(
      /changes only through its named operations/,
    );
    expect(writeRefusal('Admin', 'Insurance', 'insurance_expiry_notice_for')).toMatch(/set by the server/);
    expect(writeRefusal('Admin', 'Insurance', 'insurance_cover_amount')).toBeNull();
  });
});
