import { fromMinor } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import type { ReportFunder } from './funder-access.ts';

/**
 * The movements of the funder's receivables purchased account
 * (docs/business-rules.md, “Funder reporting”), each entry classed by the kind of its transaction, a reversal by the kind of what
 * it reverses (an undone allocation is a negative collection). Minor units, debit positive.
 */
export const RECEIVABLE_MOVES_SQL = `
  SELECT e.amount, t.effective_date, t.request_id, coalesce(o.kind, t.kind) AS kind
    FROM ledger_entry e
    JOIN ledger_account a ON a.id = e.account_id
    JOIN ledger_transaction t ON t.id = e.transaction_id
    LEFT JOIN ledger_transaction o ON o.id = t.reverses
   WHERE a.kind = 'receivables_purchased' AND a.party_model = $1 AND a.party_id = $2::uuid
     AND a.currency = $3 AND e.phase = 'posted'`;

export interface RollForward {
  /** Face value purchased and not yet collected at the end of the day before `from`. */
  readonly opening: string;
  /** Receivables bought at approval. */
  readonly purchases: string;
  /** Receivables an SPV bought from the investor (the SPV's report). */
  readonly transfersIn: string;
  /** Receivables the investor sold to the SPV (the investor's report). */
  readonly transfersOut: string;
  /** Payments allocated, less allocations undone. */
  readonly collections: string;
  /** Shortfalls written off. */
  readonly dilutions: string;
  /** opening + purchases + transfersIn − transfersOut − collections − dilutions. */
  readonly closing: string;
  /** The ledger's balance of the account at the end of `to` (its trial balance). */
  readonly ledgerBalance: string;
  readonly agreesWithLedger: boolean;
}

/**
 * The roll-forward of the period [from, to], both days included, computed in SQL from the
 * ledger; the closing figure is built from the classed movements and compared with the account's
 * balance summed apart, so a movement of a kind the report does not class shows as a
 * disagreement instead of being hidden.
 */
export async function rollForward(
  tx: Queryable,
  funder: ReportFunder,
  currency: string,
  period: { from: string; to: string },
): Promise<RollForward> {
  const [row] = await tx.query<Record<string, string>>(
    `WITH moves AS (${RECEIVABLE_MOVES_SQL} AND t.effective_date <= $5::date),
          inside AS (SELECT * FROM moves WHERE effective_date >= $4::date)
     SELECT (SELECT coalesce(sum(amount), 0) FROM moves WHERE effective_date < $4::date)::text AS opening,
            (SELECT coalesce(sum(amount), 0) FROM inside WHERE kind = 'approval')::text AS purchases,
            (SELECT coalesce(sum(amount), 0) FROM inside WHERE kind = 'spv_purchase' AND amount > 0)::text AS transfers_in,
            (SELECT coalesce(-sum(amount), 0) FROM inside WHERE kind = 'spv_purchase' AND amount < 0)::text AS transfers_out,
            (SELECT coalesce(-sum(amount), 0) FROM inside WHERE kind = 'collection')::text AS collections,
            (SELECT coalesce(-sum(amount), 0) FROM inside WHERE kind = 'write_off')::text AS dilutions,
            (SELECT coalesce(sum(e.amount), 0)
               FROM ledger_entry e JOIN ledger_account a ON a.id = e.account_id
               JOIN ledger_transaction t ON t.id = e.transaction_id
              WHERE a.kind = 'receivables_purchased' AND a.party_model = $1 AND a.party_id = $2::uuid
                AND a.currency = $3 AND e.phase = 'posted' AND t.effective_date <= $5::date)::text AS ledger`,
    [funder.model, funder.id, currency, period.from, period.to],
  );
  const n = (k: string) => BigInt(row?.[k] ?? '0');
  const closing =
    n('opening') +
    n('purchases') +
    n('transfers_in') -
    n('transfers_out') -
    n('collections') -
    n('dilutions');
  const m = (v: bigint) => fromMinor(v, currency);
  return {
    opening: m(n('opening')),
    purchases: m(n('purchases')),
    transfersIn: m(n('transfers_in')),
    transfersOut: m(n('transfers_out')),
    collections: m(n('collections')),
    dilutions: m(n('dilutions')),
    closing: m(closing),
    ledgerBalance: m(n('ledger')),
    agreesWithLedger: closing === n('ledger'),
  };
}
