import { describe, expect, it } from 'vitest';
import {
  companyOfLine,
  expiresSoon,
  inForce,
  insuranceIssues,
  insuredFigures,
  normaliseCompanyName,
  sameBuyerCompany,
} from './insurance.ts';
import { recordRuleIssues } from './record-rules.ts';

const POLICY = {
  insurance_buyer_name: 'Acme Trading Ltd',
  insurance_buyer_country: 'GB',
  insurance_name: 'Atradius',
  insurance_policy_number: 'ATR-1001',
  insurance_type: 'Single buyer',
  insurance_cover_amount: '500000.00',
  insurance_cover_currency: 'USD',
  insurance_coverage_rate: '90',
  insurance_cover_start_date: '2026-01-01',
  insurance_cover_end_date: '2026-12-31',
};

describe('what a credit-insurance policy must hold', () => {
  it('accepts a complete policy, through the record rules of the model', () => {
    expect(insuranceIssues(POLICY)).toEqual([]);
    expect(recordRuleIssues('Insurance', POLICY, '2026-11-21')).toEqual([]);
  });

  it('treats blank names as missing, naming each field', () => {
    const blank = {
      ...POLICY,
      insurance_buyer_name: '  ',
      insurance_name: '',
      insurance_policy_number: ' ',
    };
    expect(insuranceIssues(blank).map((i) => i.split(':')[0])).toEqual([
      'insurance_buyer_name',
      'insurance_name',
      'insurance_policy_number',
    ]);
  });

  it('wants an insured limit above 0 in the minor unit of its currency', () => {
    expect(insuranceIssues({ ...POLICY, insurance_cover_amount: '0' })).toEqual([
      'insurance_cover_amount: the insured limit must be more than 0',
    ]);
    expect(insuranceIssues({ ...POLICY, insurance_cover_amount: '10.005' })).toEqual([
      'insurance_cover_amount has at most 2 decimals in USD',
    ]);
    expect(
      insuranceIssues({ ...POLICY, insurance_cover_currency: 'JPY', insurance_cover_amount: '1000.5' }),
    ).toEqual(['insurance_cover_amount is a whole amount in JPY (no decimals)']);
  });

  it('wants a coverage above 0 and at most 100 %', () => {
    for (const rate of ['0', '-5', '100.01'])
      expect(insuranceIssues({ ...POLICY, insurance_coverage_rate: rate }), rate).toEqual([
        'insurance_coverage_rate must be more than 0 and at most 100 %',
      ]);
    for (const rate of ['0.01', '100'])
      expect(insuranceIssues({ ...POLICY, insurance_coverage_rate: rate })).toEqual([]);
  });

  it('wants the expiry after the start', () => {
    for (const end of ['2026-01-01', '2025-12-31'])
      expect(insuranceIssues({ ...POLICY, insurance_cover_end_date: end })).toEqual([
        'insurance_cover_end_date must be after the start date (2026-01-01)',
      ]);
  });
});

describe('which lines a policy covers', () => {
  const policy = { name: 'Acme Trading Ltd', country: 'GB', duns: null };
  it('matches the same name in the same country, whatever the spaces and case', () => {
    expect(normaliseCompanyName('  acme   trading ltd ')).toBe('ACME TRADING LTD');
    expect(sameBuyerCompany(policy, { name: ' ACME  Trading ltd', country: 'GB', duns: '123' })).toBe(true);
    expect(sameBuyerCompany(policy, { name: 'Acme Trading Ltd', country: 'IE', duns: null })).toBe(false);
    expect(sameBuyerCompany(policy, { name: 'Acme Trading Limited', country: 'GB', duns: null })).toBe(false);
  });
  it('matches the same D-U-N-S number whatever the name, but never two missing numbers', () => {
    const numbered = { ...policy, duns: '123456789' };
    expect(sameBuyerCompany(numbered, { name: 'Acme UK', country: 'GB', duns: ' 123456789 ' })).toBe(true);
    expect(sameBuyerCompany({ ...policy, name: 'X' }, { name: 'Y', country: 'GB', duns: null })).toBe(false);
  });
  it('reads the company a line names', () => {
    expect(
      companyOfLine({
        buyer_name: 'Acme',
        buyer_country: 'GB',
        buyer_duns_number: ' ',
        buyer_currency: 'USD',
      }),
    ).toEqual({ name: 'Acme', country: 'GB', duns: null });
  });
});

describe('what a policy insures', () => {
  const policy = { insuredLimit: '500000.00', currency: 'USD', coverageRate: '90' };
  it('insures the coverage % of the exposure up to the insured limit', () => {
    expect(insuredFigures('200000.00', 'USD', policy)).toEqual({
      insuredLimit: '500000.00',
      insuredShare: '180000.00',
      overInsured: false,
    });
    expect(insuredFigures('500000.00', 'USD', policy).overInsured).toBe(false);
    expect(insuredFigures('500000.01', 'USD', policy)).toEqual({
      insuredLimit: '500000.00',
      insuredShare: '450000.00',
      overInsured: true,
    });
  });
  it('rounds half up to the currency’s minor unit, exactly', () => {
    expect(insuredFigures('0.05', 'USD', { ...policy, coverageRate: '50' }).insuredShare).toBe('0.03');
    expect(
      insuredFigures('1001', 'JPY', { insuredLimit: '5000', currency: 'JPY', coverageRate: '33.3' })
        .insuredShare,
    ).toBe('333');
  });
  it('insures nothing without a policy or in another currency than the policy’s', () => {
    const none = { insuredLimit: null, insuredShare: '0.00', overInsured: false };
    expect(insuredFigures('900000.00', 'USD', null)).toEqual(none);
    expect(insuredFigures('900000.00', 'EUR', policy)).toEqual({ ...none });
  });
});

describe('when a policy counts and when it expires soon', () => {
  it('counts while Active between its start and its expiry, both days included', () => {
    const p = { ...POLICY, insurance_status: 'Active' };
    expect(inForce(p, '2026-01-01')).toBe(true);
    expect(inForce(p, '2026-12-31')).toBe(true);
    expect(inForce(p, '2027-01-01')).toBe(false);
    expect(inForce(p, '2025-12-31')).toBe(false);
    expect(inForce({ ...p, insurance_status: 'Suspended' }, '2026-06-01')).toBe(false);
  });
  it('expires soon from 30 days before its expiry to the day itself', () => {
    expect(expiresSoon('2026-12-31', '2026-12-01')).toBe(true);
    expect(expiresSoon('2026-12-31', '2026-11-30')).toBe(false);
    expect(expiresSoon('2026-12-31', '2026-12-31')).toBe(true);
    expect(expiresSoon('2026-12-31', '2027-01-01')).toBe(false);
  });
});
