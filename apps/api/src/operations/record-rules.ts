import { PARTY_ID_FIELDS, REGISTRY, recordRuleIssues, tableOf, type ModelName } from '@rf/domain';
import { q } from '../db/schema-sql.ts';
import type { Queryable, Row } from '../db/database.ts';
import { validationError } from '../http/errors.ts';

/**
 * The rules across fields and records (docs/business-rules.md, “Reference lists”), checked on the
 * record as it will be stored (current values merged with the change): people adult with ID dates
 * in order, incorporation between 1900 and today, and the UBOs of one company owning at most 100 %
 * together.
 */
export async function checkRecordRules(
  tx: Queryable,
  model: ModelName,
  merged: Row,
  id: string | null,
  today: string,
): Promise<void> {
  const issues = recordRuleIssues(model, merged, today);
  if (model === 'UBO' && merged.ubo_ownership_percentage != null) {
    const party = PARTY_ID_FIELDS.find((f) => typeof merged[f] === 'string');
    if (party) {
      // The company's row is locked first, so UBOs written at the same time take turns and cannot
      // each pass the total on their own (PostgreSQL runs them in parallel).
      const company = REGISTRY.UBO.fieldsByName.get(party)?.ref as ModelName | undefined;
      if (company)
        await tx.query(`SELECT 1 FROM ${q(tableOf(company))} WHERE id = $1 FOR UPDATE`, [
          String(merged[party]),
        ]);
      const [others] = await tx.query<{ total: string | null }>(
        `SELECT sum(ubo_ownership_percentage)::text AS total FROM "ubo" WHERE ${`"${party}"`} = $1 AND NOT "_deleted" AND ($2::uuid IS NULL OR id <> $2::uuid)`,
        [String(merged[party]), id],
      );
      const total = Number(others?.total ?? 0) + Number(merged.ubo_ownership_percentage);
      if (total > 100)
        issues.push(
          `ubo_ownership_percentage: the company's UBOs would own ${total} % together; at most 100 % is possible`,
        );
    }
  }
  if (issues.length) throw validationError(issues.join('; '));
}
