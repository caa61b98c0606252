import { recordRuleIssues, type ModelName } from '@rf/domain';
import type { Row } from '../db/database.ts';
import { validationError } from '../http/errors.ts';

/**
 * The rules across the fields of one record
 * (docs/business-rules.md, “Value lists and record checks”), checked on the record as it will be
 * stored (current values merged with the change): people adult with ID dates in order,
 * incorporation between 1900 and today. Rules across records live in the entity's hooks
 * (operations/hooks/).
 */
export function checkRecordRules(model: ModelName, merged: Row, today: string): void {
  const issues = recordRuleIssues(model, merged, today);
  if (issues.length) throw validationError(issues.join('; '));
}
