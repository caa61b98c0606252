import { defineEntity } from '../entity.ts';
import { field } from '../fields.ts';

export const Bookkeeping = defineEntity({
  name: 'Bookkeeping',
  plural: 'Bookkeepings',
  domainId: 'bookkeepingId',
  titleField: 'requestId',
  fields: [
    field('buyerId', 'ref', 'General', { ref: 'Buyer' }),
    field('supplierId', 'ref', 'General', { ref: 'Supplier' }),
    field('investorId', 'ref', 'General', { ref: 'Investor' }),
    field('requestId', 'ref', 'General', {
      ref: 'Request',
      label: 'Request',
      help: 'the financing request being booked',
    }),
    field('transactionId', 'ref', 'General', { ref: 'Transaction' }),
    field('bookkeeping_status_admin', 'enum', 'General', {
      values: ['Open', 'Under Review', 'Approved'],
      label: 'Platform bookkeeping',
      help: 'the platform’s booking of the request: Under Review while the fee invoice is prepared, Approved once it is booked',
    }),
    field('bookkeeping_status_spv', 'enum', 'General', {
      values: ['Open', 'Under Review', 'Approved'],
      label: 'SPV bookkeeping',
      help: 'the SPV’s booking of the purchase',
    }),
    field('invoiceId_3party', 'text', 'General', {
      label: 'Accounting invoice number',
      help: 'the invoice’s number in the accounting service',
    }),
    field('invoiceurl_3party', 'url', 'General', {
      label: 'Invoice link (accounting service)',
      help: 'opens the invoice in the accounting service',
    }),
    field('invoicepdfurl_3party', 'url', 'General', {
      label: 'Invoice PDF (accounting service)',
      help: 'downloads the invoice as a PDF',
    }),
    field('spvId', 'ref', 'General', { ref: 'Spv', label: 'SPV', help: 'the SPV that buys the invoice' }),
  ],
});
