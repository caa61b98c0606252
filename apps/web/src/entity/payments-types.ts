/**
 * The payments API's answers and inputs as the server gives them
 * (docs/business-rules.md, “Payments and reconciliation”); the calls and hooks are in
 * payments-api.ts, which exports these types too.
 */

export interface BankImport {
  readonly id: string;
  readonly bankId: string;
  /** camt.053.001.08, camt.054.001.02, csv … */
  readonly format: string;
  readonly fileName: string | null;
  readonly statements: number;
  readonly entries: number;
  /** New transactions. */
  readonly created: number;
  /** Entries the account had already. */
  readonly duplicates: number;
  readonly warnings: readonly string[];
  readonly importedBy: string | null;
  readonly importedAt: string;
}

/** A payment applied to a request; an undone one keeps when and why. */
export interface PaymentAllocation {
  readonly id: string;
  readonly transactionId: string;
  readonly requestId: string;
  /** The request's status now: a settled request's allocations are decided. */
  readonly requestStatus: string;
  readonly invoiceNumber: string | null;
  readonly paymentDate: string;
  readonly payerName: string | null;
  readonly amount: string;
  readonly currency: string;
  /** auto: the platform matched it; manual: an administrator allocated it. */
  readonly method: 'auto' | 'manual';
  readonly allocatedAt: string;
  readonly undoneAt: string | null;
  readonly undoReason: string | null;
}

/** An open request a payment may pay, with the reasons of its score. */
export interface PaymentSuggestion {
  readonly requestId: string;
  readonly invoiceNumber: string | null;
  readonly buyerName: string | null;
  /** What is still unpaid of the request (the server's). */
  readonly open: string;
  /** What one click allocates: the open balance, or what is left of the payment when less (the server's). */
  readonly allocatable: string;
  readonly currency: string;
  readonly score: string;
  readonly reasons: readonly string[];
  /** The platform would match it on its own. */
  readonly automatic: boolean;
}

export interface PayoutAccountSummary {
  readonly id: string;
  readonly name: string;
  readonly iban: string | null;
  readonly number: string | null;
}

export type PayoutStatus = 'Pending' | 'Exported' | 'Confirmed';

/** A payment the platform asks a funder's bank to make to a supplier (advance or reserve rebate). */
export interface PayoutInstruction {
  readonly id: string;
  /** The end-to-end reference the payment carries. */
  readonly reference: string;
  readonly kind: 'advance' | 'rebate';
  readonly status: PayoutStatus;
  readonly requestId: string;
  readonly invoiceNumber: string | null;
  readonly supplierName: string | null;
  readonly payerModel: 'Investor' | 'Spv';
  readonly payerId: string;
  readonly payerName: string | null;
  readonly amount: string;
  readonly currency: string;
  readonly createdAt: string;
  readonly exportedAt: string | null;
  readonly confirmedAt: string | null;
  readonly transactionId: string | null;
  readonly debtorAccount: PayoutAccountSummary | null;
  readonly creditorAccount: PayoutAccountSummary | null;
  /** Why it cannot be exported yet; empty when it can. */
  readonly problems: readonly string[];
}

export type PayoutFormat = 'pain.001.001.03' | 'csv';

/** What a request's payments add up to, summed by the server. */
export interface RequestBalance {
  readonly requestId: string;
  readonly currency: string;
  readonly invoiceAmount: string;
  /** What active allocations have paid. */
  readonly paid: string;
  /** The shortfall written off as dilution at settlement. */
  readonly writtenOff: string;
  /** What is still open: the server's figure, never below zero. */
  readonly open: string;
}

export interface PayoutExport {
  readonly exportId: string;
  readonly format: string;
  readonly fileName: string;
  /** The file to hand to the bank. */
  readonly content: string;
  readonly instructions: number;
}

/** An administrator's bank entry: money in positive, money out negative (a decimal string). */
export interface ManualTransactionInput {
  readonly bankId: string;
  /** The booking date, YYYY-MM-DD. */
  readonly transaction_date: string;
  readonly amount: string;
  readonly counterparty_name?: string | null;
  readonly counterparty_iban?: string | null;
  readonly remittance_information?: string | null;
  readonly bank_reference?: string | null;
  readonly description?: string | null;
  readonly idempotencyKey?: string | null;
}

export interface AllocatePaymentInput {
  readonly transactionId: string;
  readonly allocations: readonly { readonly requestId: string; readonly amount: string }[];
  readonly idempotencyKey?: string | null;
}

export interface UnmatchAllocationInput {
  readonly allocationId: string;
  readonly reason: string;
  readonly idempotencyKey?: string | null;
}

export interface ReverseManualTransactionInput {
  readonly id: string;
  readonly reason: string;
  readonly idempotencyKey?: string | null;
}

export interface MatchPayoutInput {
  readonly instructionId: string;
  readonly transactionId: string;
  readonly idempotencyKey?: string | null;
}

export interface ExportPayoutsInput {
  readonly ids: readonly string[];
  readonly format: PayoutFormat;
  /** The requested execution date, YYYY-MM-DD; the server's today when left out. */
  readonly executionDate?: string | null;
  readonly idempotencyKey?: string | null;
}
