import type { ModelName } from '@rf/domain/entity';
import type { Role } from '@rf/domain/roles';
import {
  availableTransitions,
  machineOf,
  type StatusMachine,
  type Transition,
} from '@rf/domain/status/machines';
import { machineFieldsOf } from '../entity/model-meta.ts';

export { isMachineField, machineFieldsOf } from '../entity/model-meta.ts';

/**
 * What a move asks before it is sent:
 * - `confirm`: a confirmation with an optional comment;
 * - `reason`: a required reason (the transition has `commentRequired`);
 * - `approveLine`: the approved limit and the spread (Buyer → Approved);
 * - `approveRequest`: the payout date (Request → Approved);
 * - `settleRequest`: the collection transaction that paid it and the payback date (Request → Settled);
 * - `form`: record fields saved first through the ordinary update (terms of a line, third-party invoice of a booking).
 */
export type MoveKind = 'confirm' | 'reason' | 'approveLine' | 'approveRequest' | 'settleRequest' | 'form';

export interface StatusMove {
  readonly model: ModelName;
  readonly field: string;
  /** Whether the model has more than one status field (the field is sent then). */
  readonly many: boolean;
  readonly from: string | null;
  /** The state the machine takes the record to be in (its initial state when the field is empty). */
  readonly fromState: string;
  readonly to: string;
  /** The button and dialog label, from the machine. */
  readonly action: string;
  readonly kind: MoveKind;
  readonly commentRequired: boolean;
  /** Fields of a `form` move, and those of them it requires. */
  readonly fields: readonly string[];
  readonly required: readonly string[];
  readonly tone: 'success' | 'error' | 'primary';
  /** What the move does, shown in its dialog. */
  readonly explain: string;
  /** Nobody can move the record out of the new state (shown as "cannot be undone"). */
  readonly final: boolean;
}

const LABEL: Partial<Record<ModelName, string>> = {
  Supplier: 'company',
  Investor: 'investor',
  Spv: 'SPV',
  Broker: 'broker',
  Director: 'director',
  UBO: 'UBO',
  Bank: 'bank account',
  Financials: 'financial statements',
  Buyer: 'line',
  Request: 'request',
  Bookkeeping: 'bookkeeping',
  Usergroup: 'organisation',
};

/** Terms of a buyer line that the submitter (admin or the supplier's broker) proposes, funders included. */
const LINE_TERMS = [
  'buyer_loan_request_amount',
  'investorId',
  'spvId',
  'buyer_loan_advance_rate',
  'buyer_loan_rate',
  'buyer_loan_discount_fee',
  'buyer_loan_transaction_fee',
  'buyer_loan_broker_fee',
  'buyer_loan_spv_fee',
];
/** The terms a line cannot be submitted without (the server's list, status-effects.ts). */
const LINE_TERMS_REQUIRED = [
  'buyer_loan_request_amount',
  'investorId',
  'spvId',
  'buyer_loan_advance_rate',
  'buyer_loan_rate',
  'buyer_loan_discount_fee',
];
const THIRD_PARTY_INVOICE = ['invoiceId_3party', 'invoiceurl_3party', 'invoicepdfurl_3party'];

function explainOf(machine: StatusMachine, t: Transition, from: string): string {
  const what = LABEL[machine.model] ?? 'record';
  const key = `${machine.model}.${machine.field}:${t.to}`;
  switch (key) {
    case 'Buyer.buyer_status:Investor Offer Pending':
      return 'Propose the terms of this line; the investor or SPV then approves or declines it.';
    case 'Buyer.buyer_status:Approved':
      return 'Set the approved limit; you may adjust the spread. The supplier can then request financing up to the limit.';
    case 'Buyer.buyer_status:Declined':
      return 'The line is declined and its approved amount set to 0.';
    case 'Buyer.buyer_status:Under Review':
      return 'The line goes back to review; its terms can be changed and submitted again.';
    case 'Request.request_status:Documents Pending':
      return 'The supplier is asked to complete the documents.';
    case 'Request.request_status:Under Review':
      return 'The documents are complete; the review continues.';
    case 'Request.request_status:Approved':
      return 'Approving fixes the payout date, prices the request from the SOFR fixing for that date and opens bookkeeping.';
    case 'Request.request_status:Declined':
      return 'Declining zeroes the fee and purchase amounts.';
    case 'Request.request_status:Settled':
      return 'Links the collection transaction that paid the invoice as the payback, sets the payback date and the adjusted discount fee rate, and frees the line’s limit.';
    case 'Bookkeeping.bookkeeping_status_admin:Under Review':
      return 'Books the platform-fee invoice and the broker-fee payable.';
    case 'Bookkeeping.bookkeeping_status_admin:Approved':
      return 'The platform bookings are approved.';
    case 'Bookkeeping.bookkeeping_status_spv:Approved':
      return 'Books the purchase and issues the RAA offer notice.';
    case 'Usergroup.group_status:Active':
      return from === 'Pending'
        ? 'The organisation is approved and its users can work on the platform.'
        : 'The organisation is enabled again.';
    case 'Usergroup.group_status:Disabled':
      return 'The organisation is disabled.';
  }
  if (t.to === 'Approved') return `The ${what} is approved.`;
  if (t.to === 'Declined') return `The ${what} is declined. Its owner can correct it and resubmit it.`;
  if (t.action === 'Submit for review') return `The ${what} is sent to the platform for review.`;
  if (t.action === 'Resubmit') return `The ${what} goes back to review.`;
  if (t.action === 'Reopen') return `The ${what} goes back to review.`;
  return `The ${what} moves from ${from} to ${t.to}.`;
}

