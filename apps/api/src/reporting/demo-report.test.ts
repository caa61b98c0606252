import { afterAll, beforeAll, expect, it } from 'vitest';
import { toMinor, type Caller } from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { trialBalance } from '../ledger/read-ledger.ts';
import { todayYmd } from '../seed/dates.ts';
import { DEMO_LOAD_TIMEOUT, loadDemoForTest, type LoadedDemo } from '../seed/test-demo-load.ts';
import { funderCurrencies, reportFunderFor } from './funder-access.ts';
import { funderReport } from './funder-report.ts';

const ADMIN: Caller = { sub: 'admin', groupId: null, role: 'Admin' };

/**
 * The funder report on the demo data set (docs/business-rules.md, “Funder reporting”): for every
 * investor and SPV, each currency and a few periods, the closing outstanding is the ledger's
 * receivables balance at the period's end and every section adds up to it.
 */
describeDatabases('funder report on the demo data', (db) => {
  let demo: LoadedDemo;
  beforeAll(async () => {
    demo = await loadDemoForTest(db());
  }, DEMO_LOAD_TIMEOUT);
  afterAll(() => demo?.close());

  it('closes every funder’s roll-forward at the ledger’s balance', { timeout: 120_000 }, async () => {
    const today = todayYmd();
    const periods = [
      { from: `${today.slice(0, 4)}-01-01`, to: today },
      { from: '2025-01-01', to: '2025-12-31' },
      { from: `${today.slice(0, 7)}-01`, to: today },
    ];
    const funders = await db().query<{ model: 'Investor' | 'Spv'; id: string }>(
      `SELECT 'Investor' AS model, id::text AS id FROM "investor" WHERE NOT "_deleted"
       UNION ALL SELECT 'Spv', id::text FROM "spv" WHERE NOT "_deleted"`,
    );
    let outstanding = 0n;
    for (const { model, id } of funders) {
      const funder = await reportFunderFor(db(), ADMIN, model, id);
      for (const currency of await funderCurrencies(db(), funder))
        for (const period of periods) {
          const r = await funderReport(db(), funder, { currency, ...period });
          const [row] = (await trialBalance(db(), { asOf: period.to, currency, partyIds: [id] })).filter(
            (t) => t.kind === 'receivables_purchased',
          );
          const closing = toMinor(r.rollForward.closing, currency);
          expect([model, id, currency, period, r.rollForward.agreesWithLedger]).toEqual([
            model,
            id,
            currency,
            period,
            true,
          ]);
          expect(closing).toBe(row ? toMinor(row.balance, currency) : 0n);
          const sum = (values: string[]) => values.reduce((s, v) => s + toMinor(v, currency), 0n);
          expect(sum(r.aging.map((a) => a.amount))).toBe(closing);
          expect(sum(r.obligors.map((o) => o.amount))).toBe(closing);
          expect(sum([...r.eligibility.exclusions.map((e) => e.amount), r.eligibility.eligible])).toBe(
            closing,
          );
          if (period.to === today) outstanding += closing;
        }
    }
    // The demo's funders hold receivables today, so the check above was not made on empty books.
    expect(outstanding).toBeGreaterThan(0n);
  });
});
