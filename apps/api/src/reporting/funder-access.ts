import { REGISTRY, isUuid, tableOf, type Caller } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { q } from '../db/schema-sql.ts';
import { notFound, unauthorized, validationError } from '../http/errors.ts';

/** The funders a report is made for: an investor or an SPV. */
export const FUNDER_MODELS = ['Investor', 'Spv'] as const;
export type FunderModel = (typeof FUNDER_MODELS)[number];

/** The concentration limit when the funder has none set (docs/business-rules.md, “Funder reporting”). */
export const DEFAULT_CONCENTRATION_LIMIT = '20';

/** The funder a report is about, as the report names it. */
export interface ReportFunder {
  readonly model: FunderModel;
  readonly id: string;
  readonly name: string;
  /** Percent of the outstanding one obligor may reach (a decimal string such as "20"). */
  readonly concentrationLimit: string;
}

const LIMIT_FIELD: Record<FunderModel, string> = {
  Investor: 'investor_concentration_limit',
  Spv: 'spv_concentration_limit',
};

/**
 * The funder whose report the caller asks for, after the caller's access
 * (docs/business-rules.md, “Funder reporting”): an administrator any investor or SPV; an Investor user only its own
 * organisation's Investor records, an SPV user only its Spv records; everyone else is refused.
 * Another organisation's funder is refused as if it were not there.
 */
export async function reportFunderFor(
  tx: Queryable,
  caller: Caller,
  model: string,
  id: string,
): Promise<ReportFunder> {
  if (!(FUNDER_MODELS as readonly string[]).includes(model))
    throw validationError('funderModel must be Investor or Spv');
  if (!isUuid(id)) throw validationError('funderId must be an id (a UUID)');
  const funderModel = model as FunderModel;
  if (caller.role !== 'Admin' && caller.role !== funderModel)
    throw unauthorized(
      caller.role === 'Investor' || caller.role === 'Spv'
        ? 'You may read only your own organisation’s funder report'
        : 'Funder reports are for administrators, investors and SPVs',
    );
  const title = REGISTRY[funderModel].titleField;
  const [row] = await tx.query<{ name: string | null; limit: string | null; owner: string | null }>(
    `SELECT ${q(title)}::text AS name, ${q(LIMIT_FIELD[funderModel])}::text AS "limit", "userId" AS owner
       FROM ${q(tableOf(funderModel))} WHERE id = $1 AND NOT "_deleted"`,
    [id],
  );
  const mine = caller.role === 'Admin' || (row && caller.groupId && row.owner === caller.groupId);
  if (!row || !mine) {
    if (caller.role === 'Admin') throw notFound(`No ${funderModel} ${id}`);
    throw unauthorized('You may read only your own organisation’s funder report');
  }
  return {
    model: funderModel,
    id,
    name: row.name ?? id,
    concentrationLimit: row.limit ?? DEFAULT_CONCENTRATION_LIMIT,
  };
}

/** The currencies the funder has receivables or discount income in, in alphabetical order. */
export async function funderCurrencies(tx: Queryable, funder: ReportFunder): Promise<string[]> {
  const rows = await tx.query<{ currency: string }>(
    `SELECT DISTINCT currency FROM ledger_account
      WHERE party_model = $1 AND party_id = $2::uuid AND kind IN ('receivables_purchased', 'investor_discount_income')
      ORDER BY currency`,
    [funder.model, funder.id],
  );
  return rows.map((r) => r.currency);
}