function kindOf(machine: StatusMachine, t: Transition): MoveKind {
  if (machine.model === 'Buyer' && t.to === 'Approved') return 'approveLine';
  if (machine.model === 'Request' && t.to === 'Approved') return 'approveRequest';
  if (machine.model === 'Request' && t.to === 'Settled') return 'settleRequest';
  if (t.commentRequired) return 'reason';
  if (machine.model === 'Buyer' && t.to === 'Investor Offer Pending') return 'form';
  if (
    machine.model === 'Bookkeeping' &&
    machine.field === 'bookkeeping_status_admin' &&
    t.to === 'Under Review'
  )
    return 'form';
  return 'confirm';
}

function formFieldsOf(machine: StatusMachine, t: Transition): string[] {
  if (machine.model === 'Buyer' && t.to === 'Investor Offer Pending') return LINE_TERMS;
  if (machine.model === 'Bookkeeping') return THIRD_PARTY_INVOICE;
  return [];
}

const toneOf = (to: string): StatusMove['tone'] =>
  to === 'Approved' || to === 'Active'
    ? 'success'
    : to === 'Declined' || to === 'Disabled'
      ? 'error'
      : 'primary';

/** The moves `role` may make on a record: exactly the machine's available transitions (business-rules §2). */
export function movesFor(
  model: ModelName,
  record: Readonly<Record<string, unknown>>,
  role: Role | null,
  only?: readonly string[],
): StatusMove[] {
  if (!role) return [];
  const fields = machineFieldsOf(model, record);
  const out: StatusMove[] = [];
  for (const field of fields) {
    if (only && !only.includes(field)) continue;
    const machine = machineOf(model, field);
    if (!machine) continue;
    const raw = record[field];
    const current = typeof raw === 'string' && raw ? raw : null;
    const from = current ?? machine.initial;
    for (const t of availableTransitions(machine, current, role)) {
      out.push({
        model,
        field,
        many: fields.length > 1,
        from: current,
        fromState: from,
        to: t.to,
        action: t.action,
        kind: kindOf(machine, t),
        commentRequired: Boolean(t.commentRequired),
        fields: formFieldsOf(machine, t),
        required: machine.model === 'Buyer' ? LINE_TERMS_REQUIRED : [],
        tone: toneOf(t.to),
        explain: explainOf(machine, t, from),
        final: !machine.transitions.some((x) => x.from.includes(t.to)),
      });
    }
  }
  return out;
}

/** The machine's word for a recorded move ("Approve line"), or a plain "Moved to …". */
export function actionOfEntry(
  model: ModelName,
  entry: { field: string; from: string | null; to: string; actorRole?: string },
): string {
  const machine = machineOf(model, entry.field);
  const from = entry.from ?? machine?.initial ?? '';
  const candidates = machine?.transitions.filter((x) => x.to === entry.to && x.from.includes(from)) ?? [];
  const t =
    candidates.find((x) => (x.roles as readonly string[]).includes(entry.actorRole ?? '')) ?? candidates[0];
  return t?.action ?? `Moved to ${entry.to}`;
}

const DECIMAL = /^\d{1,15}(\.\d{1,10})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A typed amount or rate without grouping, spaces or a percent sign. */
export const cleanNumber = (v: string): string => v.replace(/[,\s%]/g, '');

/** Checks of the figures a move asks for; the server checks them again. */
export function checkMoveInput(
  move: Pick<StatusMove, 'kind' | 'commentRequired'>,
  input: { comment: string; limit: string; spread: string; payoutDate: string },
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (move.commentRequired && !input.comment.trim()) errors.comment = 'Say why: a reason is required';
  if (move.kind === 'approveLine') {
    const limit = cleanNumber(input.limit);
    if (!limit) errors.limit = 'Enter the approved limit';
    else if (!DECIMAL.test(limit)) errors.limit = 'Enter an amount such as 500000.00';
    else if (!/[1-9]/.test(limit))
      errors.limit = 'The approved limit must be more than 0; decline the line instead';
    const spread = cleanNumber(input.spread);
    if (spread && !DECIMAL.test(spread)) errors.spread = 'Enter a rate such as 4.5';
    else if (spread && Number(spread) > 100)
      errors.spread = 'The spread is a percentage per year, at most 100';
  }
  if (move.kind === 'approveRequest' && input.payoutDate && !DATE.test(input.payoutDate))
    errors.payoutDate = 'Enter a date';
  return errors;
}
