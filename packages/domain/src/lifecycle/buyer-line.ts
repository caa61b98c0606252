import { Decimal } from 'decimal.js';
import { fieldNames } from '../registry.ts';
import { approvedLimitProblem } from '../rules/approved-limit.ts';
import { formatLimitAmount } from '../rules/credit-limit.ts';
import { ADMIN, LINE_FUNDERS, as, ask } from './declare.ts';
import { defineLifecycle, type Guard, type GuardInput } from './types.ts';

/** A line's financing terms, proposed by whoever assesses it (admin, the supplier's broker). */
export const LINE_TERMS = fieldNames('Buyer', [
  'investorId',
  'spvId',
  'brokerId',
  'buyer_loan_advance_rate',
  'buyer_loan_collateral',
  'buyer_loan_covenants',
  'buyer_loan_transaction_fee',
  'buyer_loan_discount_fee',
  'buyer_loan_spv_fee',
  'buyer_loan_broker_fee',
  'buyer_loan_rate',
  'buyer_loan_type',
]);

/** What the funder decides on: the requested amount, the currency and the terms. */
const OFFERED = fieldNames('Buyer', ['buyer_loan_request_amount', 'buyer_currency', ...LINE_TERMS]);

/** The terms a line cannot be offered without, with the words the refusal uses. */
export const REQUIRED_LINE_TERMS = {
  buyer_loan_request_amount: 'requested amount',
  buyer_currency: 'currency',
  buyer_loan_advance_rate: 'advance rate',
  buyer_loan_rate: 'base-rate series',
  buyer_loan_discount_fee: 'spread',
  investorId: 'investor',
  spvId: 'SPV',
} as const;

const blank = (v: unknown): boolean => v === null || v === undefined || v === '';
const missingTerms = (row: Readonly<Record<string, unknown>>): string[] =>
  Object.entries(REQUIRED_LINE_TERMS)
    .filter(([f]) => blank(row[f]))
    .map(([, label]) => label);

const text = (v: unknown): string | null => (blank(v) ? null : String(v));

/** The approver's limit: positive, in the currency's minor unit, at most the requested amount. */
const limitGuard: Guard = {
  holds: ({ row, input }) =>
    !approvedLimitProblem(
      String(input.buyer_loan_approved_amount ?? ''),
      row.buyer_loan_request_amount,
      text(row.buyer_currency),
    ),
  message: ({ row, input }) => {
    const currency = text(row.buyer_currency);
    const problem = approvedLimitProblem(
      String(input.buyer_loan_approved_amount ?? ''),
      row.buyer_loan_request_amount,
      currency,
    );
    if (problem?.kind === 'notPositive')
      return 'buyer_loan_approved_amount must be more than 0; decline the line instead';
    if (problem?.kind === 'tooManyDecimals')
      return `buyer_loan_approved_amount has at most ${problem.digits} decimals in ${currency ?? 'this currency'}`;
    return `buyer_loan_approved_amount cannot be more than the requested amount ${String(row.buyer_loan_request_amount)}${currency ? ` ${currency}` : ''}; an administrator reopens the line to raise it`;
  },
};

const spreadGuard: Guard = {
  holds: ({ input }) =>
    blank(input.buyer_loan_discount_fee) || new Decimal(String(input.buyer_loan_discount_fee)).lte(100),
  message: 'buyer_loan_discount_fee is a yearly percentage of at most 100',
};

/**
 * A new limit may not fall below what the line's approved requests already use
 * (docs/business-rules.md, “Operations on frozen records”).
 */
const coversUtilisation: Guard = {
  holds: ({ input, facts }) =>
    new Decimal(String(input.buyer_loan_approved_amount ?? '0')).gte(facts.lineUtilisation ?? '0'),
  message: (c: GuardInput) =>
    `buyer_loan_approved_amount cannot be below the ${formatLimitAmount(new Decimal(c.facts.lineUtilisation ?? '0'), String(c.row.buyer_currency ?? ''))} the line's requests use and hold`,
};

/**
 * A buyer line (docs/business-rules.md, “Status moves, guards and effects”,
 * “Line limits and what requests hold”, “Integrity of requests and lines”): proposed with
 * terms by admin or the supplier's broker, decided by the line's investor or SPV (or admin),
 * changed after approval only through "change limit" and "reopen".
 */
export const BUYER_LINE = defineLifecycle({
  model: 'Buyer',
  field: 'buyer_status',
  initial: 'Under Review',
  states: {
    'Under Review': {},
    'Investor Offer Pending': { frozen: [{ fields: OFFERED }], keep: true },
    Approved: {
      frozen: [{ fields: [...OFFERED, 'buyer_loan_approved_amount'] }],
      keep: true,
    },
    Declined: { frozen: [{ fields: 'all' }], keep: true },
  },
  operations: [
    {
      name: 'submitLineTerms',
      from: ['Under Review'],
      to: 'Investor Offer Pending',
      who: [ADMIN, as('Broker', 'broker', 'owner')],
      label: 'Submit terms',
      explain: 'Propose the terms of this line; the investor or SPV then approves or declines it.',
      confirm: 'Submit terms',
      guards: [
        {
          holds: ({ row }) => missingTerms(row).length === 0,
          message: ({ row }) => `Complete the proposed terms first: ${missingTerms(row).join(', ')} missing`,
        },
      ],
    },
    {
      name: 'approveLine',
      from: ['Investor Offer Pending'],
      to: 'Approved',
      who: [ADMIN, ...LINE_FUNDERS],
      label: 'Approve line',
      explain:
        'Set the approved limit; you may adjust the spread. The supplier can then request financing up to the limit.',
      confirm: 'Approve line',
      input: [ask('Buyer', 'buyer_loan_approved_amount', true), ask('Buyer', 'buyer_loan_discount_fee')],
      effect: true,
      guards: [limitGuard, spreadGuard],
      tone: 'success',
    },
    {
      name: 'declineLine',
      from: ['Investor Offer Pending'],
      to: 'Declined',
      who: [ADMIN, ...LINE_FUNDERS],
      label: 'Decline line',
      explain: 'The line is declined and its approved amount set to 0.',
      confirm: 'Decline line',
      reason: 'required',
      effect: true,
      tone: 'error',
    },
    {
      name: 'reopenLine',
      from: ['Investor Offer Pending', 'Approved', 'Declined'],
      to: 'Under Review',
      who: [ADMIN],
      label: 'Reopen',
      explain:
        'The line goes back to review: its terms can be changed and submitted again. No new requests can be made on it until it is approved again.',
      confirm: 'Reopen line',
      reason: 'required',
    },
    {
      name: 'changeLineLimit',
      from: ['Approved'],
      who: [ADMIN, ...LINE_FUNDERS],
      label: 'Change limit',
      explain:
        'Set a new approved limit: at most the requested amount and at least what the line’s requests use and hold.',
      confirm: 'Change limit',
      reason: 'required',
      input: [ask('Buyer', 'buyer_loan_approved_amount', true)],
      guards: [limitGuard, coversUtilisation],
      effect: true,
    },
  ],
});
