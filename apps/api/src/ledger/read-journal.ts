import { ACCOUNT_KINDS, fromMinor, type AccountKindName } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { partyNameSql, text, type LedgerScope } from './read-ledger.ts';

/** One entry of the journal export: what an accounting system imports. */
export interface JournalLine {
  readonly entryId: string;
  readonly effectiveDate: string;
  readonly transactionId: string;
  readonly event: string;
  readonly kind: string;
  readonly description: string;
  readonly accountId: string;
  readonly accountKind: AccountKindName;
  readonly account: string;
  readonly memo: boolean;
  readonly partyModel: string | null;
  readonly partyName: string | null;
  readonly currency: string;
  readonly phase: string;
  readonly debit: string | null;
  readonly credit: string | null;
  readonly requestId: string | null;
  readonly requestReference: string | null;
  readonly bankTransactionId: string | null;
}

/** Where the next batch of the journal starts: after this (effective date, transaction seq, entry id). */
type JournalKey = readonly [string, string, string];

/**
 * Every entry of the transactions effective in a period (both days included), by date, then in
 * posting order, `batch` at a time, for the accounts a scope sees.
 */
export async function* journalBatches(
  tx: Queryable,
  opts: { from: string; to: string; currency: string | null; partyIds: LedgerScope; batch?: number },
): AsyncGenerator<JournalLine[]> {
  const batch = opts.batch ?? 2000;
  let after: JournalKey | null = null;
  for (;;) {
    const rows: Record<string, unknown>[] = await tx.query<Record<string, unknown>>(
      `SELECT e.id::text AS id, t.effective_date::text AS effective_date, t.seq::text AS seq,
              e.transaction_id::text AS transaction_id, t.event, t.kind AS tkind, t.description,
              e.account_id::text AS account_id, a.kind AS akind, a.memo, a.party_model,
              ${partyNameSql('a')} AS party_name, e.currency, e.phase, e.amount::text AS amount,
              t.request_id::text AS request_id, r.invoice_number::text AS request_reference,
              t.bank_transaction_id::text AS bank_transaction_id
         FROM ledger_entry e
         JOIN ledger_transaction t ON t.id = e.transaction_id
         JOIN ledger_account a ON a.id = e.account_id
         LEFT JOIN "request" r ON r.id = t.request_id
        WHERE t.effective_date BETWEEN $1::date AND $2::date
          AND ($3::text IS NULL OR e.currency = $3)
          AND ($4::uuid[] IS NULL OR a.party_id = ANY($4::uuid[]))
          AND ($5::date IS NULL OR (t.effective_date, t.seq, e.id) > ($5::date, $6::bigint, $7::bigint))
        ORDER BY t.effective_date, t.seq, e.id
        LIMIT $8`,
      [
        opts.from,
        opts.to,
        opts.currency,
        opts.partyIds ? [...opts.partyIds] : null,
        after?.[0] ?? null,
        after?.[1] ?? null,
        after?.[2] ?? null,
        batch,
      ],
    );
    if (!rows.length) return;
    yield rows.map((r) => {
      const currency = String(r.currency);
      const amount = BigInt(String(r.amount));
      const kind = String(r.akind) as AccountKindName;
      return {
        entryId: String(r.id),
        effectiveDate: String(r.effective_date),
        transactionId: String(r.transaction_id),
        event: String(r.event),
        kind: String(r.tkind),
        description: String(r.description),
        accountId: String(r.account_id),
        accountKind: kind,
        account: ACCOUNT_KINDS[kind]?.name ?? kind,
        memo: Boolean(r.memo),
        partyModel: text(r.party_model),
        partyName: text(r.party_name),
        currency,
        phase: String(r.phase),
        debit: amount > 0n ? fromMinor(amount, currency) : null,
        credit: amount < 0n ? fromMinor(-amount, currency) : null,
        requestId: text(r.request_id),
        requestReference: text(r.request_reference),
        bankTransactionId: text(r.bank_transaction_id),
      };
    });
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = [String(last.effective_date), String(last.seq), String(last.id)];
  }
}
