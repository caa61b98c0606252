import { defineEntity } from '../entity.ts';
import { field } from '../fields.ts';

/**
 * What an administrator may ask a supplier for when a request's documents are incomplete
 * (docs/business-rules.md, “Status moves, guards and effects”).
 */
export const REQUEST_DOCUMENTS = [
  'Invoice',
  'Purchase order',
  'Bill of lading',
  'Packing list',
  'Cargo insurance',
  'Signed IPU',
  'Signed offer notice',
  'Other',
] as const;

export const Request = defineEntity({
  name: 'Request',
  plural: 'Requests',
  domainId: 'requestId',
  titleField: 'invoice_number',
  fields: [
    field('buyerId', 'ref', 'Ids', { ref: 'Buyer', required: true }),
    field('supplierId', 'ref', 'Ids', { ref: 'Supplier' }),
    field('investorId', 'ref', 'Ids', { ref: 'Investor' }),
    field('brokerId', 'ref', 'Ids', { ref: 'Broker' }),
    field('spvId', 'ref', 'Ids', { ref: 'Spv' }),
    field('batchId', 'text', 'Ids', {
      label: 'Batch',
      help: 'the multi-invoice submission this request belongs to',
    }),
    field('buyer_name', 'text', 'Parties and fees', { help: 'as on the buyer line' }),
    field('supplier_name', 'text', 'Parties and fees', { help: 'as on the company record' }),
    field('investor_email', 'email', 'Parties and fees', { help: 'the investor to notify' }),
    field('advance_rate', 'rate', 'Parties and fees', { help: '% of the invoice paid out' }),
    field('spv_fee_rate', 'rate', 'Parties and fees'),
    field('spv_fee_amount', 'money', 'Parties and fees'),
    field('broker_fee_rate', 'rate', 'Parties and fees', { help: '% of the transaction fee' }),
    field('broker_fee_amount', 'money', 'Parties and fees', {
      help: 'transaction fee × broker fee rate',
    }),
    field('discount_fee_rate', 'rate', 'Parties and fees', { help: 'spread, % a year over the base rate' }),
    field('discount_fee_rate_adjusted', 'rate', 'Parties and fees', {
      signed: true,
      help: 'the spread recomputed when the buyer paid on another day than the due date; 0 otherwise',
    }),
    field('discount_fee_amount', 'money', 'Parties and fees', {
      help: 'invoice amount × (base rate + spread) × days ÷ 360',
    }),
    field('transaction_fee_rate', 'rate', 'Parties and fees', { help: '% of the spread amount' }),
    field('transaction_fee_amount', 'money', 'Parties and fees'),
    field('base_rate', 'enum', 'Parties and fees', {
      values: ['SOFR(Daily)', 'SOFR(1M)', 'SOFR(3M)', 'SOFR(6M)', 'SOFR(12M)'],
      valueLabels: {
        'SOFR(Daily)': 'SOFR overnight',
        'SOFR(1M)': 'Term SOFR 1 month',
        'SOFR(3M)': 'Term SOFR 3 months',
        'SOFR(6M)': 'Term SOFR 6 months',
        'SOFR(12M)': 'Term SOFR 12 months',
      },
      help: 'the base rate of the buyer line',
    }),
    field('base_rate_amount', 'rate', 'Parties and fees', {
      label: 'Base rate value',
      help: 'the SOFR fixing the price uses',
    }),
    field('purchase_order_amount', 'money', 'Purchase order'),
    field('purchase_order_date', 'date', 'Purchase order'),
    field('purchase_order_number', 'text', 'Purchase order'),
    field('purchase_order_attachment', 'attachment', 'Purchase order'),
    field('sold_goods_description', 'longtext', 'Purchase order'),
    field('invoice_amount', 'money', 'Invoice', { required: true }),
    field('invoice_purchase_amount', 'money', 'Invoice', {
      help: 'what the supplier receives: invoice amount × advance rate − discount fee',
    }),
    field('invoice_purchase_duration', 'integer', 'Invoice', {
      help: 'days priced: from the payout date to the due date, not counting the payout day',
    }),
    field('invoice_currency', 'currency', 'Invoice', { required: true }),
    field('invoice_date', 'date', 'Invoice', { required: true }),
    field('invoice_due_date', 'date', 'Invoice', { required: true }),
    field('invoice_number', 'text', 'Invoice', { required: true }),
    field('invoice_attachment', 'attachment', 'Invoice'),
    field('offer_notice_attachment', 'attachment', 'Offer notices and IPU'),
    field('raa_offer_notice_attachment', 'attachment', 'Offer notices and IPU'),
    field('invoice_ipu_signed', 'date', 'Offer notices and IPU', { help: 'date the IPU was signed' }),
    field('ipu_attachment', 'attachment', 'Offer notices and IPU', { help: 'signed IPU' }),
    field('ipu_signature_name', 'text', 'Signature', { help: 'IPU signatory' }),
    field('ipu_signature_email', 'email', 'Signature'),
    field('ipu_e_signatureId', 'text', 'Signature', {
      label: 'IPU e-signature reference',
      help: 'the e-signature provider’s reference',
    }),
    field('offer_notice_e_signatureId', 'text', 'Signature', { label: 'Offer notice e-signature reference' }),
    field('raa_offer_notice_e_signatureId', 'text', 'Signature', {
      label: 'RAA offer notice e-signature reference',
    }),
    field('cargo_insurance_name', 'text', 'Shipping and insurance'),
    field('cargo_insurance_attachment', 'attachment', 'Shipping and insurance'),
    field('bill_of_lading_no', 'text', 'Shipping and insurance'),
    field('bill_of_lading_attachment', 'attachment', 'Shipping and insurance'),
    field('container_no', 'text', 'Shipping and insurance'),
    field('packing_list_attachment', 'attachment', 'Shipping and insurance'),
    field('transactionId_payout', 'ref', 'Payments', {
      ref: 'Transaction',
      label: 'Payout',
      help: 'the payment to the supplier',
    }),
    field('transactionId_payback', 'ref', 'Payments', {
      ref: 'Transaction',
      label: 'Payback',
      help: 'the buyer’s payment of the invoice',
    }),
    field('payout_date', 'date', 'Payments'),
    field('payback_date', 'date', 'Payments', {
      help: 'the day the buyer paid the invoice',
    }),
    field('possible_duplicate_of', 'ref', 'Status', {
      ref: 'Request',
      label: 'Possible duplicate of',
      help: 'Another supplier financed an invoice with the same number and amount from the same buyer; an administrator clears the flag with a reason before approval.',
    }),
    field('documents_requested', 'text', 'Status', {
      label: 'Documents requested',
      values: REQUEST_DOCUMENTS,
      multiple: true,
      help: 'What the supplier still has to provide before the review continues.',
    }),
    field('documents_comment', 'longtext', 'Status', { label: 'Comment on the documents' }),
    field('request_status', 'enum', 'Status', {
      values: ['Under Review', 'Documents Pending', 'Approved', 'Declined', 'Settled'],
      help: 'a new request starts Under Review; it is Settled once the buyer’s payment is recorded',
    }),
    field('bookkeeping_status_admin', 'enum', 'Status', {
      values: ['Open', 'Under Review', 'Approved'],
      label: 'Platform bookkeeping',
      help: 'Open once the request is approved, until the platform has booked its fees',
    }),
    field('bookkeeping_status_spv', 'enum', 'Status', {
      values: ['Open', 'Under Review', 'Approved'],
      label: 'SPV bookkeeping',
      help: 'Open once the request is approved, until the SPV has booked the purchase',
    }),
  ],
});
