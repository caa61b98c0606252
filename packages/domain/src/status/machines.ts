import type { ModelName } from '../entity.ts';
import type { Role } from '../roles.ts';

/**
 * Who may move a status, as business-rules §2 says: the role, and for roles other than Admin the
 * row must be one they can read (their own, their introduced supplier's, their funded line's).
 */
export interface Transition {
  readonly from: readonly string[];
  readonly to: string;
  readonly roles: readonly Role[];
  /** A short verb for buttons and history ("Approve", "Submit for review"). */
  readonly action: string;
  /** A decline or a reopening must say why. */
  readonly commentRequired?: boolean;
  /** Only those who may update the row (its owner, its broker), not everyone who can read it. */
  readonly ownersOnly?: boolean;
}

export interface StatusMachine {
  readonly model: ModelName;
  readonly field: string;
  readonly initial: string;
  readonly transitions: readonly Transition[];
}

const review = (model: ModelName, field: string): StatusMachine => ({
  model,
  field,
  initial: 'Under Review',
  transitions: [
    { from: ['Under Review'], to: 'Approved', roles: ['Admin'], action: 'Approve' },
    { from: ['Under Review'], to: 'Declined', roles: ['Admin'], action: 'Decline', commentRequired: true },
    {
      from: ['Approved', 'Declined'],
      to: 'Under Review',
      roles: ['Admin'],
      action: 'Reopen',
      commentRequired: true,
    },
    // "Declined items can be corrected and resubmitted" by their owner.
    {
      from: ['Declined'],
      to: 'Under Review',
      roles: ['Supplier', 'Broker', 'Investor', 'Spv'],
      action: 'Resubmit',
      ownersOnly: true,
    },
  ],
});

const company = (model: ModelName, field: string): StatusMachine => ({
  model,
  field,
  initial: 'Draft',
  transitions: [
    {
      from: ['Draft', 'Declined'],
      to: 'Under Review',
      roles: ['Supplier', 'Broker', 'Investor', 'Spv', 'Admin'],
      action: 'Submit for review',
      ownersOnly: true,
    },
    { from: ['Under Review'], to: 'Approved', roles: ['Admin'], action: 'Approve' },
    { from: ['Under Review'], to: 'Declined', roles: ['Admin'], action: 'Decline', commentRequired: true },
    { from: ['Approved'], to: 'Under Review', roles: ['Admin'], action: 'Reopen', commentRequired: true },
  ],
});

