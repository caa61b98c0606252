import {
  MODEL_NAMES,
  REGISTRY,
  SOFR_COLUMN_OF_SERIES,
  adjustedDiscountFeeRate,
  describeIssues,
  priceRequest,
  recordSchema,
  selectFixing,
  tableOf,
  type BaseRateSeries,
  type ModelName,
} from '@rf/domain';
import type { Queryable, Row } from '../db/database.ts';

/**
 * Invariants of seeded data, shared by the demo and the scale tests: each returns a list of
 * human-readable problems, empty when the data is consistent.
 */

type RequestRow = Record<string, string | number | null>;
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** Every request's stored pricing against the engine, fed with the stored terms and SOFR fixings. */
export async function pricingProblems(db: Queryable): Promise<string[]> {
  const sofr = await db.query<Row & { date: string }>('SELECT * FROM "sofr" WHERE NOT "_deleted"');
  const requests = await db.query<RequestRow>('SELECT * FROM "request" WHERE NOT "_deleted"');
  const problems: string[] = [];
  for (const r of requests) {
    const label = `request ${str(r.invoice_number)} (${str(r.request_status)})`;
    if (r.request_status === 'Declined') {
      for (const f of ['discount_fee_amount', 'transaction_fee_amount', 'invoice_purchase_amount']) {
        if (Number(r[f]) !== 0) problems.push(`${label}: ${f} should be 0 after decline`);
      }
      continue;
    }
    // A request is priced when it is approved; before that it holds no price.
    if (!r.payout_date) {
      if (r.request_status === 'Approved' || r.request_status === 'Settled')
        problems.push(`${label}: approved without a price`);
      continue;
    }
    const series = str(r.base_rate) as BaseRateSeries;
    const column = SOFR_COLUMN_OF_SERIES[series];
    const fixing = selectFixing(
      sofr.map((s) => ({ date: s.date, value: s[column] === null ? null : str(s[column]) })),
      str(r.payout_date),
    );
    if (Number(fixing.value) !== Number(r.base_rate_amount)) {
      problems.push(
        `${label}: base_rate_amount ${str(r.base_rate_amount)} but the fixing is ${fixing.value}`,
      );
    }
    const expected = priceRequest({
      invoiceAmount: str(r.invoice_amount),
      currency: str(r.invoice_currency),
      advanceRate: str(r.advance_rate),
      baseRate: fixing.value,
      spread: str(r.discount_fee_rate),
      transactionFeeRate: str(r.transaction_fee_rate),
      brokerFeeRate: r.broker_fee_rate === null ? null : str(r.broker_fee_rate),
      spvFeeRate: str(r.spv_fee_rate),
      payoutDate: str(r.payout_date),
      dueDate: str(r.invoice_due_date),
    });
    for (const [field, value] of Object.entries(expected)) {
      const stored = field === 'days' ? r.invoice_purchase_duration : r[field];
      if (Number(stored) !== Number(value))
        problems.push(`${label}: ${field} ${str(stored)}, engine says ${value}`);
    }
    if (r.request_status === 'Settled') {
      const adjusted = adjustedDiscountFeeRate({
        baseRate: fixing.value,
        spread: str(r.discount_fee_rate),
        payoutDate: str(r.payout_date),
        dueDate: str(r.invoice_due_date),
        paybackDate: str(r.payback_date),
      });
      if (Number(adjusted) !== Number(r.discount_fee_rate_adjusted)) {
        problems.push(
          `${label}: discount_fee_rate_adjusted ${str(r.discount_fee_rate_adjusted)}, engine says ${adjusted}`,
        );
      }
    }
  }
  return problems;
}

