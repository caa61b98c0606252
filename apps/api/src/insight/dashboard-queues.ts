import { EXPIRY_NOTICE_DAYS, shiftDate, QUEUE_KEYS, type QueueKey, type WorkQueue } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { ENVELOPE_QUEUES } from '../esign/envelope-queues.ts';

/**
 * The administrators' work queues (docs/business-rules.md, “Dashboards”): how many records wait
 * for an administrator's step, each counted where the platform keeps that state.
 */
const QUEUE_SQL: Readonly<Record<QueueKey, string>> = {
  // A line under review waits for its terms (submitLineTerms moves it on).
  linesAwaitingTerms: `SELECT count(*) FROM "buyer" WHERE NOT "_deleted" AND buyer_status = 'Under Review'`,
  linesAwaitingDecision: `SELECT count(*) FROM "buyer" WHERE NOT "_deleted" AND buyer_status = 'Investor Offer Pending'`,
  requestsAwaitingDecision: `SELECT count(*) FROM "request" WHERE NOT "_deleted" AND request_status = 'Under Review'`,
  documentsPending: `SELECT count(*) FROM "request" WHERE NOT "_deleted" AND request_status = 'Documents Pending'`,
  // A flag blocks the approval until an administrator clears it; only requests still awaiting a decision.
  possibleDuplicates: `SELECT count(*) FROM "request" WHERE NOT "_deleted" AND possible_duplicate_of IS NOT NULL
      AND request_status IN ('Under Review', 'Documents Pending')`,
  // The envelopes list's own conditions (esign/envelope-queues.ts), so its views hold what these count.
  envelopesWaiting: `SELECT count(*) FROM esign_envelope e WHERE ${ENVELOPE_QUEUES.waiting}`,
  envelopesExpired: `SELECT count(*) FROM esign_envelope e WHERE ${ENVELOPE_QUEUES.expired}`,
  payoutsToExport: `SELECT count(*) FROM payout_instruction WHERE status = 'Pending'`,
  // Money in on collection accounts, not (or not fully) allocated and not set aside.
  unmatchedPayments: `SELECT count(*) FROM "transaction" t
     WHERE NOT t."_deleted" AND t.transaction_source_amount > 0
       AND (t.reconciliation_status IN ('Unmatched', 'Partially matched') OR t.reconciliation_status IS NULL)
       AND t."bankId" IN (SELECT k.id FROM "bank" k WHERE NOT k."_deleted" AND k.bank_account_purpose = 'collection')`,
  // Companies (KYB) and their directors and beneficial owners (KYC) submitted for review.
  kycToReview: `SELECT (SELECT count(*) FROM "supplier" WHERE NOT "_deleted" AND supplier_status = 'Under Review')
     + (SELECT count(*) FROM "investor" WHERE NOT "_deleted" AND investor_status = 'Under Review')
     + (SELECT count(*) FROM "spv" WHERE NOT "_deleted" AND spv_status = 'Under Review')
     + (SELECT count(*) FROM "broker" WHERE NOT "_deleted" AND broker_status = 'Under Review')
     + (SELECT count(*) FROM "director" WHERE NOT "_deleted" AND director_status = 'Under Review')
     + (SELECT count(*) FROM "ubo" WHERE NOT "_deleted" AND ubo_status = 'Under Review')`,
  // Active policies expiring within the expiry notice's window (“Credit insurance”).
  insuranceExpiring: `SELECT count(*) FROM "insurance" WHERE NOT "_deleted" AND insurance_status = 'Active'
     AND insurance_cover_end_date BETWEEN $1::date AND $2::date`,
};

/** Every queue's count as of `today`, in the order of QUEUE_KEYS, in one statement. */
export async function workQueues(db: Queryable, today: string): Promise<WorkQueue[]> {
  const [row] = await db.query<Record<string, number | string>>(
    `SELECT ${QUEUE_KEYS.map((k) => `(${QUEUE_SQL[k]})::int AS "${k}"`).join(',\n')}`,
    [today, shiftDate(today, EXPIRY_NOTICE_DAYS)],
  );
  return QUEUE_KEYS.map((key) => ({ key, count: Number(row?.[key] ?? 0) }));
}
