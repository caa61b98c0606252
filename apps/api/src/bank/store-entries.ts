import { createHash } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { fromMinor, roundToMinor } from '@rf/domain';
import type { Queryable, Row } from '../db/database.ts';
import { insertRow, updateRow, type Write } from '../data/rows.ts';
import type { BankAccount } from './accounts.ts';
import type { StatementEntry } from './statements/types.ts';

export type TransactionSource = 'statement' | 'provider' | 'manual';

export interface StoredEntries {
  /** Ids of the transactions created, in the entries' order. */
  readonly created: string[];
  /** Entries already on the account (the same bank reference, or the same date, amount, currency and reference). */
  readonly duplicates: number;
  /** Pending transactions the bank has since booked, now Posted. */
  readonly posted: string[];
  readonly warnings: string[];
}

/**
 * Each entry's key against a second copy on the account
 * (docs/business-rules.md, “Payments and reconciliation”): the bank's reference when it gives one;
 * else a hash of date, amount, currency and references, numbered within the batch so that two
 * identical payments of one day both count.
 */
export function dedupeKeys(entries: readonly StatementEntry[], amounts: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return entries.map((e, i) => {
    if (e.bankReference) return `ref:${e.bankReference}`;
    const hash = createHash('sha256')
      .update(
        JSON.stringify([
          e.bookingDate,
          amounts[i],
          e.currency,
          e.endToEndId,
          e.remittanceInformation,
          e.counterparty.name,
        ]),
      )
      .digest('hex');
    const n = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, n);
    return `hash:${hash}:${n}`;
  });
}

/** The entry's amount in the currency's digits, and a warning when the bank sent more. */
function stored(entry: StatementEntry, where: string): { amount: string; warning: string | null } {
  const exact = new Decimal(entry.amount);
  const amount = fromMinor(roundToMinor(exact, entry.currency), entry.currency);
  return {
    amount,
    warning: exact.eq(amount)
      ? null
      : `${where}: ${entry.amount} ${entry.currency} has more digits than the currency; stored as ${amount}`,
  };
}

/** Our side and the other party of the payment, in the Transaction's sender and recipient fields. */
function parties(account: BankAccount, entry: StatementEntry, amount: string): Row {
  const ours = { accountId: account.id, name: account.name, iban: account.iban, number: account.number };
  const other = entry.counterparty;
  const credit = !amount.startsWith('-');
  const sender = credit
    ? { name: other.name, iban: other.iban, bic: other.bic, number: other.accountNumber, accountId: null }
    : { ...ours, bic: null };
  const recipient = credit
    ? { ...ours, bic: null }
    : { name: other.name, iban: other.iban, bic: other.bic, number: other.accountNumber, accountId: null };
  return {
    senderaccountId: sender.accountId,
    sender_account_name: sender.name,
    sender_iban: sender.iban,
    sender_bic_swift_code: sender.bic,
    sender_bank_account_number: sender.number,
    recipientaccountId: recipient.accountId,
    recipient_account_name: recipient.name,
    recipient_iban: recipient.iban,
    recipient_bic_swift_code: recipient.bic,
    recipient_bank_account_number: recipient.number,
  };
}

/**
 * Stores bank entries as Transactions of the account, each once: an entry whose key the account
 * already has is a duplicate (a pending one the bank now books becomes Posted). The caller holds
 * the account's lock (`lockAccount`), so concurrent imports of one file create each entry once.
 */
export async function storeEntries(
  tx: Queryable,
  account: BankAccount,
  entries: readonly StatementEntry[],
  opts: { source: TransactionSource; importId: string | null; write: Write; where: (i: number) => string },
): Promise<StoredEntries> {
  const warnings: string[] = [];
  const amounts = entries.map((e, i) => {
    const s = stored(e, opts.where(i));
    if (s.warning) warnings.push(s.warning);
    return s.amount;
  });
  const keys = dedupeKeys(entries, amounts);
  const existing = new Map<string, Row>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await tx.query(
      `SELECT id, "_dedupe_key", transaction_status FROM "transaction" WHERE "bankId" = $1 AND "_dedupe_key" = ANY($2::text[])`,
      [account.id, keys.slice(i, i + 500)],
    );
    for (const r of rows) existing.set(String(r._dedupe_key), r);
  }
  const created: string[] = [];
  const posted: string[] = [];
  let duplicates = 0;
  for (const [i, entry] of entries.entries()) {
    const key = keys[i]!;
    const already = existing.get(key);
    if (already) {
      duplicates += 1;
      if (already.transaction_status === 'Pending' && entry.status === 'Posted') {
        await updateRow(
          tx,
          'Transaction',
          String(already.id),
          { transaction_status: 'Posted', pending: false },
          opts.write,
        );
        already.transaction_status = 'Posted';
        posted.push(String(already.id));
      }
      continue;
    }
    if (entry.currency !== account.currency)
      warnings.push(`${opts.where(i)}: in ${entry.currency}, the account in ${account.currency}`);
    const amount = amounts[i]!;
    const id = await insertRow(
      tx,
      'Transaction',
      {
        bankId: account.id,
        investorId: account.investorId,
        spvId: account.spvId,
        transaction_source: opts.source,
        importId: opts.importId,
        reconciliation_status: 'Unmatched',
        transaction_date: entry.bookingDate,
        value_date: entry.valueDate,
        transaction_status: entry.status,
        pending: entry.status === 'Pending',
        transaction_source_amount: amount,
        transaction_source_currency: entry.currency,
        iso_currency_code: entry.currency,
        bank_reference: entry.bankReference,
        end_to_end_id: entry.endToEndId,
        remittance_information: entry.remittanceInformation,
        transaction_description: entry.description ?? entry.remittanceInformation,
        transaction_code: entry.transactionCode,
        category: entry.reversal ? 'Reversal' : null,
        ...parties(account, entry, amount),
        _dedupe_key: key,
      },
      { ...opts.write, owner: account.userId },
    );
    existing.set(key, { id, transaction_status: entry.status });
    created.push(id);
  }
  return { created, duplicates, posted, warnings };
}

/**
 * Takes the account's turn for bringing in bank data, until the transaction ends: imports and syncs
 * of one account run one after the other.
 */
export async function lockAccount(tx: Queryable, bankId: string): Promise<void> {
  await tx.query(`SELECT id FROM "bank" WHERE id = $1 FOR UPDATE`, [bankId]);
}
