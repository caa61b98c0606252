/**
 * `npm run backup -- <folder>` and `npm run restore -- <folder>`
 * (docs/reliability.md, “Backup and restore”): the installation is the one the server's
 * configuration names (`DATA_DIR`, `DATABASE_URL`, read as apps/api/src/config.ts reads them). With
 * PGlite the server must be stopped for both; with PostgreSQL a backup runs beside the running
 * servers, a restore before they start.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { backupSite, restoreSite } from './site-backup.ts';

const [command, folder] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !folder) {
  console.error('Usage: tsx apps/api/src/backup/cli.ts backup|restore <folder>');
  process.exit(2);
}
const config = loadConfig();
const target = resolve(folder);
const started = Date.now();
const manifest = command === 'backup' ? await backupSite(config, target) : await restoreSite(target, config);
console.log(
  `${command === 'backup' ? 'Backed up' : 'Restored'} ${manifest.database} database, ${manifest.files} files ` +
    `(${manifest.fileBytes} bytes)${manifest.keys ? ' and keys' : ''} ${command === 'backup' ? 'into' : 'from'} ` +
    `${target} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
