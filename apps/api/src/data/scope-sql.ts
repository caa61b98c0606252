import { tableOf, type Caller, type IdSet, type Scope } from '@rf/domain';
import { q } from '../db/schema-sql.ts';
import type { SqlParams } from './sql-params.ts';
import { lineCompany, policyCompany, sameBuyerCompanySql } from './buyer-company-sql.ts';

const PARTY_TABLE = { investorId: 'investor', spvId: 'spv' } as const;

function groupParam(caller: Caller, params: SqlParams): string | null {
  return caller.groupId ? params.shared('group', caller.groupId) : null;
}

function idSetSql(set: IdSet, group: string): string {
  const partiesVia = (via: keyof typeof PARTY_TABLE) =>
    `SELECT p.id FROM ${q(PARTY_TABLE[via])} p WHERE p."userId" = ${group} AND NOT p."_deleted"`;
  switch (set.of) {
    case 'parties':
      return `SELECT p.id FROM ${q(tableOf(set.model))} p WHERE p."userId" = ${group} AND NOT p."_deleted"`;
    case 'lines':
    case 'lineSuppliers': {
      const column = set.of === 'lines' ? 'b.id' : 'b."supplierId"';
      return `SELECT ${column} FROM "buyer" b WHERE b.${q(set.via)} IN (${partiesVia(set.via)}) AND NOT b."_deleted"`;
    }
    case 'linePolicies':
      return `SELECT i.id FROM "insurance" i JOIN "buyer" b ON ${sameBuyerCompanySql(policyCompany('i'), lineCompany('b'))}
        WHERE b.${q(set.via)} IN (${partiesVia(set.via)}) AND NOT b."_deleted" AND NOT i."_deleted"`;
    case 'introducedSuppliers':
    case 'introducedOrgs': {
      const column = set.of === 'introducedSuppliers' ? 's.id' : 's."userId"';
      const brokers = `SELECT p.id FROM "broker" p WHERE p."userId" = ${group} AND NOT p."_deleted"`;
      return `SELECT ${column} FROM "supplier" s WHERE s."brokerId" IN (${brokers}) AND NOT s."_deleted"`;
    }
  }
}

/**
 * The SQL condition selecting the rows of a scope for a caller (columns unqualified, so it applies
 * to the table in FROM). A caller without an organisation owns nothing.
 */
export function scopeSql(scope: Scope, caller: Caller, params: SqlParams): string {
  switch (scope.kind) {
    case 'all':
      return 'TRUE';
    case 'none':
      return 'FALSE';
    case 'own': {
      const group = groupParam(caller, params);
      return group ? `"userId" = ${group}` : 'FALSE';
    }
    case 'in': {
      const group = groupParam(caller, params);
      return group ? `${q(scope.field)} IN (${idSetSql(scope.set, group)})` : 'FALSE';
    }
    case 'any': {
      const parts = scope.of.map((s) => scopeSql(s, caller, params)).filter((s) => s !== 'FALSE');
      if (parts.includes('TRUE')) return 'TRUE';
      return parts.length ? `(${parts.join(' OR ')})` : 'FALSE';
    }
  }
}
