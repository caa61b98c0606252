import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { isPostgresUrl } from '../db/database.ts';
import { backupDatabase, databaseFileOf, restoreDatabase } from '../db/database-backup.ts';

/**
 * A whole installation's backup in one folder (docs/reliability.md, “Backup and restore”): the
 * database, the local file store (`<DATA_DIR>/files`) and the keys (`<DATA_DIR>/keys`: token
 * signing key and the secret of paging cursors), with a manifest.
 *
 * The database is taken first and the files after it: an upload stores its file before the row
 * that names it, so every file the backed-up database names is in the backed-up files (a file
 * uploaded in between is there without a row, which nothing reads).
 */

export type BackupConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 's3Bucket'>;

export interface Manifest {
  readonly format: 1;
  readonly createdAt: string;
  readonly database: 'pglite' | 'postgres';
  readonly databaseFile: string;
  /** Files of the local store, and their bytes. */
  readonly files: number;
  readonly fileBytes: number;
  /** Whether the keys came from `<DATA_DIR>/keys` (false when the configuration supplies them). */
  readonly keys: boolean;
}

const MANIFEST = 'manifest.json';
/** Unfinished uploads of the local store (apps/api/src/files/local-file-store.ts): never backed up. */
const TMP_DIR = '.tmp';

const kindOf = (url: string): Manifest['database'] => (isPostgresUrl(url) ? 'postgres' : 'pglite');

async function folderSize(dir: string): Promise<{ files: number; bytes: number }> {
  if (!existsSync(dir)) return { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

function refuseS3(config: BackupConfig): void {
  if (config.s3Bucket)
    throw new Error(
      'Files are in S3 (S3_BUCKET): back the bucket up with its own versioning or replication (docs/reliability.md, “Backup and restore”)',
    );
}

/**
 * Backs the installation `config` describes up into the folder `to`, which must not exist yet; a
 * backup that fails leaves no folder behind, so a folder with a manifest is a complete backup.
 */
export async function backupSite(config: BackupConfig, to: string): Promise<Manifest> {
  refuseS3(config);
  if (existsSync(to)) throw new Error(`${to} exists: back up into a new folder`);
  await mkdir(to, { recursive: true });
  try {
    return await backupInto(config, to);
  } catch (error) {
    await rm(to, { recursive: true, force: true });
    throw error;
  }
}

async function backupInto(config: BackupConfig, to: string): Promise<Manifest> {
  const databaseFile = databaseFileOf(config.databaseUrl);
  await backupDatabase(config.databaseUrl, join(to, databaseFile));
  const filesDir = join(config.dataDir, 'files');
  if (existsSync(filesDir))
    await cp(filesDir, join(to, 'files'), {
      recursive: true,
      filter: (source) => !source.startsWith(join(filesDir, TMP_DIR)),
    });
  const keysDir = join(config.dataDir, 'keys');
  const keys = existsSync(keysDir);
  if (keys) await cp(keysDir, join(to, 'keys'), { recursive: true });
  const size = await folderSize(join(to, 'files'));
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: kindOf(config.databaseUrl),
    databaseFile,
    files: size.files,
    fileBytes: size.bytes,
    keys,
  };
  await writeFile(join(to, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Restores the backup folder `from` into the installation `config` describes: an empty database
 * of the same kind, and a data folder without files or keys yet. Run it before starting the server.
 */
export async function restoreSite(from: string, config: BackupConfig): Promise<Manifest> {
  refuseS3(config);
  const manifest = JSON.parse(await readFile(join(from, MANIFEST), 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`${from}: unknown backup format ${String(manifest.format)}`);
  if (manifest.database !== kindOf(config.databaseUrl))
    throw new Error(
      `${from} holds a ${manifest.database} database; DATABASE_URL names ${kindOf(config.databaseUrl)}`,
    );
  for (const dir of ['files', 'keys'])
    if (existsSync(join(config.dataDir, dir)))
      throw new Error(`${join(config.dataDir, dir)} exists: restore into a data folder without it`);
  await restoreDatabase(join(from, manifest.databaseFile), config.databaseUrl);
  if (existsSync(join(from, 'files')))
    await cp(join(from, 'files'), join(config.dataDir, 'files'), { recursive: true });
  if (manifest.keys) await cp(join(from, 'keys'), join(config.dataDir, 'keys'), { recursive: true });
  return manifest;
}
