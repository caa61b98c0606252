import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_KINDS,
  approvalLegs,
  collectionLegs,
  holderOf,
  feesLegs,
  minorAmounts,
  normalSign,
  postReservationLegs,
  releaseLegs,
  settlementLegs,
  spvPurchaseLegs,
  type AccountRef,
  type Leg,
} from '@rf/domain';
import type { Database, Queryable, Row } from '../../apps/api/src/db/database.ts';
import { pricedRequest } from '../../apps/api/src/ledger/request-postings.ts';

/**
 * The ledger postings the bulk data set lacks (docs/business-rules.md, “The ledger”). seedScale's
 * backfill posts, like for data made before the ledger, only the lines' limits, the reservations
 * and the approvals of requests still Approved; insight figures read fees, discount income and
 * SPV fees from the ledger. This adds, per request, what the operations would have posted:
 *
 * - Settled: the limit used and its approval on the payout date, the SPV's purchase (every seeded
 *   settled request has SPV bookkeeping Approved), the fees when the administrator's bookkeeping
 *   passed Open, and on the payback date the collection of its face value (one payment allocated
 *   in full), the settlement and the release of the limit;
 * - Approved: the fees when the administrator's bookkeeping passed Open, the SPV's purchase when
 *   the SPV's bookkeeping is Approved.
 *
 * The legs come from the same pure posting rules the server uses; only the writing is bulk: rows
 * inserted with `unnest` arrays with the entry triggers off, and the accounts' sums set from their
 * entries at the end (what the per-entry trigger would have kept). Events already in the ledger
 * are skipped, so the result is what the operations would have left.
 */

export interface Transaction {
  readonly id: string;
  readonly event: string;
  readonly kind: string;
  readonly effectiveDate: string;
  readonly description: string;
  readonly requestId: string | null;
  readonly lineId: string;
  readonly legs: readonly Leg[];
}

const BATCH = 2_000;
export const accountKey = (ref: AccountRef): string => `${ref.kind}|${ref.party?.id ?? ''}|${ref.currency}`;

function postingsOf(row: Row, existing: ReadonlySet<string>): Transaction[] {
  const r = pricedRequest(row);
  const id = String(row.id);
  const invoice = `invoice ${String(row.invoice_number ?? id)}`;
  const payout = String(row.payout_date ?? row.invoice_date);
  const payback = String(row.payback_date ?? row.invoice_due_date);
  const { purchase, face } = minorAmounts(r);
  const out: Transaction[] = [];
  const add = (event: string, kind: string, effectiveDate: string, description: string, legs: Leg[]) => {
    const nonZero = legs.filter((l) => l.amount !== 0n);
    if (existing.has(event) || !nonZero.length) return;
    out.push({
      id: randomUUID(),
      event,
      kind,
      effectiveDate,
      description,
      requestId: id,
      lineId: r.lineId,
      legs: nonZero,
    });
  };
  const settled = row.request_status === 'Settled';
  if (settled) {
    add(
      `limit-use:${id}`,
      'limit_use',
      payout,
      `${invoice} approved: the line’s limit is used by its purchase amount`,
      postReservationLegs(r.lineId, r.currency, 0n, purchase),
    );
    add(`approval:${id}`, 'approval', payout, `${invoice} approved: receivable purchased`, approvalLegs(r));
  }
  if (row.bookkeeping_status_spv === 'Approved')
    add(
      `spv-purchase:${id}`,
      'spv_purchase',
      payout,
      `${invoice}: purchased by the SPV`,
      spvPurchaseLegs(r, face),
    );
  const feesBooked =
    row.bookkeeping_status_admin === 'Under Review' || row.bookkeeping_status_admin === 'Approved';
  if (feesBooked)
    add(
      `fees:${id}`,
      'fees',
      payout,
      `${invoice}: platform fee invoice and broker commission booked`,
      feesLegs(r),
    );
  if (settled) {
    // The payment that settled it, allocated in full on the payback day: the receivable collected
    // on its holder's collection account (the allocation's own bank rows are not made).
    const held = { ...r, purchasedBySpv: row.bookkeeping_status_spv === 'Approved' && Boolean(r.spvId) };
    add(
      `allocation:bench-${id}`,
      'collection',
      payback,
      `payment of ${payback} allocated to ${invoice}`,
      collectionLegs(held, holderOf(held), face),
    );
    add(
      `settlement:${id}`,
      'settlement',
      payback,
      `${invoice} settled: discount earned and split, reserve due to the supplier`,
      settlementLegs(r, { feesBooked, shortfall: 0n }),
    );
    add(
      `release:${id}`,
      'limit_release',
      payback,
      `${invoice} settled: the line’s limit is released`,
      releaseLegs(r.lineId, r.currency, purchase),
    );
  }
  return out;
}

