import { validationError } from '../../http/errors.ts';
import type { EntityHooks } from './types.ts';

/**
 * A line's currency never changes once it has requests
 * (docs/business-rules.md, “Integrity of requests and lines”).
 */
export const buyerHooks: EntityHooks = {
  beforeUpdate: async ({ tx, current, values }) => {
    if (!current || !('buyer_currency' in values) || values.buyer_currency === current.buyer_currency) return;
    const [used] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "request" WHERE "buyerId" = $1 AND NOT "_deleted"`,
      [String(current.id)],
    );
    if (used && used.n > 0)
      throw validationError(
        `buyer_currency cannot change: the line already has ${used.n} request${used.n === 1 ? '' : 's'} in ${String(current.buyer_currency)}`,
      );
  },
};
