import { loadConfig } from '../config.ts';
import { PLATFORM } from '../data/audit-trail.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { loadKeys } from '../keys.ts';
import { resealSecrets } from './reseal-secrets.ts';

/**
 * `npm run secrets:reseal`: seals every secret field again with the current secret, after a
 * rotation (docs/architecture.md, “Secrets at rest”). Run with the new `APP_SECRET` and the old one
 * in `APP_PREVIOUS_SECRETS`; afterwards the old one may be dropped.
 */
const config = loadConfig();
const db = await openDatabase(config.databaseUrl);
try {
  await migrate(db);
  const keys = await loadKeys(config.dataDir);
  const count = await resealSecrets({ db, keys }, PLATFORM);
  console.log(`Sealed again with the current secret: ${count} record${count === 1 ? '' : 's'}`);
} finally {
  await db.close();
}
