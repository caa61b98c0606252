import { MODEL_NAMES, type ModelName } from '../entity.ts';
import { REGISTRY, fieldNames } from '../registry.ts';
import type { Role } from '../roles.ts';
import { lifecycleOf } from '../lifecycle/lifecycles.ts';
import { LINE_TERMS } from '../lifecycle/buyer-line.ts';
import { DERIVED_FINANCIAL_FIELDS } from '../financials/derive.ts';
import { SIGNED_DOCUMENT_FIELDS } from '../esign/envelopes.ts';

/** Fields the server always fills; no client sets them (mass assignment is refused). */
export function serverFields(model: ModelName): ReadonlySet<string> {
  const entity = REGISTRY[model];
  const names = ['id', 'createdAt', 'updatedAt', 'sortkey', 'identityId'];
  if (entity.domainId) names.push(entity.domainId);
  // Derived figures are computed from the statement, never typed twice
  // (docs/business-rules.md, “Buyer risk bands, score and grade”); total equity may still be typed
  // when its components are not.
  if (model === 'Financials') names.push(...DERIVED_FINANCIAL_FIELDS.filter((f) => f !== 'total_equity'));
  // The signed documents come from the built-in signer or, for an administrator, the named upload of
  // signed copies (docs/business-rules.md, “Signing the financing documents”), never a plain write.
  if (model === 'Request') names.push(...SIGNED_DOCUMENT_FIELDS);
  // Written by the expiry notice job only (docs/business-rules.md, “Credit insurance”).
  if (model === 'Insurance') names.push('insurance_expiry_notice_for');
  return new Set(names);
}

const STAFF: readonly Role[] = ['Admin'];
const ASSESSORS: readonly Role[] = ['Admin', 'Broker'];

const REQUEST_SERVER_TERMS = fieldNames('Request', [
  'investorId',
  'spvId',
  'brokerId',
  'investor_email',
  'advance_rate',
  'spv_fee_rate',
  'spv_fee_amount',
  'broker_fee_rate',
  'broker_fee_amount',
  'discount_fee_rate',
  'discount_fee_rate_adjusted',
  'discount_fee_amount',
  'transaction_fee_rate',
  'transaction_fee_amount',
  'base_rate',
  'base_rate_amount',
  'invoice_purchase_amount',
  'invoice_purchase_duration',
  'transactionId_payout',
  'transactionId_payback',
  'payout_date',
  'payback_date',
  'possible_duplicate_of',
  'documents_requested',
  'documents_comment',
]);

const explicit: Partial<Record<ModelName, Record<string, readonly Role[]>>> = {
  Supplier: { brokerId: ASSESSORS },
  Buyer: {
    ...Object.fromEntries(LINE_TERMS.map((f) => [f, ASSESSORS])),
    buyer_loan_approved_amount: STAFF,
  },
  Request: Object.fromEntries(REQUEST_SERVER_TERMS.map((f) => [f, STAFF])),
  Financials: { financials_status: ASSESSORS },
  // The funder report's concentration limit (docs/business-rules.md, “Funder reporting”).
  Investor: { investor_concentration_limit: STAFF },
  Spv: { spv_concentration_limit: STAFF },
  Usergroup: { groupId: STAFF, sub: STAFF, group_type: STAFF, user_role: STAFF },
};

/**
 * Fields only some roles may set through create and update: statuses (moved by the named operations
 * of docs/business-rules.md, “Status moves, guards and effects”), risk bands (set by the
 * assessor), financing terms and server-computed pricing. Everything else is writable by whoever
 * may write the row.
 */
export const RESTRICTED_FIELDS: Readonly<Record<ModelName, Readonly<Record<string, readonly Role[]>>>> =
  Object.fromEntries(
    MODEL_NAMES.map((model) => {
      const rules: Record<string, readonly Role[]> = { userId: ASSESSORS };
      for (const f of REGISTRY[model].fields) {
        // Workflow statuses are enums; yes/no flags such as director_pep_status are the owner's to set.
        if (f.type === 'enum' && /_status(_admin|_spv)?$/.test(f.name)) rules[f.name] = STAFF;
        if (f.type === 'risk') rules[f.name] = ASSESSORS;
      }
      return [model, { ...rules, ...explicit[model] }];
    }),
  ) as Record<ModelName, Record<string, readonly Role[]>>;

/** Why `role` may not set `fieldName` of `model`, or null when it may. */
export function writeRefusal(
  role: Role,
  model: ModelName,
  fieldName: string,
  mode: 'create' | 'update' = 'create',
  value?: unknown,
): string | null {
  if (serverFields(model).has(fieldName)) return `${fieldName} is set by the server and cannot be written`;
  // A status changes only along its lifecycle, so its effects and history are kept; a new record
  // starts in the initial state (docs/business-rules.md, “Status moves, guards and effects”).
  const lifecycle =
    model === 'Financials' && fieldName === 'financials_status' ? undefined : lifecycleOf(model, fieldName);
  if (lifecycle && mode === 'update')
    return `${fieldName} changes only through its named operations (or changeStatus)`;
  const allowed = RESTRICTED_FIELDS[model][fieldName];
  if (allowed && !allowed.includes(role)) return `${fieldName} cannot be set by a ${role} user`;
  if (lifecycle && value !== undefined && value !== null && value !== lifecycle.initial)
    return `${fieldName} of a new ${model} is ${lifecycle.initial}; it changes only through its named operations`;
  return null;
}

/** Values a new record starts with unless a role allowed to set them chose otherwise. */
export const INITIAL_VALUES: Partial<Record<ModelName, Readonly<Record<string, string>>>> = {
  Supplier: { supplier_status: 'Draft' },
  Investor: { investor_status: 'Draft' },
  Spv: { spv_status: 'Draft' },
  Broker: { broker_status: 'Draft' },
  Buyer: { buyer_status: 'Under Review' },
  Request: { request_status: 'Under Review' },
  Director: { director_status: 'Under Review' },
  UBO: { ubo_status: 'Under Review' },
  Bank: { bank_status: 'Under Review' },
  Insurance: { insurance_status: 'Active' },
};

/**
 * The values a new row of `model` starts with, given what the caller sent: the model's own, and
 * "Under Review" for a party's financial statements (a buyer's keep the audit type in
 * financials_status instead, docs/business-rules.md, “Status moves, guards and effects”).
 */
export function initialValuesOf(
  model: ModelName,
  input: Readonly<Record<string, unknown>>,
): Readonly<Record<string, string>> {
  const base = INITIAL_VALUES[model] ?? {};
  if (model === 'Financials' && !input.buyerId) return { ...base, financials_status: 'Under Review' };
  return base;
}

/**
 * Fields never returned to any client (bank-link secrets,
 * docs/architecture.md, “API errors, filters and secrets”).
 */
export function isSecretField(model: ModelName, fieldName: string): boolean {
  return REGISTRY[model].fieldsByName.get(fieldName)?.type === 'secret';
}
