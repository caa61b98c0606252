import { describe, expect, it } from 'vitest';
import { migrationSql, readSnapshot } from './generate-migration.ts';

describe('the migration generator', () => {
  it('drops the column of a field removed from the registry, and adds the column of a new one', () => {
    const snapshot = readSnapshot();
    const { insurance_policy_number: _added, ...before } = snapshot.insurance ?? {};
    const sql = migrationSql({ ...snapshot, insurance: { ...before, insurance_old_field: 'text' } });
    expect(sql.split('\n\n')).toEqual([
      'ALTER TABLE "insurance" ADD COLUMN "insurance_policy_number" text;',
      'ALTER TABLE "insurance" DROP COLUMN "insurance_old_field";',
    ]);
  });
});
