import { Decimal } from 'decimal.js';
import { fieldNames } from '../registry.ts';
import { formatLimitAmount } from '../rules/credit-limit.ts';
import { shiftDate } from '../rules/request-integrity.ts';
import { ADMIN, LINE_FUNDERS, as, ask } from './declare.ts';
import { defineLifecycle, type Guard, type GuardInput } from './types.ts';

/** What a submitted request keeps whatever happens: amount, currency, dates, number, line, parties. */
export const REQUEST_CORE = fieldNames('Request', [
  'invoice_amount',
  'invoice_currency',
  'invoice_date',
  'invoice_due_date',
  'invoice_number',
  'buyerId',
  'supplierId',
  'investorId',
  'spvId',
  'brokerId',
  'batchId',
]);

/** Descriptive fields and documents, which an administrator may correct after a decision. */
export const REQUEST_DESCRIPTIVE = fieldNames('Request', [
  'sold_goods_description',
  'purchase_order_number',
  'purchase_order_date',
  'purchase_order_amount',
  'purchase_order_attachment',
  'invoice_attachment',
  'bill_of_lading_no',
  'bill_of_lading_attachment',
  'container_no',
  'packing_list_attachment',
  'cargo_insurance_name',
  'cargo_insurance_attachment',
]);

/** How many days ahead an approver may set the payout date. */
export const MAX_PAYOUT_DAYS_AHEAD = 30;

const present = (v: unknown): boolean => v !== null && v !== undefined && v !== '';
const payoutOf = (c: GuardInput): string =>
  typeof c.input.payout_date === 'string' && c.input.payout_date ? c.input.payout_date : c.today;

/**
 * What approval needs (docs/business-rules.md, “Preconditions of approving a request”); the
 * server checks all of them in the approving transaction and lists every one that is missing.
 */
const APPROVAL_NEEDS: readonly Guard[] = [
  {
    // Submission refuses such amounts; a record from elsewhere (an import, an older version) may
    // still hold one, and pricing it would divide nothing.
    holds: ({ row }) => present(row.invoice_amount) && new Decimal(String(row.invoice_amount)).gt(0),
    message: ({ row }) =>
      `invoice_amount is ${present(row.invoice_amount) ? String(row.invoice_amount) : 'missing'}: only an amount above 0 can be approved`,
  },
  {
    holds: ({ facts }) => facts.lineStatus === 'Approved',
    message: ({ facts }) =>
      `the buyer line is ${facts.lineStatus ?? 'gone'}: requests are approved only on an approved line`,
  },
  {
    holds: ({ facts }) => new Decimal(facts.lineFree ?? '0').gte(0),
    message: ({ facts, row }) =>
      `the line's free limit is short by ${formatLimitAmount(new Decimal(facts.lineFree ?? '0').negated(), String(row.invoice_currency ?? ''))} for this request's advance`,
  },
  {
    holds: (c) => payoutOf(c) >= c.today && payoutOf(c) <= shiftDate(c.today, MAX_PAYOUT_DAYS_AHEAD),
    message: (c) =>
      `the payout date must lie between today (${c.today}) and ${MAX_PAYOUT_DAYS_AHEAD} days ahead`,
  },
  {
    holds: (c) => String(c.row.invoice_due_date ?? '') > payoutOf(c),
    message: (c) =>
      `the invoice is due ${String(c.row.invoice_due_date ?? '')}: the due date must be at least 1 day after the payout date ${payoutOf(c)}`,
  },
  { holds: ({ row }) => present(row.invoice_attachment), message: 'the invoice file is not attached' },
  {
    holds: ({ row }) => present(row.invoice_ipu_signed) && present(row.ipu_attachment),
    message: ({ facts }) =>
      `the IPU signed by the buyer and the supplier is not attached${facts.signing?.ipu ? ` (${facts.signing.ipu})` : ''}`,
  },
  {
    holds: ({ row }) => present(row.offer_notice_attachment),
    message: ({ facts }) =>
      `the offer notice signed by the supplier is not attached${facts.signing?.offer_notice ? ` (${facts.signing.offer_notice})` : ''}`,
  },
  {
    holds: ({ row }) => !present(row.possible_duplicate_of),
    message: 'the request is flagged as a possible duplicate: clear the flag first',
  },
];

/** A signed copy needs a file, and an IPU the date it was signed, not in the future. */
const SIGNED_COPY_GUARDS: readonly Guard[] = [
  {
    holds: ({ input }) => present(input.ipu_attachment) || present(input.offer_notice_attachment),
    message: 'Attach the signed IPU, the signed offer notice, or both',
  },
  {
    holds: ({ input }) => !present(input.ipu_attachment) || present(input.invoice_ipu_signed),
    message: 'invoice_ipu_signed: give the date the IPU was signed',
  },
  {
    holds: ({ input, today }) =>
      !present(input.invoice_ipu_signed) || String(input.invoice_ipu_signed) <= today,
    message: 'invoice_ipu_signed cannot be in the future',
  },
];

const SUPPLIER = as('Supplier', 'owner');

/**
 * A financing request (docs/business-rules.md, “Status moves, guards and effects”,
 * “Integrity of requests and lines”): reviewed by admin and the line's SPV, decided by the
 * line's funders or admin, settled by admin; what each state freezes.
 */
