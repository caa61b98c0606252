import { electronicFormatIBAN } from 'ibantools';
import { checkedAmount, checkedCurrency, checkEndToEndIds, remittanceText } from './payment-checks.ts';
import type { PayoutFileInput, PayoutPayment } from './types.ts';

/**
 * The payout instructions as CSV, for a bank that takes a spreadsheet-style upload
 * (docs/business-rules.md, “Bank accounts, transactions and settlement”): one row per payment,
 * RFC 4180 quoting and CRLF line ends.
 */

export const PAYOUT_CSV_HEADER = [
  'end_to_end_id',
  'execution_date',
  'amount',
  'currency',
  'debtor_name',
  'debtor_iban',
  'debtor_account_number',
  'creditor_name',
  'creditor_iban',
  'creditor_bic',
  'creditor_account_number',
  'creditor_sort_code',
  'creditor_routing_number',
  'remittance',
] as const;

/** A cell a spreadsheet would run as a formula: a leading =, +, -, @, tab or carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** RFC 4180: a cell with a quote, comma or line break is quoted, its quotes doubled. */
const quoted = (cell: string): string => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** A text cell: one that a spreadsheet would run as a formula gets a leading apostrophe. */
export const textCell = (value: string | null | undefined): string => {
  const text = value ?? '';
  return quoted(FORMULA_START.test(text) ? `'${text}` : text);
};

/** An IBAN in electronic format (no spaces, capitals), as given otherwise; empty when unknown. */
const ibanCell = (iban: string | null): string => textCell(iban === null ? null : electronicFormatIBAN(iban));

function row(payment: PayoutPayment, index: number, executionDate: string): string {
  // The amount is checked to be a plain positive decimal, so it cannot start a formula and is
  // written as it is.
  const amount = checkedAmount(payment, index);
  const currency = checkedCurrency(payment, index);
  const { debtor, creditor } = payment;
  return [
    textCell(payment.endToEndId),
    textCell(executionDate),
    amount,
    textCell(currency),
    textCell(debtor.name),
    ibanCell(debtor.iban),
    textCell(debtor.accountNumber),
    textCell(creditor.name),
    ibanCell(creditor.iban),
    textCell(creditor.bic),
    textCell(creditor.accountNumber),
    textCell(creditor.sortCode),
    textCell(creditor.routingNumber),
    textCell(remittanceText(payment.remittance)),
  ].join(',');
}

/**
 * The payments as CSV: the header, then one row per payment in the input's order, each line ended
 * by CRLF. Throws an Error naming the payment when its amount, currency or end-to-end id is wrong.
 */
export function payoutCsv(input: PayoutFileInput): string {
  checkEndToEndIds(input.payments);
  const rows = input.payments.map((payment, index) => row(payment, index, input.requestedExecutionDate));
  return [PAYOUT_CSV_HEADER.join(','), ...rows].map((line) => `${line}\r\n`).join('');
}
