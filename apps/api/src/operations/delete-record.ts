import { keptBy, recordNoun } from '@rf/domain';
import type { Row } from '../db/database.ts';
import { publishChange } from '../data/change-feed.ts';
import { deleteRow } from '../data/rows.ts';
import { requireCaller, writeOf, type OperationContext } from './context.ts';
import { unauthorized } from '../http/errors.ts';
import { getRecord } from './get-record.ts';
import { lockForWrite, type WriteInput } from './update-record.ts';
import { checkOperationAllowed } from './write-checks.ts';

/**
 * `deleteX(input)`: a soft delete as AppSync's conflict detection does it (`_deleted`,
 * `_lastChangedAt`); the record disappears from gets and lists but nothing is removed.
 */
export async function deleteRecord(ctx: OperationContext, input: WriteInput): Promise<Row> {
  const caller = requireCaller(ctx);
  checkOperationAllowed(caller, input.model, 'delete');
  const deleted = await ctx.db.transaction(async (tx) => {
    const current = await lockForWrite(ctx, tx, input, 'delete');
    // A decided record is kept (docs/business-rules.md, “Integrity of requests and lines”):
    // withdrawals, reversals and reopening replace deletion.
    const kept = keptBy(input.model, current);
    if (kept)
      throw unauthorized(`Not allowed: a ${recordNoun(input.model)} that is ${kept} cannot be deleted`);
    await deleteRow(tx, input.model, String(current.id), writeOf(ctx));
    const asAdmin = { ...ctx, caller: { ...caller, role: 'Admin' as const } };
    return (await getRecord(
      asAdmin,
      { model: input.model, id: String(current.id), includeDeleted: true },
      tx,
    )) as Row;
  });
  await publishChange(ctx.db, { model: input.model, kind: 'delete', id: String(deleted.id) });
  return deleted;
}
