import type { Queryable } from '../db/database.ts';
import type { ReportFunder } from './funder-access.ts';
import { RECEIVABLE_MOVES_SQL } from './roll-forward.ts';

/** One request's receivable the funder still holds on a day, with what the report groups it by. */
export interface OpenReceivable {
  readonly requestId: string | null;
  /** The invoice number. */
  readonly reference: string | null;
  /** Minor units. */
  readonly amount: bigint;
  readonly dueDate: string | null;
  /** Days after the due date (0 when not yet due). */
  readonly daysPastDue: number;
  readonly lineId: string | null;
  /** The buyer company: its D-U-N-S number, else its name (any case, spaces collapsed) and country. */
  readonly obligorKey: string;
  readonly obligorName: string;
  readonly country: string | null;
  readonly industry: string | null;
  /** The line's advance rate in percent (null when the line has none). */
  readonly advanceRate: string | null;
}

/**
 * The funder's open receivables at the end of `asOf`
 * (docs/business-rules.md, “Funder reporting”), per request, summed in SQL from the entries of its receivables account effective
 * on or before that day, with the request's due date and its line's buyer company.
 */
export async function openReceivables(
  tx: Queryable,
  funder: ReportFunder,
  currency: string,
  asOf: string,
): Promise<OpenReceivable[]> {
  const rows = await tx.query<Record<string, unknown>>(
    `WITH open AS (
       SELECT request_id, sum(amount) AS amount
         FROM (${RECEIVABLE_MOVES_SQL} AND t.effective_date <= $4::date) m
        GROUP BY request_id HAVING sum(amount) <> 0)
     SELECT o.request_id::text AS request_id, o.amount::text AS amount, r.invoice_number::text AS reference,
            r.invoice_due_date::text AS due_date,
            greatest($4::date - r.invoice_due_date::date, 0) AS dpd,
            b.id::text AS line_id, b.buyer_name AS name, b.buyer_country AS country,
            nullif(trim(b.buyer_industry), '') AS industry, b.buyer_loan_advance_rate::text AS advance_rate,
            coalesce('DUNS ' || nullif(trim(b.buyer_duns_number), ''),
                     upper(regexp_replace(trim(b.buyer_name), '\\s+', ' ', 'g')) || ' / ' || coalesce(b.buyer_country, ''),
                     'no line') AS obligor
       FROM open o
       LEFT JOIN "request" r ON r.id = o.request_id
       LEFT JOIN "buyer" b ON b.id = r."buyerId"
      ORDER BY obligor, r.invoice_due_date, o.request_id`,
    [funder.model, funder.id, currency, asOf],
  );
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return rows.map((r) => ({
    requestId: text(r.request_id),
    reference: text(r.reference),
    amount: BigInt(String(r.amount)),
    dueDate: text(r.due_date),
    daysPastDue: r.due_date === null ? 0 : Number(r.dpd),
    lineId: text(r.line_id),
    obligorKey: String(r.obligor),
    obligorName: text(r.name) ?? 'Receivables without a request',
    country: text(r.country),
    industry: text(r.industry),
    advanceRate: text(r.advance_rate),
  }));
}
