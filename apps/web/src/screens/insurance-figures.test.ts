import { describe, expect, it } from 'vitest';
import {
  approvalWarning,
  companyChoices,
  insuranceFlags,
  insuranceOfLine,
  uninsuredReason,
  type InsuredExposure,
  type PolicySummary,
} from './insurance-figures.ts';

const POLICY: PolicySummary = {
  id: 'p1',
  insurer: 'Coface',
  policyNumber: 'COF-1',
  type: 'Single buyer',
  status: 'Active',
  currency: 'USD',
  insuredLimit: '500000.00',
  coverageRate: '90',
  startDate: '2026-01-01',
  expiryDate: '2026-12-05',
};

const ROW: InsuredExposure = {
  buyerId: 'line-1',
  company: { name: 'Acme', country: 'US', duns: null },
  currency: 'USD',
  exposure: '550000.00',
  lines: 2,
  policy: POLICY,
  inForce: true,
  insuredLimit: '500000.00',
  insuredShare: '450000.00',
  overInsured: true,
  expiresSoon: true,
};

describe('credit insurance on screen', () => {
  it('picks a line’s row in the line’s own currency', () => {
    const eur = { ...ROW, currency: 'EUR' };
    expect(insuranceOfLine([eur, ROW], { id: 'line-1', buyer_currency: 'USD' })).toBe(ROW);
    expect(insuranceOfLine([eur, ROW], { id: 'line-2', buyer_currency: 'USD' })).toBeNull();
    expect(insuranceOfLine(undefined, { id: 'line-1', buyer_currency: 'USD' })).toBeNull();
  });

  it('words the server’s flags', () => {
    expect(insuranceFlags(ROW)).toEqual([
      { label: 'Over insured limit', tone: 'error' },
      { label: 'Expires 5 Dec 2026', tone: 'warning' },
    ]);
    expect(insuranceFlags({ ...ROW, overInsured: false, expiresSoon: false })).toEqual([]);
  });

  it('says why an exposure is not insured', () => {
    expect(uninsuredReason(ROW)).toBeNull();
    expect(uninsuredReason({ ...ROW, currency: 'EUR', insuredLimit: null })).toBe(
      'The policy covers USD only',
    );
    expect(uninsuredReason({ ...ROW, inForce: false, policy: { ...POLICY, status: 'Suspended' } })).toBe(
      'Policy COF-1 is Suspended, not in force',
    );
    expect(uninsuredReason({ ...ROW, policy: null, inForce: false, insuredLimit: null })).toBe(
      'No policy in force',
    );
  });

  it('warns in the approval dialog only when approving goes above the insured limit', () => {
    const approval = {
      currency: 'USD',
      exposure: '450000.00',
      addition: '90000.00',
      exposureAfter: '540000.00',
      policy: POLICY,
      insuredLimit: '500000.00',
      overInsuredAfter: true,
    };
    expect(approvalWarning(approval)).toBe(
      'Approving takes the exposure to this buyer to USD 540,000.00, above the insured limit of USD 500,000.00 (Coface policy COF-1). You can still approve: what is above the limit is not insured.',
    );
    expect(approvalWarning({ ...approval, overInsuredAfter: false })).toBeNull();
    expect(approvalWarning({ ...approval, policy: null, insuredLimit: null })).toBeNull();
  });

  it('offers each buyer company of the lines once, by D-U-N-S number or by name and country', () => {
    const line = (id: string, name: string, country: string, duns: string | null) => ({
      id,
      buyer_name: name,
      buyer_country: country,
      buyer_duns_number: duns,
    });
    const choices = companyChoices([
      line('a', 'Zeta GmbH', 'DE', '111'),
      line('b', 'Zeta Deutschland GmbH', 'DE', '111'),
      line('c', 'acme  ltd', 'GB', null),
      line('d', 'ACME Ltd', 'GB', null),
      line('e', 'Acme Ltd', 'IE', null),
      line('f', '  ', 'GB', null),
    ]);
    expect(choices.map((c) => [c.label, c.lineId])).toEqual([
      ['acme  ltd (GB)', 'c'],
      ['Acme Ltd (IE)', 'e'],
      ['Zeta GmbH (DE · D-U-N-S 111)', 'a'],
    ]);
  });
});
