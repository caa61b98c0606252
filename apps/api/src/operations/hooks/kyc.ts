import { REGISTRY, tableOf, type ModelName } from '@rf/domain';
import { q } from '../../db/schema-sql.ts';
import { unauthorized } from '../../http/errors.ts';
import type { EntityHooks, HookInput } from './types.ts';

/**
 * A party's directors, UBOs, documents and financials are kept by the party's own organisation,
 * the supplier's introducing broker and admin, never by a funder
 * (docs/business-rules.md, “Party records and inviting users”): an investor or SPV may keep such
 * records only about itself, so every record they name must be its own.
 */
const onlyOwnParents =
  (model: ModelName) =>
  async ({ tx, caller, merged }: HookInput): Promise<void> => {
    if (caller.role !== 'Investor' && caller.role !== 'Spv') return;
    for (const f of REGISTRY[model].fields) {
      const value = merged[f.name];
      if (f.type !== 'ref' || !f.ref || typeof value !== 'string') continue;
      const [owned] = await tx.query(
        `SELECT 1 FROM ${q(tableOf(f.ref as ModelName))} WHERE id = $1 AND "userId" = $2`,
        [value, caller.groupId],
      );
      if (!owned)
        throw unauthorized(
          `Not allowed: ${f.name}: a funder cannot add or change another party's ${model === 'Financials' ? 'financials' : `${model.toLowerCase()}s`}; the party itself or an administrator does`,
        );
    }
  };

export const kycHooks = (model: ModelName): EntityHooks => ({
  beforeCreate: onlyOwnParents(model),
  beforeUpdate: onlyOwnParents(model),
});
