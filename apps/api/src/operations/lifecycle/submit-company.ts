import { onboardingChecklist, submissionBlockers, type CompanyModel } from '@rf/domain';
import type { Queryable, Row } from '../../db/database.ts';
import { validationError } from '../../http/errors.ts';
import type { Effect } from './effect.ts';

const PARTY_FIELD: Record<CompanyModel, string> = {
  Supplier: 'supplierId',
  Investor: 'investorId',
  Spv: 'spvId',
  Broker: 'brokerId',
};

/** The onboarding facts of a company: its people, documents and financials. */
export async function onboardingFacts(tx: Queryable, model: CompanyModel, company: Row) {
  const field = `"${PARTY_FIELD[model]}"`;
  const id = String(company.id);
  const live = `${field} = $1 AND NOT "_deleted"`;
  const directors = await tx.query(
    `SELECT director_name, director_id_attachment FROM "director" WHERE ${live}`,
    [id],
  );
  const ubos = await tx.query(
    `SELECT ubo_name, ubo_id_attachment, ubo_ownership_percentage FROM "ubo" WHERE ${live}`,
    [id],
  );
  const [docs] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM "document" WHERE ${live}`, [
    id,
  ]);
  const [fin] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM "financials" WHERE ${live}`, [
    id,
  ]);
  return { company, directors, ubos, documents: docs?.n ?? 0, financials: fin?.n ?? 0 };
}

/**
 * A company goes to review only with its directors, UBOs and required attachments
 * (docs/business-rules.md, “Status moves, guards and effects”).
 */
export const submitCompany =
  (model: CompanyModel): Effect =>
  async ({ tx, row }) => {
    const blockers = submissionBlockers(onboardingChecklist(model, await onboardingFacts(tx, model, row)));
    if (blockers.length) throw validationError(`Not ready for review. Still missing: ${blockers.join('; ')}`);
    return {};
  };
