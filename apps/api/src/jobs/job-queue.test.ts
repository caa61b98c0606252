import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../db/test-databases.ts';
import { startJobQueue, type JobLog, type JobQueue, type ScheduledJob } from './job-queue.ts';

/** Workers poll every half second here (the server's default is 10 s). */
const POLL_SECONDS = 0.5;
/** Long enough for every worker to have polled several times. */
const SETTLE_MS = 2_500;
/** Never comes due while the tests run: the runs here are the ones runNow enqueues. */
const NEW_YEAR = '0 0 1 1 *';

const quietLog = (): JobLog & { errors: string[] } => {
  const errors: string[] = [];
  return {
    errors,
    error: (message, error) => void errors.push(`${message}: ${(error as Error).message}`),
    warn: () => undefined,
  };
};

/** A Database that counts the statements sent through it. */
const counting = (db: Database): { db: Database; count: () => number } => {
  let sent = 0;
  return {
    db: {
      ...db,
      query: (sql, params) => {
        sent += 1;
        return db.query(sql, params);
      },
      script: (sql) => {
        sent += 1;
        return db.script!(sql);
      },
    },
    count: () => sent,
  };
};

for (const kind of TEST_DATABASE_KINDS) {
  describe(`job queue [${kind}]`, () => {
    let db: Database;
    let config: Config;
    const schema = `jobs_${randomBytes(6).toString('hex')}`;
    const queues: JobQueue[] = [];
    const replicas: Database[] = [];
    /** What the queues log unless a test gives its own log: nothing, as no run fails there. */
    const log = quietLog();

    const start = async (jobs: ScheduledJob[], options: { db?: Database; log?: JobLog } = {}) => {
      const queue = await startJobQueue({ db: options.db ?? db, config, log: options.log ?? log }, jobs);
      queues.push(queue);
      return queue;
    };

    beforeAll(async () => {
      db = await openTestDatabase(kind);
      config = { ...loadConfig({}), jobs: { enabled: true, pollSeconds: POLL_SECONDS, schema } };
    });

    afterEach(() => {
      expect(log.errors).toEqual([]);
    });

    afterAll(async () => {
      for (const queue of queues) await queue.stop();
      for (const replica of replicas) await replica.close();
      await db?.close();
      if (kind === 'postgres') {
        const admin = await openDatabase(process.env.TEST_DATABASE_URL!);
        await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin.close();
      }
    });

    it('registers each job’s cron with pg-boss and runs a job enqueued with runNow once', async () => {
      let runs = 0;
      const queue = await start([
        {
          name: 'count-runs',
          cron: NEW_YEAR,
          run: async () => {
            runs += 1;
          },
        },
      ]);
      const schedules = await db.query(`SELECT name, cron, timezone FROM ${schema}.schedule`);
      expect(schedules).toEqual([{ name: 'count-runs', cron: NEW_YEAR, timezone: 'UTC' }]);

      await queue.runNow('count-runs');
      await vi.waitFor(() => expect(runs).toBe(1), { timeout: 10_000, interval: 100 });
      await sleep(SETTLE_MS);
      expect(runs).toBe(1);
      await expect(queue.runNow('no-such-job')).rejects.toThrow(/No scheduled job is named no-such-job/);
      await queue.stop();
    });

    it('two replicas registered for the same job: each run is taken by one of them, one at a time', async () => {
      // On PostgreSQL the second replica has its own pool, as another API process would.
      const second =
        kind === 'postgres'
          ? await openDatabase(process.env.TEST_DATABASE_URL!, {
              schema: (await db.query<{ s: string }>('SELECT current_schema() AS s'))[0]!.s,
            })
          : db;
      if (second !== db) replicas.push(second);
      const ranOn: string[] = [];
      let active = 0;
      let mostActive = 0;
      const replica = (id: string): ScheduledJob[] => [
        {
          name: 'sweep',
          cron: NEW_YEAR,
          run: async () => {
            active += 1;
            mostActive = Math.max(mostActive, active);
            ranOn.push(id);
            await sleep(300);
            active -= 1;
          },
        },
      ];
      const a = await start(replica('a'));
      const b = await start(replica('b'), { db: second });

      await a.runNow('sweep');
      await vi.waitFor(() => expect(ranOn).toHaveLength(1), { timeout: 10_000, interval: 100 });
      await sleep(SETTLE_MS);
      expect(ranOn).toHaveLength(1);

      for (const queue of [a, b, a]) await queue.runNow('sweep');
      await vi.waitFor(() => expect(ranOn).toHaveLength(4), { timeout: 20_000, interval: 100 });
      await sleep(SETTLE_MS);
      expect(ranOn).toHaveLength(4);
      expect(mostActive).toBe(1);
      await a.stop();
      await b.stop();
    });

    it('logs a failed run and retries it after the retry delay, until it succeeds', async () => {
      const flakyLog = quietLog();
      let calls = 0;
      const queue = await start(
        [
          {
            name: 'flaky',
            cron: NEW_YEAR,
            retryLimit: 2,
            retryDelaySeconds: 1,
            run: async () => {
              calls += 1;
              if (calls === 1) throw new Error('the mail server is down');
            },
          },
        ],
        { log: flakyLog },
      );
      await queue.runNow('flaky');
      await vi.waitFor(() => expect(calls).toBe(2), { timeout: 15_000, interval: 100 });
      await vi.waitFor(
        async () =>
          expect(
            await db.query(`SELECT state::text, retry_count FROM ${schema}.job WHERE name = 'flaky'`),
          ).toEqual([{ state: 'completed', retry_count: 1 }]),
        { timeout: 5_000, interval: 100 },
      );
      expect(flakyLog.errors).toEqual(['Scheduled job flaky failed (try 1 of 3): the mail server is down']);
      await sleep(SETTLE_MS);
      expect(calls).toBe(2);
      await queue.stop();
    });

    it('stop() ends polling: no statement and no timer is left behind', async () => {
      const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
      const before = timers();
      const probe = counting(db);
      const queue = await start([{ name: 'idle', cron: NEW_YEAR, run: async () => undefined }], {
        db: probe.db,
      });
      await sleep(SETTLE_MS);
      expect(probe.count()).toBeGreaterThan(0);
      await queue.stop();
      const stopped = probe.count();
      await sleep(SETTLE_MS);
      expect(probe.count()).toBe(stopped);
      expect(timers()).toBeLessThanOrEqual(before);
    });

    it('JOBS=off starts nothing and refuses runNow', async () => {
      const probe = counting(db);
      const off = await startJobQueue(
        { db: probe.db, config: { ...config, jobs: { ...config.jobs, enabled: false } }, log: quietLog() },
        [{ name: 'never', cron: NEW_YEAR, run: async () => undefined }],
      );
      await expect(off.runNow('never')).rejects.toThrow(/JOBS=off/);
      await off.stop();
      expect(probe.count()).toBe(0);
    });
  });
}
