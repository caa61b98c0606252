import type { ModelName } from '../entity.ts';

/** Party models an organisation owns one record of (its company). */
export type OwnPartyModel = 'Supplier' | 'Investor' | 'Spv' | 'Broker';

/**
 * A set of ids derived from the caller's organisation, evaluated by the data layer in SQL:
 * - `parties`: ids of the caller's own party records of `model` (e.g. its Investor record);
 * - `lines`: ids of the buyer lines whose `via` party is one of the caller's parties;
 * - `lineSuppliers`: ids of the suppliers of those lines;
 * - `introducedSuppliers`: ids of the suppliers the caller's broker introduced;
 * - `introducedOrgs`: organisation ids (group ids) of those suppliers;
 * - `linePolicies`: ids of the credit-insurance policies on the buyer companies of the lines whose
 *   `via` party is one of the caller's (docs/business-rules.md, “Credit insurance”).
 */
export type IdSet =
  | { readonly of: 'parties'; readonly model: OwnPartyModel }
  | { readonly of: 'lines'; readonly via: 'investorId' | 'spvId' }
  | { readonly of: 'lineSuppliers'; readonly via: 'investorId' | 'spvId' }
  | { readonly of: 'introducedSuppliers' }
  | { readonly of: 'introducedOrgs' }
  | { readonly of: 'linePolicies'; readonly via: 'investorId' | 'spvId' };

/** Which rows of a model a rule covers. */
export type Scope =
  | { readonly kind: 'all' }
  | { readonly kind: 'none' }
  /** rows owned by the caller's organisation (`userId` = its group id) */
  | { readonly kind: 'own' }
  /** rows whose `field` holds a value of `set` */
  | { readonly kind: 'in'; readonly field: string; readonly set: IdSet }
  | { readonly kind: 'any'; readonly of: readonly Scope[] };

export const ALL: Scope = { kind: 'all' };
export const NONE: Scope = { kind: 'none' };
export const OWN: Scope = { kind: 'own' };
export const any = (...of: Scope[]): Scope => ({ kind: 'any', of });
export const fieldIn = (field: string, set: IdSet): Scope => ({ kind: 'in', field, set });

/** What one role may do with one model. */
export interface ModelRule {
  readonly read: Scope;
  readonly create: Scope;
  readonly update: Scope;
  readonly delete: Scope;
}

export type PolicyTable = Readonly<Record<ModelName, ModelRule>>;
