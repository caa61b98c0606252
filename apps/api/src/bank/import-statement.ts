import { createHash, randomUUID } from 'node:crypto';
import { electronicFormatIBAN } from 'ibantools';
import { Decimal } from 'decimal.js';
import { publishChange } from '../data/change-feed.ts';
import { validationError } from '../http/errors.ts';
import { nowOf, requireCaller, writeOf, type OperationContext } from '../operations/context.ts';
import { accountLabel, bankAccountFor, type BankAccount } from './accounts.ts';
import { parseStatement } from './statements/parse-statement.ts';
import { StatementFormatError, type CsvMapping, type ParsedStatement } from './statements/types.ts';
import { lockAccount, storeEntries } from './store-entries.ts';
import { matchNewCredits } from './reconcile-collections.ts';
import { matchNewDebits } from './reconcile-payouts.ts';

export interface StatementImport {
  readonly importId: string;
  readonly format: string;
  readonly statements: number;
  readonly entries: number;
  readonly created: number;
  readonly duplicates: number;
  /** Pending transactions this statement shows booked. */
  readonly posted: number;
  readonly warnings: readonly string[];
  /** Payments the platform matched on its own: collections to requests, debits to payout instructions. */
  readonly matched: number;
  /** The new transactions' ids. */
  readonly transactionIds: readonly string[];
}

/** The statement is for the account it is imported into (IBAN or account number), or null. */
function otherAccount(statement: ParsedStatement, account: BankAccount): string | null {
  const iban = statement.account.iban ? electronicFormatIBAN(statement.account.iban) : null;
  if (iban && account.iban) return iban === account.iban ? null : iban;
  const number = statement.account.number?.replace(/[\s-]/g, '') ?? null;
  if (number) {
    const ours = [account.number, account.iban].filter(Boolean).map((n) => n!.replace(/[\s-]/g, ''));
    return ours.some((n) => n === number || n.endsWith(number)) ? null : number;
  }
  return iban && !account.iban ? iban : null;
}

/** Opening balance + the booked entries ≠ the closing balance: a warning, not a refusal. */
function balanceWarning(statement: ParsedStatement, n: number): string | null {
  const { opening, closing } = statement;
  if (!opening || !closing) return null;
  const booked = statement.entries
    .filter((e) => e.status === 'Posted')
    .reduce((sum, e) => sum.plus(e.amount), new Decimal(0));
  const expected = new Decimal(opening.amount).plus(booked);
  if (expected.eq(closing.amount)) return null;
  const digits = Math.max(...[opening.amount, closing.amount].map((a) => a.split('.')[1]?.length ?? 0));
  return `Statement ${statement.id ?? n + 1}: opening balance ${opening.amount} + entries ${booked.toFixed(digits)} = ${expected.toFixed(digits)} ${closing.currency}, but the closing balance is ${closing.amount}`;
}

/**
 * Imports a bank statement file into an account
 * (docs/business-rules.md, “Payments and reconciliation”): camt.053, camt.054 or CSV with the
 * account's column mapping. Each entry becomes a Transaction once, however often the file or
 * overlapping statements are imported; a statement of another account is refused naming both;
 * balance differences are warnings. The import is recorded with its counts.
 */
export async function importStatement(
  ctx: OperationContext,
  input: { bankId: string; file: Buffer; fileName?: string | null; mapping?: CsvMapping | null },
): Promise<StatementImport> {
  const caller = requireCaller(ctx);
  if (!input.file.length) throw validationError('The file is empty');
  const result = await ctx.db.transaction(async (tx) => {
    const account = await bankAccountFor(tx, caller, input.bankId);
    await lockAccount(tx, account.id);
    const [saved] = await tx.query<{ mapping: CsvMapping }>(
      'SELECT mapping FROM bank_csv_mapping WHERE bank_id = $1',
      [account.id],
    );
    const mapping = input.mapping ?? saved?.mapping;
    let parsed;
    try {
      parsed = parseStatement(input.file, {
        ...(mapping ? { mapping: { defaultCurrency: account.currency, ...mapping } } : {}),
        ...(input.fileName ? { fileName: input.fileName } : {}),
      });
    } catch (error) {
      if (error instanceof StatementFormatError) throw validationError(error.message);
      throw error;
    }
    for (const statement of parsed.statements) {
      const other = otherAccount(statement, account);
      if (other)
        throw validationError(
          `The statement is for account ${other}, not this account (${accountLabel(account)})`,
        );
    }
    const importId = randomUUID();
    const now = nowOf(ctx);
    const write = writeOf(ctx, 'importStatement', now);
    const entries = parsed.statements.flatMap((s, n) =>
      s.entries.map((e, m) => ({ e, where: `statement ${n + 1}, entry ${m + 1}` })),
    );
    const stored = await storeEntries(
      tx,
      account,
      entries.map((x) => x.e),
      { source: 'statement', importId, write, where: (i) => entries[i]!.where },
    );
    // The platform's own matching of what came in (docs/business-rules.md, “Payments and reconciliation”).
    const fresh = [...stored.created, ...stored.posted];
    const matched = (await matchNewCredits(ctx, tx, fresh)) + (await matchNewDebits(ctx, tx, fresh));
    const warnings = [
      ...parsed.statements.map(balanceWarning).filter((w): w is string => w !== null),
      ...stored.warnings,
    ];
    const summary: StatementImport = {
      importId,
      format: parsed.format,
      statements: parsed.statements.length,
      entries: entries.length,
      created: stored.created.length,
      duplicates: stored.duplicates,
      posted: stored.posted.length,
      matched,
      warnings,
      transactionIds: stored.created,
    };
    await tx.query(
      `INSERT INTO bank_import (id, bank_id, format, file_name, file_sha256, statements, entries, created, duplicates, warnings, actor, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        importId,
        account.id,
        parsed.format,
        input.fileName ?? null,
        createHash('sha256').update(input.file).digest('hex'),
        summary.statements,
        summary.entries,
        summary.created,
        summary.duplicates,
        JSON.stringify(warnings),
        caller.sub,
        now.toISOString(),
      ],
    );
    if (input.mapping && parsed.format === 'csv')
      await tx.query(
        `INSERT INTO bank_csv_mapping (bank_id, mapping, actor, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (bank_id) DO UPDATE SET mapping = EXCLUDED.mapping, actor = EXCLUDED.actor, updated_at = EXCLUDED.updated_at`,
        [account.id, JSON.stringify(input.mapping), caller.sub, now.toISOString()],
      );
    return summary;
  });
  for (const id of [...result.transactionIds])
    await publishChange(ctx.db, { model: 'Transaction', kind: 'create', id });
  return result;
}