async function ensureAccounts(tx: Queryable, refs: AccountRef[], ids: Map<string, string>): Promise<void> {
  const missing = new Map<string, AccountRef>();
  for (const ref of refs) if (!ids.has(accountKey(ref))) missing.set(accountKey(ref), ref);
  if (!missing.size) return;
  const list = [...missing.values()];
  await tx.query(
    `INSERT INTO ledger_account (id, kind, party_model, party_id, currency, normal, memo, no_overdraw, created_at)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::text[], $6::smallint[], $7::boolean[], $8::boolean[], $9::timestamptz[])
     ON CONFLICT DO NOTHING`,
    [
      list.map(() => randomUUID()),
      list.map((r) => r.kind),
      list.map((r) => r.party?.model ?? null) as string[],
      list.map((r) => r.party?.id ?? null) as string[],
      list.map((r) => r.currency),
      list.map((r) => String(normalSign(r.kind))),
      list.map((r) => String('memo' in ACCOUNT_KINDS[r.kind])),
      list.map((r) => String('noOverdraw' in ACCOUNT_KINDS[r.kind])),
      list.map(() => new Date().toISOString()),
    ],
  );
  // The index's own expression, so each lookup is an index probe.
  const rows = await tx.query<{ id: string; kind: string; party_id: string | null; currency: string }>(
    `SELECT a.id::text, a.kind, a.party_id::text, a.currency
       FROM unnest($1::text[], $2::uuid[], $3::text[]) AS k(kind, party_id, currency)
       JOIN ledger_account a ON a.kind = k.kind AND a.currency = k.currency
        AND coalesce(a.party_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(k.party_id, '00000000-0000-0000-0000-000000000000'::uuid)`,
    [list.map((r) => r.kind), list.map((r) => r.party?.id ?? null) as string[], list.map((r) => r.currency)],
  );
  for (const a of rows) ids.set(`${a.kind}|${a.party_id ?? ''}|${a.currency}`, a.id);
}

export async function write(
  tx: Queryable,
  postings: Transaction[],
  ids: Map<string, string>,
  operation: string,
): Promise<number> {
  await ensureAccounts(
    tx,
    postings.flatMap((p) => p.legs.map((l) => l.account)),
    ids,
  );
  await tx.query(
    `INSERT INTO ledger_transaction (id, event, kind, effective_date, posted_at, description, request_id, line_id, operation)
     SELECT t.id, t.event, t.kind, t.d, least(t.d::timestamptz + interval '12 hours', now()), t.description, t.request_id, t.line_id, $8
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::date[], $5::text[], $6::uuid[], $7::uuid[])
         AS t(id, event, kind, d, description, request_id, line_id)`,
    [
      postings.map((p) => p.id),
      postings.map((p) => p.event),
      postings.map((p) => p.kind),
      postings.map((p) => p.effectiveDate),
      postings.map((p) => p.description),
      postings.map((p) => p.requestId) as string[],
      postings.map((p) => p.lineId),
      operation,
    ],
  );
  const legs = postings.flatMap((p) => p.legs.map((l) => ({ t: p.id, l })));
  await tx.query(
    `INSERT INTO ledger_entry (transaction_id, account_id, currency, phase, amount)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::bigint[])`,
    [
      legs.map((x) => x.t),
      legs.map((x) => ids.get(accountKey(x.l.account))!),
      legs.map((x) => x.l.account.currency),
      legs.map((x) => x.l.phase),
      legs.map((x) => x.l.amount.toString()),
    ],
  );
  return legs.length;
}

