import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceRequest } from '../pricing.ts';
import { ACCOUNT_KINDS, normalSign, type AccountRef } from './accounts.ts';
import { fromMinor, toMinor } from './minor-units.ts';
import {
  approvalLegs,
  collectionLegs,
  feesLegs,
  funderOf,
  imbalances,
  limitChangeLegs,
  minorAmounts,
  payoutLegs,
  postReservationLegs,
  rebateLegs,
  releaseLegs,
  reserveLegs,
  settlementLegs,
  spvPurchaseLegs,
  voidReservationLegs,
  writeOffLegs,
  type Leg,
  type PricedRequest,
} from './postings.ts';

const PARTIES = {
  lineId: 'line-1',
  supplierId: 'supplier-1',
  investorId: 'investor-1',
  spvId: 'spv-1',
  brokerId: 'broker-1',
};

/** The worked example of docs/business-rules.md, “How a request is priced at approval”. */
const EXAMPLE: PricedRequest = {
  ...PARTIES,
  currency: 'USD',
  face: '100000.00',
  purchase: '88450.00',
  discount: '1550.00',
  transactionFee: '166.67',
  brokerFee: '33.33',
  spvFee: '83.33',
};

const key = (a: AccountRef) => `${a.kind}:${a.party?.id ?? '-'}:${a.currency}`;
/** Balances on each account's normal side, per phase summed (what the ledger reads). */
function balances(legs: readonly Leg[]): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const l of legs)
    out.set(key(l.account), (out.get(key(l.account)) ?? 0n) + l.amount * BigInt(normalSign(l.account.kind)));
  return out;
}

describe('minor units', () => {
  it('converts both ways with the currency’s digits', () => {
    expect(toMinor('1234.50', 'USD')).toBe(123450n);
    expect(toMinor('1234', 'JPY')).toBe(1234n);
    expect(toMinor('1.234', 'BHD')).toBe(1234n);
    expect(fromMinor(-5n, 'USD')).toBe('-0.05');
    expect(fromMinor(123450n, 'USD')).toBe('1234.50');
    expect(fromMinor(7n, 'JPY')).toBe('7');
    expect(() => toMinor('1.005', 'USD')).toThrow(/whole number of minor units/);
  });
});

describe('posting rules (docs/business-rules.md, “The ledger”)', () => {
  it('posts the worked example’s approval and settlement as the rules say', () => {
    const approval = approvalLegs(EXAMPLE);
    expect(approval.map((l) => [l.account.kind, fromMinor(l.amount, 'USD')])).toEqual([
      ['receivables_purchased', '100000.00'],
      ['supplier_payable', '-88450.00'],
      ['unearned_discount', '-1550.00'],
      ['supplier_reserve', '-10000.00'],
    ]);
    const settlement = settlementLegs(EXAMPLE, { feesBooked: false, shortfall: 0n });
    expect(settlement.map((l) => [l.account.kind, fromMinor(l.amount, 'USD')])).toEqual([
      ['unearned_discount', '1550.00'],
      ['investor_discount_income', '-1300.00'],
      ['platform_fee_revenue', '-133.34'],
      ['broker_commission_payable', '-33.33'],
      ['spv_fee_payable', '-83.33'],
      ['supplier_reserve', '10000.00'],
      ['supplier_payable', '-10000.00'],
    ]);
    expect(imbalances([...approval, ...settlement])).toEqual([]);
  });

  it('leaves the fees out of the settlement once they were booked, the split still whole', () => {
    const fees = feesLegs(EXAMPLE);
    const settlement = settlementLegs(EXAMPLE, { feesBooked: true, shortfall: 0n });
    const b = balances([...approvalLegs(EXAMPLE), ...fees, ...settlement]);
    expect(b.get('unearned_discount:-:USD')).toBe(0n);
    expect(b.get('platform_fee_revenue:-:USD')).toBe(13334n);
    expect(b.get('broker_commission_payable:broker-1:USD')).toBe(3333n);
    expect(imbalances(fees)).toEqual([]);
    expect(imbalances(settlement)).toEqual([]);
  });

  it('recovers a shortfall from the reserve, at most the reserve', () => {
    const short = settlementLegs(EXAMPLE, { feesBooked: false, shortfall: 250000n });
    expect(short.find((l) => l.account.kind === 'dilution_writeoffs')?.amount).toBe(-250000n);
    expect(short.find((l) => l.account.kind === 'supplier_payable')?.amount).toBe(-750000n);
    const wiped = settlementLegs(EXAMPLE, { feesBooked: false, shortfall: 5_000_000n });
    expect(wiped.find((l) => l.account.kind === 'dilution_writeoffs')?.amount).toBe(-1_000_000n);
    expect(wiped.some((l) => l.account.kind === 'supplier_payable')).toBe(false);
  });

  it('funds from the investor, else the SPV, and refuses a line with neither', () => {
    expect(funderOf(PARTIES)).toEqual({ model: 'Investor', id: 'investor-1' });
    expect(funderOf({ ...PARTIES, investorId: null })).toEqual({ model: 'Spv', id: 'spv-1' });
    expect(() => funderOf({ ...PARTIES, investorId: null, spvId: null })).toThrow(/nobody funds it/);
  });

  it('takes a purchase above the reservation from the free limit, and voids a larger one', () => {
    const free = (legs: ReturnType<typeof postReservationLegs>) =>
      legs
        .filter((l) => l.account.kind === 'line_limit_free' && l.phase === 'posted')
        .reduce((s, l) => s + l.amount, 0n);
    expect(free(postReservationLegs('l', 'USD', 100n, 101n))).toBe(101n);
    expect(free(postReservationLegs('l', 'USD', 0n, 40n))).toBe(40n);
    const pendingFree = postReservationLegs('l', 'USD', 100n, 90n).filter(
      (l) => l.account.kind === 'line_limit_free' && l.phase === 'pending',
    );
    expect(pendingFree.reduce((s, l) => s + l.amount, 0n)).toBe(-100n);
  });

  it('declares a name and an explanation for every kind of account', () => {
    for (const kind of Object.values(ACCOUNT_KINDS)) expect(kind.name && kind.explain).toBeTruthy();
  });
});

