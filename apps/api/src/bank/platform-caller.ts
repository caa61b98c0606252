import type { Caller } from '@rf/domain';
import type { OperationContext } from '../operations/context.ts';

/**
 * The platform itself, when it matches a payment and settles what it completes
 * (docs/business-rules.md, “Payments and reconciliation”): an administrator's rights, named as the
 * platform in histories.
 */
export const PLATFORM_RECONCILER: Caller = {
  sub: 'platform-reconciliation',
  groupId: null,
  role: 'Admin',
  name: 'Platform reconciliation',
};

/** The caller's context with the platform as the caller (same database, clock, keys and client). */
export const asPlatform = (ctx: OperationContext): OperationContext => ({
  ...ctx,
  caller: PLATFORM_RECONCILER,
});
