import { Decimal } from 'decimal.js';
import { isUuid } from '@rf/domain';
import { publishChange } from '../data/change-feed.ts';
import { updateRow } from '../data/rows.ts';
import type { Queryable, Row } from '../db/database.ts';
import { unauthorized, validationError } from '../http/errors.ts';
import { nowOf, todayOf, writeOf, type OperationContext } from '../operations/context.ts';
import { idempotencyKeyOf, once } from '../operations/idempotency.ts';
import { recordHistory } from '../operations/lifecycle/history.ts';
import { bankAccountFor, requireAdmin } from './accounts.ts';
import { lockAccount, storeEntries } from './store-entries.ts';
import type { StatementEntry } from './statements/types.ts';

export interface ManualEntryInput {
  readonly bankId: string;
  readonly transaction_date: string;
  /** Signed decimal: a credit (money in) positive, a debit negative. */
  readonly amount: string;
  readonly counterparty_name?: string | null;
  readonly counterparty_iban?: string | null;
  readonly remittance_information?: string | null;
  readonly bank_reference?: string | null;
  readonly description?: string | null;
  readonly idempotencyKey?: string | null;
}

const AMOUNT = /^-?\d{1,15}(\.\d{1,5})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';
const textOf = (v: unknown): string | null => (blank(v) ? null : String(v).trim());

/** The entry as a statement line would give it, after checking what the administrator typed. */
function entryOf(input: ManualEntryInput, currency: string, today: string): StatementEntry {
  const problems: string[] = [];
  const amount = String(input.amount ?? '').trim();
  if (!AMOUNT.test(amount) || new Decimal(amount).isZero())
    problems.push('amount must be a non-zero decimal, negative for money leaving the account');
  const date = String(input.transaction_date ?? '');
  if (
    !DATE.test(date) ||
    Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ||
    new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date
  )
    problems.push('transaction_date must be a date (YYYY-MM-DD)');
  else if (date > today) problems.push(`transaction_date ${date} is in the future`);
  else if (date < '2000-01-01') problems.push(`transaction_date ${date} is before 2000`);
  for (const [name, max] of [
    ['counterparty_name', 140],
    ['counterparty_iban', 34],
    ['remittance_information', 500],
    ['bank_reference', 100],
    ['description', 500],
  ] as const)
    if ((textOf(input[name])?.length ?? 0) > max) problems.push(`${name} is longer than ${max} characters`);
  if (problems.length) throw validationError(problems.join('; '));
  return {
    bookingDate: date,
    valueDate: date,
    amount,
    currency,
    status: 'Posted',
    reversal: false,
    bankReference: textOf(input.bank_reference),
    endToEndId: null,
    counterparty: {
      name: textOf(input.counterparty_name),
      iban: textOf(input.counterparty_iban)?.replace(/\s/g, '').toUpperCase() ?? null,
      bic: null,
      accountNumber: null,
    },
    remittanceInformation: textOf(input.remittance_information),
    description: textOf(input.description),
    transactionCode: null,
  };
}

async function transactionOf(tx: Queryable, id: string): Promise<Row> {
  const [row] = isUuid(id)
    ? await tx.query(`SELECT * FROM "transaction" WHERE id = $1 AND NOT "_deleted" FOR UPDATE`, [id])
    : [];
  if (!row) throw unauthorized(`Transaction ${id} not found`);
  return row;
}

/**
 * An administrator's manual entry on a platform account
 * (docs/business-rules.md, “Payments and reconciliation”): for what the bank booked but no
 * statement or link brings in. It is Posted, marked manual, and like every bank fact never edited:
 * a wrong one is reversed.
 */
export async function recordManualTransaction(ctx: OperationContext, input: ManualEntryInput): Promise<Row> {
  const caller = requireAdmin(ctx, 'enter a bank transaction by hand');
  const key = idempotencyKeyOf(input.idempotencyKey);
  const { idempotencyKey: _key, ...call } = input;
  const attempt = await ctx.db.transaction((tx) =>
    once(tx, caller, { key, operation: 'recordManualTransaction', input: call, at: nowOf(ctx) }, async () => {
      const account = await bankAccountFor(tx, caller, String(input.bankId ?? ''));
      await lockAccount(tx, account.id);
      const entry = entryOf(input, account.currency, todayOf(ctx));
      const write = writeOf(ctx, 'recordManualTransaction');
      const stored = await storeEntries(tx, account, [entry], {
        source: 'manual',
        importId: null,
        write,
        where: () => 'the entry',
      });
      const id = stored.created[0];
      if (!id)
        throw validationError(
          entry.bankReference
            ? `The account already has a transaction with bank reference ${entry.bankReference}`
            : 'The account already has this transaction (same date, amount and references)',
        );
      await recordHistory(tx, {
        model: 'Transaction',
        id,
        field: 'reconciliation_status',
        from: null,
        to: 'Unmatched',
        comment: 'Entered by hand',
        operation: 'recordManualTransaction',
        caller,
        at: write.at,
      });
      const [row] = await tx.query(`SELECT * FROM "transaction" WHERE id = $1`, [id]);
      return row as Row;
    }),
  );
  if (!attempt.replayed)
    await publishChange(ctx.db, {
      model: 'Transaction',
      kind: 'create',
      id: String((attempt.result as Row).id),
    });
  return attempt.result as Row;
}

