import type { ModelName } from '@rf/domain/entity';
import type { FieldDef } from '@rf/domain/fields';
import { LINE_TERMS, REQUIRED_LINE_TERMS } from '@rf/domain/lifecycle/buyer-line';
import {
  isFinalState,
  lifecycleOf,
  operationOf,
  operationsFor,
  operationsFrom,
  unmetGuards,
  type DeclaredOperation,
  type OperationName,
} from '@rf/domain/lifecycle/lifecycles';
import type { InputField } from '@rf/domain/lifecycle/types';
import type { FieldName } from '@rf/domain/registry';
import type { Role } from '@rf/domain/roles';
import { operationInputSchema } from '@rf/domain/lifecycle/input';
import { formatMoney, formatRate } from '../entity/format.ts';
import { fromFormValues, humanise, toFormValues } from '../entity/form-values.ts';
import { machineFieldsOf } from '../entity/model-meta.ts';
import { approvedLimitError } from './lines.ts';

export { isMachineField, machineFieldsOf } from '../entity/model-meta.ts';

type Row = Readonly<Record<string, unknown>>;

/**
 * Fields saved through the record's ordinary update before the operation runs, because the
 * operation checks them on the record rather than asking for them: a line's terms are proposed
 * and then submitted (`submitLineTerms` refuses a line whose required terms are missing).
 */
export interface PrepareForm {
  readonly fields: readonly string[];
  readonly required: readonly string[];
}

const PREPARE: Partial<Record<OperationName, PrepareForm>> = {
  submitLineTerms: {
    fields: [...new Set<string>([...Object.keys(REQUIRED_LINE_TERMS), ...LINE_TERMS])],
    required: Object.keys(REQUIRED_LINE_TERMS),
  },
};

/** One declared operation (a status move or an action) the signed-in role may run on a record. */
export interface StatusMove {
  readonly operation: DeclaredOperation;
  readonly name: OperationName;
  readonly model: ModelName;
  readonly field: string;
  /** Whether the model has more than one status field (the dialog names the one it moves). */
  readonly many: boolean;
  /** The stored state (null when the field is empty). */
  readonly from: string | null;
  /** The state the lifecycle takes the record to be in (its initial state when the field is empty). */
  readonly fromState: string;
  /** The state it moves to; null for an action that keeps the state. */
  readonly to: string | null;
  /** The button's words ("Approve line"). */
  readonly label: string;
  /** The same words, under the name screens used before the declarations (checks of `blocked`). */
  readonly action: string;
  readonly explain: string;
  readonly confirm: string;
  readonly tone: 'success' | 'error' | 'primary';
  readonly reasonRequired: boolean;
  /** The fields the operation asks for, in its declaration's order. */
  readonly inputs: readonly InputField[];
  readonly prepare: PrepareForm | null;
  /** Nobody can move the record out of the new state (shown as "cannot be undone"). */
  readonly final: boolean;
}

const stateOf = (record: Row, field: string): string | null => {
  const raw = record[field];
  return typeof raw === 'string' && raw ? raw : null;
};

/**
 * An action that asks nothing and whose guards already fail on the record is not offered (a
 * request that is not flagged has no flag to clear). Guards are checked without the server's
 * facts, so only an action without input is judged this way; everything else is left to the
 * server, which checks every guard again.
 */
function pointless(op: DeclaredOperation, record: Row, role: Role, today: string): boolean {
  if (op.to !== undefined || op.input?.length || !op.guards?.length) return false;
  try {
    return unmetGuards(op, { row: record, input: {}, facts: {}, today, role }).length > 0;
  } catch {
    return false;
  }
}

/**
 * The operations `role` may run on a record from its current state (the lifecycle declarations,
 * docs/architecture.md "Lifecycles"): moves and actions, in declaration order. Whether the caller
 * relates to the record as `who` asks is the server's to check: a role reads only records it
 * relates to in one of those ways.
 */
export function movesFor(
  model: ModelName,
  record: Row,
  role: Role | null,
  only?: readonly string[],
  today = new Date().toISOString().slice(0, 10),
): StatusMove[] {
  if (!role) return [];
  const fields = machineFieldsOf(model, record);
  const out: StatusMove[] = [];
  for (const field of fields) {
    if (only && !only.includes(field)) continue;
    const lifecycle = lifecycleOf(model, field);
    if (!lifecycle) continue;
    const current = stateOf(record, field);
    const fromState = current ?? lifecycle.initial;
    for (const op of operationsFor(lifecycle, current, role)) {
      if (pointless(op, record, role, today)) continue;
      out.push({
        operation: op,
        name: op.name,
        model,
        field,
        many: fields.length > 1,
        from: current,
        fromState,
        to: op.to ?? null,
        label: op.label,
        action: op.label,
        explain: op.explain,
        confirm: op.confirm,
        tone: op.tone ?? 'primary',
        reasonRequired: op.reason === 'required',
        inputs: op.input ?? [],
        prepare: PREPARE[op.name] ?? null,
        final: op.to !== undefined && isFinalState(lifecycle, op.to),
      });
    }
  }
  return out;
}

/**
 * The label of a history entry: its operation's ("Approve line") when the server recorded it,
 * else the move the actor's role could have made ("Resubmit"), else "Moved to …".
 */
