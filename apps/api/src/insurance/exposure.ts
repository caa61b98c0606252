import {
  advanceOf,
  expiresSoon,
  inForce,
  insuredFigures,
  isUuid,
  scopeOf,
  type BuyerCompany,
  type Caller,
  type ModelName,
} from '@rf/domain';
import { minorUnitsOf, MoneyDecimal, roundHalfUp } from '@rf/domain/money';
import type { Queryable, Row } from '../db/database.ts';
import { lineUses } from '../ledger/line-uses.ts';
import {
  lineCompany,
  policyCompany,
  sameBuyerCompanySql,
  type CompanyColumns,
} from '../data/buyer-company-sql.ts';
import { scopeSql } from '../data/scope-sql.ts';
import { SqlParams } from '../data/sql-params.ts';
import { unauthorized } from '../http/errors.ts';
import { requireCaller, todayOf, type OperationContext } from '../operations/context.ts';

/**
 * Exposure to buyer companies and what their credit insurance covers of it
 * (docs/business-rules.md, “Credit insurance”), computed here only: the screens, the approval
 * warning and the expiry notices read these figures and never add amounts themselves.
 */

/** A policy as the figures name it. */
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

/** One buyer company's exposure in one currency, and what its policy insures of it. */
export interface InsuredExposure {
  /** The buyer line the figures were asked for; null when asked for a policy. */
  readonly buyerId: string | null;
  readonly company: BuyerCompany;
  readonly currency: string;
  /** Outstanding purchases of every line to the company in this currency (see `lineUtilisation`). */
  readonly exposure: string;
  /** The lines to the company, whoever funds them. */
  readonly lines: number;
  /** The policy in force today (for a line), or the policy asked for. */
  readonly policy: PolicySummary | null;
  /** The policy counts today: Active, started and not expired. */
  readonly inForce: boolean;
  readonly insuredLimit: string | null;
  readonly insuredShare: string;
  readonly overInsured: boolean;
  readonly expiresSoon: boolean;
}

/** Who may see insurance figures: administrators and the funders of the lines (not suppliers or brokers). */
function insuranceReader(ctx: OperationContext): Caller {
  const caller = requireCaller(ctx);
  if (caller.role === 'Supplier' || caller.role === 'Broker')
    throw unauthorized('Credit insurance is for administrators and the funders of the buyer lines');
  return caller;
}

/** Reads every line and policy: for the approval warning and the expiry notices. */
export const PLATFORM_READER: Caller = { sub: 'platform', groupId: null, role: 'Admin' };

const readable = (caller: Caller, model: ModelName, params: SqlParams): string =>
  scopeSql(scopeOf(caller.role, model, 'read'), caller, params);

const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/**
 * The exposure of each line: its utilisation as the ledger holds it, the purchase amounts its
 * approved requests use until settled (docs/business-rules.md, “Limits held in the ledger”), in the
 * line's currency. Lines the ledger holds nothing for are left out.
 */
async function lineUtilisation(
  tx: Queryable,
  lineIds: readonly string[],
): Promise<Map<string, { currency: string; amount: string }>> {
  const uses = await lineUses(tx, lineIds);
  return new Map(uses.map((u) => [u.lineId, { currency: u.currency, amount: u.utilisation }]));
}

const policySummary = (p: Row): PolicySummary => ({
  id: String(p.id),
  insurer: String(p.insurance_name ?? ''),
  policyNumber: String(p.insurance_policy_number ?? ''),
  type: str(p.insurance_type),
  status: String(p.insurance_status ?? 'Active'),
  currency: String(p.insurance_cover_currency ?? ''),
  insuredLimit: String(p.insurance_cover_amount ?? '0'),
  coverageRate: String(p.insurance_coverage_rate ?? '0'),
  startDate: String(p.insurance_cover_start_date ?? ''),
  expiryDate: String(p.insurance_cover_end_date ?? ''),
});

/** What the figures are asked for: a buyer line or a policy, with its company and its lines. */
interface Reference {
  readonly id: string;
  readonly buyerId: string | null;
  readonly company: BuyerCompany;
  /** The line's currency: the figures show it even without exposure. */
  readonly currency: string | null;
  readonly lineIds: string[];
  policy: Row | null;
}

const POLICY_COLUMNS = `i.id, i.insurance_name, i.insurance_policy_number, i.insurance_type, i.insurance_status,
  i.insurance_cover_currency, i.insurance_cover_amount::text AS insurance_cover_amount,
  i.insurance_coverage_rate::text AS insurance_coverage_rate,
  i.insurance_cover_start_date::text AS insurance_cover_start_date,
  i.insurance_cover_end_date::text AS insurance_cover_end_date`;

