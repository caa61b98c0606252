import type { EntityDef, ModelName } from '@rf/domain/entity';
import { COMMON_FIELDS } from '@rf/domain/entity';
import type { FieldDef } from '@rf/domain/fields';
import { statusFieldsOf } from '@rf/domain/lifecycle/lifecycles';
import { formatDate, formatMoney } from './format.ts';
import { entity } from './queries.ts';

const COMMON: ReadonlySet<string> = new Set(COMMON_FIELDS.map((f) => f.name));

/** The field whose value is a record's status chip. */
export function statusFieldOf(model: ModelName): FieldDef | undefined {
  const e = entity(model);
  const explicit: Partial<Record<ModelName, string>> = {
    Bookkeeping: 'bookkeeping_status_admin',
    Financials: 'financials_status',
    Usergroup: 'group_status',
  };
  const name = explicit[model];
  if (name) return e.fieldsByName.get(name);
  return (
    e.fieldsByName.get(`${model.toLowerCase()}_status`) ??
    e.fields.find(
      (f) => f.type === 'enum' && /(^|_)status$/.test(f.name) && !f.name.startsWith('bookkeeping'),
    )
  );
}

/**
 * The status fields of a record that follow a machine
 * (docs/business-rules.md, “Status moves, guards and effects”) and so move only through
 * `changeStatus`. Buyer financials keep the audit type in `financials_status`, so only party
 * financials have a review status.
 */
export function machineFieldsOf(
  model: ModelName,
  record?: Readonly<Record<string, unknown>> | null,
): string[] {
  if (model === 'Financials' && record?.buyerId) return [];
  return statusFieldsOf(model);
}

/** Whether a field is moved only by `changeStatus`, never written by a form. */
export function isMachineField(
  model: ModelName,
  field: string,
  record?: Readonly<Record<string, unknown>> | null,
): boolean {
  return machineFieldsOf(model, record).includes(field);
}

/** Fields the platform moves (statuses, posting), which only an administrator's forms offer. */
const SERVER_MOVED: Partial<Record<ModelName, readonly string[]>> = {
  Bank: ['bank_status'],
  Bookkeeping: ['bookkeeping_status_admin', 'bookkeeping_status_spv'],
  Buyer: ['buyer_status'],
  Director: ['director_status'],
  UBO: ['ubo_status'],
  Financials: ['financials_status'],
  Insurance: ['insurance_status', 'insurance_expiry_notice_for'],
  Request: ['request_status', 'bookkeeping_status_admin', 'bookkeeping_status_spv'],
  Transaction: ['pending', 'transaction_status'],
};

export function isServerMoved(model: ModelName, field: string): boolean {
  return SERVER_MOVED[model]?.includes(field) ?? false;
}

/**
 * Text fields that hold the platform's own keys (a batch, an organisation, a sign-in account, a
 * bank link's account ids): kept for the platform, never shown as a field or exported.
 */
const INTERNAL_FIELDS: Partial<Record<ModelName, readonly string[]>> = {
  Request: ['batchId'],
  Usergroup: ['groupId', 'sub', 'naturalpersonId', 'legalpersonId', 'onboardingId'],
  Transaction: ['senderaccountId', 'recipientaccountId'],
  Plaidauth: ['account_id1', 'account_id2'],
};

export function isInternalField(model: ModelName, field: string): boolean {
  return INTERNAL_FIELDS[model]?.includes(field) ?? false;
}

