import { describe, expect, it } from 'vitest';
import type { PayoutInstruction } from '../entity/payments-api.ts';
import {
  instructionsFitting,
  magnitudeText,
  paymentsFilter,
  sameMagnitude,
  typedAmount,
} from './reconciliation-filters.ts';

describe('typedAmount', () => {
  it('takes an amount as typed, without grouping', () => {
    expect(typedAmount('25,100.00')).toBe('25100.00');
    expect(typedAmount(' 1 250.5 ')).toBe('1250.5');
    expect(typedAmount('100')).toBe('100');
  });
  it('is null for anything else', () => {
    expect(typedAmount('INV-100')).toBeNull();
    expect(typedAmount('-100')).toBeNull();
    expect(typedAmount('1.2.3')).toBeNull();
    expect(typedAmount('')).toBeNull();
  });
});

describe('paymentsFilter', () => {
  it('credits of the accounts still to reconcile, a transaction without a state among them', () => {
    expect(paymentsFilter({ side: 'in', view: 'open', accountIds: ['a1', 'a2'], q: '' })).toEqual({
      and: [
        { or: [{ bankId: { eq: 'a1' } }, { bankId: { eq: 'a2' } }] },
        { transaction_source_amount: { gt: '0' } },
        {
          or: [
            { reconciliation_status: { eq: 'Unmatched' } },
            { reconciliation_status: { eq: 'Partially matched' } },
            { reconciliation_status: { attributeExists: false } },
          ],
        },
      ],
    });
  });
  it('debits in one state, searched as text and as a negative amount', () => {
    const filter = paymentsFilter({ side: 'out', view: 'Matched', accountIds: ['a1'], q: ' 9,500 ' });
    expect(filter.and).toEqual([
      { or: [{ bankId: { eq: 'a1' } }] },
      { transaction_source_amount: { lt: '0' } },
      { reconciliation_status: { eq: 'Matched' } },
      {
        or: [
          { sender_account_name: { contains: '9,500' } },
          { recipient_account_name: { contains: '9,500' } },
          { remittance_information: { contains: '9,500' } },
          { transaction_description: { contains: '9,500' } },
          { bank_reference: { contains: '9,500' } },
          { end_to_end_id: { contains: '9,500' } },
          { transaction_source_amount: { eq: '-9500' } },
        ],
      },
    ]);
  });
  it('a word is searched as text only; all states without a state condition', () => {
    const filter = paymentsFilter({ side: 'in', view: 'all', accountIds: ['a1'], q: 'Keystone' });
    const parts = filter.and as Record<string, unknown>[];
    expect(parts).toHaveLength(3);
    expect(parts[2]).toEqual({
      or: [
        { sender_account_name: { contains: 'Keystone' } },
        { recipient_account_name: { contains: 'Keystone' } },
        { remittance_information: { contains: 'Keystone' } },
        { transaction_description: { contains: 'Keystone' } },
        { bank_reference: { contains: 'Keystone' } },
        { end_to_end_id: { contains: 'Keystone' } },
      ],
    });
  });
  it('without accounts matches nothing', () => {
    expect(paymentsFilter({ side: 'in', view: 'all', accountIds: [], q: '' }).and).toContainEqual({
      id: { attributeExists: false },
    });
  });
});

describe('magnitudes', () => {
  it('spells an amount one way, without its sign', () => {
    expect(magnitudeText('-09500.50')).toBe('9500.5');
    expect(magnitudeText('9500.00')).toBe('9500');
    expect(magnitudeText('0.00')).toBe('0');
    expect(magnitudeText('100')).toBe('100');
    expect(magnitudeText('abc')).toBeNull();
  });
  it('compares a debit with a payout', () => {
    expect(sameMagnitude('-9500.00', '9500')).toBe(true);
    expect(sameMagnitude('-9500.01', '9500')).toBe(false);
    expect(sameMagnitude('-950', '9500')).toBe(false);
    expect(sameMagnitude(null, '0')).toBe(false);
  });
});

const instruction = (over: Partial<PayoutInstruction>): PayoutInstruction => ({
  id: 'i',
  reference: 'RF-1',
  kind: 'advance',
  status: 'Pending',
  requestId: 'r',
  invoiceNumber: 'INV-1',
  supplierName: null,
  payerModel: 'Investor',
  payerId: 'p',
  payerName: null,
  amount: '9500.00',
  currency: 'USD',
  createdAt: '2026-01-01T00:00:00Z',
  exportedAt: null,
  confirmedAt: null,
  transactionId: null,
  debtorAccount: null,
  creditorAccount: null,
  problems: [],
  ...over,
});

describe('instructionsFitting', () => {
  it('keeps Pending and Exported instructions of the debit’s currency and amount', () => {
    const list = [
      instruction({ id: 'pending' }),
      instruction({ id: 'exported', status: 'Exported', amount: '9500' }),
      instruction({ id: 'confirmed', status: 'Confirmed' }),
      instruction({ id: 'euro', currency: 'EUR' }),
      instruction({ id: 'other', amount: '9500.01' }),
    ];
    expect(instructionsFitting({ amount: '-9500.00', currency: 'USD' }, list).map((i) => i.id)).toEqual([
      'pending',
      'exported',
    ]);
  });
});
