import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { submissionIssues, normaliseInvoiceNumber, shiftDate } from '../rules/request-integrity.ts';
import { frozenRefusal, keptBy } from './frozen.ts';
import { operationOf, unmetGuards } from './lifecycles.ts';
import type { Facts, GuardInput } from './types.ts';

const TODAY = '2026-06-15';
const valid = {
  invoice_amount: '1000.00',
  invoice_currency: 'USD',
  invoice_date: '2026-06-01',
  invoice_due_date: '2026-08-01',
};

describe('what a request may be submitted with', () => {
  it('accepts an ordinary invoice', () => {
    expect(submissionIssues(valid, 'USD', TODAY)).toEqual([]);
  });

  it.each([
    ['a zero amount', { invoice_amount: '0' }, 'invoice_amount must be more than 0'],
    ['a negative amount', { invoice_amount: '-5' }, 'invoice_amount must be more than 0'],
    ['0.0000000001', { invoice_amount: '0.0000000001' }, 'invoice_amount has at most 2 decimals in USD'],
    ['more than a billion', { invoice_amount: '1000000000.01' }, 'cannot be more than 1,000,000,000'],
    [
      'another currency than the line',
      { invoice_currency: 'CHF' },
      "invoice_currency must be the line's currency USD, not CHF",
    ],
    ['an invoice date in the future', { invoice_date: '2026-06-16' }, 'invoice_date cannot be in the future'],
    [
      'an invoice older than a year',
      { invoice_date: '2025-06-14' },
      'invoice_date cannot be more than 365 days ago',
    ],
    [
      'a due date before the invoice date',
      { invoice_date: '2026-06-10', invoice_due_date: '2026-06-09' },
      'invoice_due_date cannot be before the invoice date',
    ],
    ['an overdue invoice', { invoice_due_date: '2026-06-15' }, 'invoice_due_date must be after today'],
    [
      'a due date of 9999-12-31',
      { invoice_due_date: '9999-12-31' },
      'invoice_due_date can be at most 365 days ahead',
    ],
    [
      'a purchase order after the invoice',
      { purchase_order_date: '2026-06-02' },
      'purchase_order_date cannot be after the invoice date',
    ],
    [
      'a purchase order amount in fractions of a cent',
      { purchase_order_amount: '10.001' },
      'purchase_order_amount has at most 2 decimals',
    ],
  ])('refuses %s', (_name, change, message) => {
    const issues = submissionIssues({ ...valid, ...change }, 'USD', TODAY);
    expect(issues.join('; ')).toContain(message);
  });

  it('counts decimals per currency (JPY none, BHD and IQD three)', () => {
    expect(
      submissionIssues({ ...valid, invoice_currency: 'JPY', invoice_amount: '100.5' }, 'JPY', TODAY),
    ).toEqual(['invoice_amount is a whole amount in JPY (no decimals)']);
    expect(
      submissionIssues({ ...valid, invoice_currency: 'BHD', invoice_amount: '100.125' }, 'BHD', TODAY),
    ).toEqual([]);
    expect(
      submissionIssues({ ...valid, invoice_currency: 'IQD', invoice_amount: '100.125' }, 'IQD', TODAY),
    ).toEqual([]);
  });

  it('keeps every accepted tenor between 1 and 365 days', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -400, max: 0 }),
        fc.integer({ min: -10, max: 800 }),
        (invoiceAge, dueIn) => {
          const row = {
            ...valid,
            invoice_date: shiftDate(TODAY, invoiceAge),
            invoice_due_date: shiftDate(TODAY, dueIn),
          };
          if (submissionIssues(row, 'USD', TODAY).length === 0) {
            expect(dueIn).toBeGreaterThanOrEqual(1);
            expect(dueIn).toBeLessThanOrEqual(365);
          }
        },
      ),
    );
  });

  it('normalises invoice numbers for duplicates', () => {
    expect(normaliseInvoiceNumber('  inv 0042 ')).toBe('INV0042');
  });
});

