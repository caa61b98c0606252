import type { Queryable } from '../db/database.ts';
import { changedOnly, recordAuditEvent, type FieldChange } from '../data/audit-trail.ts';
import { actorOf, nowOf, type OperationContext } from '../operations/context.ts';

/**
 * An administrator's change of a user of the pool (their role groups, disabled or not) in the audit
 * trail, in the transaction that makes it: the user is the record
 * (docs/architecture.md, “Audit trail”). Only fields whose value changed are listed.
 */
export async function recordUserChange(
  tx: Queryable,
  ctx: OperationContext,
  input: { action: string; user: { sub: string; groupId: string | null }; changes: readonly FieldChange[] },
): Promise<void> {
  await recordAuditEvent(tx, {
    by: actorOf(ctx),
    at: nowOf(ctx),
    action: input.action,
    model: 'User',
    recordId: input.user.sub,
    ownerGroupId: input.user.groupId,
    changes: changedOnly(input.changes),
  });
}
