import type { Caller } from '@rf/domain';
import { importBankLine } from './demo-bank-lines.ts';
import { playPayouts } from './demo-payouts.ts';
import type { SeedRow } from './insert.ts';
import { addDays } from './dates.ts';
import { ms, on, str, type DemoStage } from './demo-stage.ts';
import type { DemoSigner } from './demo-signer.ts';
import { purchasedAt, raaSteps } from './demo-signing.ts';

/**
 * After an approval (docs/decisions/0012-demo-data-made-by-the-products-operations.md): the
 * administrator books the fees, the SPV approves the purchase and its officers and the investor
 * sign the RAA offer notice it issues, the administrator approves the booking; the buyer's payment
 * settles the request; and the funders' other bank movements.
 */

/** The bookkeeping of approved requests, step by step as planned, up to shortly before the load. */
export async function playBookkeeping(
  s: DemoStage,
  signer: DemoSigner,
  spv: Caller,
  invoices: readonly SeedRow[],
  ids: readonly string[],
  pendingRaa: string | null,
): Promise<void> {
  const { a } = s;
  const reviewer = s.as('admin');
  for (const [i, r] of invoices.entries()) {
    const id = ids[i] ?? '';
    const payout = str(r.payout_date);
    const [book] = await a.db.query<{ id: string }>('SELECT id FROM "bookkeeping" WHERE "requestId" = $1', [
      id,
    ]);
    if (!book) throw new Error(`No bookkeeping for request ${str(r.invoice_number)}`);
    const planned = (s.rows.Bookkeeping ?? []).find((b) => b.requestId === r.id);
    const steps: [number, () => Promise<unknown>][] = [];
    if (r.bookkeeping_status_admin === 'Under Review' || r.bookkeeping_status_admin === 'Approved')
      steps.push([
        on(addDays(payout, 1), 10),
        () =>
          a.run(reviewer, 'bookFees', book.id, {
            invoiceId_3party: planned?.invoiceId_3party,
            invoiceurl_3party: planned?.invoiceurl_3party,
            invoicepdfurl_3party: planned?.invoicepdfurl_3party,
          }),
      ]);
    if (r.bookkeeping_status_spv === 'Approved') {
      // The purchase issues the RAA offer notice (a batch's once every invoice of it is purchased).
      steps.push([purchasedAt(r), () => a.run(spv, 'approvePurchase', book.id)]);
      steps.push(...raaSteps(signer, id, purchasedAt(r), pendingRaa === r.id));
    }
    if (r.bookkeeping_status_admin === 'Approved')
      steps.push([on(addDays(payout, 2), 10), () => a.run(reviewer, 'approveBooking', book.id)]);
    for (const [t, step] of steps.sort(([x], [y]) => x - y)) {
      // A step planned after the load has not happened yet.
      if (t > s.latest) break;
      s.then(t);
      await step();
    }
  }
}

/**
 * The buyer pays into the collection account: the funder imports the bank's statement with the
 * payment; the platform matches and settles what names its invoice for the open balance, and the
 * administrator settles the rest with it.
 */
export async function playSettlement(
  s: DemoStage,
  invoices: readonly SeedRow[],
  ids: readonly string[],
): Promise<void> {
  const reviewer = s.as('admin');
  for (const [i, r] of invoices.entries()) {
    const payment = (s.rows.Transaction ?? []).find((t) => t.id === r.transactionId_payback);
    const paidOn = str(r.payback_date);
    if (!payment) throw new Error(`No planned payment of ${str(r.invoice_number)}`);
    const owner = s.ofGroup(payment.userId);
    s.then(on(paidOn, 9, 30));
    const txId = await importBankLine(s, owner, payment);
    // The platform matched it (it names the invoice and pays its open balance) and settled the request.
    const [now] = await s.a.db.query<{ request_status: string }>(
      'SELECT request_status FROM "request" WHERE id = $1',
      [ids[i] ?? ''],
    );
    if (now?.request_status !== 'Settled') {
      s.then(on(paidOn, 11));
      await s.a.run(reviewer, 'settleRequest', ids[i] ?? '', {
        transactionId_payback: txId,
        payback_date: paidOn,
      });
    }
    // The reserve goes back to the supplier the next day.
    await playPayouts(s, [ids[i] ?? ''], addDays(paidOn, 1), 'rebate');
  }
}

/**
 * The accounts' other movements (fees, capital, transfers) as the funders' statements bring them
 * in, pending where the bank has not booked them yet.
 */
export async function playAccounts(s: DemoStage): Promise<void> {
  const linked = new Set(
    s.requests.flatMap((r) => [str(r.transactionId_payout), str(r.transactionId_payback)]),
  );
  for (const t of s.rows.Transaction ?? []) {
    if (linked.has(str(t.id))) continue;
    const owner = s.ofGroup(t.userId);
    s.startAt(ms(t.createdAt));
    await importBankLine(s, owner, t);
  }
}
