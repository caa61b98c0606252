import { ADMIN, as, ask } from './declare.ts';
import { defineLifecycle } from './types.ts';

/**
 * The platform's bookkeeping of an approved request
 * (docs/business-rules.md, “Status moves, guards and effects”,
 * “Bank accounts, transactions and settlement”).
 */
export const BOOKKEEPING_ADMIN = defineLifecycle({
  model: 'Bookkeeping',
  field: 'bookkeeping_status_admin',
  initial: 'Open',
  states: { Approved: { frozen: [{ fields: 'all' }], keep: true } },
  operations: [
    {
      name: 'bookFees',
      from: ['Open'],
      to: 'Under Review',
      who: [ADMIN],
      label: 'Book fees',
      explain:
        'Books the platform-fee invoice and the broker’s commission payable in the ledger, out of the unearned discount. If you sync an accounting system, add its invoice number and links.',
      confirm: 'Book fees',
      input: [
        ask('Bookkeeping', 'invoiceId_3party'),
        ask('Bookkeeping', 'invoiceurl_3party'),
        ask('Bookkeeping', 'invoicepdfurl_3party'),
      ],
      effect: true,
    },
    {
      name: 'approveBooking',
      from: ['Under Review'],
      to: 'Approved',
      who: [ADMIN],
      label: 'Approve booking',
      explain: 'The fees booked are approved and locked: they never change again.',
      confirm: 'Approve booking',
      effect: true,
      tone: 'success',
    },
  ],
});

/** The SPV's side of the same bookkeeping. */
export const BOOKKEEPING_SPV = defineLifecycle({
  model: 'Bookkeeping',
  field: 'bookkeeping_status_spv',
  initial: 'Open',
  states: {},
  operations: [
    {
      name: 'approvePurchase',
      from: ['Open'],
      to: 'Approved',
      who: [ADMIN, as('Spv', 'lineSpv')],
      label: 'Approve purchase',
      explain:
        'Books the SPV’s purchase of this receivable from the investor (its open face value) and sends the RAA offer notice to the SPV’s signers.',
      confirm: 'Approve purchase',
      effect: true,
      tone: 'success',
    },
  ],
});

/** A user's membership of an organisation (decisions: Usergroup.group_status). */
export const MEMBERSHIP = defineLifecycle({
  model: 'Usergroup',
  field: 'group_status',
  initial: 'Active',
  states: {},
  operations: [
    {
      name: 'approveMembership',
      from: ['Pending'],
      to: 'Active',
      who: [ADMIN],
      label: 'Approve organisation',
      explain: 'The organisation is approved and its users can work on the platform.',
      confirm: 'Approve',
      tone: 'success',
    },
    {
      name: 'disableMembership',
      from: ['Active'],
      to: 'Disabled',
      who: [ADMIN],
      label: 'Disable',
      explain: 'The organisation is disabled.',
      confirm: 'Disable',
      reason: 'required',
      tone: 'error',
    },
    {
      name: 'enableMembership',
      from: ['Disabled'],
      to: 'Active',
      who: [ADMIN],
      label: 'Enable',
      explain: 'The organisation is enabled again.',
      confirm: 'Enable',
    },
  ],
});

/**
 * A bank transaction: posted means it is a bank fact, which nobody edits or deletes (a wrong manual
 * entry is reversed by another entry, docs/business-rules.md, “Frozen fields per state”).
 */
export const TRANSACTION = defineLifecycle({
  model: 'Transaction',
  field: 'transaction_status',
  initial: 'Pending',
  states: { Posted: { frozen: [{ fields: 'all' }], keep: true } },
  operations: [
    {
      name: 'postTransaction',
      from: ['Pending'],
      to: 'Posted',
      who: [ADMIN],
      label: 'Mark posted',
      explain: 'The bank has booked the transaction; from now on it cannot be changed or deleted.',
      confirm: 'Mark posted',
      effect: true,
    },
  ],
});
