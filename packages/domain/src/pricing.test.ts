import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import {
  adjustedDiscountFeeRate,
  priceRequest,
  pricingDays,
  selectFixing,
  type PriceRequestInput,
} from './pricing.ts';
import { roundMoney } from './money.ts';

const WORKED_EXAMPLE: PriceRequestInput = {
  invoiceAmount: '100000.00',
  currency: 'USD',
  advanceRate: '90',
  baseRate: '5.30',
  spread: '4.00',
  transactionFeeRate: '25',
  brokerFeeRate: '20',
  spvFeeRate: '0.5',
  payoutDate: '2026-01-05',
  dueDate: '2026-03-06',
};

describe('priceRequest', () => {
  it('reproduces the worked example of the pricing rules', () => {
    expect(priceRequest(WORKED_EXAMPLE)).toEqual({
      days: 60,
      discount_fee_amount: '1550.00',
      transaction_fee_amount: '166.67',
      broker_fee_amount: '33.33',
      spv_fee_amount: '83.33',
      invoice_purchase_amount: '88450.00',
    });
  });

  it('counts at least one day and defaults the advance rate to 100 %', () => {
    const p = priceRequest({ ...WORKED_EXAMPLE, advanceRate: null, dueDate: '2026-01-05' });
    expect(p.days).toBe(1);
    // 100,000 × 9.30 % / 360 = 25.8333…
    expect(p.discount_fee_amount).toBe('25.83');
    expect(p.invoice_purchase_amount).toBe('99974.17');
  });

  it('rounds to the minor unit of the currency', () => {
    expect(priceRequest({ ...WORKED_EXAMPLE, currency: 'JPY' }).transaction_fee_amount).toBe('167');
    expect(priceRequest({ ...WORKED_EXAMPLE, currency: 'KWD' }).transaction_fee_amount).toBe('166.667');
  });

  it('rounds half-up, not half-even', () => {
    // 1,000 × 4.5 % × 1/360 = 0.125 exactly.
    const p = priceRequest({
      ...WORKED_EXAMPLE,
      invoiceAmount: '1000',
      baseRate: '0',
      spread: '4.5',
      dueDate: '2026-01-06',
    });
    expect(p.days).toBe(1);
    expect(p.discount_fee_amount).toBe('0.13');
  });

  it('refuses impossible inputs with a message naming the field', () => {
    expect(() => priceRequest({ ...WORKED_EXAMPLE, invoiceAmount: '0' })).toThrow(/invoiceAmount/);
    expect(() => priceRequest({ ...WORKED_EXAMPLE, spread: '-1' })).toThrow(/spread/);
    expect(() => priceRequest({ ...WORKED_EXAMPLE, advanceRate: '101' })).toThrow(/advanceRate/);
    expect(() => priceRequest({ ...WORKED_EXAMPLE, invoiceAmount: '1e5' })).toThrow(/invoiceAmount/);
    expect(() => priceRequest({ ...WORKED_EXAMPLE, dueDate: '2026-02-30' })).toThrow(/YYYY-MM-DD/);
    expect(() => priceRequest({ ...WORKED_EXAMPLE, currency: 'XYZW' })).toThrow(/ISO 4217/);
  });
});

describe('pricingDays', () => {
  it('counts calendar days across month ends and leap days', () => {
    expect(pricingDays('2028-02-28', '2028-03-01')).toBe(2);
    expect(pricingDays('2026-12-31', '2027-01-01')).toBe(1);
    expect(pricingDays('2026-03-06', '2026-01-05')).toBe(1);
  });
});

describe('adjustedDiscountFeeRate', () => {
  const base = { baseRate: '5.30', spread: '4.00', payoutDate: '2026-01-05', dueDate: '2026-03-06' };
  it('is 0 when paid on the due date', () => {
    expect(adjustedDiscountFeeRate({ ...base, paybackDate: '2026-03-06' })).toBe('0');
  });
  it('spreads the planned discount over the actual days', () => {
    // 9.30 × 60 / 30 − 5.30 = 13.3; 9.30 × 60 / 90 − 5.30 = 0.9
    expect(adjustedDiscountFeeRate({ ...base, paybackDate: '2026-02-04' })).toBe('13.3');
    expect(adjustedDiscountFeeRate({ ...base, paybackDate: '2026-04-05' })).toBe('0.9');
    // 9.30 × 60 / 61 − 5.30 = 3.847540983…
    expect(adjustedDiscountFeeRate({ ...base, paybackDate: '2026-03-07' })).toBe('3.847541');
    // Paid on the payout day: at least one actual day.
    expect(adjustedDiscountFeeRate({ ...base, paybackDate: '2026-01-05' })).toBe('552.7');
  });
});

