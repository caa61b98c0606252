import { describe, expect, it } from 'vitest';
import { approvedLimitError, sumDecimals } from './lines.ts';

describe('sumDecimals', () => {
  it('adds exactly where binary floats do not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals(['100000', '-88450.00', null, undefined, ''])).toBe('11550');
    // 15 integer digits stay exact (a float loses the last cent here).
    expect(sumDecimals(['999999999999999.99', '0.01'])).toBe('1000000000000000');
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
