import { describe, expect, it } from 'vitest';
import { formatAmount, sumAmounts, totalsByCurrency } from './amounts.ts';
import { invoiceAt } from './test-document-input.ts';

describe('amounts', () => {
  it('adds decimals exactly, at the longest fraction given', () => {
    expect(sumAmounts(['0.10', '0.20'])).toBe('0.30');
    expect(sumAmounts(['0.1', '0.2'])).toBe('0.3');
    expect(sumAmounts(['1000000', '0.005', '0.005'])).toBe('1000000.010');
    expect(sumAmounts(['99999999999999999.99', '0.01'])).toBe('100000000000000000.00');
  });

  it('groups thousands without rounding', () => {
    expect(formatAmount('1234567.805')).toBe('1,234,567.805');
    expect(formatAmount('999')).toBe('999');
    expect(formatAmount('1000.00')).toBe('1,000.00');
    expect(() => formatAmount('-1.00')).toThrow(/Not an amount/);
    expect(() => formatAmount('1e3')).toThrow(/Not an amount/);
  });

  it('totals per currency in order of appearance, never across currencies', () => {
    const invoices = [
      { ...invoiceAt(0, 'raa_offer_notice'), currency: 'EUR', faceValue: '0.10', purchaseAmount: '0.05' },
      { ...invoiceAt(1, 'raa_offer_notice'), currency: 'JPY', faceValue: '1500', purchaseAmount: '1400' },
      { ...invoiceAt(2, 'raa_offer_notice'), currency: 'EUR', faceValue: '0.20', purchaseAmount: '0.15' },
    ];
    expect(totalsByCurrency(invoices)).toEqual([
      { currency: 'EUR', count: 2, faceValue: '0.30', purchaseAmount: '0.20' },
      { currency: 'JPY', count: 1, faceValue: '1500', purchaseAmount: '1400' },
    ]);
    expect(totalsByCurrency([invoiceAt(0, 'ipu')])[0]!.purchaseAmount).toBeNull();
  });
});
