import { MODEL_NAMES, tableOf } from '@rf/domain';
import { updateRow } from '../data/rows.ts';
import { secretCipher, secretFieldsOf } from '../data/secret-fields.ts';
import { q } from '../db/schema-sql.ts';
import type { AuditActor } from '../data/audit-trail.ts';
import { nowOf, type OperationContext } from './context.ts';

/**
 * After a rotation of the server's secret (docs/architecture.md, “Secrets at rest”): every secret
 * field not sealed with the current key is opened with the key that sealed it (or taken as it is,
 * when stored in the clear before sealing existed) and sealed again. Each record is one update, in
 * the audit trail as `resealSecrets` with the values masked. Returns how many records changed.
 */
export async function resealSecrets(
  ctx: Pick<OperationContext, 'db' | 'keys' | 'clock'>,
  by: AuditActor,
): Promise<number> {
  const cipher = secretCipher(ctx.keys);
  let resealed = 0;
  for (const model of MODEL_NAMES) {
    const fields = secretFieldsOf(model);
    if (!fields.length) continue;
    const rows = await ctx.db.query<Record<string, string | null>>(
      `SELECT id, ${fields.map(q).join(', ')} FROM ${q(tableOf(model))} WHERE ${fields
        .map((f) => `${q(f)} IS NOT NULL`)
        .join(' OR ')}`,
    );
    for (const row of rows) {
      const stale = fields.filter((f) => typeof row[f] === 'string' && !cipher.isCurrent(row[f]));
      if (!stale.length) continue;
      const plain = Object.fromEntries(stale.map((f) => [f, cipher.openOrPlain(row[f] as string)]));
      await ctx.db.transaction((tx) =>
        updateRow(tx, model, String(row.id), plain, {
          by,
          at: nowOf(ctx),
          action: 'resealSecrets',
          secrets: cipher,
        }),
      );
      resealed += 1;
    }
  }
  return resealed;
}