/** Every stored record passes the API's own validators (required fields, formats, enums). */
export async function validationProblems(
  db: Queryable,
  models: readonly ModelName[] = MODEL_NAMES,
): Promise<string[]> {
  const problems: string[] = [];
  for (const model of models) {
    const schema = recordSchema(REGISTRY[model], { requireRequired: true });
    const rows = await db.query(`SELECT * FROM "${tableOf(model)}" WHERE NOT "_deleted"`);
    // The importer's key against duplicate transactions is no field of the entity (0014_payments.sql).
    for (const { _version: _v, _deleted: _d, _lastChangedAt: _l, _dedupe_key: _k, ...record } of rows) {
      const result = schema.safeParse(record);
      if (!result.success) problems.push(`${model} ${str(record.id)}: ${describeIssues(result.error)}`);
    }
  }
  return problems;
}

/** docs/architecture.md, “Identity of records”: the domain id and sortkey repeat the id; userId and identityId name the owner. */
export async function identityProblems(db: Queryable): Promise<string[]> {
  const problems: string[] = [];
  for (const model of MODEL_NAMES) {
    const entity = REGISTRY[model];
    const domainId = entity.domainId ? `"${entity.domainId}"` : 'id';
    const sortkey = model === 'Usergroup' ? '"groupId"' : domainId;
    const [bad] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${tableOf(model)}"
        WHERE ${domainId}::text <> id::text OR sortkey IS DISTINCT FROM ${sortkey}::text
           OR "userId" IS NULL OR "identityId" IS DISTINCT FROM "userId"`,
    );
    if (bad && bad.n > 0) problems.push(`${model}: ${bad.n} records break the id, sortkey or owner rules`);
  }
  const [orphans] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "request" r
      WHERE NOT EXISTS (SELECT 1 FROM "usergroup" g WHERE g."groupId" = r."userId" AND g.group_type = 'Supplier')`,
  );
  if (orphans && orphans.n > 0)
    problems.push(`${orphans.n} requests are not owned by a supplier organisation`);
  return problems;
}

/** Company and people facts: ownership at most 100 %, adults, IDs issued before expiry, ratios derived. */
export async function peopleAndFiguresProblems(db: Queryable, today: string): Promise<string[]> {
  const checks: [string, string][] = [
    [
      'UBO ownership above 100 %',
      `SELECT count(*)::int AS n FROM (SELECT "userId", coalesce("supplierId","investorId","spvId","brokerId","buyerId") AS party,
         sum(ubo_ownership_percentage) AS total FROM "ubo" GROUP BY 1, 2) t WHERE total > 100`,
    ],
    [
      'minor directors',
      `SELECT count(*)::int AS n FROM "director" WHERE director_date_of_birth > ($1::date - interval '18 years')`,
    ],
    [
      'minor UBOs',
      `SELECT count(*)::int AS n FROM "ubo" WHERE ubo_date_of_birth > ($1::date - interval '18 years')`,
    ],
    [
      'director IDs expiring before issue',
      `SELECT count(*)::int AS n FROM "director" WHERE director_id_issue_date >= director_id_expiry_date`,
    ],
    [
      'UBO IDs expiring before issue',
      `SELECT count(*)::int AS n FROM "ubo" WHERE ubo_id_issue_date >= ubo_id_expiry_date`,
    ],
    [
      'incorporation dates outside 1900..today',
      `SELECT count(*)::int AS n FROM "supplier" WHERE supplier_date_of_incorporation NOT BETWEEN '1900-01-01' AND $1::date`,
    ],
    [
      'current ratios not current_assets / current_liabilities',
      `SELECT count(*)::int AS n FROM "financials" WHERE current_ratio <> round(current_assets / current_liabilities, 4)`,
    ],
    [
      'balance sheets that do not balance',
      `SELECT count(*)::int AS n FROM "financials" WHERE total_assets <> total_liabilities + total_equity
          OR working_capital <> current_assets - current_liabilities OR gross_margin <> sales - cost_of_goods_sold`,
    ],
  ];
  const problems: string[] = [];
  for (const [label, sql] of checks) {
    const [row] = await db.query<{ n: number }>(sql, sql.includes('$1') ? [today] : []);
    if (row && row.n > 0) problems.push(`${row.n} ${label}`);
  }
  return problems;
}
