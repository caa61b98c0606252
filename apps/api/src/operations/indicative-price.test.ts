import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REGISTRY } from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { sampleInput } from '../testing/samples.ts';
import { buildWorld, CALLERS, ORGS, type World } from '../testing/world.ts';
import { nextBusinessDay } from './indicative-price.ts';

type Result = {
  data?: Record<string, Record<string, unknown> | null> | null;
  errors?: { message: string; errorType: string }[];
};

const QUERY = `query ($buyerId: ID!, $amount: Decimal!, $due: AWSDate!) {
  indicativePrice(buyerId: $buyerId, invoice_amount: $amount, invoice_due_date: $due) {
    currency payout_date invoice_purchase_duration advance_rate base_rate base_rate_amount fixing_date
    discount_fee_rate discount_fee_amount transaction_fee_amount broker_fee_amount spv_fee_amount
    invoice_purchase_amount unavailable
  }
}`;

describe('the planned payout of an indicative price', () => {
  it('is the next business day after today', () => {
    expect(nextBusinessDay('2026-01-01')).toBe('2026-01-02'); // Thursday → Friday
    expect(nextBusinessDay('2026-01-02')).toBe('2026-01-05'); // Friday → Monday
    expect(nextBusinessDay('2026-01-03')).toBe('2026-01-05'); // Saturday → Monday
    expect(nextBusinessDay('2026-01-04')).toBe('2026-01-05'); // Sunday → Monday
    expect(nextBusinessDay('2025-12-31')).toBe('2026-01-01');
  });
});

/**
 * `indicativePrice` (docs/business-rules.md, “How a request is priced at approval”): its worked
 * example, priced from the line's terms and the latest SOFR fixing 2 to 10 days before the next
 * business day; only for callers who can read the line; no price, with the reason, when it cannot
 * be priced.
 */
describeDatabases('indicative price of a request being entered', (db) => {
  let api: ApiHarness;
  let world: World;
  let other: World;
  let line: string;

  const price = async (who: string, amount: string, due: string, buyerId = line) =>
    (await api.gql(who, QUERY, { buyerId, amount, due })) as Result;
  /** The platform's date, for the calls that follow (the operations read the system clock). */
  const today = (iso: string) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${iso}T12:00:00Z`));
  };
  const fixing = async (date: string, SOFRM3: string) => {
    const res = await api.gql(
      'Admin',
      'mutation ($input: CreateSOFRInput!) { createSOFR(input: $input) { id } }',
      {
        input: { date, SOFRM3, SOFR: '5.00', userId: ORGS.admin },
      },
    );
    expect(res.errors).toBeUndefined();
  };

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    api.callers.set('Supplier2', { sub: 'supplier2', groupId: ORGS.supplier2, role: 'Supplier' });
    world = await buildWorld(api, '');
    other = await buildWorld(api, '2');
    // The worked example's terms: advance 90 %, SOFR(3M), spread 4.00, transaction fee 25 % of the
    // spread, broker fee 20 % of the transaction fee, SPV fee 0.5 % a year.
    const made = await api.gql<{ createBuyer: { id: string } }>(
      'Admin',
      'mutation ($input: CreateBuyerInput!) { createBuyer(input: $input) { id } }',
      {
        input: sampleInput(REGISTRY.Buyer, {
          userId: ORGS.supplier,
          supplierId: world.Supplier,
          investorId: world.Investor,
          spvId: world.Spv,
          brokerId: world.Broker,
          buyer_currency: 'USD',
          buyer_loan_advance_rate: '90',
          buyer_loan_rate: 'SOFR(3M)',
          buyer_loan_discount_fee: '4.00',
          buyer_loan_transaction_fee: '25',
          buyer_loan_broker_fee: '20',
          buyer_loan_spv_fee: '0.5',
        }),
      },
    );
    expect(made.errors).toBeUndefined();
    line = made.data!.createBuyer.id;
    // Around the payout of Monday 2026-01-05: the latest fixing 2 to 10 days before it is 5.30 of
    // 2025-12-30; a later one is too close to the payout, an earlier one is not the latest.
    await fixing('2025-12-24', '4.90');
    await fixing('2025-12-30', '5.30');
    await fixing('2026-01-04', '9.99');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reproduces the worked example of the pricing rules for a Friday entry (payout Monday 2026-01-05)', async () => {
    today('2026-01-02');
    const res = await price('Supplier', '100000.00', '2026-03-06');
    expect(res.errors).toBeUndefined();
    expect(res.data?.indicativePrice).toEqual({
      currency: 'USD',
      payout_date: '2026-01-05',
      invoice_purchase_duration: 60,
      advance_rate: '90',
      base_rate: 'SOFR(3M)',
      base_rate_amount: '5.30',
      fixing_date: '2025-12-30',
      discount_fee_rate: '4.00',
      discount_fee_amount: '1550.00',
      transaction_fee_amount: '166.67',
      broker_fee_amount: '33.33',
      spv_fee_amount: '83.33',
      invoice_purchase_amount: '88450.00',
      unavailable: null,
    });
  });

  it('prices the same for a weekend entry, and for the line’s broker and the admin', async () => {
    today('2026-01-03');
    for (const who of ['Supplier', 'Broker', 'Admin']) {
      const res = await price(who, '100000.00', '2026-03-06');
      expect(res.errors, who).toBeUndefined();
      expect(res.data?.indicativePrice).toMatchObject({
        payout_date: '2026-01-05',
        invoice_purchase_amount: '88450.00',
        discount_fee_amount: '1550.00',
      });
    }
  });

  it('is refused to a caller who cannot read the line', async () => {
    today('2026-01-02');
    const res = await price('Supplier2', '100000.00', '2026-03-06');
    expect(res.errors?.[0]?.errorType).toBe('Unauthorized');
    expect(res.data?.indicativePrice ?? null).toBeNull();
    expect((await price('Supplier', '100000.00', '2026-03-06', other.Buyer)).errors?.[0]?.errorType).toBe(
      'Unauthorized',
    );
  });

  it('says why there is no price instead of guessing one', async () => {
    today('2026-01-02');
    // Due on the payout day: nothing to price.
    expect((await price('Supplier', '100000.00', '2026-01-05')).data?.indicativePrice).toMatchObject({
      invoice_purchase_amount: null,
      unavailable: expect.stringMatching(/after the planned payout date 2026-01-05/),
    });
    // The submission rules: a positive amount in the currency's minor unit.
    expect((await price('Supplier', '0', '2026-03-06')).data?.indicativePrice?.unavailable).toMatch(
      /invoice_amount must be more than 0/,
    );
    expect((await price('Supplier', '100.005', '2026-03-06')).data?.indicativePrice?.unavailable).toMatch(
      /at most 2 decimals/,
    );
    // No fixing 2 to 10 days before the payout: never priced at a zero rate.
    today('2026-02-02');
    expect((await price('Supplier', '100000.00', '2026-03-06')).data?.indicativePrice).toMatchObject({
      payout_date: '2026-02-03',
      invoice_purchase_amount: null,
      unavailable: expect.stringMatching(/import the SOFR fixings/),
    });
    // Not a number at all: refused as input.
    expect((await price('Supplier', 'lots', '2026-03-06')).errors?.[0]?.errorType).toBe('ValidationError');
  });
});
