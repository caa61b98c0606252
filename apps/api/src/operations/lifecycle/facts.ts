import { headroomAfter, lineUse, type DeclaredOperation, type Facts, type OperationName } from '@rf/domain';
import type { Queryable, Row } from '../../db/database.ts';
import { lineOf, requestsOfLine } from '../credit-limit.ts';

type FactsLoader = (tx: Queryable, row: Row) => Promise<Facts>;

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * What the guards of some operations need to know beyond the record (docs/business-rules.md,
 * “Request integrity”): the line's state and free limit for an approval, its utilisation for a new
 * limit. The line's row is locked, so concurrent approvals and submissions on it take turns.
 */
const LOADERS: Partial<Record<OperationName, FactsLoader>> = {
  approveRequest: async (tx, row) => {
    const line = await lineOf(tx, String(row.buyerId));
    if (!line) return { lineStatus: null };
    const others = await requestsOfLine(tx, String(row.buyerId), String(row.id));
    return {
      lineStatus: line.status,
      lineCurrency: line.currency,
      lineFree: headroomAfter(line, others, [
        { invoiceAmount: text(row.invoice_amount) ?? '0', currency: text(row.invoice_currency) },
      ]).toFixed(),
    };
  },
  changeLineLimit: async (tx, row) => {
    const line = await lineOf(tx, String(row.id));
    if (!line) return {};
    return { lineUtilisation: lineUse(line, await requestsOfLine(tx, String(row.id), null)).utilisation };
  },
};

export async function loadFacts(tx: Queryable, operation: DeclaredOperation, row: Row): Promise<Facts> {
  const loader = LOADERS[operation.name];
  return loader ? loader(tx, row) : {};
}
