import { describe, expect, it } from 'vitest';
import { REQUEST_DOCUMENTS } from '@rf/domain/entities/request';
import { REGISTRY } from '@rf/domain/registry';
import { editableFieldsOf } from './frozen-edit.tsx';
import { priceableInput } from './indicative-price.tsx';
import { DOCUMENT_FIELDS, requestedDocuments } from './request-documents.tsx';

const names = (fs: { name: string }[]) => fs.map((f) => f.name);

describe('what a submitted request or line still lets its supplier edit', () => {
  const SECTIONS = ['Invoice', 'Purchase order', 'Shipping and insurance'];
  it('offers the descriptive fields of a request under review, the frozen ones read-only', () => {
    for (const state of ['Under Review', 'Documents Pending']) {
      const r = editableFieldsOf('Request', { request_status: state }, 'Supplier', { sections: SECTIONS });
      expect(r.all).toBeNull();
      expect(names(r.editable)).toEqual(
        expect.arrayContaining([
          'sold_goods_description',
          'packing_list_attachment',
          'purchase_order_number',
        ]),
      );
      for (const frozen of [
        'invoice_amount',
        'invoice_currency',
        'invoice_date',
        'invoice_due_date',
        'invoice_number',
      ])
        expect(names(r.editable)).not.toContain(frozen);
      expect(names(r.frozen)).toEqual(
        expect.arrayContaining(['invoice_amount', 'invoice_due_date', 'invoice_number']),
      );
    }
  });
  it('offers nothing of a decided request', () => {
    for (const state of ['Approved', 'Settled', 'Declined'])
      expect(
        editableFieldsOf('Request', { request_status: state }, 'Supplier', { sections: SECTIONS }),
      ).toEqual({
        editable: [],
        frozen: [],
        all: state,
      });
  });
  it('lets the supplier edit its line under review; once offered, the amount and currency are read-only', () => {
    const review = editableFieldsOf('Buyer', { buyer_status: 'Under Review' }, 'Supplier');
    expect(names(review.editable)).toEqual(
      expect.arrayContaining(['buyer_loan_request_amount', 'buyer_currency']),
    );
    expect(review.frozen).toEqual([]);
    const approved = editableFieldsOf('Buyer', { buyer_status: 'Approved' }, 'Supplier');
    expect(names(approved.editable)).not.toContain('buyer_loan_request_amount');
    expect(names(approved.editable)).toContain('buyer_name');
    expect(names(approved.frozen)).toEqual(
      expect.arrayContaining(['buyer_loan_request_amount', 'buyer_currency', 'buyer_loan_approved_amount']),
    );
    // Party references are not shown to the supplier, editable or not.
    expect(names(approved.frozen)).not.toContain('investorId');
  });
});

describe('the documents asked for', () => {
  it('maps every document that can be asked for to an attachment of the request, "Other" to none', () => {
    for (const d of REQUEST_DOCUMENTS) {
      const field = DOCUMENT_FIELDS[d];
      if (d === 'Other') expect(field).toBeNull();
      else expect(REGISTRY.Request.fieldsByName.get(field ?? '')?.type).toBe('attachment');
    }
  });
  it('lists them with whether each is attached', () => {
    expect(
      requestedDocuments({
        documents_requested: 'Packing list; Signed IPU; Other',
        packing_list_attachment: 'files/x.pdf',
      }),
    ).toEqual([
      { name: 'Packing list', field: 'packing_list_attachment', attached: true },
      { name: 'Signed IPU', field: 'ipu_attachment', attached: false },
      { name: 'Other', field: null, attached: null },
    ]);
    expect(requestedDocuments({ documents_requested: null })).toEqual([]);
  });
});

describe('the indicative price is asked for', () => {
  it('only once the amount is a positive number and the due date a date', () => {
    expect(priceableInput('100,000.00', '2026-03-06')).toEqual({ amount: '100000.00', due: '2026-03-06' });
    expect(priceableInput(' 2500 ', '2026-03-06')).toEqual({ amount: '2500', due: '2026-03-06' });
    expect(priceableInput('', '2026-03-06')).toBeNull();
    expect(priceableInput('0.00', '2026-03-06')).toBeNull();
    expect(priceableInput('-5', '2026-03-06')).toBeNull();
    expect(priceableInput('12abc', '2026-03-06')).toBeNull();
    expect(priceableInput('100', '2026-03')).toBeNull();
    expect(priceableInput('100', undefined)).toBeNull();
  });
});
