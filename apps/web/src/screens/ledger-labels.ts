import type { LedgerAccount } from '../entity/ledger-api.ts';

/** Who an account belongs to, by name: the platform's own accounts have no party. */
export const partyOf = (a: LedgerAccount): string =>
  a.partyName ??
  (a.partyModel ? `${a.partyModel === 'Buyer' ? 'Buyer line' : a.partyModel} (unnamed)` : 'Platform');

/** `spv_purchase` → `SPV purchase`, `limit_use` → `Limit use`. */
export const eventLabel = (kind: string): string => {
  const words = kind
    .replace(/[_:-]+/g, ' ')
    .trim()
    .replace(/\bspv\b/gi, 'SPV');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
