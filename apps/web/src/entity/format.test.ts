import { describe, expect, it } from 'vitest';
import { COMMON_DIGITS, formatDate, formatMoney, formatRate, roundDecimal } from './format.ts';
import { toneOf } from '../shared/status-tones.ts';

describe('format', () => {
  it('knows the common currencies’ digits as Intl gives them', () => {
    for (const [currency, digits] of Object.entries(COMMON_DIGITS))
      expect(
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits,
        currency,
      ).toBe(digits);
  });

  it('rounds decimals half-up without floats', () => {
    expect(roundDecimal('1.005', 2)).toBe('1.01');
    expect(roundDecimal('-0.004', 2)).toBe('0.00');
    expect(roundDecimal('99.995', 2)).toBe('100.00');
    expect(roundDecimal('12', 0)).toBe('12');
  });
  it('shows money with the currency code and its minor unit', () => {
    expect(formatMoney('1234.5', 'USD')).toBe('USD 1,234.50');
    expect(formatMoney('100000', 'JPY')).toBe('JPY 100,000');
    expect(formatMoney('-88450', 'EUR')).toBe('EUR −88,450.00');
    expect(formatMoney(null, 'USD')).toBe('');
  });
  it('shows dates as 21 Nov 2026', () => {
    expect(formatDate('2026-11-21')).toBe('21 Nov 2026');
    expect(formatDate('2026-01-05T10:00:00Z')).toBe('5 Jan 2026');
  });
  it('shows rates with up to four decimals', () => {
    expect(formatRate('4.5')).toBe('4.5 %');
    expect(formatRate('5.30125')).toBe('5.3013 %');
    expect(formatRate('90')).toBe('90 %');
  });
  it('colours statuses the same everywhere', () => {
    expect(toneOf('Approved')).toBe('green');
    expect(toneOf('Settled')).toBe('navy');
    expect(toneOf('Investor Offer Pending')).toBe('amber');
    expect(toneOf(undefined)).toBe('grey');
  });
});
