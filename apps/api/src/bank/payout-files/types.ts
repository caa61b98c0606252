/**
 * The payout instructions an administrator exports for the bank, as the payout-file writers read
 * them (docs/business-rules.md, “Bank accounts, transactions and settlement”): each payment moves
 * an advance from a funder's remittance account to a supplier's account. The writers check and
 * normalise what they are given; they never look anything up.
 */

/** A bank account as the payout file names it; any identifier the platform does not know is null. */
export interface PayoutAccount {
  /** The account holder's name (at most 140 characters). */
  readonly name: string;
  /** IBAN, with or without spaces; preferred over the account number when both are known. */
  readonly iban: string | null;
  /** BIC (8 or 11 characters) of the account's bank. */
  readonly bic: string | null;
  /** Domestic account number, used when there is no IBAN. */
  readonly accountNumber: string | null;
  /** UK sort code (6 digits, dashes allowed) of an account without IBAN. */
  readonly sortCode?: string | null;
  /** US ABA routing number (9 digits) of an account without IBAN. */
  readonly routingNumber?: string | null;
  /** ISO 3166 alpha-2 country of the account holder, when known. */
  readonly country: string | null;
}

/** One credit transfer: an advance paid by a funder to a supplier. */
export interface PayoutPayment {
  /** Our instruction reference, at most 35 characters, unique within a file. */
  readonly endToEndId: string;
  /** Decimal string already in the currency's digits, greater than 0 (e.g. "1250.50", "150000"). */
  readonly amount: string;
  /** ISO 4217 code, e.g. "EUR". */
  readonly currency: string;
  /** The funder account paying. */
  readonly debtor: PayoutAccount;
  /** The supplier account paid. */
  readonly creditor: PayoutAccount;
  /** Free text for the supplier, e.g. "Advance invoice INV-1001"; cut to 140 characters. */
  readonly remittance: string;
}

/** One payout file: its header and the payments it carries. */
export interface PayoutFileInput {
  /** The file's message id, at most 35 characters (payment groups are numbered after it). */
  readonly messageId: string;
  /** ISO date-time of creation with its offset, e.g. "2026-11-24T10:15:00Z". */
  readonly createdAt: string;
  /** The platform's name, as the initiating party. */
  readonly initiatingParty: string;
  /** The date the bank is asked to execute the payments, `YYYY-MM-DD`. */
  readonly requestedExecutionDate: string;
  readonly payments: readonly PayoutPayment[];
}
