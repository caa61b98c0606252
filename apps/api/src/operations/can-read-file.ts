import { MODEL_NAMES, REGISTRY, scopeOf, tableOf, type Caller } from '@rf/domain';
import { q } from '../db/schema-sql.ts';
import type { Queryable } from '../db/database.ts';
import { scopeSql } from '../data/scope-sql.ts';
import { SqlParams } from '../data/sql-params.ts';

/**
 * A file may be downloaded by whoever may read a record that holds its key in an attachment
 * field: the access policy covers files too
 * (docs/architecture.md, “Where each kind of rule lives”). One query over every model.
 */
export async function canReadFile(db: Queryable, caller: Caller, key: string): Promise<boolean> {
  const params = new SqlParams();
  const keyParam = params.add(key);
  const parts: string[] = [];
  for (const model of MODEL_NAMES) {
    const attachments = REGISTRY[model].fields.filter((f) => f.type === 'attachment');
    if (!attachments.length) continue;
    const scope = scopeSql(scopeOf(caller.role, model, 'read'), caller, params);
    if (scope === 'FALSE') continue;
    const matches = attachments.map((f) => `${q(f.name)} = ${keyParam}`).join(' OR ');
    parts.push(`SELECT 1 FROM ${q(tableOf(model))} WHERE NOT "_deleted" AND (${matches}) AND ${scope}`);
  }
  // Earlier files of a document stay readable by whoever may read the document.
  const documentScope = scopeSql(scopeOf(caller.role, 'Document', 'read'), caller, params);
  if (documentScope !== 'FALSE') {
    parts.push(
      `SELECT 1 FROM "document" WHERE id IN (SELECT document_id FROM document_versions WHERE attachment = ${keyParam}) AND NOT "_deleted" AND ${documentScope}`,
    );
  }
  if (!parts.length) return false;
  const rows = await db.query(`SELECT EXISTS (${parts.join(' UNION ALL ')}) AS found`, params.values);
  return rows[0]?.found === true;
}
