import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { ledgerAgreement } from './agreement.ts';
import { backfillLedgerOnce, backfillSummary } from './backfill.ts';

/**
 * `npm run ledger:check`: lists every line and request on which the ledger and the records
 * disagree (docs/architecture.md, “Ledger”), and exits with 1 when there is any, for monitoring.
 */
const config = loadConfig();
const db = await openDatabase(config.databaseUrl);
try {
  await migrate(db);
  const backfill = await backfillLedgerOnce(db);
  if (backfill) console.log(`Ledger backfill: ${backfillSummary(backfill)}`);
  const disagreements = await ledgerAgreement(db);
  for (const d of disagreements)
    console.log(`${d.model} ${d.id}: ${d.what}: the records say ${d.records}, the ledger ${d.ledger}`);
  console.log(
    disagreements.length
      ? `${disagreements.length} disagreement${disagreements.length === 1 ? '' : 's'} between the ledger and the records`
      : 'The ledger and the records agree',
  );
  process.exitCode = disagreements.length ? 1 : 0;
} finally {
  await db.close();
}
