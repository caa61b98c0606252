import { PARTY_ID_FIELDS, REGISTRY, tableOf, type ModelName } from '@rf/domain';
import { q } from '../../db/schema-sql.ts';
import { validationError } from '../../http/errors.ts';
import type { EntityHooks, HookInput } from './types.ts';

/**
 * The UBOs of one company own at most 100 % together
 * (docs/business-rules.md, “Value lists and record checks”), counted with the record as it will be
 * stored.
 */
async function ownershipTotal({ tx, merged, current }: HookInput): Promise<void> {
  if (merged.ubo_ownership_percentage == null) return;
  const party = PARTY_ID_FIELDS.find((f) => typeof merged[f] === 'string');
  if (!party) return;
  // The company's row is locked first, so UBOs written at the same time take turns and cannot
  // each pass the total on their own (PostgreSQL runs them in parallel).
  const company = REGISTRY.UBO.fieldsByName.get(party)?.ref as ModelName | undefined;
  if (company)
    await tx.query(`SELECT 1 FROM ${q(tableOf(company))} WHERE id = $1 FOR UPDATE`, [String(merged[party])]);
  const [others] = await tx.query<{ total: string | null }>(
    `SELECT sum(ubo_ownership_percentage)::text AS total FROM "ubo" WHERE ${q(party)} = $1 AND NOT "_deleted" AND ($2::uuid IS NULL OR id <> $2::uuid)`,
    [String(merged[party]), current ? String(current.id) : null],
  );
  const total = Number(others?.total ?? 0) + Number(merged.ubo_ownership_percentage);
  if (total > 100)
    throw validationError(
      `ubo_ownership_percentage: the company's UBOs would own ${total} % together; at most 100 % is possible`,
    );
}

export const uboHooks: EntityHooks = { beforeCreate: ownershipTotal, beforeUpdate: ownershipTotal };
