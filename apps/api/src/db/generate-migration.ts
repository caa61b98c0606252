/**
 * Writes the next migration from the difference between the entity registry and the last snapshot:
 * new tables for new models, new columns for new fields, dropped columns for removed fields. Run with `npm run db:generate -- <name>`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MODEL_NAMES, tableOf } from '@rf/domain';
import { createTableSql, q, snapshotOfRegistry, type SchemaSnapshot } from './schema-sql.ts';
import { MIGRATIONS_DIR, migrationFiles } from './migrate.ts';

const SNAPSHOT = join(MIGRATIONS_DIR, 'schema-snapshot.json');

export function readSnapshot(): SchemaSnapshot {
  try {
    return JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as SchemaSnapshot;
  } catch {
    return {};
  }
}

/** The SQL that brings a database at `previous` to the registry's schema; empty when nothing changed. */
export function migrationSql(previous: SchemaSnapshot): string {
  const current = snapshotOfRegistry();
  const statements: string[] = [];
  for (const model of MODEL_NAMES) {
    const table = tableOf(model);
    const before = previous[table];
    if (!before) {
      statements.push(createTableSql(model));
      continue;
    }
    const now = current[table] ?? {};
    for (const [column, type] of Object.entries(now)) {
      if (!(column in before)) statements.push(`ALTER TABLE ${q(table)} ADD COLUMN ${q(column)} ${type};`);
      else if (before[column] !== type)
        throw new Error(
          `${table}.${column} changed type from ${before[column]} to ${type}: write that migration by hand`,
        );
    }
    // A field removed from the registry takes its column (and the indexes on it) with it.
    for (const column of Object.keys(before))
      if (!(column in now)) statements.push(`ALTER TABLE ${q(table)} DROP COLUMN ${q(column)};`);
  }
  return statements.join('\n\n');
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const name = (process.argv[2] ?? 'registry').replace(/[^\w-]/g, '_');
  const sql = migrationSql(readSnapshot());
  if (!sql) {
    console.log('The registry matches the last migration; nothing to generate.');
  } else {
    const next = String(migrationFiles().length + 1).padStart(4, '0');
    const file = join(MIGRATIONS_DIR, `${next}_${name}.sql`);
    writeFileSync(file, `-- Generated from the entity registry by npm run db:generate.\n\n${sql}\n`);
    writeFileSync(SNAPSHOT, `${JSON.stringify(snapshotOfRegistry(), null, 2)}\n`);
    console.log(`Wrote ${file}`);
  }
}