export const REQUEST_LIFECYCLE = defineLifecycle({
  model: 'Request',
  field: 'request_status',
  initial: 'Under Review',
  states: {
    'Under Review': { frozen: [{ fields: REQUEST_CORE }], keep: true },
    'Documents Pending': { frozen: [{ fields: REQUEST_CORE }], keep: true },
    Approved: { frozen: [{ fields: 'all' }], keep: true },
    Settled: { frozen: [{ fields: 'all' }], keep: true },
    Declined: { frozen: [{ fields: 'all' }], keep: true },
  },
  operations: [
    {
      name: 'askForDocuments',
      from: ['Under Review'],
      to: 'Documents Pending',
      who: [ADMIN, as('Spv', 'lineSpv')],
      label: 'Ask for documents',
      explain: 'The supplier is asked for the documents you tick; it uploads them and resubmits the request.',
      confirm: 'Ask for documents',
      input: [ask('Request', 'documents_requested', true), ask('Request', 'documents_comment')],
    },
    {
      name: 'resumeReview',
      from: ['Documents Pending'],
      to: 'Under Review',
      who: [ADMIN, as('Spv', 'lineSpv')],
      label: 'Back to review',
      explain: 'The documents are complete; the review continues.',
      confirm: 'Back to review',
    },
    {
      name: 'resubmitRequest',
      from: ['Documents Pending'],
      to: 'Under Review',
      who: [SUPPLIER],
      label: 'Resubmit',
      explain: 'The documents you were asked for are attached; the request goes back to review.',
      confirm: 'Resubmit',
    },
    {
      name: 'approveRequest',
      from: ['Under Review', 'Documents Pending'],
      to: 'Approved',
      who: [ADMIN, ...LINE_FUNDERS],
      label: 'Approve',
      explain:
        'Approving fixes the payout date and prices the request from the SOFR fixing for that date; bookkeeping opens.',
      confirm: 'Approve',
      input: [ask('Request', 'payout_date')],
      guards: APPROVAL_NEEDS,
      effect: true,
      tone: 'success',
    },
    {
      name: 'declineRequest',
      from: ['Under Review', 'Documents Pending'],
      to: 'Declined',
      who: [ADMIN, ...LINE_FUNDERS],
      label: 'Decline',
      explain: 'Declining zeroes the fee and purchase amounts and frees what the request held of the limit.',
      confirm: 'Decline',
      reason: 'required',
      effect: true,
      tone: 'error',
    },
    {
      name: 'withdrawRequest',
      from: ['Under Review', 'Documents Pending'],
      to: 'Declined',
      who: [SUPPLIER],
      label: 'Withdraw',
      explain:
        'The request is withdrawn (declined with the reason "Withdrawn by the supplier") and frees what it held of the limit.',
      confirm: 'Withdraw request',
      defaultReason: 'Withdrawn by the supplier',
      effect: true,
      tone: 'error',
    },
    {
      name: 'settleRequest',
      from: ['Approved'],
      to: 'Settled',
      who: [ADMIN],
      label: 'Settle',
      explain:
        'Settles the request from the payments allocated to it: the collection transaction you link is allocated first, up to the open balance. Sets the payback date and the adjusted discount fee rate, frees the line’s limit and instructs the reserve’s rebate to the supplier. A short-paid request settles only with a reason: the shortfall is written off as dilution.',
      confirm: 'Settle',
      input: [ask('Request', 'transactionId_payback'), ask('Request', 'payback_date')],
      reason: 'optional',
      effect: true,
      tone: 'success',
    },
    {
      name: 'attachSignedCopies',
      from: ['Under Review', 'Documents Pending'],
      who: [ADMIN],
      label: 'Upload signed copies',
      explain:
        'Documents are signed through the platform. Only if a party signed on paper: upload the IPU signed by the buyer and the supplier, and the offer notice signed by the supplier. They count for every invoice of the batch, replace the platform’s signing of those documents (its envelopes are voided), and the history marks them as uploaded copies.',
      confirm: 'Attach',
      input: [
        ask('Request', 'ipu_attachment'),
        ask('Request', 'invoice_ipu_signed'),
        ask('Request', 'offer_notice_attachment'),
      ],
      guards: SIGNED_COPY_GUARDS,
      effect: true,
    },
    {
      name: 'clearDuplicateFlag',
      from: ['Under Review', 'Documents Pending'],
      who: [ADMIN],
      label: 'Clear duplicate flag',
      explain:
        'You checked the other request: this invoice is not financed twice. The reason is kept in the history.',
      confirm: 'Clear flag',
      reason: 'required',
      guards: [
        { holds: ({ row }) => present(row.possible_duplicate_of), message: 'The request is not flagged' },
      ],
      effect: true,
    },
    {
      name: 'correctRequest',
      from: ['Approved', 'Settled', 'Declined'],
      who: [ADMIN],
      label: 'Correct',
      explain:
        'Correct descriptive fields or documents of a decided request. Amounts, dates, the invoice number and the line never change; the reason is kept in the history.',
      confirm: 'Save correction',
      reason: 'required',
      input: REQUEST_DESCRIPTIVE.map((f) => ask('Request', f)),
      guards: [
        {
          holds: ({ input }) => Object.values(input).some(present),
          message: 'Change at least one field',
        },
      ],
    },
  ],
});
