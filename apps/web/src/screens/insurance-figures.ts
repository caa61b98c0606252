import { companyOfLine, normaliseCompanyName, type BuyerCompany } from '@rf/domain/rules/insurance';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatMoney } from '../entity/format.ts';
import { gql, type ApiRecord } from '../entity/graphql-client.ts';

/**
 * Credit insurance as the server computes it (docs/business-rules.md, “Credit insurance”): the
 * exposure to each buyer company, its policy, insured share and flags. The browser adds nothing up;
 * it picks the row to show and words the flags.
 */

export interface PolicySummary {
  readonly id: string;
  readonly insurer: string;
  readonly policyNumber: string;
  readonly type: string | null;
  readonly status: string;
  readonly currency: string;
  readonly insuredLimit: string;
  readonly coverageRate: string;
  readonly startDate: string;
  readonly expiryDate: string;
}

export interface InsuredExposure {
  readonly buyerId: string | null;
  readonly company: BuyerCompany;
  readonly currency: string;
  readonly exposure: string;
  readonly lines: number;
  readonly policy: PolicySummary | null;
  readonly inForce: boolean;
  readonly insuredLimit: string | null;
  readonly insuredShare: string;
  readonly overInsured: boolean;
  readonly expiresSoon: boolean;
}

export interface ApprovalInsurance {
  readonly currency: string;
  readonly exposure: string;
  readonly addition: string;
  readonly exposureAfter: string;
  readonly policy: PolicySummary | null;
  readonly insuredLimit: string | null;
  readonly overInsuredAfter: boolean;
}

const POLICY = 'id insurer policyNumber type status currency insuredLimit coverageRate startDate expiryDate';

export const INSURED_EXPOSURES = `query InsuredExposures($buyerId: ID, $insuranceId: ID) {
  insuredExposures(buyerId: $buyerId, insuranceId: $insuranceId) {
    buyerId company { name country duns } currency exposure lines inForce insuredLimit insuredShare
    overInsured expiresSoon policy { ${POLICY} }
  }
}`;

export const APPROVAL_INSURANCE = `query ApprovalInsurance($requestId: ID!) {
  approvalInsurance(requestId: $requestId) {
    currency exposure addition exposureAfter insuredLimit overInsuredAfter policy { ${POLICY} }
  }
}`;

/**
 * The figures of one buyer line (`buyerId`), of the company of one policy (`insuranceId`), or of
 * every line the user may read. Keyed under Insurance, so a changed policy refreshes them.
 */
export function useInsuredExposures(
  args: { buyerId?: string; insuranceId?: string },
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: ['Insurance', 'exposures', args],
    enabled: options.enabled ?? true,
    queryFn: async () =>
      (await gql<{ insuredExposures: InsuredExposure[] }>(INSURED_EXPOSURES, args)).insuredExposures,
  });
}

/** What approving a request would do to the insured exposure to its buyer. */
export function useApprovalInsurance(requestId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['Insurance', 'approval', requestId],
    enabled,
    queryFn: async () =>
      (await gql<{ approvalInsurance: ApprovalInsurance | null }>(APPROVAL_INSURANCE, { requestId }))
        .approvalInsurance,
  });
}

/** The row of a line in its own currency, from the rows of every line. */
export function insuranceOfLine(
  rows: readonly InsuredExposure[] | undefined,
  line: Pick<ApiRecord, 'id'> & { readonly buyer_currency?: unknown },
): InsuredExposure | null {
  return rows?.find((r) => r.buyerId === line.id && r.currency === line.buyer_currency) ?? null;
}

export interface InsuranceFlag {
  readonly label: string;
  readonly tone: 'error' | 'warning';
}

/** The flags of a row, worded for screens: over the insured limit, expiring soon. */
export function insuranceFlags(row: InsuredExposure): InsuranceFlag[] {
  const flags: InsuranceFlag[] = [];
  if (row.overInsured) flags.push({ label: 'Over insured limit', tone: 'error' });
  if (row.expiresSoon && row.policy)
    flags.push({ label: `Expires ${formatDate(row.policy.expiryDate)}`, tone: 'warning' });
  return flags;
}

/** Why no policy counts for a row's exposure, or null when one does. */
export function uninsuredReason(row: InsuredExposure): string | null {
  if (row.policy && row.inForce && row.insuredLimit !== null) return null;
  if (row.policy && row.inForce) return `The policy covers ${row.policy.currency} only`;
  if (row.policy) return `Policy ${row.policy.policyNumber} is ${row.policy.status}, not in force`;
  return 'No policy in force';
}

/** The warning of a request's approval dialog, or null when approving stays within the insured limit. */
export function approvalWarning(a: ApprovalInsurance): string | null {
  if (!a.overInsuredAfter || !a.policy || a.insuredLimit === null) return null;
  return `Approving takes the exposure to this buyer to ${formatMoney(a.exposureAfter, a.currency)}, above the insured limit of ${formatMoney(a.insuredLimit, a.currency)} (${a.policy.insurer} policy ${a.policy.policyNumber}). You can still approve: what is above the limit is not insured.`;
}

/** A buyer company a policy form can be filled from, named by one of its lines. */
export interface CompanyChoice {
  readonly key: string;
  readonly label: string;
  readonly lineId: string;
  readonly company: BuyerCompany;
}

/**
 * The buyer companies of the lines, one entry each (same D-U-N-S number, else same name and
 * country), sorted by name: what the policy form offers to fill the company from.
 */
export function companyChoices(lines: readonly ApiRecord[]): CompanyChoice[] {
  const seen = new Map<string, CompanyChoice>();
  for (const line of lines) {
    const company = companyOfLine(line);
    if (!company.name) continue;
    const key = company.duns ?? `${normaliseCompanyName(company.name)}|${company.country ?? ''}`;
    if (seen.has(key)) continue;
    const where = [company.country, company.duns ? `D-U-N-S ${company.duns}` : null]
      .filter(Boolean)
      .join(' · ');
    seen.set(key, {
      key,
      label: where ? `${company.name} (${where})` : company.name,
      lineId: line.id,
      company,
    });
  }
  return [...seen.values()].sort((a, b) => a.label.localeCompare(b.label));
}
