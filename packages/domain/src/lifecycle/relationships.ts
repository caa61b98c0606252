import type { ModelName } from '../entity.ts';
import { ALL, OWN, any, fieldIn, type Scope } from '../policy/scopes.ts';
import type { Role } from '../roles.ts';
import type { Actor, Relationship } from './types.ts';

/**
 * The rows of `model` a caller relates to in a way, as a scope the data layer compiles to SQL (the
 * same compiler as the access policy): its own, its introduced suppliers', its funded lines'.
 */
export function relationshipScope(model: ModelName, relationship: Relationship): Scope {
  switch (relationship) {
    case 'owner':
      return OWN;
    case 'broker':
      return fieldIn('userId', { of: 'introducedOrgs' });
    case 'lineInvestor':
      return fieldIn(model === 'Buyer' ? 'id' : 'buyerId', { of: 'lines', via: 'investorId' });
    case 'lineSpv':
      return fieldIn(model === 'Buyer' ? 'id' : 'buyerId', { of: 'lines', via: 'spvId' });
  }
}

/**
 * The rows an operation's `who` lets a caller of `role` run it on: every row for an actor without
 * relationships (Admin), else the rows of any of the role's relationships; null when the role is
 * not named.
 */
export function actorScope(model: ModelName, who: readonly Actor[], role: Role): Scope | null {
  const actors = who.filter((a) => a.role === role);
  if (!actors.length) return null;
  if (actors.some((a) => !a.as?.length)) return ALL;
  return any(...actors.flatMap((a) => a.as ?? []).map((r) => relationshipScope(model, r)));
}