describe('selectFixing', () => {
  const fixings = [
    { date: '2026-01-01', value: '5.10' },
    { date: '2025-12-26', value: '5.20' },
    { date: '2026-01-02', value: '5.30' },
    { date: '2025-12-25', value: '5.40' },
  ];
  it('takes the latest fixing at least 2 days before the payout', () => {
    expect(selectFixing(fixings, '2026-01-04')).toEqual({ date: '2026-01-02', value: '5.30' });
    expect(selectFixing(fixings, '2026-01-03')).toEqual({ date: '2026-01-01', value: '5.10' });
  });
  it('accepts a fixing exactly 10 days before and refuses 11', () => {
    expect(selectFixing(fixings, '2026-01-05')).toEqual({ date: '2026-01-02', value: '5.30' });
    expect(selectFixing([{ date: '2025-12-26', value: '5.20' }], '2026-01-05').value).toBe('5.20');
    expect(() => selectFixing([{ date: '2025-12-25', value: '5.40' }], '2026-01-05')).toThrow(
      /No base-rate fixing .*2026-01-05/,
    );
  });
  it('refuses a fixing only 1 day before, and skips unpublished values', () => {
    expect(() => selectFixing([{ date: '2026-01-04', value: '5' }], '2026-01-05')).toThrow(/No base-rate/);
    expect(() => selectFixing([{ date: '2026-01-02', value: null }], '2026-01-05')).toThrow(/No base-rate/);
    expect(() => selectFixing([], '2026-01-05')).toThrow(/No base-rate/);
  });
});

const CURRENCY = fc.constantFrom('USD', 'EUR', 'JPY', 'KWD', 'CHF');
const rate = (max: number, scale = 100) =>
  fc.integer({ min: 0, max: max * scale }).map((n) => new Decimal(n).dividedBy(scale).toFixed());
const DATE = fc.integer({ min: 0, max: 3650 }).map((n) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000));
const ymd = (d: Date) => d.toISOString().slice(0, 10);

const INPUT = fc.record({
  invoiceAmount: fc.integer({ min: 1, max: 1e12 }).map((n) => new Decimal(n).dividedBy(100).toFixed()),
  currency: CURRENCY,
  advanceRate: rate(100),
  baseRate: rate(10, 1000),
  spread: rate(20),
  transactionFeeRate: rate(100),
  brokerFeeRate: rate(100),
  spvFeeRate: rate(5),
  payoutDate: DATE.map(ymd),
  termDays: fc.integer({ min: 0, max: 400 }),
});
type Generated = typeof INPUT extends fc.Arbitrary<infer T> ? T : never;
const toInput = ({ termDays, ...g }: Generated): PriceRequestInput => ({
  ...g,
  dueDate: ymd(new Date(Date.parse(`${g.payoutDate}T00:00:00Z`) + termDays * 86_400_000)),
});
const DIGITS: Record<string, number> = { USD: 2, EUR: 2, CHF: 2, JPY: 0, KWD: 3 };
const FEES = [
  'discount_fee_amount',
  'transaction_fee_amount',
  'broker_fee_amount',
  'spv_fee_amount',
] as const;

describe('priceRequest properties', () => {
  it('keeps purchase + discount equal to the advanced amount when the discount exceeds the advance', () => {
    // KWD 1 at 0.05 %: advanced 0.0005 → 0.001; discount 1 × 60 × 9.30 % / 360 = 0.0155 → 0.016.
    const p = priceRequest({ ...WORKED_EXAMPLE, currency: 'KWD', invoiceAmount: '1', advanceRate: '0.05' });
    expect(p.discount_fee_amount).toBe('0.016');
    expect(p.invoice_purchase_amount).toBe('-0.015');
  });

  it('purchase + discount equals the advanced amount at the minor unit', () => {
    fc.assert(
      fc.property(INPUT, (g) => {
        const input = toInput(g);
        const p = priceRequest(input);
        const advanced = roundMoney(
          new Decimal(g.invoiceAmount).times(g.advanceRate).dividedBy(100),
          input.currency,
        );
        expect(new Decimal(p.invoice_purchase_amount).plus(p.discount_fee_amount).toString()).toBe(
          new Decimal(advanced).toString(),
        );
      }),
    );
  });

  it('never yields negative fees and keeps at most the minor-unit decimals', () => {
    fc.assert(
      fc.property(INPUT, (g) => {
        const p = priceRequest(toInput(g));
        const digits = DIGITS[g.currency] ?? 2;
        expect(p.days).toBeGreaterThanOrEqual(1);
        for (const key of [...FEES, 'invoice_purchase_amount'] as const) {
          expect(new Decimal(p[key]).decimalPlaces()).toBeLessThanOrEqual(digits);
          if (key !== 'invoice_purchase_amount') expect(new Decimal(p[key]).isNegative()).toBe(false);
        }
      }),
    );
  });

  it('scales fees linearly with the invoice amount, within rounding', () => {
    fc.assert(
      fc.property(INPUT, fc.integer({ min: 2, max: 1000 }), (g, k) => {
        const one = priceRequest(toInput(g));
        const many = priceRequest({ ...toInput(g), invoiceAmount: new Decimal(g.invoiceAmount).times(k) });
        const unit = new Decimal(10).pow(-(DIGITS[g.currency] ?? 2));
        for (const key of FEES) {
          // |fee(k·a) − k·fee(a)| ≤ (k + 1) half units: each rounding moves a figure by half a unit at most.
          const gap = new Decimal(many[key]).minus(new Decimal(one[key]).times(k)).abs();
          expect(gap.lessThanOrEqualTo(unit.times(k + 1).dividedBy(2))).toBe(true);
        }
      }),
    );
  });

  it('broker fee never exceeds the transaction fee, which never exceeds the discount', () => {
    fc.assert(
      fc.property(INPUT, (g) => {
        const p = priceRequest(toInput(g));
        expect(new Decimal(p.broker_fee_amount).lte(p.transaction_fee_amount)).toBe(true);
        if (new Decimal(g.baseRate).gte(0)) {
          expect(new Decimal(p.transaction_fee_amount).lte(p.discount_fee_amount)).toBe(true);
        }
      }),
    );
  });
});
