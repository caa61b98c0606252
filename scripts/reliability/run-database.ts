import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { RoleGroup } from '@rf/domain';
import { openDatabase } from '../../apps/api/src/db/database.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { createUser } from '../../apps/api/src/auth/users.ts';

/** The local PostgreSQL server the runs create their databases on (docs/reliability.md, “Reliability”). */
export const POSTGRES_SERVER = process.env.RELIABILITY_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type DatabaseKind = 'pglite' | 'postgres';

/** The database of one run: where the server finds it, and how to throw it away afterwards. */
export interface RunDatabase {
  readonly kind: DatabaseKind;
  /** `DATABASE_URL` for the server; undefined means PGlite in `<dataDir>/db`. */
  readonly serverUrl: string | undefined;
  /** What `openDatabase` opens while no server holds it (PGlite allows one opener at a time). */
  readonly openUrl: string;
  drop(): Promise<void>;
}

const withDatabase = (server: string, name: string): string => {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
};

/** PGlite in `<dataDir>/db`, or a new database `rel_<random>` on the local PostgreSQL server. */
export async function freshDatabase(kind: DatabaseKind, dataDir: string): Promise<RunDatabase> {
  if (kind === 'pglite') {
    return { kind, serverUrl: undefined, openUrl: join(dataDir, 'db'), drop: async () => undefined };
  }
  const name = `rel_${randomBytes(5).toString('hex')}`;
  const admin = await openDatabase(POSTGRES_SERVER);
  await admin.exec(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = withDatabase(POSTGRES_SERVER, name);
  return {
    kind,
    serverUrl: url,
    openUrl: url,
    drop: async () => {
      const cleanup = await openDatabase(POSTGRES_SERVER);
      await cleanup.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.close();
    },
  };
}

export const RUN_PASSWORD = 'reliability: nine copper kites above the quay';

export interface RunUser {
  readonly email: string;
  readonly groupId: string | null;
  readonly groups: RoleGroup[];
}

/**
 * Migrates the database and creates the run's users with the product's own createUser (as the
 * seed does), before any server opens it.
 */
export async function prepareDatabase(db: RunDatabase, users: readonly RunUser[]): Promise<void> {
  const open = await openDatabase(db.openUrl);
  try {
    await migrate(open);
    for (const u of users)
      await createUser(open, {
        email: u.email,
        password: RUN_PASSWORD,
        name: u.email.split('@')[0] ?? u.email,
        groupId: u.groupId,
        groups: u.groups,
        confirmed: true,
      });
  } finally {
    await open.close();
  }
}
