import { expect, it } from 'vitest';
import { describeDatabases } from './test-databases.ts';

describeDatabases('Database.script', (db) => {
  it('returns the rows of every statement of the script, in order', async () => {
    const rows = await db().script!(
      `BEGIN; SELECT 1 AS a; CREATE TEMP TABLE script_probe (n int); INSERT INTO script_probe VALUES (2), (3) RETURNING n; COMMIT;`,
    );
    expect(rows).toEqual([{ a: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('leaves no transaction open when a statement of a block fails', async () => {
    await db().exec('CREATE TABLE script_rollback (n int)');
    await expect(
      db().script!(`BEGIN; INSERT INTO script_rollback VALUES (1); SELECT 1 / 0; COMMIT;`),
    ).rejects.toThrow(/division by zero/);
    // The next statements run outside any transaction, and the failed block wrote nothing.
    expect(await db().query('SELECT count(*)::int AS n FROM script_rollback')).toEqual([{ n: 0 }]);
    await db().query('INSERT INTO script_rollback VALUES (2)');
    await db().transaction(async (tx) => tx.query('INSERT INTO script_rollback VALUES (3)'));
    expect(await db().query('SELECT n FROM script_rollback ORDER BY n')).toEqual([{ n: 2 }, { n: 3 }]);
  });
});