export interface FillResult {
  readonly transactions: number;
  readonly entries: number;
  readonly seconds: number;
}

/** The accounts' sums set from their entries (what the per-entry trigger keeps). */
export async function setAccountSums(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SET LOCAL session_replication_role = replica');
    await tx.query(
      `UPDATE ledger_account a SET posted = s.posted, pending = s.pending
         FROM (SELECT account_id, coalesce(sum(amount) FILTER (WHERE phase = 'posted'), 0) AS posted,
                      coalesce(sum(amount) FILTER (WHERE phase = 'pending'), 0) AS pending
                 FROM ledger_entry GROUP BY account_id) s
        WHERE a.id = s.account_id AND (a.posted, a.pending) IS DISTINCT FROM (s.posted, s.pending)`,
    );
  });
}

/** The ledger's accounts by kind, party and currency. */
export async function accountIds(db: Queryable): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const a of await db.query<{ id: string; kind: string; party_id: string | null; currency: string }>(
    'SELECT id::text, kind, party_id::text, currency FROM ledger_account',
  ))
    ids.set(`${a.kind}|${a.party_id ?? ''}|${a.currency}`, a.id);
  return ids;
}

/** Writes postings with the entry triggers off (bulk load; the sums are set afterwards). */
export async function writeBulk(
  db: Database,
  postings: Transaction[],
  ids: Map<string, string>,
  operation = 'benchInsightFill',
): Promise<number> {
  if (!postings.length) return 0;
  return db.transaction(async (tx) => {
    // The per-entry triggers (account sums, balance check, foreign keys) are off; the sums are set
    // from the entries at the end, and every posting balances by construction.
    await tx.query('SET LOCAL session_replication_role = replica');
    return write(tx, postings, ids, operation);
  });
}

/** Adds the postings (see above) to every Approved and Settled request of the database. */
export async function fillLedger(db: Database, log: (m: string) => void): Promise<FillResult> {
  const started = performance.now();
  const ids = await accountIds(db);
  let after = '00000000-0000-0000-0000-000000000000';
  let transactions = 0;
  let entries = 0;
  let requests = 0;
  for (;;) {
    const rows = await db.query(
      `SELECT id, "buyerId", "supplierId", "investorId", "spvId", "brokerId", invoice_currency, invoice_number,
              invoice_amount::text, invoice_purchase_amount::text, discount_fee_amount::text,
              transaction_fee_amount::text, broker_fee_amount::text, spv_fee_amount::text,
              invoice_date::text, invoice_due_date::text, payout_date::text, payback_date::text,
              request_status, bookkeeping_status_admin, bookkeeping_status_spv
         FROM "request" WHERE id > $1::uuid AND NOT "_deleted" AND request_status IN ('Approved', 'Settled')
        ORDER BY id LIMIT ${BATCH}`,
      [after],
    );
    if (!rows.length) break;
    after = String(rows[rows.length - 1]!.id);
    const existing = new Set(
      (
        await db.query<{ event: string }>(
          'SELECT event FROM ledger_transaction WHERE request_id = ANY($1::uuid[])',
          [rows.map((r) => String(r.id))],
        )
      ).map((r) => r.event),
    );
    const postings = rows.flatMap((row) => postingsOf(row, existing));
    entries += await writeBulk(db, postings, ids);
    transactions += postings.length;
    requests += rows.length;
    if (Math.floor(requests / 100_000) !== Math.floor((requests - rows.length) / 100_000))
      log(
        `ledger: ${requests} requests, ${transactions} transactions, ${entries} entries, ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
  }
  await setAccountSums(db);
  await db.exec('VACUUM (ANALYZE) ledger_account, ledger_transaction, ledger_entry');
  return { transactions, entries, seconds: (performance.now() - started) / 1000 };
}
