import { PARTY_ID_FIELDS, deriveFinancials, type ModelName } from '@rf/domain';
import type { Row } from '../../db/database.ts';
import { nowOf } from '../context.ts';
import { bankHooks } from './bank.ts';
import { buyerHooks } from './buyer.ts';
import { insuranceHooks } from './insurance.ts';
import { kycHooks } from './kyc.ts';
import { requestHooks } from './request.ts';
import { supplierHooks } from './supplier.ts';
import { uboHooks } from './ubo.ts';
import type { EntityHooks, HookInput } from './types.ts';

/** The derived figures of a statement, with the same company's previous period for the trend. */
async function financialFigures({ tx, merged }: HookInput): Promise<Row> {
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

const both = (...hooks: EntityHooks[]): EntityHooks => ({
  beforeCreate: async (input) => {
    let out: Row = {};
    for (const h of hooks) out = { ...out, ...((await h.beforeCreate?.(input)) ?? {}) };
    return out;
  },
  beforeUpdate: async (input) => {
    let out: Row = {};
    for (const h of hooks) out = { ...out, ...((await h.beforeUpdate?.(input)) ?? {}) };
    return out;
  },
});

/** Keeps the file a document had before an update replaced it (documentVersions lists them). */
const documentVersions: EntityHooks = {
  beforeUpdate: async ({ ctx, tx, caller, current, values }) => {
    const before = current?.document_attachment;
    if (
      typeof before !== 'string' ||
      !('document_attachment' in values) ||
      values.document_attachment === before
    )
      return;
    await tx.query(
      'INSERT INTO document_versions (document_id, attachment, replaced_at, replaced_by) VALUES ($1, $2, $3, $4)',
      [String(current?.id), before, nowOf(ctx).toISOString(), caller.sub],
    );
  },
};

const financials: EntityHooks = { beforeCreate: financialFigures, beforeUpdate: financialFigures };

/** Each entity's additions to create and update, one file per entity (docs/architecture.md). */
export const ENTITY_HOOKS: Partial<Record<ModelName, EntityHooks>> = {
  Request: requestHooks,
  Buyer: buyerHooks,
  Supplier: supplierHooks,
  Director: kycHooks('Director'),
  UBO: both(kycHooks('UBO'), uboHooks),
  Document: both(kycHooks('Document'), documentVersions),
  Financials: both(kycHooks('Financials'), financials),
  Insurance: insuranceHooks,
  Bank: bankHooks,
};
