import { LINE_TERMS, writeRefusal, type Caller } from '@rf/domain';
import type { SeedRow } from './insert.ts';
import { DAY, ms, str, type DemoStage } from './demo-stage.ts';
import { DemoSigner } from './demo-signer.ts';
import { fates, pendingRaa, submissionKey } from './demo-signing.ts';
import { playSubmission, type SubmissionCast } from './demo-submissions.ts';
import { BUYER_DECLINES, LINE_APPROVAL_NOTES } from './history-text.ts';

/**
 * The suppliers' buyer lines (docs/decisions/0012-demo-data-made-by-the-products-operations.md):
 * added by the supplier, assessed and proposed by its broker or the administrator, decided by a
 * funder; then the line's submissions in the order they were made.
 */

const FUNDERS: readonly string[] = ['investorId', 'spvId', 'brokerId'];

export async function playLines(s: DemoStage): Promise<void> {
  const signer = new DemoSigner(s);
  const planned = fates(s.requests, s.latest);
  const waiting = pendingRaa(s.requests, s.latest);
  for (const supplier of ['supplier', 'supplier2'] as const) {
    const lines = (s.rows.Buyer ?? []).filter((b) => b.supplierId === s.orgOf(supplier).partyId);
    for (const [index, line] of lines.entries()) {
      const me = s.as(supplier);
      const investor = s.as(s.partyKey(line.investorId));
      const spv = s.as(s.partyKey(line.spvId));
      const cast: SubmissionCast = { me, investor, spv, signer, fates: planned, pendingRaa: waiting };
      await playLine(s, cast, supplier === 'supplier' ? s.as('broker') : s.as('admin'), line, index);
    }
  }
}

/** A buyer line: added by the supplier, assessed and proposed, decided by a funder; then its requests. */
async function playLine(
  s: DemoStage,
  cast: SubmissionCast,
  assessor: Caller,
  line: SeedRow,
  index: number,
): Promise<void> {
  const { a } = s;
  const { me, investor, spv } = cast;
  const status = str(line.buyer_status);
  const own = s.requests.filter((r) => r.buyerId === line.id);
  // The limit covers every invoice the line carries at once, so each submission fits
  // (docs/business-rules.md, “Line limits and what requests hold”).
  const total = own.reduce((sum, r) => sum + Number(r.invoice_amount), 0);
  const limit = Math.max(Number(line.buyer_loan_approved_amount ?? 0), Math.ceil(total / 50_000) * 50_000);
  const asked = Math.max(Number(line.buyer_loan_request_amount ?? 0), limit);

  const start = s.lineStart(line);
  s.startAt(start);
  const buyerId = await s.create(me, 'Buyer', line, { extra: { buyer_loan_request_amount: `${asked}.00` } });
  for (const f of (s.rows.Financials ?? []).filter((x) => x.buyerId === line.id)) {
    const id = await s.create(me, 'Financials', f);
    // The buyer's statements carry their audit type, set by whoever assesses the line.
    await a.update(assessor, 'Financials', id, { financials_status: f.financials_status });
  }
  s.then(start + 2 * DAY);
  const assessed = s.valuesOf(
    'Buyer',
    line,
    assessor.role,
    (f) =>
      writeRefusal(me.role, 'Buyer', f, 'create') !== null &&
      writeRefusal(assessor.role, 'Buyer', f, 'update') === null &&
      f !== 'buyer_loan_approved_amount' &&
      // A line still under assessment has its funders named, its rates not yet proposed.
      (status !== 'Under Review' || !(LINE_TERMS as readonly string[]).includes(f) || FUNDERS.includes(f)),
  );
  await a.update(assessor, 'Buyer', buyerId, assessed);
  if (status === 'Under Review') return;
  await a.run(assessor, 'submitLineTerms', buyerId);
  if (status === 'Investor Offer Pending') return;
  s.then(start + 5 * DAY);
  const decider = index % 2 === 0 ? investor : spv;
  if (status === 'Declined') {
    await a.run(decider, 'declineLine', buyerId, {}, s.rng.pick(BUYER_DECLINES));
    return;
  }
  await a.run(
    decider,
    'approveLine',
    buyerId,
    { buyer_loan_approved_amount: `${limit}.00` },
    s.rng.pick(LINE_APPROVAL_NOTES),
  );

  const submissions = new Map<string, SeedRow[]>();
  for (const r of own) {
    const key = submissionKey(r);
    submissions.set(key, [...(submissions.get(key) ?? []), r]);
  }
  const ordered = [...submissions.values()].sort((x, y) => ms(x[0]?.createdAt) - ms(y[0]?.createdAt));
  for (const [n, invoices] of ordered.entries()) await playSubmission(s, cast, invoices, n);
}