/** Columns of a model's list, most telling first. */
const LIST_COLUMNS: Partial<Record<ModelName, readonly string[]>> = {
  Supplier: [
    'supplier_name',
    'supplier_country',
    'supplier_contact_name',
    'supplier_contact_email',
    'supplier_status',
    'createdAt',
  ],
  Buyer: [
    'buyer_name',
    'buyer_country',
    'buyer_currency',
    'buyer_loan_request_amount',
    'buyer_loan_approved_amount',
    'buyer_status',
  ],
  Investor: ['investor_name', 'investor_country', 'investor_email', 'investor_status', 'createdAt'],
  Spv: ['spv_name', 'spv_country', 'spv_email', 'spv_status', 'createdAt'],
  Broker: ['broker_name', 'broker_country', 'broker_email', 'broker_status', 'createdAt'],
  Request: [
    'invoice_number',
    'buyer_name',
    'supplier_name',
    'invoice_amount',
    'invoice_due_date',
    'invoice_purchase_amount',
    'request_status',
  ],
  Director: [
    'director_name',
    'director_jobtitle',
    'director_email',
    'director_nationality',
    'director_status',
  ],
  UBO: ['ubo_name', 'ubo_ownership_percentage', 'ubo_email', 'ubo_nationality', 'ubo_status'],
  Document: ['document_type', 'document_attachment', 'createdAt'],
  Financials: [
    'financials_reporting_period',
    'sales',
    'net_profit',
    'financials_rating',
    'financials_status',
  ],
  Bank: [
    'bank_account_name',
    'bank_name',
    'iban',
    'iso_currency_code',
    'bank_account_purpose',
    'balance',
    'bank_status',
  ],
  Bookkeeping: [
    'requestId',
    'invoiceId_3party',
    'bookkeeping_status_admin',
    'bookkeeping_status_spv',
    'createdAt',
  ],
  Transaction: [
    'transaction_date',
    'transaction_description',
    'merchant_name',
    'transaction_source_amount',
    'transaction_status',
  ],
  Usergroup: ['group_name', 'group_type', 'user_name', 'user_email', 'user_role', 'group_status'],
  Insurance: [
    'insurance_buyer_name',
    'insurance_buyer_country',
    'insurance_name',
    'insurance_policy_number',
    'insurance_cover_amount',
    'insurance_cover_end_date',
    'insurance_status',
  ],
  SOFR: ['date', 'SOFR', 'SOFRM1', 'SOFRM3', 'SOFRM6', 'SOFRM12'],
  Esign: ['esign_template_ipu', 'esign_template_offer', 'esign_template_raa_offer', 'createdAt'],
  Plaidauth: ['account_id1', 'account_id2'],
};

export function listColumnsOf(model: ModelName): FieldDef[] {
  const e = entity(model);
  const names = LIST_COLUMNS[model] ?? [e.titleField, ...e.fields.slice(0, 4).map((f) => f.name)];
  return names.map((n) => e.fieldsByName.get(n)).filter((f): f is FieldDef => Boolean(f));
}

/** Text fields searched by a list's search box. */
export function searchFieldsOf(model: ModelName): string[] {
  const e = entity(model);
  const cols = listColumnsOf(model)
    .filter((f) => ['text', 'email'].includes(f.type))
    .map((f) => f.name);
  return [...new Set([e.titleField, ...cols])].filter((n) => {
    const f = e.fieldsByName.get(n);
    return f && ['text', 'email', 'longtext'].includes(f.type);
  });
}

/** The currency code that goes with a money field of a record. */
export function currencyFor(
  model: ModelName,
  field: string,
  record: Record<string, unknown>,
): string | undefined {
  const e = entity(model);
  const candidates = [
    field.replace(/_amount$/, '_currency'),
    field.replace(/_premium$/, '_premium_currency'),
    field.replace(/_amount$/, '') + '_currency',
  ];
  for (const c of candidates) {
    if (c !== field && e.fieldsByName.get(c)?.type === 'currency' && typeof record[c] === 'string')
      return record[c];
  }
  const first = e.fields.find((f) => f.type === 'currency' && typeof record[f.name] === 'string');
  return first ? (record[first.name] as string) : undefined;
}

export function isMetaField(f: FieldDef, e: EntityDef): boolean {
  return COMMON.has(f.name) || f.name === e.domainId;
}

/**
 * A record's name for headings and breadcrumbs: its title field, never an id. A record titled by
 * a link (a bookkeeping record by its request) or with an empty title is named by its kind and
 * date here; `useRecordTitle` (record-title.tsx) names it by the linked record.
 */
