import type { Role } from '@rf/domain/roles';

export type AreaKey = 'supplier' | 'admin' | 'investor' | 'spv' | 'broker';

export interface NavItem {
  readonly label: string;
  /** Relative to the area's base path. */
  readonly to: string;
  readonly children?: readonly NavItem[];
}

export interface AreaDef {
  readonly key: AreaKey;
  readonly base: string;
  readonly label: string;
  /** The role that opens the area; a signed-in user of another role is sent to their own area. */
  readonly role: Role;
  readonly nav: readonly NavItem[];
  /** Investor, SPV and broker organisations can register themselves. */
  readonly canRegister: boolean;
}

export const AREAS: Record<AreaKey, AreaDef> = {
  supplier: {
    key: 'supplier',
    base: '/app',
    label: 'Supplier',
    role: 'Supplier',
    canRegister: false,
    nav: [
      { label: 'Dashboard', to: 'dashboard' },
      { label: 'Company', to: 'account' },
      { label: 'Buyers', to: 'buyers' },
      { label: 'Requests', to: 'requests' },
      { label: 'Settings', to: 'settings' },
    ],
  },
  admin: {
    key: 'admin',
    base: '/admin',
    label: 'Admin',
    role: 'Admin',
    canRegister: false,
    nav: [
      { label: 'Dashboard', to: 'dashboard' },
      { label: 'Suppliers', to: 'suppliers' },
      { label: 'Buyers', to: 'buyers' },
      { label: 'Investors', to: 'investors' },
      { label: 'SPVs', to: 'spvs' },
      { label: 'Brokers', to: 'brokers' },
      { label: 'Leads', to: 'leads' },
      {
        label: 'Requests',
        to: 'requests',
        children: [{ label: 'New request', to: 'newrequestsupplierlist' }],
      },
      { label: 'Envelopes', to: 'envelopes' },
      { label: 'Bookkeeping', to: 'bookkeeping' },
      { label: 'Transactions', to: 'transactions' },
      { label: 'Payouts', to: 'payouts' },
      { label: 'Reconciliation', to: 'reconciliation' },
      { label: 'Ledger', to: 'ledger', children: [{ label: 'Trial balance', to: 'ledger/trial-balance' }] },
      { label: 'Reports', to: 'reports' },
      { label: 'Insurance', to: 'newinsurance' },
      { label: 'Users & groups', to: 'groups' },
      { label: 'SOFR fixings', to: 'sofr' },
      { label: 'Audit trail', to: 'audit' },
      { label: 'Settings', to: 'settings' },
    ],
  },
  investor: {
    key: 'investor',
    base: '/investor',
    label: 'Investor',
    role: 'Investor',
    canRegister: true,
    nav: [
      { label: 'Dashboard', to: 'dashboard' },
      { label: 'Limits', to: 'limits' },
      { label: 'Obligors', to: 'obligors' },
      { label: 'Requests', to: 'requests' },
      {
        label: 'Bank',
        to: 'bank',
        children: [
          { label: 'Remittance', to: 'bank/remittance' },
          { label: 'Collection', to: 'bank/collection' },
        ],
      },
      { label: 'Ledger', to: 'ledger', children: [{ label: 'Trial balance', to: 'ledger/trial-balance' }] },
      { label: 'Reports', to: 'reports' },
      { label: 'Settings', to: 'settings' },
    ],
  },
  spv: {
    key: 'spv',
    base: '/spv',
    label: 'SPV',
    role: 'Spv',
    canRegister: true,
    nav: [
      { label: 'Dashboard', to: 'dashboard' },
      { label: 'Limits', to: 'limits' },
      { label: 'Obligors', to: 'obligors' },
      { label: 'Requests', to: 'requests' },
      { label: 'Bookkeeping', to: 'bookkeeping' },
      {
        label: 'Bank',
        to: 'bank',
        children: [
          { label: 'Remittance', to: 'bank/remittance' },
          { label: 'Collection', to: 'bank/collection' },
        ],
      },
      { label: 'Ledger', to: 'ledger', children: [{ label: 'Trial balance', to: 'ledger/trial-balance' }] },
      { label: 'Reports', to: 'reports' },
      { label: 'Settings', to: 'settings' },
    ],
  },
  broker: {
    key: 'broker',
    base: '/broker',
    label: 'Broker',
    role: 'Broker',
    canRegister: true,
    nav: [
      { label: 'Dashboard', to: 'dashboard' },
      { label: 'Suppliers', to: 'suppliers' },
      { label: 'Supplier groups', to: 'suppliergroups' },
      { label: 'Leads', to: 'leads' },
      { label: 'Limits', to: 'limits' },
      { label: 'Obligors', to: 'obligors' },
      { label: 'Requests', to: 'requests' },
      { label: 'Users', to: 'groups' },
      { label: 'Settings', to: 'settings' },
    ],
  },
};

/** Whether a signed-in user with this role may see the area's content. */
export function mayEnter(area: AreaDef, role: Role | null): boolean {
  return role !== null && area.role === role;
}

/**
 * Where a signed-in user who opens another area is sent: from the supplier area (`/app`, the
 * address most people type) straight to their own area; other areas show their sign-in screen,
 * which says who is signed in and offers the way to the user's own area.
 */
export function redirectsToOwnArea(area: AreaDef, role: Role | null): boolean {
  return role !== null && area.key === 'supplier' && !mayEnter(area, role);
}

export function areaOfRole(role: Role): AreaDef {
  const byRole: Record<Role, AreaKey> = {
    Admin: 'admin',
    Investor: 'investor',
    Spv: 'spv',
    Broker: 'broker',
    Supplier: 'supplier',
  };
  return AREAS[byRole[role]];
}

/**
 * Where a supplier's dashboard sends it instead: until its company is approved (no company record
 * yet, a draft, under review or declined; `status` is its supplier_status) the dashboard would be
 * empty, so it lands on the onboarding checklist of `/app/account`. Null: show the dashboard.
 */
export function supplierLanding(status: string | null | undefined): string | null {
  return status === 'Approved' ? null : `${AREAS.supplier.base}/account`;
}