/**
 * The references the caller may read, each with the lines to its company: the buyer lines it may
 * read (one when `buyerId` is given), or the one policy `insuranceId` names.
 */
async function referencesOf(
  tx: Queryable,
  caller: Caller,
  input: { buyerId?: string | null; insuranceId?: string | null },
  today: string,
): Promise<Reference[]> {
  const params = new SqlParams();
  const byPolicy = Boolean(input.insuranceId);
  const own: CompanyColumns = byPolicy ? policyCompany('ref') : lineCompany('ref');
  const ref = byPolicy
    ? `SELECT * FROM "insurance" WHERE NOT "_deleted" AND id = ${params.add(String(input.insuranceId))}
          AND ${readable(caller, 'Insurance', params)}`
    : `SELECT * FROM "buyer" WHERE NOT "_deleted" AND ${readable(caller, 'Buyer', params)}
          ${input.buyerId ? `AND id = ${params.add(input.buyerId)}` : ''}`;
  const rows = await tx.query(
    `WITH ref AS (${ref})
     SELECT ref.id AS ref_id, ${own.name} AS name, ${own.country} AS country, ${own.duns} AS duns,
            ${byPolicy ? 'NULL' : 'ref.buyer_currency'} AS currency, l.id AS line_id
       FROM ref LEFT JOIN "buyer" l ON NOT l."_deleted" AND ${sameBuyerCompanySql(own, lineCompany('l'))}
      ORDER BY ${own.name}, ref.id`,
    params.values,
  );
  const refs = new Map<string, Reference>();
  for (const r of rows) {
    const id = String(r.ref_id);
    let entry = refs.get(id);
    if (!entry) {
      entry = {
        id,
        buyerId: byPolicy ? null : id,
        company: { name: String(r.name ?? ''), country: str(r.country), duns: str(r.duns) },
        currency: str(r.currency),
        lineIds: [],
        policy: null,
      };
      refs.set(id, entry);
    }
    if (r.line_id) entry.lineIds.push(String(r.line_id));
  }
  if (!refs.size) return [];
  // The policy: the one asked for, or the one in force today on each line's company.
  const policies = new SqlParams();
  const ids = policies.add([...refs.keys()]);
  const policyRows = byPolicy
    ? await tx.query(
        `SELECT ${POLICY_COLUMNS}, i.id AS ref_id FROM "insurance" i WHERE i.id = ANY(${ids}::uuid[])`,
        policies.values,
      )
    : await tx.query(
        `SELECT ${POLICY_COLUMNS}, ref.id AS ref_id
           FROM "buyer" ref JOIN "insurance" i ON ${sameBuyerCompanySql(lineCompany('ref'), policyCompany('i'))}
          WHERE ref.id = ANY(${ids}::uuid[]) AND NOT i."_deleted" AND i.insurance_status = 'Active'
            AND i.insurance_cover_start_date <= ${policies.shared('today', today)}::date
            AND i.insurance_cover_end_date >= ${policies.shared('today', today)}::date
          ORDER BY i.insurance_cover_start_date DESC, i.id`,
        policies.values,
      );
  for (const p of policyRows) {
    const entry = refs.get(String(p.ref_id));
    if (entry && !entry.policy) entry.policy = p;
  }
  return [...refs.values()];
}

/** The figures of each reference, one row per currency of its exposure or policy. */
function figuresOf(
  refs: readonly Reference[],
  used: ReadonlyMap<string, { currency: string; amount: string }>,
  today: string,
): InsuredExposure[] {
  return refs.flatMap((ref) => {
    const byCurrency = new Map<string, InstanceType<typeof MoneyDecimal>>();
    const add = (currency: string, amount: string) =>
      byCurrency.set(currency, (byCurrency.get(currency) ?? new MoneyDecimal(0)).plus(amount));
    for (const id of ref.lineIds) {
      const use = used.get(id);
      if (use) add(use.currency, use.amount);
    }
    const policy = ref.policy ? policySummary(ref.policy) : null;
    // A record kept from before policies had a currency shows no policy figures.
    if (policy?.currency) add(policy.currency, '0');
    if (ref.currency) add(ref.currency, '0');
    const counts = ref.policy !== null && inForce(ref.policy, today);
    return [...byCurrency].map(([currency, amount]): InsuredExposure => {
      const exposure = roundHalfUp(amount, minorUnitsOf(currency));
      const insured = insuredFigures(exposure, currency, counts ? policy : null);
      return {
        buyerId: ref.buyerId,
        company: ref.company,
        currency,
        exposure,
        lines: ref.lineIds.length,
        policy,
        inForce: counts,
        ...insured,
        expiresSoon:
          policy !== null &&
          policy.status === 'Active' &&
          policy.currency === currency &&
          expiresSoon(policy.expiryDate, today),
      };
    });
  });
}

