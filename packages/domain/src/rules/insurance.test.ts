import { describe, expect, it } from 'vitest';
import { INSURANCE_CHOICES, insuranceIssues } from './insurance.ts';
import { recordRuleIssues } from './record-rules.ts';

const COMPLETE = {
  insurance_name: 'Atradius',
  insurance_type: 'Single buyer',
  insurance_cover_amount: '500000',
  insurance_cover_currency: 'USD',
};

describe('insurance rules', () => {
  it('refuses an empty insurance record, naming what is missing', () => {
    const issues = recordRuleIssues('Insurance', {}, '2026-11-21');
    expect(issues.map((i) => i.split(/[: ]/)[0])).toEqual([
      'insurance_name',
      'insurance_type',
      'insurance_cover_amount',
    ]);
  });
  it('treats blank text as missing', () => {
    expect(insuranceIssues({ ...COMPLETE, insurance_name: '  ' })).toHaveLength(1);
  });
  it('accepts a record with insurer, type and one cover with its currency', () => {
    expect(insuranceIssues(COMPLETE)).toEqual([]);
    const singleInvoice = {
      insurance_name: 'Coface',
      insurance_type: 'Single invoice',
      insurance_single_invoice_cover_amount: '12000',
      insurance_single_invoice_cover_currency: 'EUR',
    };
    expect(insuranceIssues(singleInvoice)).toEqual([]);
  });
  it('needs the currency of a cover, a positive amount and its dates in order', () => {
    expect(insuranceIssues({ ...COMPLETE, insurance_cover_currency: null })).toEqual([
      'insurance_cover_currency: choose the currency of the cover',
    ]);
    expect(insuranceIssues({ ...COMPLETE, insurance_cover_amount: '0' })[0]).toMatch(
      /^insurance_cover_amount: .*more than 0/,
    );
    expect(
      insuranceIssues({
        ...COMPLETE,
        insurance_cover_start_date: '2026-06-01',
        insurance_cover_end_date: '2026-05-31',
      }),
    ).toEqual(['insurance_cover_end_date must not be before the start of the cover (2026-06-01)']);
  });
  it('offers lists for the type and status fields', () => {
    expect(Object.keys(INSURANCE_CHOICES).sort()).toEqual([
      'insurance_cover_status',
      'insurance_cover_type',
      'insurance_single_invoice_cover_status',
      'insurance_type',
    ]);
  });
  it('leaves other models alone', () => {
    expect(recordRuleIssues('SOFR', {}, '2026-11-21')).toEqual([]);
  });
});