/**
 * Reverses a manual entry (docs/business-rules.md, “Payments and reconciliation”): a new manual
 * entry of the opposite amount points at it; both are then Ignored by reconciliation. Only an
 * unallocated manual entry, once; the bank's own entries are corrected by its statements.
 */
export async function reverseManualTransaction(
  ctx: OperationContext,
  input: { id: string; reason: string; idempotencyKey?: string | null },
): Promise<Row> {
  const caller = requireAdmin(ctx, 'reverse a bank transaction');
  const reason = textOf(input.reason);
  if (!reason) throw validationError('Say why: a reason is required to reverse an entry');
  const key = idempotencyKeyOf(input.idempotencyKey);
  const attempt = await ctx.db.transaction((tx) =>
    once(
      tx,
      caller,
      { key, operation: 'reverseManualTransaction', input: { id: input.id, reason }, at: nowOf(ctx) },
      async () => {
        const original = await transactionOf(tx, String(input.id));
        if (original.transaction_source !== 'manual')
          throw validationError(
            'Only a manual entry can be reversed here; the bank corrects its own entries in its statements',
          );
        if (original.reversal_of) throw validationError('This entry is itself a reversal');
        const [reversed] = await tx.query(
          `SELECT id FROM "transaction" WHERE reversal_of = $1 AND NOT "_deleted"`,
          [String(original.id)],
        );
        if (reversed) throw validationError('This entry is reversed already');
        const [allocated] = await tx.query(
          `SELECT 1 FROM payment_allocation WHERE transaction_id = $1 AND undone_at IS NULL
         UNION ALL SELECT 1 FROM payout_instruction WHERE transaction_id = $1`,
          [String(original.id)],
        );
        if (allocated) throw validationError('The entry is matched: unmatch it before reversing it');
        const account = await bankAccountFor(tx, caller, String(original.bankId ?? ''));
        await lockAccount(tx, account.id);
        const write = writeOf(ctx, 'reverseManualTransaction');
        const amount = new Decimal(String(original.transaction_source_amount)).negated().toFixed();
        const stored = await storeEntries(
          tx,
          account,
          [
            {
              ...entryOf(
                {
                  bankId: account.id,
                  transaction_date: todayOf(ctx),
                  amount,
                  description: `Reversal: ${reason}`,
                },
                account.currency,
                todayOf(ctx),
              ),
              currency: String(original.iso_currency_code ?? account.currency),
              bankReference: `reversal:${String(original.id)}`,
              remittanceInformation: textOf(original.remittance_information),
              reversal: true,
            },
          ],
          { source: 'manual', importId: null, write, where: () => 'the reversal' },
        );
        const id = stored.created[0]!;
        await updateRow(
          tx,
          'Transaction',
          id,
          { reversal_of: String(original.id), reconciliation_status: 'Ignored' },
          write,
        );
        await updateRow(tx, 'Transaction', String(original.id), { reconciliation_status: 'Ignored' }, write);
        for (const [recordId, from] of [
          [String(original.id), String(original.reconciliation_status ?? 'Unmatched')],
          [id, null],
        ] as const satisfies readonly (readonly [string, string | null])[])
          await recordHistory(tx, {
            model: 'Transaction',
            id: recordId,
            field: 'reconciliation_status',
            from,
            to: 'Ignored',
            comment:
              recordId === id
                ? `Reverses the entry of ${String(original.transaction_date).slice(0, 10)}: ${reason}`
                : `Reversed: ${reason}`,
            operation: 'reverseManualTransaction',
            caller,
            at: write.at,
          });
        const [row] = await tx.query(`SELECT * FROM "transaction" WHERE id = $1`, [id]);
        return row as Row;
      },
    ),
  );
  if (!attempt.replayed) {
    await publishChange(ctx.db, {
      model: 'Transaction',
      kind: 'create',
      id: String((attempt.result as Row).id),
    });
    await publishChange(ctx.db, { model: 'Transaction', kind: 'update', id: String(input.id) });
  }
  return attempt.result as Row;
}
