import { PARTY_ID_FIELDS, deriveFinancials, type ModelName } from '@rf/domain';
import type { Queryable, Row } from '../db/database.ts';

/**
 * Fields the server computes from the others when a record is written: the derived figures of a
 * financial statement, with the same company's previous period for the inventory trend, and the
 * parties and names a request takes from its buyer line.
 */
export async function derivedFields(tx: Queryable, model: ModelName, merged: Row): Promise<Row> {
  if (model === 'Request') return partiesOfLine(tx, merged);
  if (model !== 'Financials') return {};
  let prior: Row | null = null;
  const party = PARTY_ID_FIELDS.find((f) => typeof merged[f] === 'string');
  const period = Number(merged.financials_reporting_period);
  if (party && Number.isInteger(period)) {
    [prior = null] = await tx.query(
      `SELECT * FROM "financials" WHERE "${party}" = $1 AND financials_reporting_period = $2 AND NOT "_deleted" ORDER BY "updatedAt" DESC LIMIT 1`,
      [String(merged[party]), period - 1],
    );
  }
  return deriveFinancials(merged, { prior });
}

/**
 * A request belongs to its buyer line: the line's supplier, investor, SPV and broker (who see it
 * through those ids) and the names shown on its screens come from the line, whatever the client sent.
 */
async function partiesOfLine(tx: Queryable, merged: Row): Promise<Row> {
  if (typeof merged.buyerId !== 'string') return {};
  const [line] = await tx.query(
    `SELECT b."supplierId", b."investorId", b."spvId", b."brokerId", b.buyer_name, s.supplier_name
       FROM "buyer" b LEFT JOIN "supplier" s ON s.id = b."supplierId"
      WHERE b.id = $1`,
    [merged.buyerId],
  );
  if (!line) return {};
  const copy: Row = {};
  for (const [name, value] of Object.entries(line))
    if (value !== null && value !== undefined) copy[name] = value;
  return copy;
}
