import type { ModelName } from '../entity.ts';
import { REGISTRY } from '../registry.ts';
import type { Role } from '../roles.ts';
import { serverFields } from '../policy/fields.ts';

/**
 * The review statuses that an approval of the record's content gives
 * (docs/business-rules.md, “Status moves, guards and effects”).
 */
const REVIEWED: Partial<Record<ModelName, string>> = {
  Director: 'director_status',
  UBO: 'ubo_status',
  Bank: 'bank_status',
  Financials: 'financials_status',
};

/** Sections whose fields change in the normal course (a bank account's balances), not its identity. */
const ROUTINE_SECTIONS: Partial<Record<ModelName, readonly string[]>> = { Bank: ['Figures'] };

/** "1500000" and "1500000.00" are the same figure; text is compared trimmed. */
function normalised(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value.trim() : JSON.stringify(value);
  return /^-?\d+\.\d+$/.test(text) ? text.replace(/\.?0+$/, '') : text;
}

export interface ReviewAgain {
  readonly field: string;
  /** The fields whose change voids the approval, for the history's comment. */
  readonly changed: readonly string[];
}

/**
 * An approved director, UBO, bank account or party's financial statements changed by anyone but
 * an administrator is no longer what was approved: it goes back to Under Review (a changed payee
 * account, say, must be checked again before money follows it). Administrators' own corrections
 * keep the status; a buyer's statements, whose status field holds the audit type, are left alone.
 */
export function reviewAgainAfterEdit(
  model: ModelName,
  role: Role,
  current: Readonly<Record<string, unknown>>,
  values: Readonly<Record<string, unknown>>,
): ReviewAgain | null {
  const field = REVIEWED[model];
  if (!field || role === 'Admin' || current[field] !== 'Approved') return null;
  if (model === 'Financials' && current.buyerId) return null;
  const entity = REGISTRY[model];
  const routine = ROUTINE_SECTIONS[model] ?? [];
  const ignored = serverFields(model);
  const changed = Object.keys(values).filter((name) => {
    const def = entity.fieldsByName.get(name);
    if (!def || name === field || name === 'userId' || ignored.has(name)) return false;
    // Risk bands are the assessor's judgement of the content, not the content.
    if (def.type === 'risk' || routine.includes(def.section)) return false;
    return normalised(values[name]) !== normalised(current[name]);
  });
  return changed.length ? { field, changed } : null;
}
