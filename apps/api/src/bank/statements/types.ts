/**
 * A bank statement as the parsers read it (docs/business-rules.md, “Payments and reconciliation”):
 * whatever the file's format, each booked entry (and each transaction detail of a batch entry)
 * becomes one `StatementEntry`, its amount signed by the credit/debit indicator (credits positive,
 * debits negative) and exact as the bank wrote it: the import rounds to the currency's digits.
 */
export interface StatementEntry {
  /** Booking date, `YYYY-MM-DD`. */
  readonly bookingDate: string;
  /** Value date, `YYYY-MM-DD`, when the bank gives one. */
  readonly valueDate: string | null;
  /** Signed decimal string as written by the bank (credits positive, debits negative), e.g. "-1250.5". */
  readonly amount: string;
  /** ISO 4217 code. */
  readonly currency: string;
  /** As the bank says: booked entries are Posted, pending (or information-only) entries Pending. */
  readonly status: 'Pending' | 'Posted';
  /** The entry reverses an earlier one (camt `RvslInd`). */
  readonly reversal: boolean;
  /** The bank's own reference of the entry or transaction detail (AcctSvcrRef, else NtryRef). */
  readonly bankReference: string | null;
  /** The payer's end-to-end reference (Refs/EndToEndId), unless NOTPROVIDED. */
  readonly endToEndId: string | null;
  /** The other party: the debtor of a credit, the creditor of a debit. */
  readonly counterparty: {
    readonly name: string | null;
    readonly iban: string | null;
    readonly bic: string | null;
    readonly accountNumber: string | null;
  };
  /** Unstructured remittance lines joined with a space, and structured creditor references. */
  readonly remittanceInformation: string | null;
  /** Free text of the entry (AddtlNtryInf / AddtlTxInf, or the CSV's description column). */
  readonly description: string | null;
  /** The bank's transaction code (Domn/Cd/Fmly/Cd/SubFmlyCd as `PMNT/RCDT/ESCT`, or Prtry/Cd). */
  readonly transactionCode: string | null;
}

export interface StatementBalance {
  /** Signed decimal string (a debit balance is negative). */
  readonly amount: string;
  readonly currency: string;
  readonly date: string;
}

export interface ParsedStatement {
  /** The statement's or notification's own id (Stmt/Id, Ntfctn/Id), when given. */
  readonly id: string | null;
  /** The account the statement is for, as the bank names it. */
  readonly account: {
    readonly iban: string | null;
    readonly number: string | null;
    readonly currency: string | null;
  };
  /** Opening booked balance (OPBD, else PRCD) and closing booked balance (CLBD); null when absent. */
  readonly opening: StatementBalance | null;
  readonly closing: StatementBalance | null;
  readonly entries: readonly StatementEntry[];
}

export interface ParsedStatementFile {
  /** `camt.053.001.08`, `camt.054.001.02`, … or `csv`. */
  readonly format: string;
  readonly statements: readonly ParsedStatement[];
}

/**
 * How a CSV statement's columns map to entry fields: column names as in the header row (or
 * 1-based column numbers as strings when the file has no header). Saved per account.
 */
export interface CsvMapping {
  readonly delimiter?: ',' | ';' | '\t';
  readonly hasHeader?: boolean;
  /** Date format of the date columns. */
  readonly dateFormat?: 'YYYY-MM-DD' | 'DD.MM.YYYY' | 'DD/MM/YYYY' | 'MM/DD/YYYY';
  /** Decimal separator of amounts ("1.234,56" with ','). */
  readonly decimalSeparator?: '.' | ',';
  readonly bookingDate: string;
  readonly valueDate?: string;
  /** One signed amount column, or credit and debit columns (both unsigned). */
  readonly amount?: string;
  readonly credit?: string;
  readonly debit?: string;
  readonly currency?: string;
  /** When the file has no currency column: the account's currency. */
  readonly defaultCurrency?: string;
  readonly reference?: string;
  readonly counterpartyName?: string;
  readonly counterpartyIban?: string;
  readonly remittanceInformation?: string;
  readonly description?: string;
}

/** A file the parsers cannot read: the message says what is wrong (and where). */
export class StatementFormatError extends Error {
  override readonly name = 'StatementFormatError';
}
