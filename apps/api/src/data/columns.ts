import { isSecretField, type EntityDef, type ModelName } from '@rf/domain';
import { q } from '../db/schema-sql.ts';
import type { Row } from '../db/database.ts';

export const VERSION_COLUMNS = ['_version', '_deleted', '_lastChangedAt'] as const;

/** Every column of a model the API may return. */
export function apiColumns(entity: EntityDef): string[] {
  return [...entity.allFields.map((f) => f.name), ...VERSION_COLUMNS];
}

/** The SELECT list for the requested fields (all when none are given); id and createdAt always come. */
export function selectList(entity: EntityDef, requested?: readonly string[]): string {
  const known = new Set(apiColumns(entity));
  const names = new Set<string>(['id', 'createdAt']);
  for (const name of requested ?? apiColumns(entity)) if (known.has(name)) names.add(name);
  return [...names]
    .filter((n) => !isSecretField(entity.name as ModelName, n))
    .map(q)
    .join(', ');
}

/**
 * A database row as the API returns it: secrets are never read back
 * (docs/architecture.md, “API errors, filters and secrets”).
 */
export function toRecord(entity: EntityDef, row: Row): Row {
  for (const f of entity.allFields) if (f.type === 'secret') row[f.name] = null;
  return row;
}
