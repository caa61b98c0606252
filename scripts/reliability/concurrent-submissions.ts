import { MoneyDecimal } from '@rf/domain/money';
import { openDatabase } from '../../apps/api/src/db/database.ts';
import { RefusedError, gqlData } from './api-client.ts';
import type { CreditLine } from './credit-line.ts';

/**
 * Concurrent submissions against one credit line through several API processes
 * (docs/reliability.md, “Concurrency”): single requests (createRequest) and multi-invoice requests
 * (submitRequests) all sent at once, more than the line can take. Each is accepted whole or refused
 * with the limit's ValidationError; afterwards the line, read straight from the database, holds no
 * more than its limit (docs/decisions/0005-pending-requests-hold-their-advance.md), every accepted
 * invoice is there and nothing else is.
 */

export interface SubmissionTarget {
  readonly urls: readonly string[];
  readonly token: string;
  readonly line: CreditLine;
  /** The database the servers share, read directly for the final check. */
  readonly databaseUrl: string;
  /** Attachments the supplier uploaded, named by batches. */
  readonly invoiceKey: string;
  readonly billOfLadingKey: string;
}

export interface SubmissionResult {
  readonly submissions: number;
  readonly accepted: number;
  readonly acceptedInvoices: number;
  readonly refusedOverLimit: number;
  readonly otherErrors: string[];
  /** Limit breaches and missing or extra requests: must stay empty. */
  readonly violations: string[];
  /** What the line's pending requests hold at the end, against its limit. */
  readonly held: string;
  readonly limit: string;
  readonly durationS: number;
}

const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** 1 to 3 invoices of USD 3,000–8,000 (advance 90 %): 200 submissions ask for about 1.7 times the limit. */
function invoicesOf(index: number, target: SubmissionTarget): Record<string, unknown>[] {
  const count = index % 2 === 0 ? 1 : 2 + (index % 3 === 0 ? 1 : 0);
  return Array.from({ length: count }, (_, i) => ({
    invoice_number: `CONC-${index}-${i + 1}`,
    invoice_amount: (3000 + Math.floor(Math.random() * 5000)).toFixed(2),
    invoice_currency: target.line.currency,
    invoice_date: day(-10),
    invoice_due_date: day(60),
    sold_goods_description: 'Bolts of cotton',
    invoice_attachment: target.invoiceKey,
    bill_of_lading_attachment: target.billOfLadingKey,
    ipu_signature_email: 'buyer@example.com',
  }));
}

async function submit(
  url: string,
  target: SubmissionTarget,
  invoices: Record<string, unknown>[],
): Promise<string[]> {
  if (invoices.length === 1) {
    const data = await gqlData<{ createRequest: { id: string } }>(
      url,
      target.token,
      'mutation ($input: CreateRequestInput!) { createRequest(input: $input) { id } }',
      { input: { ...invoices[0], buyerId: target.line.buyerId } },
    );
    return [data.createRequest.id];
  }
  const data = await gqlData<{ submitRequests: { ids: string[] } }>(
    url,
    target.token,
    'mutation ($input: SubmitRequestsInput!) { submitRequests(input: $input) { ids } }',
    { input: { buyerId: target.line.buyerId, requests: JSON.stringify(invoices) } },
  );
  return data.submitRequests.ids;
}

type Decimal = InstanceType<typeof MoneyDecimal>;

const advance = (amount: string, rate: string): Decimal =>
  new MoneyDecimal(amount).times(rate).dividedBy(100);

export async function concurrentSubmissions(
  target: SubmissionTarget,
  count: number,
): Promise<SubmissionResult> {
  const started = Date.now();
  const accepted = new Map<string, string>();
  const refusedAdvances: Decimal[] = [];
  const otherErrors: string[] = [];
  await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const invoices = invoicesOf(index, target);
      try {
        const ids = await submit(target.urls[index % target.urls.length]!, target, invoices);
        ids.forEach((id, i) => accepted.set(id, String(invoices[i]?.invoice_amount)));
      } catch (error) {
        if (
          error instanceof RefusedError &&
          error.errorType === 'ValidationError' &&
          /limit/i.test(error.message)
        )
          refusedAdvances.push(
            invoices.reduce(
              (sum, inv) => sum.plus(advance(String(inv.invoice_amount), target.line.advanceRate)),
              new MoneyDecimal(0),
            ),
          );
        else otherErrors.push(String(error));
      }
    }),
  );
  const durationS = (Date.now() - started) / 1000;
  const db = await openDatabase(target.databaseUrl);
  const rows = await db
    .query<{ id: string; amount: string; status: string }>(
      `SELECT id::text, invoice_amount::text AS amount, request_status AS status
         FROM request WHERE "buyerId" = $1 AND NOT "_deleted"`,
      [target.line.buyerId],
    )
    .finally(() => db.close());
  const violations: string[] = [];
  let held = new MoneyDecimal(0);
  for (const row of rows) {
    held = held.plus(advance(row.amount, target.line.advanceRate));
    if (row.status !== 'Under Review') violations.push(`request ${row.id} is ${row.status}`);
    if (!accepted.has(row.id)) violations.push(`request ${row.id} was stored but its submission was refused`);
    else if (!new MoneyDecimal(accepted.get(row.id)!).equals(row.amount))
      violations.push(`request ${row.id} holds ${row.amount}, not ${accepted.get(row.id)}`);
  }
  for (const id of accepted.keys())
    if (!rows.some((r) => r.id === id)) violations.push(`accepted request ${id} is missing`);
  if (held.greaterThan(target.line.limit))
    violations.push(`the line holds ${held}, over its limit ${target.line.limit}`);
  // Requests only accumulate here, so the free limit only shrinks: a refused submission must not fit
  // even into what is free at the end, or it was refused for something else than the limit.
  const freeAtEnd = new MoneyDecimal(target.line.limit).minus(held);
  for (const a of refusedAdvances)
    if (a.lessThanOrEqualTo(freeAtEnd))
      violations.push(`a submission of ${a} was refused though ${freeAtEnd} is free`);
  return {
    submissions: count,
    accepted: count - refusedAdvances.length - otherErrors.length,
    acceptedInvoices: accepted.size,
    refusedOverLimit: refusedAdvances.length,
    otherErrors,
    violations,
    held: held.toFixed(2),
    limit: target.line.limit,
    durationS,
  };
}
