import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase, type Database } from './database.ts';
import { migrate } from './migrate.ts';

/** A migrated, empty database for one test file: in-memory PGlite, or a fresh schema in PostgreSQL. */
export async function openTestDatabase(kind: Kind): Promise<Database> {
  if (kind === 'pglite') {
    const db = await openDatabase('memory://');
    await migrate(db);
    return db;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase(url);
  await admin.exec(`CREATE SCHEMA ${schema}`);
  await admin.close();
  const db = await openDatabase(url, { schema });
  await migrate(db);
  const close = db.close.bind(db);
  return {
    ...db,
    close: async () => {
      await close();
      const cleanup = await openDatabase(url);
      await cleanup.exec(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.close();
    },
  };
}

type Kind = 'pglite' | 'postgres';

/**
 * The database kinds under test: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set;
 * `TEST_DATABASES=postgres` keeps PostgreSQL only (CI's second pass, after the PGlite one).
 */
export const TEST_DATABASE_KINDS: Kind[] = ((): Kind[] => {
  const all: Kind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const only = process.env.TEST_DATABASES?.split(',').map((k) => k.trim());
  return only ? all.filter((k) => only.includes(k)) : all;
})();

/** Runs a suite once per database kind, with a migrated database opened before and closed after. */
export function describeDatabases(name: string, suite: (db: () => Database, kind: string) => void): void {
  for (const kind of TEST_DATABASE_KINDS) {
    describe(`${name} [${kind}]`, () => {
      let db: Database | undefined;
      beforeAll(async () => {
        db = await openTestDatabase(kind);
      });
      afterAll(async () => {
        await db?.close();
      });
      suite(() => {
        if (!db) throw new Error('database not open');
        return db;
      }, kind);
    });
  }
}