export function actionOfEntry(
  model: ModelName,
  entry: { field: string; from: string | null; to: string; actorRole?: string; operation?: string | null },
): string {
  const named = entry.operation ? operationOf(entry.operation) : undefined;
  if (named) return named.label;
  const lifecycle = lifecycleOf(model, entry.field);
  const candidates = lifecycle ? operationsFrom(lifecycle, entry.from).filter((o) => o.to === entry.to) : [];
  const op =
    candidates.find((x) => (x.roles as readonly string[]).includes(entry.actorRole ?? '')) ?? candidates[0];
  return op?.label ?? `Moved to ${entry.to}`;
}

/**
 * How a field reads in an operation's dialog when the registry's words are not enough: its label
 * there, its starting value, a hint, and a check beyond its type (the approved-limit rule of
 * docs/business-rules.md, “Line limits and what requests hold”). Keyed by field, so every
 * operation asking for the field shows it alike.
 */
interface InputHint {
  readonly label?: string;
  readonly initial?: (record: Row, today: string) => unknown;
  readonly hint?: (record: Row) => string;
  readonly check?: (value: string, record: Row) => string | null;
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const currencyOf = (record: Row): string | undefined =>
  text(record.buyer_currency || record.invoice_currency) || undefined;

type HintKey = { [M in ModelName]: `${M}.${FieldName<M>}` }[ModelName];

const INPUT_HINTS: Partial<Record<HintKey, InputHint>> = {
  'Buyer.buyer_loan_approved_amount': {
    label: 'Approved limit',
    initial: (r) => r.buyer_loan_approved_amount ?? r.buyer_loan_request_amount,
    hint: (r) =>
      r.buyer_loan_request_amount
        ? `Requested ${formatMoney(r.buyer_loan_request_amount, currencyOf(r))}: that or less`
        : 'No requested amount on the line',
    check: (v, r) => approvedLimitError(v, r.buyer_loan_request_amount, currencyOf(r)),
  },
  'Buyer.buyer_loan_discount_fee': {
    label: 'Spread (% p.a.)',
    hint: (r) =>
      `Proposed ${formatRate(r.buyer_loan_discount_fee) || '—'} over ${text(r.buyer_loan_rate) || 'the base rate'}`,
  },
  'Request.payout_date': {
    initial: (_r, today) => today,
    hint: () =>
      'The day the advance is paid out; empty means today. The SOFR fixing 2 to 10 days before it prices the request.',
  },
  'Request.invoice_ipu_signed': { label: 'Date the IPU was signed' },
  'Request.ipu_attachment': { label: 'Signed IPU' },
  'Request.offer_notice_attachment': { label: 'Signed offer notice' },
};

const hintOf = (model: ModelName, field: string): InputHint | undefined =>
  INPUT_HINTS[`${model}.${field}` as HintKey];

/** The field as the dialog shows it (its label there) and the hint under it. */
export function inputFieldOf(
  move: Pick<StatusMove, 'model'>,
  input: InputField,
  record: Row,
): { field: FieldDef; hint: string | undefined } {
  const h = hintOf(move.model, input.field.name);
  return {
    field: {
      ...input.field,
      ...(h?.label ? { label: h.label } : {}),
      ...(input.required ? { required: true } : {}),
    },
    hint: h?.hint?.(record),
  };
}

/** The values a dialog starts with: the record's own, or the field's starting value. */
export function initialValues(move: Pick<StatusMove, 'model' | 'inputs'>, record: Row, today: string) {
  const fields = move.inputs.map((i) => i.field);
  const own = toFormValues(fields, record);
  for (const { field } of move.inputs) {
    const initial = hintOf(move.model, field.name)?.initial;
    if (initial && (own[field.name] === '' || own[field.name] === null))
      own[field.name] = toFormValues([field], { [field.name]: initial(record, today) })[field.name];
  }
  return own;
}

/**
 * The problems of what a dialog is about to send, by field (`reason` for the reason): each input
 * checked by the registry's own validator (the server validates the same way), required inputs and
 * a required reason present. The server checks all of it again, with the guards.
 */
export function checkMoveInput(
  move: Pick<StatusMove, 'operation' | 'model' | 'inputs' | 'reasonRequired'>,
  values: Readonly<Record<string, unknown>>,
  reason: string,
  record: Row,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (move.reasonRequired && !reason.trim()) errors.reason = 'Say why: a reason is required';
  const fields = move.inputs.map((i) => i.field);
  const parsed = fromFormValues(fields, values);
  for (const { field, required } of move.inputs) {
    const value = parsed[field.name];
    const label = inputFieldOf(move, { field, required }, record).field.label;
    const check = hintOf(move.model, field.name)?.check;
    if (check && (required || (value !== null && value !== undefined))) {
      const problem = check(text(values[field.name]), record);
      if (problem) {
        errors[field.name] = problem;
        continue;
      }
    }
    if (value === null || value === undefined) {
      if (required) errors[field.name] = `${label} is required`;
      continue;
    }
    const result = operationInputSchema(move.operation).shape[field.name]!.safeParse(value);
    if (!result.success)
      errors[field.name] = humanise(result.error.issues[0]?.message ?? 'Invalid value', [
        { ...field, label },
      ]);
  }
  return errors;
}

/** What the dialog sends as the operation's input: the filled-in fields in the API's form. */
export function operationValues(
  move: Pick<StatusMove, 'inputs'>,
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const parsed = fromFormValues(
    move.inputs.map((i) => i.field),
    values,
  );
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== null && v !== undefined));
}
