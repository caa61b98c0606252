import { describe, expect, it } from 'vitest';
import { ROLES } from '@rf/domain/roles';
import { AREAS, mayEnter, redirectsToOwnArea, supplierLanding } from './areas.ts';

describe('areas', () => {
  it('let each role into its own area only', () => {
    for (const role of ROLES)
      for (const area of Object.values(AREAS)) expect(mayEnter(area, role)).toBe(area.role === role);
    expect(mayEnter(AREAS.supplier, null)).toBe(false);
  });
  it('send a signed-in user of another role from /app to their own area', () => {
    for (const role of ['Admin', 'Investor', 'Spv', 'Broker'] as const)
      expect(redirectsToOwnArea(AREAS.supplier, role)).toBe(true);
    expect(redirectsToOwnArea(AREAS.supplier, 'Supplier')).toBe(false);
    expect(redirectsToOwnArea(AREAS.supplier, null)).toBe(false);
    // Other areas show their sign-in screen instead.
    expect(redirectsToOwnArea(AREAS.admin, 'Supplier')).toBe(false);
  });
  it('land a supplier on its onboarding checklist until its company is approved', () => {
    expect(supplierLanding(null)).toBe('/app/account');
    for (const status of ['Draft', 'Under Review', 'Declined'])
      expect(supplierLanding(status)).toBe('/app/account');
    expect(supplierLanding('Approved')).toBeNull();
  });
});
