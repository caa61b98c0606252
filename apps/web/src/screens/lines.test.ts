import { describe, expect, it } from 'vitest';
import {
  approvedLimitError,
  compareDecimals,
  daysBetween,
  lineFigures,
  subtractDecimals,
  sumDecimals,
  totalsByCurrency,
} from './lines.ts';

let n = 0;
const req = (o: Record<string, unknown>) => ({ id: `r${++n}`, ...o });
const line = (o: Record<string, unknown>) => ({ id: 'b', buyer_currency: 'USD', ...o });

describe('decimal arithmetic of line figures', () => {
  it('adds and subtracts exactly where binary floats do not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals(['100000', '-88450.00', null, undefined, ''])).toBe('11550');
    expect(subtractDecimals('500000', '88450.5')).toBe('411549.5');
    expect(subtractDecimals('0.3', '0.1')).toBe('0.2');
    expect(subtractDecimals('100', '-0.01')).toBe('100.01');
    expect(subtractDecimals('1.10', '2.2')).toBe('-1.1');
    // 15 integer digits stay exact (a float loses the last cent here).
    expect(sumDecimals(['999999999999999.99', '0.01'])).toBe('1000000000000000');
    expect(subtractDecimals('999999999999999.99', '0.01')).toBe('999999999999999.98');
  });
  it('compares decimals without parsing them as numbers', () => {
    expect(compareDecimals('0.3', sumDecimals(['0.1', '0.2']))).toBe(0);
    expect(compareDecimals('4100000.00', '4100000')).toBe(0);
    expect(compareDecimals('4100000.01', '4100000')).toBe(1);
    expect(compareDecimals('999999999999999.98', '999999999999999.99')).toBe(-1);
    expect(compareDecimals(null, '0')).toBe(0);
  });
  it('counts calendar days', () => {
    expect(daysBetween('2026-11-20', '2026-11-21')).toBe(1);
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
  });
});

describe('lineFigures', () => {
  const today = '2026-11-21';
  const rs = [
    req({
      buyerId: 'b',
      request_status: 'Approved',
      invoice_currency: 'USD',
      invoice_purchase_amount: '0.1',
      invoice_amount: '0.15',
      invoice_due_date: '2026-11-20',
    }),
    req({
      buyerId: 'b',
      request_status: 'Approved',
      invoice_currency: 'USD',
      invoice_purchase_amount: '0.2',
      invoice_amount: '0.25',
      invoice_due_date: '2026-11-01',
    }),
    req({
      buyerId: 'b',
      request_status: 'Approved',
      invoice_purchase_amount: '1000.05',
      invoice_amount: '1100',
      invoice_due_date: '2026-12-13',
    }),
    req({
      buyerId: 'b',
      request_status: 'Approved',
      invoice_currency: 'EUR',
      invoice_purchase_amount: '500',
      invoice_amount: '550',
      invoice_due_date: '2026-11-02',
    }),
    req({
      buyerId: 'b',
      request_status: 'Settled',
      invoice_purchase_amount: '9999',
      invoice_due_date: '2026-01-01',
    }),
    req({
      buyerId: 'x',
      request_status: 'Approved',
      invoice_purchase_amount: '77',
      invoice_due_date: '2026-01-01',
    }),
  ];

  it('gives exposure, available, overdue and next due in the line currency', () => {
    const f = lineFigures(line({ buyer_loan_approved_amount: '1900000.00' }), rs, today);
    expect(f).toMatchObject({
      currency: 'USD',
      limit: '1900000',
      exposure: '1000.35',
      available: '1898999.65',
      overLimit: false,
      overdue: '0.4',
      overdueCount: 2,
      daysPastDue: 20,
      nextDue: '2026-12-13',
    });
  });
  it('keeps requests of another currency apart instead of adding them to the line', () => {
    const f = lineFigures(line({ buyer_loan_approved_amount: '1000' }), rs, today);
    expect([...f.otherCurrencies]).toEqual([['EUR', '500']]);
    expect(f.exposure).toBe('1000.35');
  });
  it('flags a line over its limit and treats a missing limit as 0', () => {
    const f = lineFigures(line({ buyer_loan_approved_amount: '1000.3' }), rs, today);
    expect(f.available).toBe('-0.05');
    expect(f.overLimit).toBe(true);
    const empty = lineFigures(line({ buyer_loan_approved_amount: null }), [], today);
    expect(empty).toMatchObject({ limit: '0', exposure: '0', available: '0', overdue: '0', nextDue: null });
    expect(empty.daysPastDue).toBeNull();
  });
  it('totals per currency, never across currencies', () => {
    const usd1 = lineFigures(line({ id: 'b', buyer_loan_approved_amount: '0.1' }), rs, today);
    const usd2 = lineFigures(line({ id: 'u', buyer_loan_approved_amount: '0.2' }), [], today);
    const eur = lineFigures(
      line({ id: 'e', buyer_currency: 'EUR', buyer_loan_approved_amount: '5' }),
      [],
      today,
    );
    expect(totalsByCurrency([usd1, eur, usd2])).toEqual([
      { currency: 'EUR', lines: 1, limit: '5', exposure: '0', available: '5', overdue: '0' },
      { currency: 'USD', lines: 2, limit: '0.3', exposure: '1000.35', available: '-1000.05', overdue: '0.4' },
    ]);
  });
});

describe('approvedLimitError', () => {
  it('accepts a positive amount up to the requested one', () => {
    expect(approvedLimitError('4100000', '4100000.00', 'USD')).toBeNull();
    expect(approvedLimitError('3,000,000.50', '4100000.00', 'USD')).toBeNull();
    expect(approvedLimitError('0.30', sumDecimals(['0.1', '0.2']), 'USD')).toBeNull();
    expect(approvedLimitError('250000', null, 'EUR')).toBeNull();
  });
  it('refuses empty, malformed, zero and negative amounts', () => {
    expect(approvedLimitError('', '100', 'USD')).toBe('Enter the approved limit');
    expect(approvedLimitError('12abc', '100', 'USD')).toBe('Enter an amount such as 500000.00');
    expect(approvedLimitError('-5', '100', 'USD')).toBe('Enter an amount such as 500000.00');
    expect(approvedLimitError('1e5', '1000000', 'USD')).toBe('Enter an amount such as 500000.00');
    expect(approvedLimitError('0.00', '100', 'USD')).toMatch(/more than 0; decline the line instead/);
  });
  it('refuses more decimals than the currency has', () => {
    expect(approvedLimitError('100.005', '1000', 'USD')).toBe('Use at most 2 decimals');
    expect(approvedLimitError('100.50', '1000', 'USD')).toBeNull();
    expect(approvedLimitError('100.5', '1000', 'JPY')).toBe('JPY amounts have no decimals');
  });
  it('refuses more than the requested amount, exactly at the cent', () => {
    expect(approvedLimitError('4100000.01', '4100000.00', 'USD')).toBe(
      'At most the requested USD 4,100,000.00; a higher limit needs a new request',
    );
    expect(approvedLimitError('0.31', sumDecimals(['0.1', '0.2']), 'USD')).toMatch(/At most the requested/);
  });
});
