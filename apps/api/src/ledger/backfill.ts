import type { Database, Queryable, Row } from '../db/database.ts';
import { LedgerOverdraw } from './post.ts';
import { postApproval, reserveLimit, setLineLimit, type PostingContext } from './request-postings.ts';

/** Request statuses whose requests hold a reservation, and the one that uses the limit. */
const AWAITING = ['Under Review', 'Documents Pending'];

export interface BackfillResult {
  readonly lines: number;
  readonly reservations: number;
  readonly approvals: number;
  /** What the database refused to post (a line already over its limit before the ledger). */
  readonly refused: readonly { readonly requestId: string; readonly reason: string }[];
}

const posted = async (tx: Queryable, event: string) =>
  (await tx.query('SELECT 1 FROM ledger_transaction WHERE event = $1', [event])).length > 0;

/**
 * Builds the ledger entries of what was decided before the ledger existed
 * (docs/business-rules.md, “Limits held in the ledger”): every approved line's limit, the
 * reservation of every request awaiting a decision, and the approval of every approved request (its
 * receivable and its use of the limit). Settled, declined and withdrawn requests hold nothing, so
 * they post nothing. Each posting has the event key the operation itself would use, so the backfill
 * posts each once however often it runs, and never twice what an operation posted. One transaction
 * per line.
 */
export async function backfillLedger(db: Database, at = new Date()): Promise<BackfillResult> {
  const c = (tx: Queryable): PostingContext => ({
    tx,
    at,
    today: at.toISOString().slice(0, 10),
    operation: 'ledgerBackfill',
    actor: null,
  });
  const lines = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM "buyer" WHERE NOT "_deleted" AND buyer_currency IS NOT NULL ORDER BY id`,
  );
  let limits = 0;
  let reservations = 0;
  let approvals = 0;
  const refused: { requestId: string; reason: string }[] = [];
  for (const { id } of lines) {
    await db.transaction(async (tx) => {
      const [line] = await tx.query<Row>('SELECT * FROM "buyer" WHERE id = $1 FOR UPDATE', [id]);
      if (!line) return;
      if (line.buyer_status === 'Approved' && line.buyer_loan_approved_amount !== null) {
        const before = await countTransactions(tx, id);
        await setLineLimit(c(tx), line, String(line.buyer_loan_approved_amount), Number(line._version));
        if ((await countTransactions(tx, id)) > before) limits++;
      }
      const requests = await tx.query<Row>(
        `SELECT * FROM "request" WHERE "buyerId" = $1 AND NOT "_deleted"
            AND request_status = ANY($2::text[]) ORDER BY "createdAt", id`,
        [id, [...AWAITING, 'Approved']],
      );
      for (const request of requests) {
        const rid = String(request.id);
        const awaiting = AWAITING.includes(String(request.request_status));
        if (awaiting ? await posted(tx, `reserve:${rid}`) : await posted(tx, `approval:${rid}`)) continue;
        // A savepoint per request: a refused one leaves the line's other postings in place.
        await tx.query('SAVEPOINT backfill_request');
        try {
          if (awaiting) {
            await reserveLimit(
              c(tx),
              request,
              line.buyer_loan_advance_rate === null ? null : String(line.buyer_loan_advance_rate),
            );
            reservations++;
          } else {
            await postApproval(c(tx), request);
            approvals++;
          }
          await tx.query('RELEASE SAVEPOINT backfill_request');
        } catch (error) {
          if (!(error instanceof LedgerOverdraw)) throw error;
          await tx.query('ROLLBACK TO SAVEPOINT backfill_request');
          refused.push({ requestId: rid, reason: 'the line’s free limit cannot hold it' });
        }
      }
    });
  }
  return { lines: limits, reservations, approvals, refused };
}

async function countTransactions(tx: Queryable, lineId: string): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM ledger_transaction WHERE line_id = $1',
    [lineId],
  );
  return Number(row?.n ?? 0);
}

/** The name the backfill is recorded under among the applied migrations. */
export const BACKFILL_MIGRATION = '0013_ledger-backfill (code)';

/**
 * Runs the backfill once per database, after the SQL migrations (docs/architecture.md, “Ledger”),
 * and records it with them; answers what it posted, or null when it had run before.
 */
export async function backfillLedgerOnce(db: Database): Promise<BackfillResult | null> {
  const done = await db.query('SELECT 1 FROM schema_migrations WHERE name = $1', [BACKFILL_MIGRATION]);
  if (done.length) return null;
  const result = await backfillLedger(db);
  await db.query('INSERT INTO schema_migrations (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [
    BACKFILL_MIGRATION,
  ]);
  return result;
}

/** One line for the start-up log. */
export function backfillSummary(r: BackfillResult): string {
  const refused = r.refused.length
    ? `; refused ${r.refused.length} (over the line’s limit): ${r.refused.map((x) => x.requestId).join(', ')}`
    : '';
  return `${r.lines} line limits, ${r.reservations} reservations, ${r.approvals} approvals posted${refused}`;
}
