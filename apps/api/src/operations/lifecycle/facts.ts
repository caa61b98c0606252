import { Decimal } from 'decimal.js';
import { headroomAfter, type DeclaredOperation, type Facts, type OperationName } from '@rf/domain';
import type { Queryable, Row } from '../../db/database.ts';
import { heldOnLine, lineOf } from '../credit-limit.ts';

type FactsLoader = (tx: Queryable, row: Row) => Promise<Facts>;

/**
 * What the guards of some operations need to know beyond the record
 * (docs/business-rules.md, “Integrity of requests and lines”): the line's state and free limit for
 * an approval, its utilisation for a new limit. The line's row is locked, so concurrent approvals
 * and submissions on it take turns.
 */
/**
 * Where the signing of a request's IPU and offer notice stands, in words for a refused approval:
 * the newest envelope of each document (docs/business-rules.md, “Signing the financing documents”).
 */
async function signingOf(tx: Queryable, requestId: string): Promise<Facts['signing']> {
  const rows = await tx.query<{
    kind: 'ipu' | 'offer_notice';
    status: string;
    end_reason: string | null;
    waiting: string | null;
  }>(
    `SELECT DISTINCT ON (e.kind) e.kind, e.status, e.end_reason,
            (SELECT s.name || ' (' || s.role || ')' FROM esign_signer s
              WHERE s.envelope_id = e.id AND s.status <> 'Signed' ORDER BY s.position LIMIT 1) AS waiting
       FROM esign_envelope e JOIN esign_envelope_request er ON er.envelope_id = e.id
      WHERE er.request_id = $1 AND e.kind IN ('ipu', 'offer_notice')
      ORDER BY e.kind, e.created_at DESC, e.id`,
    [requestId],
  );
  const said = (kind: 'ipu' | 'offer_notice'): string => {
    const e = rows.find((r) => r.kind === kind);
    if (!e) return 'not sent for signature';
    if (e.status === 'Sent') return `waiting for ${e.waiting ?? 'a signer'} to sign`;
    return `its envelope is ${e.status.toLowerCase()}${e.end_reason ? `: ${e.end_reason}` : ''}`;
  };
  return { ipu: said('ipu'), offer_notice: said('offer_notice') };
}

const LOADERS: Partial<Record<OperationName, FactsLoader>> = {
  approveRequest: async (tx, row) => {
    const line = await lineOf(tx, String(row.buyerId));
    if (!line) return { lineStatus: null };
    return {
      signing: await signingOf(tx, String(row.id)),
      lineStatus: line.status,
      lineCurrency: line.currency,
      // The request's own advance is among what the ledger holds for the line.
      lineFree: headroomAfter(line, await heldOnLine(tx, String(row.buyerId)), []).toFixed(),
    };
  },
  changeLineLimit: async (tx, row) => {
    const line = await lineOf(tx, String(row.id));
    if (!line) return {};
    const held = await heldOnLine(tx, String(row.id));
    return { lineUtilisation: new Decimal(held.utilisation).plus(held.reserved).toFixed() };
  },
};

export async function loadFacts(tx: Queryable, operation: DeclaredOperation, row: Row): Promise<Facts> {
  const loader = LOADERS[operation.name];
  return loader ? loader(tx, row) : {};
}