const currencies = fc.constantFrom('USD', 'EUR', 'JPY', 'BHD');
const rate = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((n) => (n / 100).toFixed(2));
const priced = fc
  .record({
    currency: currencies,
    amount: fc.integer({ min: 1, max: 5_000_000_000 }),
    advance: fc.integer({ min: 1, max: 100 }),
    base: rate(8),
    spread: rate(12),
    tx: rate(60),
    broker: rate(50),
    spv: rate(3),
    days: fc.integer({ min: 1, max: 360 }),
    withBroker: fc.boolean(),
    withInvestor: fc.boolean(),
  })
  .map((g): PricedRequest | null => {
    const face = fromMinor(BigInt(g.amount), g.currency);
    const due = new Date(Date.UTC(2026, 0, 5 + g.days)).toISOString().slice(0, 10);
    const p = priceRequest({
      invoiceAmount: face,
      currency: g.currency,
      advanceRate: String(g.advance),
      baseRate: g.base,
      spread: g.spread,
      transactionFeeRate: g.tx,
      brokerFeeRate: g.withBroker ? g.broker : '0',
      spvFeeRate: g.spv,
      payoutDate: '2026-01-05',
      dueDate: due,
    });
    return {
      ...PARTIES,
      investorId: g.withInvestor ? PARTIES.investorId : null,
      brokerId: g.withBroker ? PARTIES.brokerId : null,
      currency: g.currency,
      face,
      purchase: p.invoice_purchase_amount,
      discount: p.discount_fee_amount,
      transactionFee: p.transaction_fee_amount,
      brokerFee: p.broker_fee_amount,
      spvFee: p.spv_fee_amount,
    };
  });

describe('posting rules over generated requests', () => {
  it('balance every posting, and a paid request leaves nothing open but income and payables', () => {
    fc.assert(
      fc.property(
        priced,
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 300 }),
        fc.boolean(),
        (r, parts, shortPermille, feesFirst) => {
          if (!r) return;
          const a = minorAmounts(r);
          // Collections in parts, the last one short by a share of the face.
          const shortfall = (a.face * BigInt(shortPermille)) / 1000n;
          const paid = a.face - shortfall;
          const total = parts.reduce((s, p) => s + p, 0);
          let left = paid;
          const collections: Leg[][] = parts.map((p, i) => {
            const amount = i === parts.length - 1 ? left : (paid * BigInt(p)) / BigInt(total);
            left -= amount;
            return amount > 0n ? collectionLegs(r, funderOf(r), amount) : [];
          });
          const limit = a.face * 2n;
          const postings: Leg[][] = [
            limitChangeLegs(r.lineId, r.currency, limit),
            reserveLegs(r.lineId, r.currency, a.purchase + a.discount),
            postReservationLegs(r.lineId, r.currency, a.purchase + a.discount, a.purchase),
            approvalLegs(r),
            ...(feesFirst ? [feesLegs(r)] : []),
            payoutLegs(r),
            spvPurchaseLegs(r, 0n),
            ...collections,
            ...(shortfall > 0n ? [writeOffLegs(r, shortfall)] : []),
            settlementLegs(r, { feesBooked: feesFirst, shortfall }),
            releaseLegs(r.lineId, r.currency, a.purchase),
          ];
          for (const p of postings) expect(imbalances(p)).toEqual([]);
          const all = postings.flat();
          const b = balances(all);
          const at = (k: string) => b.get(k) ?? 0n;
          const funder = funderOf(r).id;
          expect(at(`receivables_purchased:${funder}:${r.currency}`)).toBe(0n);
          expect(at(`unearned_discount:-:${r.currency}`)).toBe(0n);
          expect(at(`supplier_reserve:supplier-1:${r.currency}`)).toBe(0n);
          expect(at(`line_limit_free:line-1:${r.currency}`)).toBe(limit);
          expect(at(`line_limit_used:line-1:${r.currency}`)).toBe(0n);
          expect(at(`line_limit_reserved:line-1:${r.currency}`)).toBe(0n);
          // The split of the discount adds up to it exactly.
          const income =
            at(`investor_discount_income:${funder}:${r.currency}`) +
            at(`platform_fee_revenue:-:${r.currency}`) +
            at(`broker_commission_payable:broker-1:${r.currency}`) +
            at(`spv_fee_payable:spv-1:${r.currency}`);
          expect(income).toBe(a.discount);
          // The rebate pays what the supplier is still owed once the advance went out.
          const owed = at(`supplier_payable:supplier-1:${r.currency}`);
          expect(owed).toBe(a.reserve - (shortfall < a.reserve ? shortfall : a.reserve));
          if (owed > 0n) expect(imbalances(rebateLegs(r, funderOf(r), owed))).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('voids a reservation to nothing', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), (advance) => {
        const b = balances([
          ...reserveLegs('l', 'USD', advance),
          ...voidReservationLegs('l', 'USD', advance),
        ]);
        expect([...b.values()].every((v) => v === 0n)).toBe(true);
      }),
    );
  });
});
