import { scopeOf, type AccountKindName, type Caller, type DashboardArea } from '@rf/domain';
import { scopeSql } from '../data/scope-sql.ts';
import type { SqlParams } from '../data/sql-params.ts';

/**
 * Which rows a dashboard sums (docs/business-rules.md, “Dashboards”): exactly those the caller
 * could list, compiled from the access policy as `listRequests` and `listBuyers` compile it, and
 * the fees that are the caller's own.
 */

export const AREA_OF_ROLE: Readonly<Record<Caller['role'], DashboardArea>> = {
  Admin: 'admin',
  Supplier: 'supplier',
  Investor: 'investor',
  Spv: 'spv',
  Broker: 'broker',
};

/** The currency of a request: its own, or its line's for a request kept from before the checks. */
const REQUEST_CURRENCY = `COALESCE(NULLIF(r.invoice_currency, ''), (SELECT l.buyer_currency FROM "buyer" l WHERE l.id = r."buyerId"))`;

/**
 * The policy's condition for `model` as alternatives: a scope that admits rows on several grounds
 * (`any`: its own, or a line it funds) gives one condition per ground, so that each can use its
 * index instead of one OR that only a scan of the whole table can answer.
 */
function conditionsOf(caller: Caller, model: 'Request' | 'Buyer', params: SqlParams): string[] {
  const scope = scopeOf(caller.role, model, 'read');
  const parts = scope.kind === 'any' ? scope.of : [scope];
  const sql = parts.map((part) => scopeSql(part, caller, params)).filter((c) => c !== 'FALSE');
  if (sql.includes('TRUE')) return ['TRUE'];
  return sql.length ? sql : ['FALSE'];
}

/**
 * One SELECT per condition, UNION ALL: each takes the rows its condition admits and no earlier
 * one did (`IS NOT TRUE`, so a NULL counts as not admitted), so every row comes once and the union
 * is exactly what the whole condition selects.
 */
function unionOf(conditions: readonly string[], select: (condition: string) => string): string {
  return conditions
    .map((c, i) =>
      select([c, ...conditions.slice(0, i).map((earlier) => `(${earlier}) IS NOT TRUE`)].join(' AND ')),
    )
    .join('\n UNION ALL ');
}

/**
 * A SELECT of the caller's readable requests (not deleted): `columns` over the table aliased `r`,
 * plus `currency` (the request's, else its line's). The policy's conditions name columns
 * unqualified, which resolve to `r`, the only table of the FROM.
 */
export function visibleRequestsSql(
  caller: Caller,
  params: SqlParams,
  columns: string,
  where = 'TRUE',
  join = '',
): string {
  return unionOf(
    conditionsOf(caller, 'Request', params),
    (scope) => `SELECT ${columns}, ${REQUEST_CURRENCY} AS currency
            FROM "request" r ${join}
           WHERE NOT r."_deleted" AND ${scope} AND ${where}`,
  );
}

/** Whether the caller reads every request (an administrator): its sums read the whole table. */
export const readsEveryRequest = (caller: Caller): boolean =>
  scopeOf(caller.role, 'Request', 'read').kind === 'all';

/** Whether the caller reads every line (an administrator): its line figures read every kept row. */
export const readsEveryLine = (caller: Caller): boolean =>
  scopeOf(caller.role, 'Buyer', 'read').kind === 'all';

/** A SELECT of the caller's readable buyer lines (not deleted), the table aliased `b`. */
export function visibleLinesSql(caller: Caller, params: SqlParams, columns: string, where = 'TRUE'): string {
  return unionOf(
    conditionsOf(caller, 'Buyer', params),
    (scope) => `SELECT ${columns} FROM "buyer" b WHERE NOT b."_deleted" AND ${scope} AND ${where}`,
  );
}

/** The ids of the caller organisation's own party records of `table` (investor, spv, broker). */
function myParties(table: 'investor' | 'spv' | 'broker', caller: Caller, params: SqlParams): string {
  if (!caller.groupId) return 'SELECT NULL::uuid WHERE FALSE';
  const group = params.shared('group', caller.groupId);
  return `SELECT p.id FROM "${table}" p WHERE p."userId" = ${group} AND NOT p."_deleted"`;
}

const n = (column: string) => `COALESCE(r.${column}, 0)`;

/**
 * The fees an area earns (or, for a supplier, pays) on one request, as the request stores them,
 * and the ledger account that books them with whose accounts count
 * (docs/business-rules.md, “The ledger”): administrators the platform fee revenue (transaction fee
 * less the broker's); an investor its discount income (discount less transaction and SPV fees) on
 * the requests it funds; an SPV its fees; a broker its commissions on the requests of its lines; a
 * supplier the discount fees of its requests, which no account of its own holds.
 */
export interface FeeSource {
  /** SQL over `r` (a request row): the fee as stored on the request. */
  readonly stored: string;
  /** The ledger account kind holding the fee, or null when the ledger has none of the area's. */
  readonly kind: AccountKindName | null;
  /** SQL over `a` (a ledger account): the accounts that are the caller's. */
  readonly accounts: string;
}

export function feeSourceOf(area: DashboardArea, caller: Caller, params: SqlParams): FeeSource {
  switch (area) {
    case 'admin':
      return {
        stored: `${n('transaction_fee_amount')} - ${n('broker_fee_amount')}`,
        kind: 'platform_fee_revenue',
        accounts: 'a.party_id IS NULL',
      };
    case 'investor': {
      const mine = myParties('investor', caller, params);
      return {
        stored: `CASE WHEN r."investorId" IN (${mine}) THEN ${n('discount_fee_amount')} - ${n('transaction_fee_amount')} - ${n('spv_fee_amount')} ELSE 0 END`,
        kind: 'investor_discount_income',
        accounts: `a.party_id IN (${mine})`,
      };
    }
    case 'spv': {
      const mine = myParties('spv', caller, params);
      return {
        stored: `CASE WHEN r."spvId" IN (${mine}) THEN ${n('spv_fee_amount')} ELSE 0 END`,
        kind: 'spv_fee_payable',
        accounts: `a.party_id IN (${mine})`,
      };
    }
    case 'broker': {
      const mine = myParties('broker', caller, params);
      return {
        stored: `CASE WHEN r."brokerId" IN (${mine}) THEN ${n('broker_fee_amount')} ELSE 0 END`,
        kind: 'broker_commission_payable',
        accounts: `a.party_id IN (${mine})`,
      };
    }
    case 'supplier':
      return { stored: n('discount_fee_amount'), kind: null, accounts: 'FALSE' };
  }
}
