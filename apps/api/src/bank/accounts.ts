import { electronicFormatIBAN } from 'ibantools';
import { isUuid, type Caller } from '@rf/domain';
import type { Queryable, Row } from '../db/database.ts';
import { unauthorized, validationError } from '../http/errors.ts';
import { requireCaller, type OperationContext } from '../operations/context.ts';

/** A platform bank account a statement, a link or a manual entry is for. */
export interface BankAccount {
  readonly id: string;
  /** The owning organisation. */
  readonly userId: string;
  readonly purpose: 'remittance' | 'collection' | 'payout' | null;
  readonly currency: string;
  readonly iban: string | null;
  readonly number: string | null;
  readonly name: string;
  readonly investorId: string | null;
  readonly spvId: string | null;
  readonly row: Row;
}

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/**
 * The account `bankId` for bank data to be brought into
 * (docs/business-rules.md, “Payments and reconciliation”): an administrator's, or the owning
 * investor's or SPV's; an Approved remittance or collection account with a currency. Another
 * party's account answers as if it did not exist.
 */
export async function bankAccountFor(tx: Queryable, caller: Caller, bankId: string): Promise<BankAccount> {
  const row = await ownedAccountRow(tx, caller, bankId);
  const purpose = text(row.bank_account_purpose) as BankAccount['purpose'];
  if (purpose !== 'remittance' && purpose !== 'collection')
    throw validationError(
      'Statements are imported into a remittance or collection account of an investor or SPV',
    );
  if (row.bank_status !== 'Approved')
    throw validationError(
      `The account is ${String(row.bank_status ?? 'Under Review')}: an administrator approves it before its bank data is brought in`,
    );
  const currency = text(row.iso_currency_code);
  if (!currency) throw validationError('The account has no currency: set iso_currency_code first');
  return {
    id: String(row.id),
    userId: String(row.userId),
    purpose,
    currency,
    iban: text(row.iban) ? (electronicFormatIBAN(String(row.iban)) ?? null) : null,
    number: text(row.bank_account_number),
    name: String(row.bank_account_name ?? ''),
    investorId: text(row.investorId),
    spvId: text(row.spvId),
    row,
  };
}

/** The account row when the caller is an administrator or the investor or SPV owning it. */
async function ownedAccountRow(tx: Queryable, caller: Caller, bankId: string): Promise<Row> {
  const [row] = isUuid(bankId)
    ? await tx.query(`SELECT * FROM "bank" WHERE id = $1 AND NOT "_deleted"`, [bankId])
    : [];
  const mine = row && (caller.role === 'Admin' || (caller.groupId !== null && row.userId === caller.groupId));
  if (!row || !mine || !['Admin', 'Investor', 'Spv'].includes(caller.role))
    throw unauthorized(`Bank account ${bankId} not found`);
  return row;
}

/** The id of an account the caller may read the bank data of (whatever its review). */
export async function bankAccountOwnedBy(tx: Queryable, caller: Caller, bankId: string): Promise<string> {
  return String((await ownedAccountRow(tx, caller, bankId)).id);
}

/** The caller when an administrator; otherwise refused, saying what only an administrator may do. */
export function requireAdmin(ctx: OperationContext, what: string): Caller {
  const caller = requireCaller(ctx);
  if (caller.role !== 'Admin') throw unauthorized(`Not allowed: only an administrator may ${what}`);
  return caller;
}

/** An account's identity as a statement names it, for the refusal of another account's statement. */
export const accountLabel = (a: { iban: string | null; number: string | null }): string =>
  a.iban ?? a.number ?? 'no account number';
