import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import {
  advanceOf,
  creditLimitRefusal,
  formatLimitAmount,
  lineUse,
  type LimitLine,
  type LimitRequest,
} from './credit-limit.ts';

const LINE: LimitLine = {
  name: 'Keystone Trading Ltd',
  status: 'Approved',
  currency: 'USD',
  approvedLimit: '100000.00',
  advanceRate: '80',
};
const req = (status: string, invoiceAmount: string, purchaseAmount: string | null = null, currency = 'USD') =>
  ({ status, currency, invoiceAmount, purchaseAmount }) satisfies LimitRequest;

describe('credit limits', () => {
  it('counts a new request at its advance: invoice × the line’s advance rate', () => {
    expect(advanceOf('1000.00', '80').toString()).toBe('800');
    expect(advanceOf('1000.00', null).toString()).toBe('1000');
    expect(advanceOf('0.01', '90').toString()).toBe('0.009');
  });

  it('accepts requests exactly at the free limit and refuses one cent over, naming the shortfall', () => {
    const existing = [req('Approved', '50000.00', '40000.00')];
    // free = 100,000 − 40,000 = 60,000 = advance of 75,000 at 80 %
    expect(creditLimitRefusal(LINE, existing, [{ invoiceAmount: '75000.00', currency: 'USD' }])).toBeNull();
    const over = creditLimitRefusal(LINE, existing, [{ invoiceAmount: '75000.0125', currency: 'USD' }]);
    expect(over).toEqual({
      field: 'invoice_amount',
      message:
        'invoice_amount: the request exceeds the available limit of Keystone Trading Ltd by USD 0.01 (available USD 60,000.00)',
    });
  });

  it('uses approved purchases and pending advances of every request of the line, whatever its currency; declined and settled requests use nothing', () => {
    const existing = [
      req('Approved', '20000.00', '15000.00'),
      req('Under Review', '10000.00'),
      req('Documents Pending', '5000.00'),
      req('Declined', '90000.00', '0'),
      req('Settled', '90000.00', '70000.00'),
      req('Approved', '1000.00', '1000.00', 'EUR'),
    ];
    expect(lineUse(LINE, existing)).toEqual({
      currency: 'USD',
      limit: '100000.00',
      utilisation: '16000.00',
      reserved: '12000.00',
      available: '84000.00',
      free: '72000.00',
    });
    const refusal = creditLimitRefusal(LINE, existing, [
      { invoiceAmount: '50000.00', currency: 'USD' },
      { invoiceAmount: '50000.00', currency: 'USD' },
    ]);
    expect(refusal?.message).toBe(
      'invoice_amount: the 2 invoices (USD 80,000.00 advanced) exceed the available limit of Keystone Trading Ltd by USD 8,000.00 (available USD 72,000.00, after USD 12,000.00 held by requests awaiting a decision)',
    );
  });

  it('refuses a line that is not approved, has no currency, or a request in another currency', () => {
    const add = [{ invoiceAmount: '1.00', currency: 'USD' }];
    expect(creditLimitRefusal({ ...LINE, status: 'Under Review' }, [], add)).toEqual({
      field: 'buyerId',
      message:
        'buyerId: the buyer line of Keystone Trading Ltd is Under Review; requests can only be made on an approved line',
    });
    expect(creditLimitRefusal({ ...LINE, currency: null }, [], add)?.field).toBe('buyer_currency');
    expect(creditLimitRefusal(LINE, [], [{ invoiceAmount: '1.00', currency: 'EUR' }])).toEqual({
      field: 'invoice_currency',
      message:
        "invoice_currency must be the line's currency USD: the limit of Keystone Trading Ltd is in USD, not EUR",
    });
  });

  it('shows an overdrawn line as nothing available', () => {
    const refusal = creditLimitRefusal(
      LINE,
      [req('Approved', '200000', '120000.00')],
      [{ invoiceAmount: '100.00', currency: 'USD' }],
    );
    expect(refusal?.message).toMatch(/by USD 80\.00 \(available USD 0\.00\)$/);
  });

  it('formats amounts in the currency’s minor unit with grouped thousands', () => {
    expect(formatLimitAmount(new Decimal('1234567.005'), 'USD')).toBe('USD 1,234,567.01');
    expect(formatLimitAmount(new Decimal('1234567.5'), 'JPY')).toBe('JPY 1,234,568');
    expect(formatLimitAmount(new Decimal('-12.5'), 'EUR')).toBe('EUR -12.50');
  });
});

