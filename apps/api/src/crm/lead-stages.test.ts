import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applicationsPerHourFrom, crmConfigFrom } from './crm-config.ts';
import { LEAD_STAGES, manualMoves, refuseMove } from '@rf/domain';

/** The pipeline's moves by hand and the CRM settings (docs/business-rules.md, “CRM leads”). */
describe('lead pipeline', () => {
  it('allows by hand exactly the moves of the pipeline', () => {
    const allowed = LEAD_STAGES.flatMap((from) =>
      LEAD_STAGES.filter((to) => refuseMove(from, to, 'a reason') === null).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual(['New→Contacted', 'New→Lost', 'Contacted→Lost', 'Invited→Lost', 'Lost→New']);
  });

  it('never allows Invited or Onboarded by hand, nor Lost without a reason, and agrees with manualMoves', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LEAD_STAGES),
        fc.constantFrom(...LEAD_STAGES),
        fc.option(fc.string({ minLength: 1 }), { nil: null }),
        (from, to, reason) => {
          const refusal = refuseMove(from, to, reason);
          if (to === 'Invited' || to === 'Onboarded') expect(refusal).not.toBeNull();
          if (to === 'Lost' && !reason) expect(refusal).not.toBeNull();
          if (refusal === null) expect(manualMoves(from)).toContain(to);
          if (manualMoves(from).includes(to) && (to !== 'Lost' || reason)) expect(refusal).toBeNull();
        },
      ),
    );
    expect(manualMoves('Onboarded')).toEqual([]);
  });
});

describe('CRM settings', () => {
  it('are off by default and need a token for HubSpot', () => {
    expect(crmConfigFrom({})).toBeNull();
    expect(crmConfigFrom({ CRM_PROVIDER: ' ' })).toBeNull();
    expect(() => crmConfigFrom({ CRM_PROVIDER: 'hubspot' })).toThrow(/HUBSPOT_TOKEN/);
    expect(() => crmConfigFrom({ CRM_PROVIDER: 'salesforce', HUBSPOT_TOKEN: 't' })).toThrow(
      /CRM_PROVIDER must be hubspot/,
    );
    expect(crmConfigFrom({ CRM_PROVIDER: 'HubSpot', HUBSPOT_TOKEN: 'pat' })).toEqual({
      provider: 'hubspot',
      token: 'pat',
      baseUrl: 'https://api.hubapi.com',
    });
    expect(
      crmConfigFrom({
        CRM_PROVIDER: 'hubspot',
        HUBSPOT_TOKEN: 'pat',
        HUBSPOT_BASE_URL: 'http://127.0.0.1:9/',
      })?.baseUrl,
    ).toBe('http://127.0.0.1:9');
    expect(() =>
      crmConfigFrom({ CRM_PROVIDER: 'hubspot', HUBSPOT_TOKEN: 'pat', HUBSPOT_BASE_URL: 'ftp://x' }),
    ).toThrow(/HUBSPOT_BASE_URL/);
  });

  it('limit applications to 5 an hour per address unless told otherwise', () => {
    expect(applicationsPerHourFrom({})).toBe(5);
    expect(applicationsPerHourFrom({ CRM_APPLICATIONS_PER_HOUR: '20' })).toBe(20);
    expect(() => applicationsPerHourFrom({ CRM_APPLICATIONS_PER_HOUR: '0' })).toThrow(/whole number/);
  });
});
