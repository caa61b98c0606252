import type { Db } from 'pg-boss';
import type { Database, SqlValue } from '../db/database.ts';
import { inLane } from '../db/fair-queue.ts';

/** The embedded database's lane for pg-boss's own statements (polls, claims, maintenance). */
export const PG_BOSS_LANE = 'jobs:pg-boss';

/**
 * pg-boss's database over ours (docs/architecture.md, “Scheduled jobs”): on PostgreSQL it shares
 * the pool, its timeout and type parsing; on PGlite its statements wait in their own lane of the
 * fair queue, so its polling takes turns with the users' statements instead of going ahead of them.
 * A statement with parameters is one statement (`query`); one without may be a `BEGIN; …; COMMIT`
 * block and goes whole, as one query, through `script`.
 */
export function pgBossDatabase(db: Database): Db {
  const script = db.script?.bind(db);
  if (!script) throw new Error('This database cannot run pg-boss: it has no script()');
  return {
    executeSql: (text, values) =>
      inLane(PG_BOSS_LANE, async () => ({
        rows: values?.length ? await db.query(text, values as SqlValue[]) : await script(text),
      })),
  };
}