const amount = fc
  .bigInt({ min: 0n, max: 10n ** 13n })
  .map((c) => new Decimal(c.toString()).dividedBy(100).toFixed(2));
const rate = fc.integer({ min: 1, max: 100 }).map(String);
const status = fc.constantFrom('Under Review', 'Documents Pending', 'Approved', 'Declined', 'Settled');

describe('credit limits: properties', () => {
  it('a batch fits exactly when its advances are at most limit − used, whatever the split', () => {
    fc.assert(
      fc.property(
        amount,
        rate,
        fc.array(fc.record({ status, invoiceAmount: amount, purchaseAmount: amount }), { maxLength: 8 }),
        fc.array(amount, { minLength: 1, maxLength: 6 }),
        (limit, advanceRate, rows, added) => {
          const line = { ...LINE, approvedLimit: limit, advanceRate };
          const existing = rows.map((r) => ({ ...r, currency: 'USD' }));
          const news = added.map((a) => ({ invoiceAmount: a, currency: 'USD' }));
          // The oracle, written out from the rule's definition.
          let used = new Decimal(0);
          for (const r of existing) {
            if (r.status === 'Approved') used = used.plus(r.purchaseAmount);
            if (r.status === 'Under Review' || r.status === 'Documents Pending')
              used = used.plus(new Decimal(r.invoiceAmount).times(advanceRate).dividedBy(100));
          }
          const asked = added.reduce(
            (s, a) => s.plus(new Decimal(a).times(advanceRate).dividedBy(100)),
            new Decimal(0),
          );
          const fits = asked.lte(new Decimal(limit).minus(used));
          const refusal = creditLimitRefusal(line, existing, news);
          expect(refusal === null).toBe(fits);
          if (refusal) expect(refusal.field).toBe('invoice_amount');
          // The batch as a whole and the same invoices sent one by one agree on the last one.
          const oneByOne = news.slice(0, -1).map((n) => ({
            status: 'Under Review',
            currency: 'USD',
            invoiceAmount: n.invoiceAmount,
            purchaseAmount: null,
          }));
          expect(creditLimitRefusal(line, [...existing, ...oneByOne], news.slice(-1)) === null).toBe(fits);
        },
      ),
    );
  });

  it('adding a request never frees limit, and declining or settling one never uses more', () => {
    fc.assert(
      fc.property(amount, rate, amount, amount, status, (limit, advanceRate, invoice, purchase, s) => {
        const line = { ...LINE, approvedLimit: limit, advanceRate };
        const before = new Decimal(lineUse(line, []).free);
        const after = new Decimal(lineUse(line, [req(s, invoice, purchase)]).free);
        expect(after.lte(before)).toBe(true);
        if (s === 'Declined' || s === 'Settled') expect(after.eq(before)).toBe(true);
      }),
    );
  });

  it('never lets a negative amount free limit (a request priced at −537,795.17 raised the free limit)', () => {
    const negative = fc.integer({ min: 1, max: 10_000_000_00 }).map((c) => `-${(c / 100).toFixed(2)}`);
    fc.assert(
      fc.property(amount, rate, negative, status, (limit, advanceRate, minus, s) => {
        const line = { ...LINE, approvedLimit: limit, advanceRate };
        const before = new Decimal(lineUse(line, []).free);
        const after = new Decimal(lineUse(line, [req(s, minus, minus)]).free);
        expect(after.eq(before)).toBe(true);
      }),
    );
    expect(lineUse(LINE, [req('Approved', '1000.00', '-537795.17')]).free).toBe('100000.00');
  });
});