/** Every status field with its allowed moves (business-rules §2, decisions §5). */
export const STATUS_MACHINES: readonly StatusMachine[] = [
  company('Supplier', 'supplier_status'),
  company('Investor', 'investor_status'),
  company('Spv', 'spv_status'),
  company('Broker', 'broker_status'),
  review('Director', 'director_status'),
  review('UBO', 'ubo_status'),
  review('Bank', 'bank_status'),
  // Party financials; buyer financials keep the audit type in the same field (business-rules §2).
  review('Financials', 'financials_status'),
  {
    model: 'Buyer',
    field: 'buyer_status',
    initial: 'Under Review',
    transitions: [
      {
        from: ['Under Review'],
        to: 'Investor Offer Pending',
        roles: ['Admin', 'Broker'],
        action: 'Submit terms',
      },
      {
        from: ['Investor Offer Pending'],
        to: 'Approved',
        roles: ['Admin', 'Investor', 'Spv'],
        action: 'Approve line',
      },
      {
        from: ['Investor Offer Pending'],
        to: 'Declined',
        roles: ['Admin', 'Investor', 'Spv'],
        action: 'Decline line',
        commentRequired: true,
      },
      {
        from: ['Investor Offer Pending', 'Approved', 'Declined'],
        to: 'Under Review',
        roles: ['Admin'],
        action: 'Reopen',
        commentRequired: true,
      },
    ],
  },
  {
    model: 'Request',
    field: 'request_status',
    initial: 'Under Review',
    transitions: [
      {
        from: ['Under Review'],
        to: 'Documents Pending',
        roles: ['Admin', 'Spv'],
        action: 'Ask for documents',
      },
      { from: ['Documents Pending'], to: 'Under Review', roles: ['Admin', 'Spv'], action: 'Back to review' },
      {
        from: ['Under Review', 'Documents Pending'],
        to: 'Approved',
        roles: ['Admin', 'Investor', 'Spv'],
        action: 'Approve',
      },
      {
        from: ['Under Review', 'Documents Pending'],
        to: 'Declined',
        roles: ['Admin', 'Investor', 'Spv'],
        action: 'Decline',
        commentRequired: true,
      },
      // "→ Settled (admin, by linking the collection transaction that paid it)": the move's values
      // carry `transactionId_payback` and optionally `payback_date` (apps/api settle-request.ts).
      { from: ['Approved'], to: 'Settled', roles: ['Admin'], action: 'Settle' },
    ],
  },
  {
    model: 'Bookkeeping',
    field: 'bookkeeping_status_admin',
    initial: 'Open',
    transitions: [
      { from: ['Open'], to: 'Under Review', roles: ['Admin'], action: 'Book fees' },
      { from: ['Under Review'], to: 'Approved', roles: ['Admin'], action: 'Approve booking' },
    ],
  },
  {
    model: 'Bookkeeping',
    field: 'bookkeeping_status_spv',
    initial: 'Open',
    transitions: [{ from: ['Open'], to: 'Approved', roles: ['Spv', 'Admin'], action: 'Approve purchase' }],
  },
  {
    model: 'Usergroup',
    field: 'group_status',
    initial: 'Active',
    transitions: [
      { from: ['Pending'], to: 'Active', roles: ['Admin'], action: 'Approve organisation' },
      { from: ['Active'], to: 'Disabled', roles: ['Admin'], action: 'Disable', commentRequired: true },
      { from: ['Disabled'], to: 'Active', roles: ['Admin'], action: 'Enable' },
    ],
  },
];

/** The machine of a status field, or undefined when the field has none. */
export function machineOf(model: ModelName, field: string): StatusMachine | undefined {
  return STATUS_MACHINES.find((m) => m.model === model && m.field === field);
}

/** The status fields of a model that have a machine. */
export function statusFieldsOf(model: ModelName): string[] {
  return STATUS_MACHINES.filter((m) => m.model === model).map((m) => m.field);
}

/** The moves `role` may make from `current` (for buttons). */
export function availableTransitions(
  machine: StatusMachine,
  current: string | null,
  role: Role,
): Transition[] {
  const from = current ?? machine.initial;
  return machine.transitions.filter((t) => t.from.includes(from) && t.roles.includes(role));
}

/**
 * The transition that moves `current` to `to` for `role`, or the reason it is refused, naming
 * what is allowed instead.
 */
export function findTransition(
  machine: StatusMachine,
  input: { current: string | null; to: string; role: Role },
): { transition: Transition } | { refusal: string } {
  const from = input.current ?? machine.initial;
  const candidates = machine.transitions.filter((t) => t.from.includes(from) && t.to === input.to);
  if (!candidates.length) {
    const allowed = machine.transitions.filter((t) => t.from.includes(from)).map((t) => t.to);
    return {
      refusal: `${machine.model} cannot move from ${from} to ${input.to}${allowed.length ? `; allowed: ${[...new Set(allowed)].join(', ')}` : ''}`,
    };
  }
  const transition = candidates.find((t) => t.roles.includes(input.role));
  if (!transition)
    return {
      refusal: `${article(input.role)} ${input.role} user cannot move a ${machine.model} from ${from} to ${input.to}`,
    };
  return { transition };
}

const article = (word: string): string => (/^[AEIOU]/i.test(word) ? 'An' : 'A');
