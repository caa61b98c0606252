import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '@rf/domain';
import { createUser } from '../auth/users.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate, migrationsApplied } from '../db/migrate.ts';
import { TEST_DATABASE_KINDS } from '../db/test-databases.ts';
import { createLocalFileStore } from '../files/local-file-store.ts';
import { pdfBytes, pngBytes } from '../files/test-fixtures.ts';
import { uploadFile } from '../files/upload-file.ts';
import { loadKeys } from '../keys.ts';
import { createRecord } from '../operations/create-record.ts';
import { updateRecord } from '../operations/update-record.ts';
import { backupSite, restoreSite, type BackupConfig } from './site-backup.ts';

/**
 * docs/reliability.md, “Backup and restore”, on a small installation: records, files and keys made
 * by the product's own functions, backed up, restored into a new data folder and database, and
 * compared table by table, file by file.
 */

const ADMIN: Caller = { sub: 'backup-admin', groupId: '30000000-0000-4000-8000-000000000000', role: 'Admin' };
const SUPPLIER: Caller = {
  sub: 'backup-supplier',
  groupId: '30000000-0000-4000-8000-00000000000a',
  role: 'Supplier',
};

/** A database of `kind` at a new place: a PGlite folder, or a new PostgreSQL database. */
async function newDatabase(kind: string, dir: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (kind === 'pglite') return { url: join(dir, 'db'), drop: async () => undefined };
  const server = process.env.TEST_DATABASE_URL ?? '';
  const name = `bk_${randomBytes(5).toString('hex')}`;
  const admin = await openDatabase(server);
  await admin.exec(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = await openDatabase(server);
      await cleanup.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.close();
    },
  };
}

/** Every row of every table, as text, in a stable order. */
async function contents(db: Database): Promise<Record<string, string[]>> {
  const tables = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await db.query<{ r: string }>(`SELECT to_jsonb(t)::text AS r FROM "${name}" t ORDER BY 1`);
    out[name] = rows.map((row) => row.r);
  }
  return out;
}

/** Relative path → SHA-256 of every file under `dir`, leaving out unfinished uploads. */
async function digests(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (!entry.isFile() || relative(dir, path).startsWith('.tmp')) continue;
    out[relative(dir, path)] = createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
  }
  return out;
}

/**
 * A few users, records (each updated once), uploaded files and keys, as the running product makes
 * them; returns what the database then holds.
 */
async function seed(config: BackupConfig): Promise<Record<string, string[]>> {
  const db = await openDatabase(config.databaseUrl);
  try {
    await migrate(db);
    const keys = await loadKeys(config.dataDir, {});
    await createUser(db, { email: 'backup-admin@example.com', name: 'Admin', groups: ['Admin'] });
    const admin = { db, keys, caller: ADMIN };
    const supplier = await createRecord(admin, {
      model: 'Supplier',
      values: { userId: SUPPLIER.groupId, supplier_name: 'Backup Textiles Ltd' },
    });
    for (const name of ['Ada Director', 'Ben Director']) {
      const director = await createRecord(admin, {
        model: 'Director',
        values: { supplierId: supplier.id, director_name: name },
      });
      await updateRecord(admin, {
        model: 'Director',
        values: { id: director.id, _version: director._version, director_jobtitle: 'Chair' },
      });
    }
    const store = createLocalFileStore(join(config.dataDir, 'files'));
    for (const [fileName, bytes] of [
      ['invoice.pdf', pdfBytes('Invoice 7')],
      ['stamp.png', pngBytes(4096)],
    ] as const)
      await uploadFile({
        db,
        store,
        caller: SUPPLIER,
        fileName,
        source: Readable.from([bytes]),
        sizeLimit: 1e6,
      });
    // An upload cut off mid-way leaves a temporary file, which a backup leaves out.
    await mkdir(join(config.dataDir, 'files', '.tmp'), { recursive: true });
    await writeFile(join(config.dataDir, 'files', '.tmp', 'unfinished'), 'partial');
    return await contents(db);
  } finally {
    await db.close();
  }
}

for (const kind of TEST_DATABASE_KINDS) {
  describe(`backup and restore [${kind}]`, () => {
    let root: string;
    let source: BackupConfig;
    let restored: BackupConfig;
    let seeded: Record<string, string[]>;
    const drops: (() => Promise<void>)[] = [];

    beforeAll(async () => {
      root = await mkdtemp(join(tmpdir(), 'rf-backup-'));
      const from = await newDatabase(kind, join(root, 'source'));
      const to = await newDatabase(kind, join(root, 'restored'));
      drops.push(from.drop, to.drop);
      source = { dataDir: join(root, 'source'), databaseUrl: from.url, s3Bucket: undefined };
      restored = { dataDir: join(root, 'restored'), databaseUrl: to.url, s3Bucket: undefined };
      seeded = await seed(source);
    });
    afterAll(async () => {
      for (const drop of drops) await drop();
      if (root) await rm(root, { recursive: true, force: true });
    });

    it('restores every row, file and key into a new place', async () => {
      const manifest = await backupSite(source, join(root, 'backup'));
      expect(manifest).toMatchObject({ database: kind, files: 2, keys: true });
      await restoreSite(join(root, 'backup'), restored);

      const after = await openDatabase(restored.databaseUrl);
      try {
        expect(await migrationsApplied(after)).toBe(true);
        expect(seeded.director).toHaveLength(2);
        expect(seeded.files).toHaveLength(2);
        expect(await contents(after)).toEqual(seeded);
      } finally {
        await after.close();
      }
      const files = await digests(join(source.dataDir, 'files'));
      expect(Object.keys(files)).toHaveLength(2);
      expect(await digests(join(restored.dataDir, 'files'))).toEqual(files);
      expect(existsSync(join(restored.dataDir, 'files', '.tmp'))).toBe(false);
      expect(await digests(join(restored.dataDir, 'keys'))).toEqual(
        await digests(join(source.dataDir, 'keys')),
      );
      expect((await loadKeys(restored.dataDir, {})).kid).toBe((await loadKeys(source.dataDir, {})).kid);
    });

    it('refuses to restore over an installation that has data', async () => {
      await expect(restoreSite(join(root, 'backup'), restored)).rejects.toThrow(/exists/);
      await expect(backupSite(source, join(root, 'backup'))).rejects.toThrow(/exists/);
    });
  });
}
