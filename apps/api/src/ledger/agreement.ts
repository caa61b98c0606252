import { fromMinor, toMinor } from '@rf/domain';
import type { Queryable } from '../db/database.ts';

/** One thing the ledger and the records disagree on. */
export interface Disagreement {
  readonly model: 'Buyer' | 'Request';
  readonly id: string;
  readonly what: string;
  readonly records: string;
  readonly ledger: string;
}

/**
 * Proves the ledger and the records agree (docs/business-rules.md, “Limits held in the ledger”):
 * an approved line's limit in the ledger is its approved amount; a request awaiting a decision
 * holds a reservation and uses nothing; an approved request uses its purchase amount and holds no
 * reservation; any other request holds and uses nothing. Answers every disagreement (none when the
 * two agree).
 */
export async function ledgerAgreement(tx: Queryable): Promise<Disagreement[]> {
  const out: Disagreement[] = [];
  const lines = await tx.query<{ id: string; currency: string; approved: string; granted: string | null }>(
    `SELECT b.id::text AS id, b.buyer_currency AS currency, b.buyer_loan_approved_amount::text AS approved,
            (SELECT sum(e.amount)::text FROM ledger_entry e
               JOIN ledger_account a ON a.id = e.account_id
               JOIN ledger_transaction t ON t.id = e.transaction_id
              WHERE a.kind = 'limits_granted' AND t.line_id = b.id) AS granted
       FROM "buyer" b
      WHERE NOT b."_deleted" AND b.buyer_status = 'Approved' AND b.buyer_currency IS NOT NULL
        AND b.buyer_loan_approved_amount IS NOT NULL`,
  );
  for (const l of lines) {
    const granted = BigInt(l.granted ?? '0');
    if (granted !== toMinor(l.approved, l.currency))
      out.push({
        model: 'Buyer',
        id: l.id,
        what: 'approved limit',
        records: fromMinor(toMinor(l.approved, l.currency), l.currency),
        ledger: fromMinor(granted, l.currency),
      });
  }
  // Credit-side memo accounts: what a request holds or uses is the negated sum of its entries.
  const requests = await tx.query<{
    id: string;
    status: string;
    currency: string;
    purchase: string | null;
    reserved: string | null;
    used: string | null;
  }>(
    `SELECT r.id::text AS id, r.request_status AS status, r.invoice_currency AS currency,
            r.invoice_purchase_amount::text AS purchase,
            (SELECT (-sum(e.amount))::text FROM ledger_entry e
               JOIN ledger_account a ON a.id = e.account_id
               JOIN ledger_transaction t ON t.id = e.transaction_id
              WHERE t.request_id = r.id AND a.kind = 'line_limit_reserved') AS reserved,
            (SELECT (-sum(e.amount))::text FROM ledger_entry e
               JOIN ledger_account a ON a.id = e.account_id
               JOIN ledger_transaction t ON t.id = e.transaction_id
              WHERE t.request_id = r.id AND a.kind = 'line_limit_used') AS used
       FROM "request" r
      WHERE NOT r."_deleted" AND r.invoice_currency IS NOT NULL`,
  );
  for (const r of requests) {
    const reserved = BigInt(r.reserved ?? '0');
    const used = BigInt(r.used ?? '0');
    const awaiting = r.status === 'Under Review' || r.status === 'Documents Pending';
    const expectedUse = r.status === 'Approved' && r.purchase !== null ? toMinor(r.purchase, r.currency) : 0n;
    const push = (what: string, records: string, ledger: bigint) =>
      out.push({ model: 'Request', id: r.id, what, records, ledger: fromMinor(ledger, r.currency) });
    if (awaiting ? reserved <= 0n : reserved !== 0n)
      push('reserved advance', awaiting ? `a reservation (${r.status})` : `none (${r.status})`, reserved);
    if (used !== expectedUse) push('limit used', fromMinor(expectedUse, r.currency), used);
  }
  return out;
}