export function titleOf(model: ModelName, record: Record<string, unknown> | null | undefined): string {
  if (!record) return '';
  const e = entity(model);
  const f = e.fieldsByName.get(e.titleField);
  const v = record[e.titleField];
  if (f && f.type !== 'ref' && f.type !== 'id' && v !== null && v !== undefined && v !== '') {
    if (f.type === 'date') return formatDate(v);
    return String(v);
  }
  const kind = modelLabel(model).replace(/^./, (c) => c.toUpperCase());
  const created = formatDate(record.createdAt);
  return created ? `${kind} of ${created}` : kind;
}

/** How a linked record is named: a request by its invoice number and amount, others by title. */
export function refTitleOf(model: ModelName, record: Record<string, unknown>): string {
  if (model === 'Request') {
    const amount = formatMoney(
      record.invoice_amount,
      typeof record.invoice_currency === 'string' ? record.invoice_currency : null,
    );
    const number = record.invoice_number
      ? `Invoice ${String(record.invoice_number)}`
      : titleOf(model, record);
    return amount ? `${number} · ${amount}` : number;
  }
  return titleOf(model, record);
}

const LABELS: Partial<Record<ModelName, [string, string]>> = {
  Spv: ['SPV', 'SPVs'],
  UBO: ['UBO', 'UBOs'],
  SOFR: ['SOFR fixing', 'SOFR fixings'],
  Financials: ['financial statements', 'Financials'],
  Bank: ['bank account', 'Bank accounts'],
  Usergroup: ['user', 'Users'],
  Esign: ['e-sign setup', 'E-sign setups'],
  Plaidauth: ['bank link', 'Bank links'],
  Bookkeeping: ['bookkeeping record', 'Bookkeeping'],
  Buyer: ['buyer', 'Buyers'],
  Insurance: ['insurance policy', 'Insurance policies'],
};

export function modelLabel(model: ModelName, plural = false): string {
  const l = LABELS[model];
  if (l) return plural ? l[1] : l[0];
  return plural ? entity(model).plural : model.toLowerCase();
}

/** Figures shown on a record's header card. */
const KEY_FIGURES: Partial<Record<ModelName, readonly string[]>> = {
  Buyer: [
    'buyer_loan_request_amount',
    'buyer_loan_approved_amount',
    'buyer_loan_advance_rate',
    'buyer_loan_discount_fee',
    'buyer_country',
  ],
  Request: ['invoice_amount', 'invoice_purchase_amount', 'invoice_due_date', 'advance_rate'],
  Supplier: ['supplier_country', 'supplier_register_number', 'supplier_contact_email'],
  Investor: ['investor_country', 'investor_email'],
  Spv: ['spv_country', 'spv_email'],
  Broker: ['broker_country', 'broker_email'],
  Bank: ['balance', 'balance_available', 'iso_currency_code', 'bank_account_purpose'],
  Transaction: ['transaction_date', 'transaction_source_amount', 'transaction_target_amount'],
  UBO: ['ubo_ownership_percentage', 'ubo_nationality'],
  Director: ['director_jobtitle', 'director_nationality'],
  Financials: ['financials_reporting_period', 'sales', 'net_profit'],
  Bookkeeping: ['bookkeeping_status_admin', 'bookkeeping_status_spv'],
  Usergroup: ['group_type', 'user_email'],
  Insurance: [
    'insurance_name',
    'insurance_policy_number',
    'insurance_cover_amount',
    'insurance_coverage_rate',
    'insurance_cover_end_date',
  ],
  SOFR: ['SOFR', 'SOFRM3'],
};

export function keyFiguresOf(model: ModelName): FieldDef[] {
  const e = entity(model);
  return (KEY_FIGURES[model] ?? [])
    .map((n) => e.fieldsByName.get(n))
    .filter((f): f is FieldDef => Boolean(f));
}

/** A field's label in a table (screen labels already name other parties). */
export function columnLabel(_model: ModelName, f: FieldDef): string {
  return f.label;
}
