import { normaliseInvoiceNumber, submissionIssues } from '@rf/domain';
import type { Queryable, Row } from '../../db/database.ts';
import { validationError } from '../../http/errors.ts';
import { checkCreditLimit, lineOf } from '../credit-limit.ts';
import { reserveSubmitted } from '../ledger-postings.ts';
import { sendSubmissionForSignature } from '../send-for-signature.ts';
import type { EntityHooks } from './types.ts';
import { notifyRequestsSubmitted } from '../notify-submitted.ts';

const NORMALISED = `upper(regexp_replace(r.invoice_number, '\\s+', '', 'g'))`;

/**
 * A request belongs to its buyer line: the line's supplier, investor, SPV and broker (who see it
 * through those ids) and the names shown on its screens come from the line, whatever the client sent.
 */
async function partiesOfLine(tx: Queryable, buyerId: string): Promise<Row> {
  const [line] = await tx.query(
    `SELECT b."supplierId", b."investorId", b."spvId", b."brokerId", b.buyer_name, s.supplier_name
       FROM "buyer" b LEFT JOIN "supplier" s ON s.id = b."supplierId"
      WHERE b.id = $1`,
    [buyerId],
  );
  if (!line) return {};
  return Object.fromEntries(Object.entries(line).filter(([, v]) => v !== null && v !== undefined));
}

/**
 * Duplicates (docs/business-rules.md, “Submission checks and duplicate invoices”): the same
 * normalised invoice number on the same line, unless declined, is refused naming the other request;
 * the same number and amount on another line of the same buyer company (same D-U-N-S number, or
 * same name and country) is flagged.
 */
async function duplicateOf(tx: Queryable, values: Row): Promise<string | null> {
  const number = normaliseInvoiceNumber(String(values.invoice_number ?? ''));
  const [same] = await tx.query<{ invoice_number: string; request_status: string; created: string }>(
    `SELECT r.invoice_number, r.request_status, to_char(r."createdAt", 'YYYY-MM-DD') AS created
       FROM "request" r
      WHERE r."buyerId" = $1 AND NOT r."_deleted" AND r.request_status IS DISTINCT FROM 'Declined'
        AND ${NORMALISED} = $2
      LIMIT 1`,
    [String(values.buyerId), number],
  );
  if (same)
    throw validationError(
      `invoice_number ${String(values.invoice_number)} is already on this line: request ${same.invoice_number} of ${same.created} (${same.request_status})`,
    );
  const [other] = await tx.query<{ id: string }>(
    `SELECT r.id FROM "request" r
       JOIN "buyer" b ON b.id = r."buyerId"
       JOIN "buyer" mine ON mine.id = $1
      WHERE NOT r."_deleted" AND r."buyerId" <> $1 AND r.request_status IS DISTINCT FROM 'Declined'
        AND ${NORMALISED} = $2 AND r.invoice_amount = $3::numeric
        AND ((nullif(trim(mine.buyer_duns_number), '') IS NOT NULL AND trim(b.buyer_duns_number) = trim(mine.buyer_duns_number))
          OR (upper(regexp_replace(trim(b.buyer_name), '\\s+', ' ', 'g')) = upper(regexp_replace(trim(mine.buyer_name), '\\s+', ' ', 'g'))
              AND b.buyer_country IS NOT DISTINCT FROM mine.buyer_country))
      ORDER BY r."createdAt" LIMIT 1`,
    [String(values.buyerId), number, String(values.invoice_amount)],
  );
  return other?.id ?? null;
}

export const requestHooks: EntityHooks = {
  beforeCreate: async ({ tx, merged, today, batch }) => {
    if (typeof merged.buyerId !== 'string') throw validationError('buyerId is required');
    const line = await lineOf(tx, merged.buyerId);
    if (!line) throw validationError('buyerId does not name a Buyer you can see');
    const issues = submissionIssues(merged, line.currency, today);
    if (issues.length) throw validationError(issues.join('; '));
    if (!batch) await checkCreditLimit(tx, [merged]);
    const possible = await duplicateOf(tx, merged);
    return { ...(await partiesOfLine(tx, merged.buyerId)), possible_duplicate_of: possible };
  },
  afterCreate: async ({ ctx, tx, row }) => {
    await reserveSubmitted(ctx, tx, [row], 'createRequest');
    await sendSubmissionForSignature(ctx, tx, [row], 'createRequest');
    await notifyRequestsSubmitted(ctx, tx, [row]);
  },
  beforeUpdate: async ({ merged, values }) => {
    const po = merged.purchase_order_date;
    if ('purchase_order_date' in values && typeof po === 'string' && po > String(merged.invoice_date))
      throw validationError(
        `purchase_order_date cannot be after the invoice date ${String(merged.invoice_date)}`,
      );
  },
};
