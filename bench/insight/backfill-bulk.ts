import { randomUUID } from 'node:crypto';
import {
  approvalLegs,
  limitChangeLegs,
  minorAmounts,
  postReservationLegs,
  reserveLegs,
  toMinor,
} from '@rf/domain';
import type { Database, Row } from '../../apps/api/src/db/database.ts';
import { pricedRequest, reservedAdvance } from '../../apps/api/src/ledger/request-postings.ts';
import { accountIds, setAccountSums, writeBulk, type Transaction } from './ledger-fill.ts';

/**
 * The ledger backfill of seedScale (apps/api/src/ledger/backfill.ts: every approved line's limit,
 * the reservation of every request awaiting a decision, the approval of every approved request,
 * line by line, requests in the order they were made, refusing what the line's free limit cannot
 * hold) computed in memory and written in bulk. The backfill itself posts through the operations'
 * code, one line per transaction and a dozen statements per request: on a busy two-core machine
 * about 100 postings a second, two hours for the 1,000,000-request set. This writes the same
 * postings (same events, kinds, legs and refusals; other ids and times) in minutes; postings
 * already there (a backfill stopped half-way) are kept and counted.
 */
const LINES_PER_BATCH = 1_000;
const AWAITING = ['Under Review', 'Documents Pending'];

export interface BulkBackfillResult {
  readonly transactions: number;
  readonly entries: number;
  readonly refused: number;
}

export async function bulkBackfill(db: Database, log: (m: string) => void): Promise<BulkBackfillResult> {
  const started = performance.now();
  const today = new Date().toISOString().slice(0, 10);
  // Sums right before reading what each line's free limit holds (a bulk run stopped half-way wrote
  // entries without them).
  await setAccountSums(db);
  const ids = await accountIds(db);
  const lines = await db.query(
    `SELECT id::text, buyer_status, buyer_loan_approved_amount::text, buyer_loan_advance_rate::text, buyer_currency, "_version"
       FROM "buyer" WHERE NOT "_deleted" AND buyer_currency IS NOT NULL ORDER BY id`,
  );
  // What each line's free limit holds now, in minor units (the account is credit-normal).
  const free = new Map<string, bigint>();
  const granted = new Map<string, bigint>();
  for (const r of await db.query<{ party_id: string; total: string }>(
    `SELECT party_id::text, (-(posted + pending))::text AS total FROM ledger_account WHERE kind = 'line_limit_free'`,
  ))
    free.set(r.party_id, BigInt(r.total));
  for (const r of await db.query<{ line_id: string; total: string }>(
    `SELECT t.line_id::text, sum(e.amount)::text AS total FROM ledger_entry e
       JOIN ledger_account a ON a.id = e.account_id AND a.kind = 'limits_granted'
       JOIN ledger_transaction t ON t.id = e.transaction_id GROUP BY t.line_id`,
  ))
    granted.set(r.line_id, BigInt(r.total));
  let transactions = 0;
  let entries = 0;
  let refused = 0;
  for (let at = 0; at < lines.length; at += LINES_PER_BATCH) {
    const batch = lines.slice(at, at + LINES_PER_BATCH);
    const lineIds = batch.map((l) => String(l.id));
    const requests = await db.query(
      `SELECT id, "buyerId", "supplierId", "investorId", "spvId", "brokerId", invoice_currency, invoice_number,
              invoice_amount::text, invoice_purchase_amount::text, discount_fee_amount::text,
              transaction_fee_amount::text, broker_fee_amount::text, spv_fee_amount::text, request_status
         FROM "request" WHERE "buyerId" = ANY($1::uuid[]) AND NOT "_deleted" AND request_status = ANY($2::text[])
        ORDER BY "buyerId", "createdAt", id`,
      [lineIds, [...AWAITING, 'Approved']],
    );
    const events = new Set(
      (
        await db.query<{ event: string }>(
          'SELECT event FROM ledger_transaction WHERE line_id = ANY($1::uuid[])',
          [lineIds],
        )
      ).map((r) => r.event),
    );
    const byLine = new Map<string, Row[]>();
    for (const r of requests) byLine.set(String(r.buyerId), [...(byLine.get(String(r.buyerId)) ?? []), r]);
    const postings: Transaction[] = [];
    const add = (p: Omit<Transaction, 'id' | 'effectiveDate'>) => {
      const legs = p.legs.filter((l) => l.amount !== 0n);
      if (!events.has(p.event) && legs.length)
        postings.push({ ...p, legs, id: randomUUID(), effectiveDate: today });
    };
    for (const line of batch) {
      const lineId = String(line.id);
      const currency = String(line.buyer_currency);
      let left = free.get(lineId) ?? 0n;
      if (line.buyer_status === 'Approved' && line.buyer_loan_approved_amount !== null) {
        const amount = String(line.buyer_loan_approved_amount);
        const delta = toMinor(amount, currency) - (granted.get(lineId) ?? 0n);
        const event = `limit:${lineId}:v${Number(line._version)}`;
        if (delta !== 0n && !events.has(event)) {
          left += delta;
          add({
            event,
            kind: 'limit',
            description: `line limit set to ${amount} ${currency}`,
            requestId: null,
            lineId,
            legs: limitChangeLegs(lineId, currency, delta),
          });
        }
      }
      for (const row of byLine.get(lineId) ?? []) {
        const rid = String(row.id);
        const invoice = `invoice ${String(row.invoice_number ?? rid)}`;
        if (AWAITING.includes(String(row.request_status))) {
          if (events.has(`reserve:${rid}`)) continue;
          const advance = reservedAdvance(
            row,
            line.buyer_loan_advance_rate === null ? null : String(line.buyer_loan_advance_rate),
          );
          if (advance <= 0n) continue;
          if (left - advance < 0n) {
            refused++;
            continue;
          }
          left -= advance;
          add({
            event: `reserve:${rid}`,
            kind: 'limit_reserve',
            description: `${invoice} submitted: its advance is reserved on the line`,
            requestId: rid,
            lineId,
            legs: reserveLegs(lineId, currency, advance),
          });
        } else {
          if (events.has(`approval:${rid}`)) continue;
          const r = pricedRequest(row);
          const { purchase } = minorAmounts(r);
          if (left - purchase < 0n) {
            refused++;
            continue;
          }
          left -= purchase;
          add({
            event: `limit-use:${rid}`,
            kind: 'limit_use',
            description: `${invoice} approved: the line’s limit is used by its purchase amount`,
            requestId: rid,
            lineId,
            legs: postReservationLegs(lineId, r.currency, 0n, purchase),
          });
          add({
            event: `approval:${rid}`,
            kind: 'approval',
            description: `${invoice} approved: receivable purchased`,
            requestId: rid,
            lineId,
            legs: approvalLegs(r),
          });
        }
      }
      free.set(lineId, left);
    }
    entries += await writeBulk(db, postings, ids, 'ledgerBackfill');
    transactions += postings.length;
    if ((at / LINES_PER_BATCH) % 10 === 9 || at + LINES_PER_BATCH >= lines.length)
      log(
        `backfill: ${Math.min(lines.length, at + LINES_PER_BATCH)}/${lines.length} lines, ${transactions} transactions, ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
  }
  await setAccountSums(db);
  return { transactions, entries, refused };
}
