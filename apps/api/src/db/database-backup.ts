import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { isPostgresUrl } from './database.ts';

/**
 * Backup and restore of the database named by a `DATABASE_URL`
 * (docs/reliability.md, “Backup and restore”):
 * - PostgreSQL: `pg_dump --format=custom` of the running database, `pg_restore` into an empty one;
 * - PGlite: the data folder as PGlite's own tarball (`dumpDataDir`), loaded into an empty folder
 *   with the `loadDataDir` option. PGlite allows one process on a folder, so the server is stopped
 *   while its folder is backed up.
 */

/** The file name a database backup takes in a backup folder. */
export const databaseFileOf = (url: string): string =>
  isPostgresUrl(url) ? 'database.dump' : 'database.tar.gz';

/** Runs a PostgreSQL client tool to completion; fails with its output when it exits non-zero. */
function runTool(command: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', (error) => reject(new Error(`${command} could not run: ${error.message}`)));
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${output.trim()}`)),
    );
  });
}

/** Writes a backup of the database at `url` to the file `to`. */
export async function backupDatabase(url: string, to: string): Promise<void> {
  if (isPostgresUrl(url)) {
    await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${to}`, url]);
    return;
  }
  if (!existsSync(`${url}/PG_VERSION`)) throw new Error(`${url} holds no PGlite database`);
  const pg = await PGlite.create(url);
  try {
    // Everything committed goes into the data files, so the tarball needs no WAL replay.
    await pg.exec('CHECKPOINT');
    const tarball = await pg.dumpDataDir('gzip');
    await writeFile(to, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await pg.close();
  }
}

/**
 * Restores the backup file `from` into the database at `url`, which must be empty: a PostgreSQL
 * database without tables, or a PGlite folder that does not exist yet or is empty.
 */
export async function restoreDatabase(from: string, url: string): Promise<void> {
  if (isPostgresUrl(url)) {
    await runTool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${url}`,
      from,
    ]);
    return;
  }
  if (existsSync(url) && readdirSync(url).length > 0)
    throw new Error(`${url} is not empty: restore a PGlite database into a new folder`);
  await mkdir(url, { recursive: true });
  const pg = await PGlite.create(url, { loadDataDir: new Blob([await readFile(from)]) });
  await pg.close();
}
