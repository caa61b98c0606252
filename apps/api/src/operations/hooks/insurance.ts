import { sameBuyerCompanySql, policyCompany } from '../../data/buyer-company-sql.ts';
import { validationError } from '../../http/errors.ts';
import type { EntityHooks, HookInput } from './types.ts';

/**
 * A buyer company has one credit-insurance policy at a time
 * (docs/business-rules.md, “Credit insurance”): a policy that is not Cancelled may not overlap,
 * from start to expiry, another one of the same company. Policy writes take turns on one
 * transaction lock, so two written at the same moment cannot each pass on their own.
 */
async function onePolicyAtATime({ tx, merged, current }: HookInput): Promise<void> {
  const { insurance_cover_start_date: start, insurance_cover_end_date: end } = merged;
  // A record kept from before policies had periods is left to its required fields.
  if (merged.insurance_status === 'Cancelled' || typeof start !== 'string' || typeof end !== 'string') return;
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('insurance-policies'))`);
  const me = { name: '$1::text', country: '$2::text', duns: '$3::text' };
  const [other] = await tx.query<{ insurer: string; policy: string; start: string; end: string }>(
    `SELECT i.insurance_name AS insurer, i.insurance_policy_number AS policy,
            i.insurance_cover_start_date::text AS start, i.insurance_cover_end_date::text AS end
       FROM "insurance" i
      WHERE NOT i."_deleted" AND i.insurance_status IS DISTINCT FROM 'Cancelled'
        AND ($6::uuid IS NULL OR i.id <> $6::uuid)
        AND i.insurance_cover_start_date <= $5::date AND i.insurance_cover_end_date >= $4::date
        AND ${sameBuyerCompanySql(me, policyCompany('i'))}
      ORDER BY i.insurance_cover_start_date LIMIT 1`,
    [
      String(merged.insurance_buyer_name),
      (merged.insurance_buyer_country as string | null) ?? null,
      (merged.insurance_buyer_duns as string | null) ?? null,
      start,
      end,
      current ? String(current.id) : null,
    ],
  );
  if (other)
    throw validationError(
      `insurance_cover_start_date: ${String(merged.insurance_buyer_name)} already has policy ${other.policy} of ${other.insurer} from ${other.start} to ${other.end}; a buyer company has one policy at a time, so cancel that one or start this one after it expires`,
    );
}

export const insuranceHooks: EntityHooks = { beforeCreate: onePolicyAtATime, beforeUpdate: onePolicyAtATime };
