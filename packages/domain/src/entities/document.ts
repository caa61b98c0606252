import { defineEntity } from '../entity.ts';
import { field } from '../fields.ts';

export const Document = defineEntity({
  name: 'Document',
  plural: 'Documents',
  domainId: 'documentId',
  titleField: 'document_type',
  fields: [
    field('bankId', 'ref', 'General', { ref: 'Bank' }),
    field('brokerId', 'ref', 'General', { ref: 'Broker' }),
    field('spvId', 'ref', 'General', { ref: 'Spv' }),
    field('buyerId', 'ref', 'General', { ref: 'Buyer' }),
    field('directorId', 'ref', 'General', { ref: 'Director' }),
    field('financialsId', 'ref', 'General', { ref: 'Financials' }),
    field('investorId', 'ref', 'General', { ref: 'Investor' }),
    field('requestId', 'ref', 'General', { ref: 'Request' }),
    field('supplierId', 'ref', 'General', { ref: 'Supplier' }),
    field('transactionId', 'ref', 'General', { ref: 'Transaction' }),
    field('uboId', 'ref', 'General', { ref: 'UBO' }),
    field('document_type', 'enum', 'General', {
      values: ['Company Credit Report', 'Industry Report', 'RPA', 'RAA', 'IPU', 'Servicing Agreement'],
      valueLabels: {
        RPA: 'Receivables purchase agreement (RPA)',
        RAA: 'Receivables acquisition agreement (RAA)',
        IPU: 'Irrevocable payment undertaking (IPU)',
      },
      required: true,
    }),
    field('document_attachment', 'attachment', 'General'),
  ],
});
