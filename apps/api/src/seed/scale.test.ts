import { beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { seedScale, type ScaleReport } from './scale.ts';
import {
  identityProblems,
  peopleAndFiguresProblems,
  pricingProblems,
  validationProblems,
} from './seed-checks.ts';

const TODAY = '2026-03-06';
const SUPPLIERS = 6;
const PER_SUPPLIER = 30;

describeDatabases('seedScale', (db) => {
  let report: ScaleReport;

  beforeAll(async () => {
    report = await seedScale(db(), {
      suppliers: SUPPLIERS,
      requestsPerSupplier: PER_SUPPLIER,
      seed: 'test',
      today: TODAY,
    });
  });

  it('writes the requested number of suppliers and requests, and reports what it wrote', async () => {
    const [row] = await db().query<{ suppliers: number; requests: number; groups: number }>(
      `SELECT (SELECT count(*)::int FROM "supplier") AS suppliers, (SELECT count(*)::int FROM "request") AS requests,
              (SELECT count(DISTINCT "groupId")::int FROM "usergroup" WHERE group_type = 'Supplier') AS groups`,
    );
    expect(row).toEqual({ suppliers: SUPPLIERS, requests: SUPPLIERS * PER_SUPPLIER, groups: SUPPLIERS });
    expect(report.counts.Request).toBe(SUPPLIERS * PER_SUPPLIER);
    expect(report.millis).toBeGreaterThan(0);
  });

  it('covers every buyer and request status, multi-invoice batches and bookkeeping of funded requests', async () => {
    const statuses = async (sql: string) => (await db().query<{ s: string }>(sql)).map((r) => r.s).sort();
    expect(await statuses('SELECT DISTINCT buyer_status AS s FROM "buyer"')).toEqual([
      'Approved',
      'Declined',
      'Investor Offer Pending',
      'Under Review',
    ]);
    expect(await statuses('SELECT DISTINCT request_status AS s FROM "request"')).toEqual([
      'Approved',
      'Declined',
      'Documents Pending',
      'Settled',
      'Under Review',
    ]);
    const [batches] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT "batchId" FROM "request" WHERE "batchId" IS NOT NULL GROUP BY 1 HAVING count(*) > 1) b`,
    );
    expect(batches?.n).toBeGreaterThan(0);
    const [unbooked] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "request" r WHERE request_status IN ('Approved', 'Settled')
          AND NOT EXISTS (SELECT 1 FROM "bookkeeping" b WHERE b."requestId" = r.id)`,
    );
    expect(unbooked?.n).toBe(0);
  });

  it('keeps open purchases of each approved line within its approved limit (docs/business-rules.md, “Line limits and what requests hold”)', async () => {
    const [over] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "buyer" b WHERE buyer_status = 'Approved' AND buyer_loan_approved_amount <
         (SELECT coalesce(sum(invoice_purchase_amount), 0) FROM "request" r WHERE r."buyerId" = b.id AND r.request_status = 'Approved')`,
    );
    expect(over?.n).toBe(0);
  });

  it('links payouts and paybacks to transactions of the investor accounts', async () => {
    const [broken] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "request" r WHERE request_status IN ('Approved', 'Settled') AND NOT EXISTS
         (SELECT 1 FROM "transaction" t WHERE t.id = r."transactionId_payout" AND t."userId" IN
            (SELECT "groupId" FROM "usergroup" WHERE group_type = 'Investor')
          AND t.transaction_source_amount = -r.invoice_purchase_amount AND t.transaction_source_currency = r.invoice_currency)
         OR (request_status = 'Settled' AND NOT EXISTS (SELECT 1 FROM "transaction" t WHERE t.id = r."transactionId_payback"
          AND t.transaction_date = r.payback_date AND t.transaction_source_amount = r.invoice_amount))`,
    );
    expect(broken?.n).toBe(0);
  });

  it('prices every request with the engine and stores only valid, consistent records', async () => {
    expect(await pricingProblems(db())).toEqual([]);
    expect(await validationProblems(db())).toEqual([]);
    expect(await identityProblems(db())).toEqual([]);
    expect(await peopleAndFiguresProblems(db(), TODAY)).toEqual([]);
  });

  it('refuses to seed the same seed twice, and adds another seed beside it', async () => {
    await expect(
      seedScale(db(), { suppliers: 1, requestsPerSupplier: 2, seed: 'test', today: TODAY }),
    ).rejects.toThrow(/already holds the scale data of seed test/);
    const more = await seedScale(db(), { suppliers: 1, requestsPerSupplier: 2, seed: 'other', today: TODAY });
    expect(more.counts.Request).toBe(2);
    const [sofr] = await db().query<{ dup: number }>(
      `SELECT count(*)::int AS dup FROM (SELECT "date" FROM "sofr" GROUP BY 1 HAVING count(*) > 1) d`,
    );
    expect(sofr?.dup).toBe(0);
  });
});