describe('what each state freezes', () => {
  it('refuses amount, currency, dates, number and line of a request under review, naming field and state', () => {
    expect(
      frozenRefusal('Request', { request_status: 'Under Review' }, 'Supplier', [
        'invoice_amount',
        'sold_goods_description',
      ]),
    ).toBe('invoice_amount cannot be changed: the request is Under Review');
    expect(
      frozenRefusal('Request', { request_status: 'Documents Pending' }, 'Supplier', ['container_no']),
    ).toBeNull();
  });

  it('freezes a decided request for everyone, administrators included', () => {
    for (const state of ['Approved', 'Settled', 'Declined'])
      for (const role of ['Supplier', 'Admin'] as const)
        expect(
          frozenRefusal('Request', { request_status: state }, role, ['sold_goods_description']),
        ).toContain(`is ${state}`);
  });

  it('freezes an approved line’s currency, limit and terms, and a posted transaction entirely', () => {
    expect(frozenRefusal('Buyer', { buyer_status: 'Approved' }, 'Broker', ['buyer_currency'])).toContain(
      'buyer_currency',
    );
    expect(
      frozenRefusal('Buyer', { buyer_status: 'Approved' }, 'Supplier', ['buyer_address_street']),
    ).toBeNull();
    expect(
      frozenRefusal('Buyer', { buyer_status: 'Under Review' }, 'Supplier', ['buyer_currency']),
    ).toBeNull();
    expect(
      frozenRefusal('Transaction', { transaction_status: 'Posted' }, 'Investor', [
        'transaction_source_amount',
      ]),
    ).toContain('Posted');
    expect(keptBy('Transaction', { transaction_status: 'Posted' })).toBe('Posted');
    expect(keptBy('Transaction', { transaction_status: 'Pending' })).toBeNull();
  });
});

describe('what approval needs', () => {
  const approve = operationOf('approveRequest')!;
  const ready = {
    invoice_amount: '1000',
    invoice_currency: 'USD',
    invoice_due_date: '2026-07-15',
    invoice_attachment: 'k/invoice.pdf',
    invoice_ipu_signed: '2026-06-10',
    ipu_attachment: 'k/ipu.pdf',
    offer_notice_attachment: 'k/offer.pdf',
  };
  const facts: Facts = { lineStatus: 'Approved', lineFree: '100' };
  const check = (row: Record<string, unknown>, f: Facts = facts, input: Record<string, unknown> = {}) =>
    unmetGuards(approve, { row, input, facts: f, today: TODAY, role: 'Admin' } satisfies GuardInput);

  it('passes a complete request', () => {
    expect(check(ready)).toEqual([]);
  });

  it('lists every missing item at once', () => {
    const missing = check(
      {
        invoice_amount: '1000',
        invoice_currency: 'USD',
        invoice_due_date: TODAY,
        possible_duplicate_of: 'x',
      },
      { lineStatus: 'Investor Offer Pending', lineFree: '-250' },
    );
    expect(missing).toEqual([
      'the buyer line is Investor Offer Pending: requests are approved only on an approved line',
      "the line's free limit is short by USD 250.00 for this request's advance",
      `the invoice is due ${TODAY}: the due date must be at least 1 day after the payout date ${TODAY}`,
      'the invoice file is not attached',
      'the IPU signed by the buyer and the supplier is not attached',
      'the offer notice signed by the supplier is not attached',
      'the request is flagged as a possible duplicate: clear the flag first',
    ]);
  });

  it('refuses a request of no amount or of zero, which pricing cannot price', () => {
    expect(check({ ...ready, invoice_amount: '0.00' })).toEqual([
      'invoice_amount is 0.00: only an amount above 0 can be approved',
    ]);
    expect(check({ ...ready, invoice_amount: null })).toEqual([
      'invoice_amount is missing: only an amount above 0 can be approved',
    ]);
  });

  it('refuses a payout date in the past or too far ahead', () => {
    expect(check(ready, facts, { payout_date: '2026-06-14' })[0]).toContain(
      'payout date must lie between today',
    );
    expect(check(ready, facts, { payout_date: '2026-07-16' })[0]).toContain(
      'payout date must lie between today',
    );
  });
});
