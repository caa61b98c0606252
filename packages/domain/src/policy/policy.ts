import type { ModelName } from '../entity.ts';
import type { Role } from '../roles.ts';
import { ALL, NONE, OWN, any, fieldIn, type ModelRule, type PolicyTable, type Scope } from './scopes.ts';

/**
 * The access policy as data (docs/business-rules.md, “Organisations, roles and who sees what”):
 * for each role and model, which rows may be read, created, updated and deleted. The data layer
 * applies it to every get, list, mutation, file and subscription; screens only mirror it.
 */
const rule = (read: Scope, write: Scope = NONE, del: Scope = NONE): ModelRule => ({
  read,
  create: write,
  update: write,
  delete: del,
});
const readOnly = (read: Scope): ModelRule => rule(read);
const nothing: ModelRule = rule(NONE);

const everything: ModelRule = rule(ALL, ALL, ALL);

const admin: PolicyTable = {
  Spv: everything,
  Broker: everything,
  Investor: everything,
  Supplier: everything,
  Buyer: everything,
  Bank: everything,
  Bookkeeping: everything,
  Director: everything,
  UBO: everything,
  Document: everything,
  Financials: everything,
  Request: everything,
  Esign: everything,
  SOFR: everything,
  Plaidauth: everything,
  // Read only here too: manual entries and reversals are named operations.
  Transaction: readOnly(ALL),
  Usergroup: everything,
  Insurance: everything,
};

const mySuppliers = fieldIn('supplierId', { of: 'parties', model: 'Supplier' });

const supplier: PolicyTable = {
  Spv: nothing,
  Broker: nothing,
  Investor: nothing,
  Supplier: rule(OWN, OWN),
  Buyer: rule(OWN, OWN),
  Bank: rule(OWN, OWN, OWN),
  Bookkeeping: readOnly(OWN),
  Director: rule(OWN, OWN, OWN),
  UBO: rule(OWN, OWN, OWN),
  Document: rule(OWN, OWN, OWN),
  Financials: rule(OWN, OWN, OWN),
  Request: rule(OWN, OWN),
  Esign: readOnly(mySuppliers),
  SOFR: readOnly(ALL),
  Plaidauth: nothing,
  Transaction: readOnly(OWN),
  Usergroup: readOnly(OWN),
  // A policy on a buyer is the funders' cover, and its figures sum every supplier's lines to that
  // buyer (docs/business-rules.md, “Credit insurance”): not a supplier's to read.
  Insurance: nothing,
};

/** A broker's own rows plus every row owned by a supplier it introduced (no bank data). */
const ownOrIntroduced = any(OWN, fieldIn('userId', { of: 'introducedOrgs' }));

const broker: PolicyTable = {
  Spv: nothing,
  Broker: rule(OWN, OWN),
  Investor: nothing,
  Supplier: rule(ownOrIntroduced, ownOrIntroduced),
  Buyer: rule(ownOrIntroduced, ownOrIntroduced),
  Bank: rule(OWN, OWN, OWN),
  Bookkeeping: nothing,
  Director: rule(ownOrIntroduced, ownOrIntroduced, ownOrIntroduced),
  UBO: rule(ownOrIntroduced, ownOrIntroduced, ownOrIntroduced),
  Document: rule(ownOrIntroduced, ownOrIntroduced, ownOrIntroduced),
  Financials: rule(ownOrIntroduced, ownOrIntroduced, ownOrIntroduced),
  Request: readOnly(ownOrIntroduced),
  Esign: readOnly(fieldIn('supplierId', { of: 'introducedSuppliers' })),
  SOFR: readOnly(ALL),
  Plaidauth: nothing,
  Transaction: readOnly(OWN),
  Usergroup: readOnly(ownOrIntroduced),
  // The funders' cover, as for a supplier.
  Insurance: nothing,
};

/**
 * Investor and SPV see their own rows and the buyer lines assigned to them
 * (docs/business-rules.md, “Organisations, roles and who sees what”).
 */
function funder(party: 'Investor' | 'Spv', via: 'investorId' | 'spvId'): PolicyTable {
  const myParty = fieldIn(via, { of: 'parties', model: party });
  const lines = fieldIn('buyerId', { of: 'lines', via });
  const lineSuppliers = fieldIn('supplierId', { of: 'lineSuppliers', via });
  const kyc = any(OWN, lines, lineSuppliers);
  const ownCompany = rule(OWN, OWN);
  return {
    Spv: party === 'Spv' ? ownCompany : nothing,
    Broker: nothing,
    Investor: party === 'Investor' ? ownCompany : nothing,
    Supplier: readOnly(fieldIn('id', { of: 'lineSuppliers', via })),
    Buyer: readOnly(fieldIn('id', { of: 'lines', via })),
    Bank: rule(OWN, OWN, OWN),
    Bookkeeping: readOnly(any(OWN, myParty)),
    Director: rule(kyc, OWN, OWN),
    UBO: rule(kyc, OWN, OWN),
    Document: rule(kyc, OWN, OWN),
    Financials: rule(kyc, OWN, OWN),
    Request: readOnly(any(myParty, lines)),
    Esign: readOnly(myParty),
    SOFR: readOnly(ALL),
    Plaidauth: rule(OWN, OWN),
    // Bank facts come from statements, the bank link or an administrator's manual entry, never
    // from edits (docs/business-rules.md, “Payments and reconciliation”).
    Transaction: readOnly(OWN),
    Usergroup: readOnly(OWN),
    // The policies on the buyer companies of the lines it funds
    // (docs/business-rules.md, “Credit insurance”).
    Insurance: readOnly(fieldIn('id', { of: 'linePolicies', via })),
  };
}

export const POLICY: Readonly<Record<Role, PolicyTable>> = {
  Admin: admin,
  Supplier: supplier,
  Broker: broker,
  Investor: funder('Investor', 'investorId'),
  Spv: funder('Spv', 'spvId'),
};

export type Operation = keyof ModelRule;

/** The rows of `model` that `role` may touch with `operation`. */
export function scopeOf(role: Role, model: ModelName, operation: Operation): Scope {
  return POLICY[role][model][operation];
}
