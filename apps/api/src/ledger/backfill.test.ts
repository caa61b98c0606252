import { afterAll, beforeAll, expect, it } from 'vitest';
import { REGISTRY } from '@rf/domain';
import { insertRow } from '../data/rows.ts';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { sampleInput } from '../testing/samples.ts';
import { buildWorld, CALLERS, ORGS, type World } from '../testing/world.ts';
import { ledgerAgreement } from './agreement.ts';
import { backfillLedger } from './backfill.ts';
import { lineUses } from './line-uses.ts';
import { trialBalance } from './read-ledger.ts';

const BY = { sub: 'admin-sub', groupId: ORGS.admin, role: 'Admin' };

/**
 * Data from before the ledger (docs/business-rules.md, “Limits held in the ledger”): lines and
 * requests written straight into their tables, as older versions did, get their memo entries and
 * approvals from the backfill, once, and then agree with the ledger.
 */
describeDatabases('ledger backfill and agreement', (db) => {
  let api: ApiHarness;
  let world: World;

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    world = await buildWorld(api, '');
  });
  afterAll(async () => api.app.close());

  /** A line and its requests as an older version stored them: rows only, no ledger entries. */
  const legacyLine = (limit: string, requests: { status: string; amount: string; purchase?: string }[]) =>
    db().transaction(async (tx) => {
      const write = { by: BY, at: new Date(), owner: ORGS.supplier };
      const line = await insertRow(
        tx,
        'Buyer',
        sampleInput(REGISTRY.Buyer, {
          supplierId: world.Supplier,
          investorId: world.Investor,
          spvId: world.Spv,
          buyer_currency: 'USD',
          buyer_status: 'Approved',
          buyer_loan_approved_amount: limit,
          buyer_loan_advance_rate: '80',
        }),
        write,
      );
      const ids: string[] = [];
      // Made a second apart, so the backfill (oldest first) meets them in this order.
      for (const [i, r] of requests.entries())
        ids.push(
          await insertRow(
            tx,
            'Request',
            sampleInput(REGISTRY.Request, {
              buyerId: line,
              supplierId: world.Supplier,
              investorId: world.Investor,
              spvId: world.Spv,
              invoice_currency: 'USD',
              invoice_amount: r.amount,
              request_status: r.status,
              invoice_purchase_amount: r.purchase ?? null,
              discount_fee_amount: r.purchase ? '10.00' : null,
              transaction_fee_amount: r.purchase ? '2.00' : null,
              broker_fee_amount: r.purchase ? '0.40' : null,
              spv_fee_amount: r.purchase ? '1.00' : null,
            }),
            { ...write, at: new Date(write.at.getTime() + (i + 1) * 1000) },
          ),
        );
      return { line, ids };
    });

  it('finds nothing to disagree on when everything was made by the operations', async () => {
    expect(await ledgerAgreement(db())).toEqual([]);
  });

  it('posts the limit, reservations and approvals of older data once, after which they agree', async () => {
    const { line, ids } = await legacyLine('10000.00', [
      { status: 'Under Review', amount: '2500.00' },
      { status: 'Approved', amount: '3000.00', purchase: '2390.00' },
      { status: 'Settled', amount: '1000.00', purchase: '790.00' },
      { status: 'Declined', amount: '4000.00' },
    ]);
    const before = await ledgerAgreement(db());
    expect(before.map((d) => [d.model, d.id, d.what])).toEqual([
      ['Buyer', line, 'approved limit'],
      ['Request', ids[0], 'reserved advance'],
      ['Request', ids[1], 'limit used'],
    ]);
    expect(before[0]).toMatchObject({ records: '10000.00', ledger: '0.00' });

    const first = await backfillLedger(db());
    expect(first).toMatchObject({ lines: 1, reservations: 1, approvals: 1, refused: [] });
    expect(await ledgerAgreement(db())).toEqual([]);
    // 10,000 − 2,390 used (the purchase) − 2,000 reserved (80 % of 2,500).
    const [use] = await lineUses(db(), [line]);
    expect(use).toMatchObject({
      limit: '10000.00',
      utilisation: '2390.00',
      reserved: '2000.00',
      free: '5610.00',
    });

    const again = await backfillLedger(db());
    expect(again).toMatchObject({ lines: 0, reservations: 0, approvals: 0, refused: [] });
    const rows = await trialBalance(db(), { asOf: null, currency: 'USD', partyIds: null });
    const sum = rows.reduce((s, r) => s + Number(r.balance.replace('.', '')), 0);
    expect(sum).toBe(0);
  });

  it('leaves out, and names, what a line over its limit cannot hold', async () => {
    const { line, ids } = await legacyLine('1000.00', [
      { status: 'Under Review', amount: '1000.00' },
      { status: 'Under Review', amount: '1000.00' },
    ]);
    const result = await backfillLedger(db());
    // 800 of each advance: the first fits, the second would overdraw the free limit.
    expect(result.refused).toEqual([{ requestId: ids[1], reason: 'the line’s free limit cannot hold it' }]);
    const [use] = await lineUses(db(), [line]);
    expect(use).toMatchObject({ reserved: '800.00', free: '200.00' });
    expect((await ledgerAgreement(db())).map((d) => [d.id, d.what])).toEqual([[ids[1], 'reserved advance']]);
  });
});
