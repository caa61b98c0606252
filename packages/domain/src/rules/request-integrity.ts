import { MoneyDecimal, minorUnitsOf } from '../money.ts';
import { REGISTRY } from '../registry.ts';

/**
 * What a request may be submitted with
 * (docs/business-rules.md, “Submission checks and duplicate invoices”), one rule for the server,
 * which refuses, and the browser, which warns while the form is filled in. "Today" is the
 * platform's date in UTC, passed in so that the server's clock decides.
 */

type Row = Readonly<Record<string, unknown>>;

/** The largest invoice the platform finances, in the invoice currency. */
export const MAX_INVOICE_AMOUNT = '1000000000';
/** How old an invoice may be, and how far ahead its due date may lie, in days. */
export const MAX_INVOICE_AGE_DAYS = 365;
export const MAX_TENOR_DAYS = 365;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null;

/** `date` moved by `days` calendar days (YYYY-MM-DD in, YYYY-MM-DD out). */
export function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** An invoice number as duplicates are compared: trimmed, upper case, without spaces. */
export function normaliseInvoiceNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Why a money value has more decimals than its currency's minor unit, or null. */
export function moneyDigitsIssue(name: string, value: unknown, currency: string | null): string | null {
  const v = text(value);
  if (v === null || !currency) return null;
  let digits: number;
  try {
    digits = minorUnitsOf(currency);
  } catch {
    return null;
  }
  const decimals = v.split('.')[1]?.replace(/0+$/, '').length ?? 0;
  if (decimals <= digits) return null;
  return digits === 0
    ? `${name} is a whole amount in ${currency} (no decimals)`
    : `${name} has at most ${digits} decimals in ${currency}`;
}

/**
 * The problems of a request (single, or one invoice of a batch) as it is submitted on a line whose
 * currency is `lineCurrency`; one message per problem, each starting with the field it is about.
 */
export function submissionIssues(row: Row, lineCurrency: string | null, today: string): string[] {
  const issues: string[] = [];
  const currency = text(row.invoice_currency);
  const amount = text(row.invoice_amount);
  if (amount !== null) {
    const value = new MoneyDecimal(amount);
    if (value.lte(0)) issues.push('invoice_amount must be more than 0');
    else if (value.gt(MAX_INVOICE_AMOUNT))
      issues.push('invoice_amount cannot be more than 1,000,000,000; split the invoice or contact us');
  }
  for (const f of REGISTRY.Request.fields) {
    if (f.type !== 'money') continue;
    const issue = moneyDigitsIssue(f.name, row[f.name], currency);
    if (issue) issues.push(issue);
  }
  if (lineCurrency && currency && currency !== lineCurrency)
    issues.push(`invoice_currency must be the line's currency ${lineCurrency}, not ${currency}`);

  const invoiceDate = text(row.invoice_date);
  const due = text(row.invoice_due_date);
  const poDate = text(row.purchase_order_date);
  const oldest = shiftDate(today, -MAX_INVOICE_AGE_DAYS);
  const latestDue = shiftDate(today, MAX_TENOR_DAYS);
  if (invoiceDate && DATE.test(invoiceDate)) {
    if (invoiceDate > today) issues.push(`invoice_date cannot be in the future (today is ${today})`);
    else if (invoiceDate < oldest)
      issues.push(`invoice_date cannot be more than ${MAX_INVOICE_AGE_DAYS} days ago (before ${oldest})`);
    if (poDate && DATE.test(poDate) && poDate > invoiceDate)
      issues.push(`purchase_order_date cannot be after the invoice date ${invoiceDate}`);
    if (due && DATE.test(due) && due < invoiceDate)
      issues.push(`invoice_due_date cannot be before the invoice date ${invoiceDate}`);
  }
  if (due && DATE.test(due)) {
    if (due <= today)
      issues.push(`invoice_due_date must be after today (${today}): the invoice is due already`);
    else if (due > latestDue)
      issues.push(
        `invoice_due_date can be at most ${MAX_TENOR_DAYS} days ahead (${latestDue} at the latest)`,
      );
  }
  return issues;
}