/**
 * `insuredExposures`: the exposure to the buyer company of each buyer line the caller may read (of
 * one line when `buyerId` is given), or of the company one policy covers (`insuranceId`), per
 * currency, with the insured limit and share of the policy in force and its flags. The exposure
 * counts every line to the company, whoever funds it: the insured limit is the company's. A line or
 * policy the caller may not read gives nothing.
 */
export async function insuredExposures(
  ctx: OperationContext,
  input: { buyerId?: string | null; insuranceId?: string | null },
): Promise<InsuredExposure[]> {
  return exposureFigures(ctx.db, insuranceReader(ctx), input, todayOf(ctx));
}

/** The figures of `insuredExposures` as `caller` may read them on `today`. */
export async function exposureFigures(
  db: Queryable,
  caller: Caller,
  input: { buyerId?: string | null; insuranceId?: string | null },
  today: string,
): Promise<InsuredExposure[]> {
  for (const id of [input.buyerId, input.insuranceId])
    if (id !== null && id !== undefined && !isUuid(id)) return [];
  const refs = await referencesOf(db, caller, input, today);
  const used = await lineUtilisation(db, [...new Set(refs.flatMap((r) => r.lineIds))]);
  return figuresOf(refs, used, today);
}

/** What approving a request would do to the insured exposure to its buyer company. */
export interface ApprovalInsurance {
  readonly requestId: string;
  readonly currency: string;
  /** The exposure now. */
  readonly exposure: string;
  /** What approving adds: the request's advance, the most it can use once priced; 0 when already counted. */
  readonly addition: string;
  readonly exposureAfter: string;
  readonly policy: PolicySummary | null;
  readonly insuredLimit: string | null;
  /** Approving takes the exposure above the insured limit of the policy in force. */
  readonly overInsuredAfter: boolean;
}

/**
 * `approvalInsurance`: for whoever may read the request (administrators and its line's funders),
 * the exposure to its buyer company before and after approving it. The request is counted at its
 * advance, as the credit-limit rule counts a request awaiting a decision: its purchase amount,
 * fixed at approval, is at most that. Null when the request cannot be read.
 */
export async function approvalInsurance(
  ctx: OperationContext,
  requestId: string,
): Promise<ApprovalInsurance | null> {
  const caller = insuranceReader(ctx);
  if (!isUuid(requestId)) return null;
  const params = new SqlParams();
  const [request] = await ctx.db.query(
    `SELECT r.id, r."buyerId", r.request_status, r.invoice_amount::text AS amount,
            b.buyer_currency, b.buyer_loan_advance_rate::text AS advance
       FROM (SELECT * FROM "request" WHERE NOT "_deleted" AND id = ${params.add(requestId)}
               AND ${readable(caller, 'Request', params)}) r
       JOIN "buyer" b ON b.id = r."buyerId"`,
    params.values,
  );
  if (!request || !request.buyer_currency) return null;
  const currency = String(request.buyer_currency);
  // Whoever may decide the request is told of its line's figures.
  const rows = await exposureFigures(
    ctx.db,
    PLATFORM_READER,
    { buyerId: String(request.buyerId) },
    todayOf(ctx),
  );
  const row = rows.find((r) => r.currency === currency);
  const counted = request.request_status === 'Approved' || request.request_status === 'Settled';
  const digits = minorUnitsOf(currency);
  const addition = counted
    ? new MoneyDecimal(0)
    : advanceOf(String(request.amount ?? '0'), str(request.advance));
  const exposure = row?.exposure ?? roundHalfUp(new MoneyDecimal(0), digits);
  const after = roundHalfUp(MoneyDecimal.max(addition, 0).plus(exposure), digits);
  const policy = row?.inForce ? row.policy : null;
  const insured = insuredFigures(after, currency, policy);
  return {
    requestId,
    currency,
    exposure,
    addition: roundHalfUp(MoneyDecimal.max(addition, 0), digits),
    exposureAfter: after,
    policy: row?.policy ?? null,
    insuredLimit: insured.insuredLimit,
    overInsuredAfter: insured.overInsured,
  };
}
